import hashlib

import pytest

from games.engine import (
    PRESETS,
    DealHand,
    HandDealt,
    InvalidDeck,
    MustLeadOpeningCard,
    PlayCard,
    WrongPhase,
    apply,
    decide,
    deck_for,
    format_cards,
    legal_cards,
    new_game,
    parse_card,
    parse_cards,
)
from games.engine.cards import cards_of
from tests.engine.helpers import dealt, play_first_legal, rules_of

CLASSIC_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
]


def test_new_game_awaits_the_first_deal():
    state = new_game(PRESETS["classic"])
    assert (state.phase, state.hand_number, state.totals, state.to_act) == (
        "awaiting_deal",
        0,
        (0, 0, 0, 0),
        (),
    )


def test_classic_deals_one_at_a_time_from_the_dealers_left():
    rules = rules_of("classic", passing=False)
    deck = deck_for(rules)
    (event,) = decide(new_game(rules), DealHand(deck, "s"))
    assert event == HandDealt(1, deck, "s")
    state, _ = apply(new_game(rules), DealHand(deck, "s"))
    hand = state.hand
    assert state.dealer == 0
    assert hand.dealer == 0
    # Seat 1 (left of dealer 0) gets deck[0], deck[4], ...
    for seat in range(4):
        assert cards_of(hand.hands[seat]) == tuple(sorted(deck[(seat - 1) % 4 :: 4]))
    assert hand.dead == 0
    assert state.phase == "playing"


def test_dealer_rotates_left_each_hand():
    rules = rules_of("classic", passing=False)
    state = dealt(rules, CLASSIC_HANDS)
    state = play_first_legal(state)
    assert state.phase == "awaiting_deal"
    deck = deck_for(rules)
    state, _ = apply(state, DealHand(deck, "s2"))
    assert (state.hand_number, state.dealer) == (2, 1)
    # Seat 2 (left of dealer 1) gets the first card.
    assert deck[0] in cards_of(state.hand.hands[2])


def test_two_player_deal_first_and_last_card_dead():
    rules = PRESETS["two_player"]
    deck = deck_for(rules)
    state, _ = apply(new_game(rules), DealHand(deck, "s"))
    hand = state.hand
    assert cards_of(hand.dead) == tuple(sorted((deck[0], deck[-1])))
    assert cards_of(hand.hands[1]) == tuple(sorted(deck[1:27:2]))
    assert cards_of(hand.hands[0]) == tuple(sorted(deck[2:27:2]))
    assert [h.bit_count() for h in hand.hands] == [13, 13]


def test_two_player_full_deck_sets_26_aside():
    rules = PRESETS["two_player_full_deck"]
    deck = deck_for(rules)
    state, _ = apply(new_game(rules), DealHand(deck, "s"))
    hand = state.hand
    assert hand.dead.bit_count() == 26
    assert cards_of(hand.dead) == tuple(sorted((deck[0], *deck[27:])))
    assert cards_of(hand.hands[1] | hand.hands[0]) == tuple(sorted(deck[1:27]))


@pytest.mark.parametrize(
    ("preset", "opening"),
    [("classic", "2C"), ("three_player", "2C"), ("five_player", "3C"), ("six_player", "4C")],
)
def test_lowest_club_leads(preset, opening):
    rules = rules_of(preset, passing=False)
    deck = deck_for(rules)
    state, _ = apply(new_game(rules), DealHand(deck[::-1], "s"))
    card = parse_card(opening)
    (holder,) = [s for s in range(rules.seats) if state.hand.hands[s] & card.bit]
    assert state.to_act == (holder,)
    assert legal_cards(state, holder) == (card,)
    assert state.hand.opening == card


@pytest.mark.parametrize(
    ("dead", "opening"), [(["2C", "4C"], "6C"), (["2C", "AH"], "4C"), (["QH", "AH"], "2C")]
)
def test_two_player_lowest_club_held_leads(dead, opening):
    rules = PRESETS["two_player"]
    rest = [c for c in deck_for(rules) if c.code not in dead]
    hands = [format_cards(rest[0::2]), format_cards(rest[1::2])]
    state = dealt(rules, hands, dead)
    holder = 0 if opening in hands[0] else 1
    assert state.to_act == (holder,)
    assert format_cards(legal_cards(state, holder)) == [opening]


def test_two_player_worked_example_6c_leads_when_2c_and_4c_are_dead():
    # 000: "if neither player has the 2 or 4 of Clubs, the player holding the 6 of Clubs would
    # lead the first trick."
    rules = PRESETS["two_player"]
    state = dealt(
        rules,
        ["6C 8C 10C QC AC 2D 4D 6D 8D 10D QD AD 2H", "4H 6H 8H 10H QH AH 2S 4S 6S 8S 10S QS AS"],
        ["2C", "4C"],
    )
    assert state.to_act == (0,)
    assert format_cards(legal_cards(state, 0)) == ["6C"]
    with pytest.raises(MustLeadOpeningCard) as info:
        decide(state, PlayCard(0, parse_card("8C")))
    assert info.value.code == "must_lead_opening_card"


def test_no_club_held_left_of_dealer_leads_with_normal_rules():
    rules = PRESETS["two_player_full_deck"]
    hands = ["2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2H", "AD 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]
    state = dealt(rules, hands)
    # Every club is set aside: seat 1 (left of dealer 0) leads; no heart lead before hearts are
    # broken; a hand of hearts plus AD must lead AD.
    assert state.to_act == (1,)
    assert state.hand.opening is None
    assert format_cards(legal_cards(state, 1)) == ["AD"]


def test_commitment_is_sha256_of_salt_and_codes():
    rules = PRESETS["two_player"]
    deck = deck_for(rules)[::-1]
    state, _ = apply(new_game(rules), DealHand(deck, "pepper"))
    text = "pepper:" + " ".join(c.code for c in deck)
    assert state.hand.commitment == hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(
    "deck",
    [
        "short",
        "duplicate",
        "foreign",
        "strings",
    ],
)
def test_invalid_decks_are_rejected(deck):
    rules = PRESETS["two_player"]
    good = list(deck_for(rules))
    bad = {
        "short": good[:-1],
        "duplicate": [*good[:-1], good[0]],
        "foreign": [*good[:-1], parse_card("3C")],
        "strings": [c.code for c in good],
    }[deck]
    with pytest.raises(InvalidDeck) as info:
        decide(new_game(rules), DealHand(tuple(bad), "s"))
    assert info.value.code == "invalid_deck"


def test_dealing_twice_is_the_wrong_phase():
    rules = PRESETS["classic"]
    state, _ = apply(new_game(rules), DealHand(deck_for(rules), "s"))
    with pytest.raises(WrongPhase):
        decide(state, DealHand(deck_for(rules), "s"))


def test_every_card_dealt_exactly_once():
    for rules in PRESETS.values():
        deck = deck_for(rules)
        state, _ = apply(new_game(rules), DealHand(deck[::-1], "s"))
        hand = state.hand
        union = hand.dead
        for mask in hand.hands:
            assert mask & union == 0
            assert mask.bit_count() == rules.hand_size
            union |= mask
        assert union == rules.deck_mask
        assert hand.dead.bit_count() == rules.undealt
        assert format_cards(parse_cards(format_cards(deck))) == format_cards(deck)
