"""The strength benchmark's pieces: the reference bot plays legal moves in every preset, a
duplicate deal seats both sides equally, and moons and sides are counted from real hands."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from games.bots.match import shuffled_deck
from games.engine import DealHand, apply, is_legal, new_game, view_for_seat
from tests.bots.positions import rules_of

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name):
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


@pytest.fixture(scope="module")
def bench():
    return _load("bot_strength")


PRESETS = [
    "classic",
    "three_player",
    "five_player",
    "six_player",
    "two_player",
    "two_player_full_deck",
]


@pytest.mark.parametrize("preset", PRESETS)
def test_reference_bot_plays_legal_moves(preset):
    reference = _load("reference_bot")
    rules = rules_of(preset, moon="shooter_chooses")
    for number in range(6):
        state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, f"ref:{number}"), "s"))
        while state.phase in ("passing", "playing", "moon_choice") and state.hand_number == 1:
            move = reference.choose(view_for_seat(state, state.to_act[0]))
            assert is_legal(state, move), (preset, move)
            state, _ = apply(state, move)
        assert state.hand_results


@pytest.mark.parametrize(
    ("preset", "hands"), [("classic", 2), ("three_player", 6), ("two_player", 2), ("six_player", 2)]
)
def test_a_duplicate_deal_seats_both_sides_equally(bench, preset, hands):
    bench._init(
        {
            "a": "heuristic",
            "b": "reference",
            "preset": preset,
            "overrides": None,
            "seed": "t",
            "budget_plays": 0,
        }
    )
    result = bench._run_deal(3)
    assert result["hands"] == hands
    assert set(result["means"]) == {"A", "B"}
    assert len(result["times"]["A"]) == len(result["times"]["B"]) > 0
    rules = rules_of(preset)
    # Every hand's penalty points are shared by the seats (no moon): both sides together score
    # the points in play, or the moon total per non-shooter when a moon was shot.
    assert result["moons"]["A"] + result["moons"]["B"] <= hands
    assert 0 <= result["means"]["A"] <= rules.queen_points + 13


def test_lineups_rotate_each_side_through_every_seat(bench):
    for seats in range(2, 7):
        lineups = bench._lineups(seats)
        for seat in range(seats):
            column = [lineup[seat] for lineup in lineups]
            assert column.count("A") == column.count("B")


def test_summary_counts_moons_shot_and_conceded(bench):
    results = [
        {
            "means": {"A": 2.0, "B": 6.0},
            "hands": 2,
            "moons": {"A": 1, "B": 0},
            "times": {"A": [0.01], "B": [0.02]},
            "choice_times": {"A": [0.01], "B": []},
        },
        {
            "means": {"A": 5.0, "B": 5.0},
            "hands": 2,
            "moons": {"A": 0, "B": 2},
            "times": {"A": [0.03], "B": [0.02]},
            "choice_times": {"A": [], "B": [0.02]},
        },
    ]
    summary = bench.summarize(
        results, {"a": "x", "b": "y", "preset": "classic", "overrides": None, "seed": "s"}
    )
    assert summary["sides"]["A"]["moons_shot"] == 1
    assert summary["sides"]["A"]["moons_conceded"] == 2
    assert summary["sides"]["B"]["moons_conceded"] == 1
    assert summary["margin_b_minus_a"]["mean"] == 2.0
    assert summary["hands"] == 4


def test_a_side_may_pass_with_another_policy(bench):
    assert bench.parse_side("heuristic+random") == ("heuristic", "random")
    assert bench.parse_side("reference") == ("reference", "reference")
    with pytest.raises(SystemExit):
        bench.parse_side("grandmaster")


def test_pass_policy_is_used_only_for_passing(bench):
    rules = rules_of("classic")
    state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, "p"), "s"))
    view = view_for_seat(state, 0)
    move = bench._decide(view, ("heuristic", "reference"), random.Random(1))
    reference = _load("reference_bot")
    assert move == reference.choose(view)


@pytest.mark.parametrize("preset", ["classic", "three_player", "two_player"])
def test_the_playout_duel_plays_whole_hands_and_leaves_the_master_as_it_was(preset):
    from games.bots import master
    from games.engine import RuleSet
    from games.engine.fast import FastHand

    duel = _load("playout_duel")
    rules = RuleSet.from_preset(preset, {"passing": False})
    state, _ = apply(new_game(rules), DealHand(tuple(shuffled_deck(rules, "duel")), "s"))
    start = FastHand.from_state(state)
    before = (master.WIN_HIGH, master.VOID_LEAD_COST)
    lineup = ["master" if s % 2 == 0 else "expert" for s in range(rules.seats)]
    points = duel.play_out(start.copy(), lineup)
    assert before == (master.WIN_HIGH, master.VOID_LEAD_COST)
    assert len(points) == rules.seats
    # Every penalty point dealt is scored (a moon: the total for every other seat); in the
    # two-player game dead cards may hold some of the 14.
    total = sum(points)
    if preset == "two_player":
        assert 0 <= total <= 14
    else:
        assert total in (26, (rules.seats - 1) * 26)
    assert duel.main(["--preset", preset, "--deals", "3"]) == 0


@pytest.fixture
def oracle(monkeypatch):
    """``master_variants._oracle``, undone after the test (it patches ``view_for_seat`` and
    the master's sampler for the rest of its process)."""
    import games.engine as engine
    from games.bots import master

    monkeypatch.setattr(engine, "view_for_seat", engine.view_for_seat)
    monkeypatch.setattr(master.Sampler, "__call__", master.Sampler.__call__)
    return _load("master_variants")._oracle


def _into_the_play(seed: str, cards: int):
    """A classic first hand passed and played by the reference bot until ``cards`` cards are
    on the trick; the seat to play, the true hands and its observation (through
    ``games.engine.view_for_seat``, as the oracle's benchmark asks)."""
    import games.engine as engine
    from games.bots.observation import observe

    reference = _load("reference_bot")
    rules = rules_of("classic")
    state, _ = apply(new_game(rules), DealHand(shuffled_deck(rules, seed), "s"))
    while state.phase != "playing" or len(state.hand.trick) < cards:
        state, _ = apply(state, reference.choose(engine.view_for_seat(state, state.to_act[0])))
    seat = state.to_act[0]
    return seat, list(state.hand.hands), observe(engine.view_for_seat(state, seat))


def test_master_variants_oracle_samples_the_true_deal(oracle):
    """``master_variants.py --oracle``: the master's sampler hands out the real deal of the state
    the benchmark asked a seat to move in (a bound, not a player); without it, a sampled deal."""
    from games.bots import master

    _, truth, obs = _into_the_play("oracle", 2)
    assert master.Sampler(obs)(obs, random.Random(0)) != truth  # 39 hidden cards: not by luck
    oracle()
    _, _, obs = _into_the_play("oracle", 2)
    assert [master.Sampler(obs)(obs, random.Random(k)) for k in range(3)] == [truth] * 3


def test_master_variants_queen_oracle_moves_only_the_queen(oracle):
    """``--oracle qs``: each sampled deal has QS with its real holder, the rest still sampled
    (the same number of cards per seat, the seat's own hand untouched)."""
    from games.bots import master
    from games.bots.cards import QS_BIT

    oracle("qs")
    for n in range(6):
        seat, truth, obs = _into_the_play(f"queen{n}", 1)
        hands = master.Sampler(obs)(obs, random.Random(n))
        holder = next(s for s, h in enumerate(truth) if h & QS_BIT)
        assert hands[holder] & QS_BIT
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in truth]
        assert hands[seat] == truth[seat]
        assert hands != truth


def test_a_summary_names_the_match_its_files_hold(bench, tmp_path, capsys):
    """``--summarize`` reads the match (sides, preset, rule overrides, table) from the lines, not
    from its own options, whose defaults name another match; it refuses files of different
    matches."""
    path = tmp_path / "deals.jsonl"
    common = ["--preset", "three_player", "--deals", "1", "--jsonl", str(path)]
    assert bench.main(["--a", "heuristic", "--b", "reference", *common]) == 0
    capsys.readouterr()
    assert bench.main(["--summarize", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("heuristic vs reference, three_player: 1 deals")
    assert " A heuristic " in out
    assert " B reference " in out
    # The same sides under another rule are another match too.
    moon = ["--overrides", '{"moon": "subtract_from_self"}', "--first-deal", "1"]
    assert bench.main(["--a", "heuristic", "--b", "reference", *common, *moon]) == 0
    with pytest.raises(SystemExit, match="different matches"):
        bench.main(["--summarize", str(path)])
    assert bench.main(["--a", "heuristic", "--b", "random", *common, "--first-deal", "1"]) == 0
    with pytest.raises(SystemExit, match="different matches"):
        bench.main(["--summarize", str(path)])
