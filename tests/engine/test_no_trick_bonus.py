"""Option ``no_trick_bonus`` (OpenSpiel ``avoid_all_tricks_bonus``, which uses 5): a seat that
takes no trick in the hand scores that many points off. 0 = off (default). As in OpenSpiel, a
hand where someone shot the moon has no such bonus (RULES.md is silent on it)."""

import pytest

from games.engine import (
    PRESETS,
    HandScored,
    InvalidRuleSet,
    RuleSet,
    apply,
    legal_moves,
    parse_cards,
)
from games.engine.cards import mask_of
from games.engine.fast import FastHand
from games.engine.scoring import hand_points
from tests.engine.helpers import dealt, rules_of

# Seat 0 holds every club: it wins all 13 tricks (off-suit cards never win) and shoots the moon.
SUITS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
]


def _play_out(rules, hands=SUITS, dead=()):
    """Play the lowest legal card to the end; (state, HandScored, fast-path points)."""
    state = dealt(rules, hands, dead)
    fast = FastHand.from_state(state)
    scored = None
    while state.phase == "playing":
        (seat,) = state.to_act
        move = legal_moves(state, seat)[0]
        fast.play(move.card.index)
        state, events = apply(state, move)
        scored = next((e for e in events if isinstance(e, HandScored)), scored)
    assert fast.is_over
    return state, scored, fast.hand_points()


def test_default_is_off_for_every_preset_and_old_rulesets():
    assert {rules.no_trick_bonus for rules in PRESETS.values()} == {0}
    assert RuleSet.from_dict({"preset": "classic"}).no_trick_bonus == 0


def _taken(*seat_cards):
    return [mask_of(parse_cards(cards.split())) for cards in seat_cards]


def test_a_seat_without_a_trick_scores_the_bonus_off():
    # Seats 0, 1 and 2 each took a trick; seat 3 took none.
    taken = _taken(
        "2H 3H 4H 5H 6H 7H 8H 9H 10H 2C 3C 4C 5C 6C 7C 8C",
        "JH QH KH AH 2D 3D 4D",
        "QS 2S 3S 4S",
        "",
    )
    rules = rules_of("classic", no_trick_bonus=5)
    assert hand_points(rules, taken, None, None) == (9, 4, 13, -5)
    assert hand_points(rules_of("classic"), taken, None, None) == (9, 4, 13, 0)


def test_the_bonus_is_taken_off_every_trickless_seat_and_adds_to_jd():
    taken = _taken("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C 3C JD 4C", "AH QS 5C", "", "")
    rules = rules_of("classic", no_trick_bonus=3, jack_of_diamonds=True)
    assert hand_points(rules, taken, None, None) == (2, 14, -3, -3)


def test_no_bonus_in_a_moon_hand():
    taken = _taken("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH QS 2C 3C JD 4C", "", "", "")
    rules = rules_of("classic", no_trick_bonus=3, jack_of_diamonds=True)
    # Seat 0 took every penalty card and JD: a moon, then JD on top; the others took no trick
    # but score no bonus.
    assert hand_points(rules, taken, 0, "add_to_others") == (-10, 26, 26, 26)
    assert hand_points(rules, taken, 0, "subtract_from_self") == (-36, 0, 0, 0)


# two_player_full_deck: seat 0 holds every club and wins every trick; seven hearts are set
# aside, so nobody can shoot the moon. Seat 1 takes no trick.
NO_MOON = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "QS 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D 7D",
]


@pytest.mark.parametrize(("bonus", "points"), [(0, (19, 0)), (5, (19, -5)), (26, (19, -26))])
def test_played_hand_the_trickless_seat_scores_the_bonus_off(bonus, points):
    rules = rules_of("two_player_full_deck", no_trick_bonus=bonus)
    state, scored, fast_points = _play_out(rules, NO_MOON)
    assert {t.winner for t in state.hand.tricks} == {0}
    assert scored.moon_shooter is None
    assert scored.points == points == fast_points
    assert state.hand.points_taken == (19, 0)  # taken points do not include the bonus
    assert state.totals == points


@pytest.mark.parametrize(
    ("moon", "points"),
    [
        ("add_to_others", (0, 26, 26, 26)),
        ("subtract_from_self", (-26, 0, 0, 0)),
    ],
)
def test_played_moon_hand_has_no_bonus(moon, points):
    state, scored, fast_points = _play_out(
        rules_of("classic", passing=False, moon=moon, no_trick_bonus=5)
    )
    assert scored.moon_shooter == 0
    assert {t.winner for t in state.hand.tricks} == {0}
    assert scored.points == points
    assert state.totals == points
    assert fast_points == points
    # Trick points are not changed by the bonus.
    assert sum(t.points for t in state.hand.tricks) == 26


def test_played_hand_without_the_bonus_is_unchanged():
    _state, scored, fast_points = _play_out(rules_of("classic", passing=False))
    assert scored.points == (0, 26, 26, 26) == fast_points


def test_a_negative_total_never_reaches_the_target():
    rules = rules_of("two_player_full_deck", no_trick_bonus=5, target=20)
    state, _scored, _ = _play_out(rules, NO_MOON)
    # 19 and -5: nobody reached 20, the game goes on.
    assert state.phase == "awaiting_deal"
    assert state.totals == (19, -5)


@pytest.mark.parametrize("value", [-1, 101, True, 5.0, "5", None])
def test_invalid_values_are_rejected(value):
    with pytest.raises(InvalidRuleSet) as info:
        rules_of("classic", no_trick_bonus=value)
    assert info.value.field == "no_trick_bonus"


def test_largest_value_is_accepted():
    assert rules_of("classic", no_trick_bonus=100).no_trick_bonus == 100
