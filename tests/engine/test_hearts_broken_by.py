"""Option ``hearts_broken_by``: ``any_heart`` (default: any heart played breaks hearts) or
``discard`` (only a heart played on a trick of another suit does; RULES.md, seeds 000/001/004)."""

import pytest

from games.engine import (
    PRESETS,
    HeartsNotBroken,
    InvalidRuleSet,
    PlayCard,
    RuleSet,
    decide,
    format_cards,
    legal_cards,
    parse_card,
    view_for_seat,
)
from games.engine.fast import FastHand, mask_to_cards
from tests.engine.helpers import dealt, play, rules_of

# two_player_full_deck, dealer seat 0. Seat 1 wins the clubs, then holds only hearts.
ALL_HEARTS_LEADER = [
    "2C 5H 6H 2D 3D 4D 5D 6D 7D 8D 9D 10D 3S",
    "KC AC 2H 3H 4H 7H 8H 9H 10H JH QH KH AH",
]


def _heart_led_and_followed(by):
    rules = rules_of("two_player_full_deck", hearts_broken_by=by)
    state = dealt(rules, ALL_HEARTS_LEADER)
    state = play(state, "2C AC")  # seat 1 wins trick 1
    state = play(state, "KC 2D")  # seat 1 wins trick 2 (seat 0 discards a diamond)
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == [
        "2H",
        "3H",
        "4H",
        "7H",
        "8H",
        "9H",
        "10H",
        "JH",
        "QH",
        "KH",
        "AH",
    ]  # only hearts left
    # A heart led from an all-hearts hand, and a heart following it (5H wins the trick).
    return play(state, "2H 5H")


def _check_fast(state):
    (seat,) = state.to_act
    fast = FastHand.from_state(state)
    assert fast.hearts_broken == state.hand.hearts_broken
    assert mask_to_cards(fast.legal_mask()) == legal_cards(state, seat)


def test_default_is_any_heart_for_every_preset():
    for rules in PRESETS.values():
        assert rules.hearts_broken_by == "any_heart"
    # An old stored ruleset without the key keeps the old behaviour.
    assert RuleSet.from_dict({"preset": "classic"}).hearts_broken_by == "any_heart"


def test_any_heart_a_heart_lead_and_follow_break_hearts():
    state = _heart_led_and_followed("any_heart")
    assert state.hand.hearts_broken
    assert state.to_act == (0,)
    assert "6H" in format_cards(legal_cards(state, 0))
    _check_fast(state)


def test_discard_a_heart_lead_and_follow_do_not_break_hearts():
    state = _heart_led_and_followed("discard")
    assert not state.hand.hearts_broken
    assert view_for_seat(state, 0).hearts_broken is False
    assert state.to_act == (0,)
    assert format_cards(legal_cards(state, 0)) == [
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "9D",
        "10D",
        "3S",
    ]
    with pytest.raises(HeartsNotBroken) as info:
        decide(state, PlayCard(0, parse_card("6H")))
    assert info.value.details == {"card": "6H"}
    _check_fast(state)


def test_discard_a_heart_discarded_on_another_suit_breaks_hearts():
    """Seed 000: "suppose Clubs are led. If the other player does not have any Clubs, they
    could play a Heart. Hearts are now broken." (here spades are led)."""
    state = _heart_led_and_followed("discard")
    state = play(state, "3S 3H")  # seat 1 has no spade: it discards a heart
    assert state.hand.hearts_broken
    assert state.to_act == (0,)  # 3S wins
    assert "6H" in format_cards(legal_cards(state, 0))
    _check_fast(state)


# two_player_full_deck, dealer seat 0; seat 1 holds QS and no club, no diamond.
QUEEN_HANDS = [
    "2C 3C 2D 3D 4D 5D 6D 7D 8D 9D 10D 2H 2S",
    "QS 4S 5S 6S 7S 3H 4H 5H 6H 7H 8H 9H 10H",
]


@pytest.mark.parametrize(("by", "broken"), [("any_heart", True), ("discard", False)])
def test_queen_breaks_hearts_following_spades_only_under_any_heart(by, broken):
    rules = rules_of("two_player_full_deck", hearts_broken_by=by, queen_breaks_hearts=True)
    state = play(dealt(rules, QUEEN_HANDS), "2C 4S")  # seat 0 wins trick 1
    state = play(state, "2S QS")  # QS follows a spade lead and wins
    assert state.hand.hearts_broken is broken
    assert state.to_act == (1,)
    assert ("3H" in format_cards(legal_cards(state, 1))) is broken
    _check_fast(state)


@pytest.mark.parametrize(("queen_breaks", "broken"), [(True, True), (False, False)])
def test_queen_discarded_on_another_suit_breaks_hearts_with_the_option(queen_breaks, broken):
    rules = rules_of(
        "two_player_full_deck", hearts_broken_by="discard", queen_breaks_hearts=queen_breaks
    )
    state = play(dealt(rules, QUEEN_HANDS), "2C 4S")
    state = play(state, "2D QS")  # seat 1 has no diamond: QS is a discard
    assert state.hand.hearts_broken is broken
    assert state.to_act == (0,)
    assert ("2H" in format_cards(legal_cards(state, 0))) is broken
    _check_fast(state)


@pytest.mark.parametrize("value", ["led", "", None, True, 1, ["discard"]])
def test_invalid_values_are_rejected(value):
    with pytest.raises(InvalidRuleSet) as info:
        rules_of("classic", hearts_broken_by=value)
    assert info.value.field == "hearts_broken_by"
