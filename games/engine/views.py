"""What a seat (or a spectator) may see.

A seat sees its own cards, the cards played to tricks, who won which tricks, the points taken,
the scores, which seats have passed (not what), the cards it passed and received, and the deal
commitment. Never another seat's cards, another seat's pass choice, or dead cards before the
hand is over (then `HandScored` reveals the deck and salt so the commitment can be checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, cards_of
from .deal import deal, deal_commitment
from .events import CardsPassed, Event, HandDealt, PassesExchanged, event_to_payload
from .legal import legal_cards
from .rules import RuleSet
from .state import GameOutcome, GameState, HandResult, Trick

# The finished hands of a game never change, and every state of a hand (every seat's view of
# it) holds the same ``hand_results`` tuple: its JSON form is made once per tuple and shared.
# ~750 card codes for the 14 hands of a long game, the part of a view that grows with the game.
# Keyed by identity, holding the tuple itself (so the id cannot be reused while cached); a plain
# dict (atomic operations), emptied when full. Callers must not mutate what ``to_dict`` returns.
_HAND_RESULTS_CACHE: dict[int, tuple[tuple[HandResult, ...], list[dict[str, Any]]]] = {}
_HAND_RESULTS_CACHE_SIZE = 1024


def hand_results_dicts(results: tuple[HandResult, ...]) -> list[dict[str, Any]]:
    """The JSON-safe dicts of finished hands' results (cards as codes), shared per tuple."""
    hit = _HAND_RESULTS_CACHE.get(id(results))
    if hit is not None and hit[0] is results:
        return hit[1]
    out = [{
        "hand_number": r.hand_number, "dealer": r.dealer, "points": list(r.points),
        "totals": list(r.totals), "moon_shooter": r.moon_shooter, "moon_choice": r.moon_choice,
        "deck": None if r.deck is None else [c.code for c in r.deck], "salt": r.salt,
    } for r in results]  # fmt: skip
    if len(_HAND_RESULTS_CACHE) >= _HAND_RESULTS_CACHE_SIZE:
        _HAND_RESULTS_CACHE.clear()
    _HAND_RESULTS_CACHE[id(results)] = (results, out)
    return out


@dataclass(frozen=True, slots=True)
class SeatView:
    """The state as one seat (``seat``) or a spectator (``seat=None``) may see it."""

    seat: int | None
    rules: RuleSet
    phase: str
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    commitment: str | None
    to_act: tuple[int, ...]
    pass_direction: str
    pass_count: int
    passed: tuple[bool, ...]
    trick_number: int
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    points_taken: tuple[int, ...]
    hearts_broken: bool
    cards_left: tuple[int, ...]
    moon_shooter: int | None
    outcome: GameOutcome | None
    hand: tuple[Card, ...] | None = None
    legal_cards: tuple[Card, ...] | None = None
    passed_cards: tuple[Card, ...] | None = None
    received_cards: tuple[Card, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict (cards as codes)."""

        def codes(cards: tuple[Card, ...] | None) -> list[str] | None:
            return None if cards is None else [c.code for c in cards]

        seats = self.rules.seats
        outcome = self.outcome
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "hand_results": hand_results_dicts(self.hand_results),
            "commitment": self.commitment,
            "to_act": list(self.to_act),
            "pass_direction": self.pass_direction,
            "pass_count": self.pass_count,
            "passed": list(self.passed),
            "trick_number": self.trick_number,
            "leader": self.leader,
            "trick": [[s, c.code] for s, c in self.trick],
            "tricks": [
                {
                    "number": t.number,
                    "leader": t.leader,
                    "cards": [[s, c.code] for s, c in t.plays(seats)],
                    "winner": t.winner,
                    "points": t.points,
                }
                for t in self.tricks
            ],
            "points_taken": list(self.points_taken),
            "hearts_broken": self.hearts_broken,
            "cards_left": list(self.cards_left),
            "moon_shooter": self.moon_shooter,
            "outcome": None
            if outcome is None
            else {
                "winners": list(outcome.winners),
                "totals": list(outcome.totals),
                "hand_number": outcome.hand_number,
            },
            "hand": codes(self.hand),
            "legal_cards": codes(self.legal_cards),
            "passed_cards": codes(self.passed_cards),
            "received_cards": codes(self.received_cards),
        }


def view_for_seat(state: GameState, seat: int | None) -> SeatView:
    """What ``seat`` may see now (``None``: a spectator)."""
    rules = state.rules
    seats = rules.seats
    if seat is not None and not (type(seat) is int and 0 <= seat < seats):
        raise ValueError(f"no seat {seat!r}")
    hand = state.hand
    if hand is None:
        return SeatView(
            seat,
            rules,
            state.phase,
            state.hand_number,
            state.dealer,
            state.totals,
            state.hand_results,
            None,
            state.to_act,
            "hold",
            0,
            (False,) * seats,
            0,
            None,
            (),
            (),
            (0,) * seats,
            False,
            (0,) * seats,
            None,
            state.outcome,
            () if seat is not None else None,
            () if seat is not None else None,
            None,
            None,
        )
    own: dict[str, Any] = {}
    if seat is not None:
        passed_cards = received = None
        if hand.pass_count:
            mine = hand.passes[seat]
            passed_cards = None if mine is None else cards_of(mine)
            if hand.exchanged:
                giver = next(
                    s for s in range(seats) if rules.pass_target(s, hand.pass_direction) == seat
                )
                received = cards_of(hand.passes[giver] or 0)
        own = {
            "hand": cards_of(hand.hands[seat]),
            "legal_cards": legal_cards(state, seat),
            "passed_cards": passed_cards,
            "received_cards": received,
        }
    return SeatView(
        seat=seat,
        rules=rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        totals=state.totals,
        hand_results=state.hand_results,
        commitment=hand.commitment,
        to_act=state.to_act,
        pass_direction=hand.pass_direction,
        pass_count=hand.pass_count,
        passed=tuple(p is not None for p in hand.passes),
        trick_number=hand.trick_number,
        leader=hand.leader,
        trick=tuple(((hand.leader + i) % seats, c) for i, c in enumerate(hand.trick)),
        tricks=hand.tricks,
        points_taken=hand.points_taken,
        hearts_broken=hand.hearts_broken,
        cards_left=tuple(h.bit_count() for h in hand.hands),
        moon_shooter=hand.moon_shooter,
        outcome=state.outcome,
        **own,
    )


def public_view(state: GameState) -> SeatView:
    """The spectator's view."""
    return view_for_seat(state, None)


def redact_event(rules: RuleSet, event: Event, seat: int | None) -> dict[str, Any]:
    """JSON-safe payload of ``event`` as ``seat`` (``None``: spectator) may see it."""
    if isinstance(event, HandDealt):
        out: dict[str, Any] = {
            "hand_number": event.hand_number,
            "commitment": deal_commitment(event.deck, event.salt),
        }
        if seat is not None:
            hands, _ = deal(rules, event.deck, rules.dealer_for_hand(event.hand_number))
            out["cards"] = [c.code for c in cards_of(hands[seat])]
        return out
    if isinstance(event, CardsPassed) and event.seat != seat:
        return {"seat": event.seat}
    if isinstance(event, PassesExchanged):
        out = {"hand_number": event.hand_number}
        if seat is not None:
            direction, _ = rules.pass_for_hand(event.hand_number)
            giver = next(s for s in range(rules.seats) if rules.pass_target(s, direction) == seat)
            out["gave"] = [c.code for c in sorted(event.passes[seat])]
            out["received"] = [c.code for c in sorted(event.passes[giver])]
        return out
    return event_to_payload(event)[2]
