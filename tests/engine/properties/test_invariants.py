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
from games.engine.cards import (
    HEARTS_MASK,
    JD_BIT,
    PENALTY_MASK,
    QS_BIT,
    SUIT_MASKS,
    Suit,
    cards_of,
)
from games.engine.scoring import moon_total
from tests.strategies import random_games, rulesets
from tests.tiers import examples

SETTINGS = settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


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


def _hearts_broken(rules, hand):
    """Hearts broken, recomputed from the cards played so far in the hand (RULES.md)."""
    for cards in [*(t.cards for t in hand.tricks), hand.trick]:
        for i, card in enumerate(cards):
            breaker = card.bit & HEARTS_MASK or (rules.queen_breaks_hearts and card.bit == QS_BIT)
            if not breaker:
                continue
            if rules.hearts_broken_by == "any_heart" or (i > 0 and card.suit != cards[0].suit):
                return True
    return False


def _check_play(rules, hand, fact):
    held = hand.hands[fact.seat]
    bit = fact.card.bit
    assert bit & held
    assert hand.hearts_broken == _hearts_broken(rules, hand)
    first = hand.trick_number == 1
    free_lead = False
    if hand.trick:
        led = hand.trick[0].suit
        assert fact.card.suit == led or not held & SUIT_MASKS[led]
        options = held & SUIT_MASKS[led] or held
    else:
        if first and hand.opening is not None:
            if rules.opening_lead == "any_club":
                assert fact.card.suit == Suit.CLUBS
                assert hand.opening.bit & held  # the holder of the opening card leads
            else:
                assert fact.card == hand.opening
        elif first and rules.no_club_leader == "any_card":
            free_lead = True  # nobody holds a club: no limit on this lead
        elif (
            bit & HEARTS_MASK
            and not hand.hearts_broken
            and not (rules.lead_hearts_any_time and not first)
        ):
            non_hearts = held & ~HEARTS_MASK
            assert non_hearts == 0 or (
                non_hearts == QS_BIT and rules.hearts_or_queen_when_only_penalties
            )
        options = held
    if first and not rules.free_first_trick and not free_lead and bit & PENALTY_MASK:
        # Only when nothing else was legal.
        if hand.trick:
            assert options & ~PENALTY_MASK == 0
        else:
            assert hand.opening is None
            assert held & ~PENALTY_MASK == 0 or (
                not hand.hearts_broken and held & ~HEARTS_MASK == QS_BIT
            )


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
    trickless = [
        seat for seat in range(rules.seats) if not any(t.winner == seat for t in hand.tricks)
    ]
    assert trickless == [seat for seat, mask in enumerate(hand.taken) if not mask]
    bonus = -rules.no_trick_bonus * len(trickless)
    if event.moon_shooter is None:
        assert sum(event.points) == penalty + jd + bonus
        assert event.points == tuple(
            p - (rules.no_trick_bonus if seat in trickless else 0)
            for seat, p in enumerate(hand.points_taken)
        )
    else:
        assert hand.dead & (HEARTS_MASK | QS_BIT) & rules.deck_mask == 0
        assert hand.taken[event.moon_shooter] & (rules.deck_mask & PENALTY_MASK) == (
            rules.deck_mask & PENALTY_MASK
        )
        total = moon_total(rules)
        others = rules.seats - 1
        expected = total * others if event.moon_choice == "add_to_others" else -total
        assert sum(event.points) == expected + jd  # no no-trick bonus in a moon hand
    assert len(hand.tricks) == rules.hand_size


@SETTINGS
@given(random_games(max_hands=2))
def test_replay_equals_incremental_state(game):
    assert replay(game.rules, game.events) == game.final
    inputs = [e for e in game.events if not e.DERIVED]
    assert replay(game.rules, inputs) == game.final


@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
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


@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
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


def _reference_legal(rules, hand):
    """The legal cards of the seat to play, recomputed as sets from RULES.md."""
    seat = hand.seat_to_play
    held = set(cards_of(hand.hands[seat]))
    first = hand.trick_number == 1

    def penalty(card):
        return bool(card.bit & PENALTY_MASK)

    if hand.trick:
        led = hand.trick[0].suit
        options = {c for c in held if c.suit == led} or held
    elif first and any(c.suit == Suit.CLUBS for h in hand.hands for c in cards_of(h)):
        # The holder of the lowest club held leads; it or (any_club) any club of theirs.
        lowest = min(c for h in hand.hands for c in cards_of(h) if c.suit == Suit.CLUBS)
        assert lowest in held
        if rules.opening_lead == "any_club":
            return {c for c in held if c.suit == Suit.CLUBS}
        return {lowest}
    elif first and rules.no_club_leader == "any_card":
        assert seat == (hand.dealer + 1) % rules.seats
        return held
    elif _hearts_broken(rules, hand) or (rules.lead_hearts_any_time and not first):
        options = held
    else:
        if first:
            assert seat == (hand.dealer + 1) % rules.seats
        non_hearts = {c for c in held if c.suit != Suit.HEARTS}
        only_queen = {c.bit for c in non_hearts} == {QS_BIT}
        if not non_hearts or (only_queen and rules.hearts_or_queen_when_only_penalties):
            options = held
        else:
            options = non_hearts
    if first and not rules.free_first_trick:
        options = {c for c in options if not penalty(c)} or options
    return options


def _check_legal_sets(game):
    for step in game.steps:
        state = step.before
        if state.phase != "playing":
            continue
        (seat,) = state.to_act
        assert set(legal_cards(state, seat)) == _reference_legal(state.rules, state.hand)


@SETTINGS
@given(random_games(max_hands=2))
def test_legal_cards_equal_a_reference_written_from_the_rules(game):
    _check_legal_sets(game)


CLUBLESS_SETTINGS = settings(
    max_examples=examples(80),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@CLUBLESS_SETTINGS
@given(
    random_games(
        rules=rulesets(presets=("two_player_full_deck",)), max_hands=2, clubless_deals=True
    )
)
def test_nobody_holds_a_club_every_rule_still_holds(game):
    """two_player_full_deck deals where all 13 clubs are set aside: the no_club_leader option
    decides the first lead (random deals almost never reach this)."""
    dealt = [s.after.hand for s in game.steps if isinstance(s.events[0], HandDealt)]
    assert dealt
    assert all(not (mask & SUIT_MASKS[Suit.CLUBS]) for h in dealt for mask in h.hands)
    _check_legal_sets(game)
    rules = game.rules
    for step in game.steps:
        fact = step.events[0]
        if isinstance(fact, CardPlayed):
            _check_play(rules, step.before.hand, fact)
        for event in step.events:
            if isinstance(event, HandScored):
                _check_points(rules, step.after, event)
