"""Perft-style positions from tests/engine/data/legal_moves.txt."""

import configparser
import json
from pathlib import Path

import pytest

from games.engine import RuleSet, apply, format_cards, legal_cards, legal_moves
from games.engine.fast import FastHand, mask_to_cards
from tests.engine.helpers import dealt, play

DATA = Path(__file__).parent / "data" / "legal_moves.txt"


def _positions():
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(DATA)
    return {name: parser[name] for name in parser.sections()}


POSITIONS = _positions()


def _state(section):
    rules = RuleSet.from_preset(section["preset"], json.loads(section["overrides"]))
    hands = [section[f"hand{s}"] for s in range(rules.seats)]
    dead = section.get("dead", "").split()
    return play(dealt(rules, hands, dead), section["plays"])


def _perft_immutable(state, depth):
    if depth == 0 or state.phase != "playing":
        return 1
    (seat,) = state.to_act
    return sum(
        _perft_immutable(apply(state, move)[0], depth - 1) for move in legal_moves(state, seat)
    )


def _perft_fast(fast, depth):
    if depth == 0 or fast.is_over:
        return 1
    total = 0
    mask = fast.legal_mask()
    while mask:
        low = mask & -mask
        child = fast.copy()
        child.play(low.bit_length() - 1)
        total += _perft_fast(child, depth - 1)
        mask ^= low
    return total


def test_data_file_has_positions_for_several_presets():
    assert len(POSITIONS) >= 15
    assert {s["preset"] for s in POSITIONS.values()} >= {
        "classic",
        "five_player",
        "six_player",
        "two_player",
        "two_player_full_deck",
    }


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_position(name):
    section = POSITIONS[name]
    state = _state(section)
    to_act = int(section["to_act"])
    assert state.to_act == (to_act,)
    expected = section["legal"].split()
    assert format_cards(legal_cards(state, to_act)) == expected
    assert [m.card.code for m in legal_moves(state, to_act)] == expected
    fast = FastHand.from_state(state)
    assert format_cards(mask_to_cards(fast.legal_mask())) == expected
    if "perft" in section:
        depth, count = map(int, section["perft"].split())
        assert _perft_immutable(state, depth) == count
        assert _perft_fast(fast, depth) == count
