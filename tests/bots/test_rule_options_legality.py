"""Every bot level (random, heuristic, expert, master) plays only legal moves with each of the rule
options of this wave on (``hearts_broken_by``, ``lead_hearts_any_time``, ``opening_lead``,
``no_club_leader``, ``no_trick_bonus``), alone and all together, in every preset. The bots read
legality from their seat's view only; this checks every decision against the engine."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, choose_move, expert, master
from games.engine import (
    PRESETS,
    DealHand,
    PlayCard,
    RuleSet,
    apply,
    deck_for,
    is_legal,
    legal_cards,
    new_game,
    view_for_seat,
)
from tests.strategies import clubless_deck

OPTION_SETS = {
    "discard": {"hearts_broken_by": "discard"},
    "discard_queen": {"hearts_broken_by": "discard", "queen_breaks_hearts": True},
    "lead_hearts_any_time": {"lead_hearts_any_time": True},
    "any_club": {"opening_lead": "any_club"},
    "no_club_any_card": {"no_club_leader": "any_card"},
    "no_trick_bonus": {"no_trick_bonus": 5, "moon": "shooter_chooses"},
    "all": {
        "hearts_broken_by": "discard",
        "lead_hearts_any_time": True,
        "opening_lead": "any_club",
        "no_club_leader": "any_card",
        "no_trick_bonus": 5,
    },
}
HANDS = 3


@pytest.fixture
def cheap_expert(monkeypatch):
    """A tiny search budget: legality does not depend on it, and it keeps the test fast."""
    monkeypatch.setattr(expert, "DEFAULT_PLAYS", 1)
    monkeypatch.setattr(expert, "MIN_DEALS", 2)
    monkeypatch.setattr(master, "MASTER_PLAYS", 1)
    monkeypatch.setattr(master, "ENDGAME_WORLDS", 2)


def _deck(rules: RuleSet, rng: random.Random, clubless: bool):
    deck = clubless_deck(rules, rng) if clubless else None
    if deck is None:
        deck = list(deck_for(rules))
        rng.shuffle(deck)
    return tuple(deck)


def _play(rules: RuleSet, rng: random.Random, clubless: bool = False) -> dict[str, int]:
    """Play ``HANDS`` hands; in each, seat ``s`` plays at level
    ``LEVELS[(s + hand) % len(LEVELS)]`` so that every level plays every seat position. Returns
    the card plays checked per level."""
    checked = dict.fromkeys(LEVELS, 0)
    state = new_game(rules)
    for number in range(HANDS):
        if state.phase == "game_over":
            state = new_game(rules)
        state, _ = apply(state, DealHand(_deck(rules, rng, clubless), f"salt-{number}"))
        start = state.hand_number
        while state.hand_number == start and state.phase in ("passing", "playing", "moon_choice"):
            seat = state.to_act[0]
            level = LEVELS[(seat + number) % len(LEVELS)]
            move = choose_move(view_for_seat(state, seat), level, random.Random(rng.random()))
            assert move.seat == seat
            assert is_legal(state, move), (rules.to_dict(), level, move)
            if isinstance(move, PlayCard):
                assert move.card in legal_cards(state, seat)
                checked[level] += 1
            state, _ = apply(state, move)
    return checked


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_every_level_plays_only_legal_moves_with_the_option_on(preset, name, cheap_expert):
    rules = RuleSet.from_preset(preset, OPTION_SETS[name])
    checked = _play(rules, random.Random(f"{preset}:{name}"))
    # Every level made plays (in two_player, 2 seats x 3 hands still cover the 3 levels).
    assert all(count >= rules.hand_size for count in checked.values()), checked


@pytest.mark.parametrize("name", ["no_club_any_card", "all", "discard"])
def test_every_level_leads_legally_when_nobody_holds_a_club(name, cheap_expert):
    """two_player_full_deck deals with every club set aside: the seat left of the dealer leads
    trick 1 under ``no_club_leader``."""
    rules = RuleSet.from_preset("two_player_full_deck", OPTION_SETS[name])
    checked = _play(rules, random.Random(name), clubless=True)
    assert all(count >= rules.hand_size for count in checked.values()), checked
