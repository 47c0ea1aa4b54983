"""Invariants of random legal games over every preset and option combination."""

import json

from hypothesis import HealthCheck, given, settings

from games.engine import (
    CardPlayed,
    HandDealt,
    HandScored,
    PlayCard,
    TrickWon,
    is_legal,
    legal_cards,
    replay,
    view_for_seat,
)
from games.engine.cards import HEARTS_MASK, JD_BIT, PENALTY_MASK, QS_BIT, SUIT_MASKS, cards_of
from games.engine.scoring import moon_total
from tests.strategies import random_games

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _union(masks):
    out = 0
    for mask in masks:
        out |= mask
    return out


def _conserved(hand, deck_mask):
    seen = hand.dead
    for mask in (*hand.hands, *hand.taken):
        assert mask & seen == 0
        seen |= mask
    for card in hand.trick:
        assert not card.bit & seen
        seen |= card.bit
    assert seen == deck_mask


@SETTINGS
@given(random_games(max_hands=4))
def test_cards_rules_and_points(game):
    rules = game.rules
    for step in game.steps:
        before, after = step.before, step.after
        fact = step.events[0]
        if isinstance(fact, HandDealt):
            hand = after.hand
            assert all(m.bit_count() == rules.hand_size for m in hand.hands)
            _conserved(hand, rules.deck_mask)
        if after.hand is not None and after.phase in ("passing", "playing"):
            _conserved(after.hand, rules.deck_mask)
        if isinstance(fact, CardPlayed):
            _check_play(rules, before.hand, fact)
        for event in step.events:
            if isinstance(event, TrickWon):
                _check_trick(rules, before.hand, event)
            if isinstance(event, HandScored):
                _check_points(rules, after, event)


def _check_play(rules, hand, fact):
    held = hand.hands[fact.seat]
    bit = fact.card.bit
    assert bit & held
    if hand.trick:
        led = hand.trick[0].suit
        assert fact.card.suit == led or not held & SUIT_MASKS[led]
        options = held & SUIT_MASKS[led] or held
    else:
        if bit & HEARTS_MASK and not hand.hearts_broken:
            non_hearts = held & ~HEARTS_MASK
            assert non_hearts == 0 or (
                non_hearts == QS_BIT and rules.hearts_or_queen_when_only_penalties)
        if hand.trick_number == 1 and hand.opening is not None:
            assert fact.card == hand.opening
        options = held
    if hand.trick_number == 1 and not rules.free_first_trick and bit & PENALTY_MASK:
        # Only when nothing else was legal.
        if hand.trick:
            assert options & ~PENALTY_MASK == 0
        else:
            assert held & ~PENALTY_MASK == 0 or hand.opening is not None or (
                not hand.hearts_broken and held & ~HEARTS_MASK == QS_BIT)


def _check_trick(rules, hand, event):
    seats = rules.seats
    led = event.cards[0].suit
    best = max((c for c in event.cards if c.suit == led), key=lambda c: c.rank)
    leader = hand.leader
    assert event.seat == (leader + event.cards.index(best)) % seats
    points = sum(1 for c in event.cards if c.bit & HEARTS_MASK)
    points += rules.queen_points if any(c.bit == QS_BIT for c in event.cards) else 0
    points -= 10 if rules.jack_of_diamonds and any(c.bit == JD_BIT for c in event.cards) else 0
    assert event.points == points


def _check_points(rules, state, event):
    hand = state.hand
    in_play = rules.deck_mask & ~hand.dead
    penalty = (in_play & HEARTS_MASK).bit_count() + (rules.queen_points if in_play & QS_BIT else 0)
    jd = -10 if rules.jack_of_diamonds and in_play & JD_BIT else 0
    if event.moon_shooter is None:
        assert sum(event.points) == penalty + jd
        assert event.points == hand.points_taken
    else:
        assert hand.dead & (HEARTS_MASK | QS_BIT) & rules.deck_mask == 0
        assert hand.taken[event.moon_shooter] & (rules.deck_mask & PENALTY_MASK) == (
            rules.deck_mask & PENALTY_MASK)
        total = moon_total(rules)
        others = rules.seats - 1
        expected = total * others if event.moon_choice == "add_to_others" else -total
        assert sum(event.points) == expected + jd
    assert len(hand.tricks) == rules.hand_size


@SETTINGS
@given(random_games(max_hands=2))
def test_replay_equals_incremental_state(game):
    assert replay(game.rules, game.events) == game.final
    inputs = [e for e in game.events if not e.DERIVED]
    assert replay(game.rules, inputs) == game.final


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(random_games(max_hands=1))
def test_views_never_show_other_seats_cards(game):
    rules = game.rules
    for i, step in enumerate(game.steps):
        state = step.after
        hand = state.hand
        if hand is None or state.phase not in ("passing", "playing") or i % 3:
            continue
        for seat in range(rules.seats):
            text = json.dumps(view_for_seat(state, seat).to_dict())
            hidden = hand.dead
            for other in range(rules.seats):
                if other != seat:
                    hidden |= hand.hands[other]
            # A seat knows the cards it passed, even once they sit in another hand.
            hidden &= ~(hand.passes[seat] or 0)
            for card in cards_of(hidden):
                assert f'"{card.code}"' not in text, (seat, card)
        text = json.dumps(view_for_seat(state, None).to_dict())
        for card in cards_of(hand.dead | _union(hand.hands)):
            assert f'"{card.code}"' not in text


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(random_games(max_hands=1))
def test_is_legal_agrees_with_legal_cards(game):
    for step in game.steps:
        state = step.before
        if state.phase != "playing":
            continue
        (seat,) = state.to_act
        legal = set(legal_cards(state, seat))
        for card in cards_of(state.hand.hands[seat]):
            assert is_legal(state, PlayCard(seat, card)) == (card in legal)
        for other in range(state.rules.seats):
            if other != seat:
                assert legal_cards(state, other) == ()
