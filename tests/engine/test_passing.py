import pytest

from games.engine import (
    PRESETS,
    AlreadyPassed,
    CardNotInDeck,
    CardNotInHand,
    CardsPassed,
    DuplicateCards,
    PassCards,
    PassesExchanged,
    PlayCard,
    WrongPassCount,
    WrongPhase,
    apply,
    decide,
    format_cards,
    legal_cards,
    legal_moves,
    parse_card,
    parse_cards,
)
from games.engine.cards import cards_of
from tests.engine.helpers import dealt, pass_all, play_first_legal, rules_of

HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
]
PASSES = {0: "2C 3C 4C", 1: "2D 3D 4D", 2: "2H 3H 4H", 3: "2S 3S 4S"}


def _classic_hand(number):
    """A classic state at the start of hand ``number`` (earlier hands played out)."""
    rules = PRESETS["classic"]
    state = None
    for _ in range(number - 1):
        state = dealt(rules, HANDS, state=state)
        if state.phase == "passing":
            state = pass_all(state, PASSES)
        state = play_first_legal(state)
    return dealt(rules, HANDS, state=state)


def test_first_hand_passes_three_left_and_every_seat_acts():
    state = _classic_hand(1)
    assert (state.phase, state.pass_direction, state.pass_count) == ("passing", "left", 3)
    assert state.to_act == (0, 1, 2, 3)
    assert legal_moves(state, 0) == ()
    assert len(legal_cards(state, 0)) == 13


def test_exchange_happens_only_when_every_seat_has_chosen():
    state = _classic_hand(1)
    for seat in range(3):
        events = decide(state, PassCards(seat, frozenset(parse_cards(PASSES[seat]))))
        assert events == (CardsPassed(seat, frozenset(parse_cards(PASSES[seat]))),)
        state, _ = apply(state, PassCards(seat, frozenset(parse_cards(PASSES[seat]))))
        # Nothing moved yet.
        assert format_cards(cards_of(state.hand.hands[seat])) == HANDS[seat].split()
    assert state.to_act == (3,)
    state, events = apply(state, PassCards(3, frozenset(parse_cards(PASSES[3]))))
    assert events[0] == CardsPassed(3, frozenset(parse_cards(PASSES[3])))
    assert events[1] == PassesExchanged(
        1, tuple(frozenset(parse_cards(PASSES[s])) for s in range(4))
    )
    assert state.phase == "playing"
    hands = [set(format_cards(cards_of(m))) for m in state.hand.hands]
    # Left: seat s gives to s + 1.
    assert {"2S", "3S", "4S"} <= hands[0]
    assert "2C" not in hands[0]
    assert {"2C", "3C", "4C"} <= hands[1]
    assert {"2D", "3D", "4D"} <= hands[2]
    assert {"2H", "3H", "4H"} <= hands[3]


def test_lowest_club_is_found_after_the_exchange():
    state = pass_all(_classic_hand(1), PASSES)
    # 2C went from seat 0 to seat 1.
    assert state.to_act == (1,)
    assert format_cards(legal_cards(state, 1)) == ["2C"]


@pytest.mark.parametrize(
    ("number", "direction", "receiver_of_seat0"), [(2, "right", 3), (3, "across", 2)]
)
def test_pass_directions(number, direction, receiver_of_seat0):
    state = _classic_hand(number)
    assert state.pass_direction == direction
    state = pass_all(state, PASSES)
    assert parse_card("2C").bit & state.hand.hands[receiver_of_seat0]


def test_fourth_hand_holds():
    state = _classic_hand(4)
    assert (state.phase, state.pass_direction, state.pass_count) == ("playing", "hold", 0)
    assert state.to_act == (0,)


def test_pass_validation_errors():
    state = _classic_hand(1)
    with pytest.raises(WrongPassCount) as info:
        decide(state, PassCards(0, frozenset(parse_cards("2C 3C"))))
    assert info.value.details == {"expected": 3, "got": 2}
    with pytest.raises(CardNotInHand) as info:
        decide(state, PassCards(0, frozenset(parse_cards("2C 3C 2D"))))
    assert info.value.details["card"] == "2D"
    with pytest.raises(DuplicateCards):
        decide(state, PassCards(0, tuple(parse_cards("2C 2C 3C"))))  # type: ignore[arg-type]
    with pytest.raises(WrongPhase):
        decide(state, PlayCard(0, parse_card("2C")))
    state, _ = apply(state, PassCards(0, frozenset(parse_cards("2C 3C 4C"))))
    with pytest.raises(AlreadyPassed):
        decide(state, PassCards(0, frozenset(parse_cards("5C 6C 7C"))))
    assert legal_cards(state, 0) == ()


def test_two_player_passes_2_then_1_then_none():
    rules = rules_of("two_player", passing=True)
    hands = ["2C 4C 6C 8C 10C QC AC 2D 4D 6D 8D 10D QD", "2H 4H 6H 8H 10H QH AH 2S 4S 6S 8S 10S QS"]
    dead = ["AD", "AS"]
    state = dealt(rules, hands, dead)
    assert (state.phase, state.pass_count) == ("passing", 2)
    with pytest.raises(CardNotInDeck):
        decide(state, PassCards(0, frozenset(parse_cards("3C 2C"))))
    state = pass_all(state, {0: "QD 10D", 1: "QS AH"})
    assert {"QS", "AH"} <= set(format_cards(cards_of(state.hand.hands[0])))
    state = play_first_legal(state)
    state = dealt(rules, hands, dead, state=state)
    assert (state.phase, state.pass_count) == ("passing", 1)
    state = pass_all(state, {0: "QD", 1: "QS"})
    state = play_first_legal(state)
    state = dealt(rules, hands, dead, state=state)
    assert (state.phase, state.pass_count) == ("playing", 0)
