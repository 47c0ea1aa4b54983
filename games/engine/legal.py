"""Legal moves.

Order: cards by suit (clubs, diamonds, hearts, spades), then rank. Rules for a play, in order:
- the first trick's leader must lead the opening card (lowest club held), or any club with
  ``opening_lead = "any_club"``; when nobody holds a club, ``no_club_leader = "any_card"`` lets
  that lead be any card (no hearts or first-trick limit on it);
- follow the suit led if able;
- a heart may not be led before hearts are broken unless the hand holds only hearts (a hand of
  hearts and QS must lead QS, unless ``hearts_or_queen_when_only_penalties``); with
  ``lead_hearts_any_time`` a heart may be led from the second trick on, broken or not;
- on the first trick no heart or QS may be played (led or followed) unless nothing else is legal,
  unless ``free_first_trick``.
"""

from __future__ import annotations

from .cards import (
    ALL_CARDS,
    CLUBS_MASK,
    HEARTS_MASK,
    PENALTY_MASK,
    QS_BIT,
    SUIT_MASKS,
    Card,
    cards_of,
)
from .errors import (
    CardNotInDeck,
    CardNotInHand,
    HeartsNotBroken,
    MustFollowSuit,
    MustLeadOpeningCard,
    NoPointsOnFirstTrick,
    NotYourTurn,
    UnknownSeat,
    WrongPhase,
)
from .moves import ChooseMoon, Move, PlayCard
from .rules import MOON_CHOICES, RuleSet
from .state import GameState, HandState


def play_mask(rules: RuleSet, hand: HandState) -> int:
    """Mask of the cards the seat to play may play now (phase ``playing``)."""
    held = hand.hands[hand.seat_to_play]
    first = hand.trick_number == 1
    if hand.trick:
        allowed = held & SUIT_MASKS[hand.trick[0].suit] or held
    else:
        if first:
            if hand.opening is not None:
                if rules.opening_lead == "any_club":
                    return held & CLUBS_MASK
                return hand.opening.bit
            if rules.no_club_leader == "any_card":
                return held
        if hand.hearts_broken or (rules.lead_hearts_any_time and not first):
            allowed = held
        else:
            allowed = held & ~HEARTS_MASK
            if not allowed or (allowed == QS_BIT and rules.hearts_or_queen_when_only_penalties):
                allowed = held
    if first and not rules.free_first_trick:
        return allowed & ~PENALTY_MASK or allowed
    return allowed


def breaks_hearts(rules: RuleSet, trick: tuple[Card, ...], card: Card) -> bool:
    """Whether playing ``card`` to a trick that holds ``trick`` so far breaks hearts.

    A heart breaks hearts (and QS too with ``queen_breaks_hearts``). With ``hearts_broken_by =
    "discard"`` only such a card played on a trick led in another suit does: a lead never breaks
    hearts, nor does a card that follows suit (a heart on a heart lead, QS on a spade lead).
    """
    bit = card.bit
    if not (bit & HEARTS_MASK or (rules.queen_breaks_hearts and bit == QS_BIT)):
        return False
    if rules.hearts_broken_by == "discard":
        return bool(trick) and trick[0].suit != card.suit
    return True


def check_play(state: GameState, seat: int, card: Card) -> None:
    """Raise the `RuleViolation` that forbids ``seat`` playing ``card``, if any."""
    rules = state.rules
    if state.phase != "playing" or state.hand is None:
        raise WrongPhase(f"cannot play a card in phase {state.phase}", phase=state.phase)
    check_seat(rules, seat)
    hand = state.hand
    if seat != hand.seat_to_play:
        raise NotYourTurn(f"seat {hand.seat_to_play} is to play", to_act=[hand.seat_to_play])
    bit = card.bit
    if not bit & rules.deck_mask:
        raise CardNotInDeck(f"{card} is not in this deck", card=card.code)
    held = hand.hands[seat]
    if not bit & held:
        raise CardNotInHand(f"{card} is not in seat {seat}'s hand", card=card.code)
    if bit & play_mask(rules, hand):
        return
    if hand.trick:
        led = hand.trick[0].suit
        if held & SUIT_MASKS[led] and card.suit != led:
            raise MustFollowSuit(f"must follow {led.name.lower()}", suit=led.letter, card=card.code)
    elif hand.trick_number == 1 and hand.opening is not None:
        if rules.opening_lead == "any_club":
            raise MustLeadOpeningCard(
                "the first trick must be led with a club", card=card.code, opening=hand.opening.code
            )
        raise MustLeadOpeningCard(
            f"the first trick must be led with {hand.opening}",
            card=card.code,
            opening=hand.opening.code,
        )
    elif not hand.hearts_broken and bit & HEARTS_MASK:
        raise HeartsNotBroken("hearts are not broken", card=card.code)
    raise NoPointsOnFirstTrick("no hearts or queen of spades on the first trick", card=card.code)


def check_seat(rules: RuleSet, seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < rules.seats:
        raise UnknownSeat(f"no seat {seat!r}", seat=seat if type(seat) is int else str(seat))


def legal_cards(state: GameState, seat: int) -> tuple[Card, ...]:
    """Cards ``seat`` may play now, or may choose to pass (every card held) while passing."""
    hand = state.hand
    if hand is None or not (type(seat) is int and 0 <= seat < state.rules.seats):
        return ()
    if state.phase == "playing":
        if seat != hand.seat_to_play:
            return ()
        return cards_of(play_mask(state.rules, hand))
    if state.phase == "passing" and hand.passes[seat] is None:
        return cards_of(hand.hands[seat])
    return ()


# PlayCard values are immutable: one shared instance per (seat, card).
_PLAYS: tuple[tuple[PlayCard, ...], ...] = tuple(
    tuple(PlayCard(seat, card) for card in ALL_CARDS) for seat in range(6)
)


def legal_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """Legal moves of ``seat``: plays (suit, then rank) or moon choices. While passing this is
    empty (no enumeration of pass combinations): use `legal_cards` and ``state.pass_count``."""
    if state.phase == "playing":
        hand = state.hand
        if hand is None or seat != hand.seat_to_play:
            return ()
        plays = _PLAYS[seat]
        mask = play_mask(state.rules, hand)
        out = []
        while mask:
            low = mask & -mask
            out.append(plays[low.bit_length() - 1])
            mask ^= low
        return tuple(out)
    if state.phase == "moon_choice" and state.hand is not None and state.hand.moon_shooter == seat:
        return tuple(ChooseMoon(seat, choice) for choice in MOON_CHOICES)
    return ()


__all__ = ["breaks_hearts", "check_play", "check_seat", "legal_cards", "legal_moves", "play_mask"]
