"""Game state: frozen values. Hands are held as card bitmasks (bit i = ``Card.from_index(i)``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, TypeVar

from .cards import ALL_CARDS, Card, cards_of
from .notation import parse_card
from .rules import RuleSet

ENGINE_VERSION = 1

_T = TypeVar("_T")


class Phase(StrEnum):
    """The phase of a game, ``GameState.phase``. A ``str`` enum: a member equals its string, so
    views, snapshots, stored JSON and the API carry the same values as before."""

    AWAITING_DEAL = "awaiting_deal"
    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"
    GAME_OVER = "game_over"


PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: ``cards`` in play order from ``leader`` clockwise."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def plays(self, seats: int) -> tuple[tuple[int, Card], ...]:
        return tuple(((self.leader + i) % seats, card) for i, card in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class HandResult:
    hand_number: int
    dealer: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon_shooter: int | None
    moon_choice: str | None
    deck: tuple[Card, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class GameOutcome:
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    hand_number: int


@dataclass(frozen=True)
class HandState:
    """One hand. Masks: ``dealt`` (as dealt), ``hands`` (held now), ``dead`` (undealt),
    ``passes`` (cards each seat chose to pass, None until chosen), ``taken`` (cards won)."""

    number: int
    dealer: int
    deck: tuple[Card, ...]
    salt: str
    commitment: str
    dealt: tuple[int, ...]
    dead: int
    pass_direction: str
    pass_count: int
    passes: tuple[int | None, ...]
    hands: tuple[int, ...]
    opening: Card | None
    trick_number: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    points_taken: tuple[int, ...]
    hearts_broken: bool
    moon_shooter: int | None

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def seat_to_play(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def exchanged(self) -> bool:
        return self.pass_count > 0 and all(p is not None for p in self.passes)


@dataclass(frozen=True)
class GameState:
    rules: RuleSet
    phase: str
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    outcome: GameOutcome | None
    hand: HandState | None

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may move now (the system deals: empty while awaiting a deal)."""
        hand = self.hand
        if hand is None:
            return ()
        if self.phase == "playing":
            return (hand.seat_to_play,)
        if self.phase == "passing":
            return tuple(s for s, p in enumerate(hand.passes) if p is None)
        if self.phase == "moon_choice" and hand.moon_shooter is not None:
            return (hand.moon_shooter,)
        return ()

    @property
    def pass_direction(self) -> str:
        return self.hand.pass_direction if self.hand is not None else "hold"

    @property
    def pass_count(self) -> int:
        return self.hand.pass_count if self.hand is not None else 0


def replace_fields(value: _T, **changes: Any) -> _T:
    """A copy of a frozen HandState/GameState with some fields changed.

    Same result as ``dataclasses.replace`` but it copies the instance dict in one step instead of
    running the frozen ``__init__`` (one ``object.__setattr__`` per field), which dominates the
    cost of an immutable play.
    """
    new = object.__new__(type(value))
    values = value.__dict__.copy()
    values.update(changes)
    object.__setattr__(new, "__dict__", values)
    return new


def new_game(rules: RuleSet) -> GameState:
    """A game awaiting its first deal."""
    zeros = (0,) * rules.seats
    return GameState(rules, "awaiting_deal", 0, 0, zeros, (), None, None)


# Snapshots ---------------------------------------------------------------------------------------


def _codes(mask: int) -> list[str]:
    return [card.code for card in cards_of(mask)]


_BITS = {card.code: 1 << card.index for card in ALL_CARDS}


def _mask(codes: list[str]) -> int:
    mask = 0
    for code in codes:
        bit = _BITS.get(code) if type(code) is str else None
        mask |= bit if bit is not None else 1 << parse_card(code).index
    return mask


def _card_list(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in codes)


def _hand_to_dict(hand: HandState) -> dict[str, Any]:
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "deck": _card_list(hand.deck),
        "salt": hand.salt,
        "commitment": hand.commitment,
        "dealt": [_codes(m) for m in hand.dealt],
        "dead": _codes(hand.dead),
        "pass_direction": hand.pass_direction,
        "pass_count": hand.pass_count,
        "passes": [None if p is None else _codes(p) for p in hand.passes],
        "hands": [_codes(m) for m in hand.hands],
        "opening": None if hand.opening is None else hand.opening.code,
        "trick_number": hand.trick_number,
        "leader": hand.leader,
        "trick": _card_list(hand.trick),
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": _card_list(t.cards),
                "winner": t.winner,
                "points": t.points,
            }
            for t in hand.tricks
        ],
        "taken": [_codes(m) for m in hand.taken],
        "points_taken": list(hand.points_taken),
        "hearts_broken": hand.hearts_broken,
        "moon_shooter": hand.moon_shooter,
    }


def _hand_from_dict(d: Mapping[str, Any]) -> HandState:
    return HandState(
        number=d["number"],
        dealer=d["dealer"],
        deck=_cards(d["deck"]),
        salt=d["salt"],
        commitment=d["commitment"],
        dealt=tuple(_mask(m) for m in d["dealt"]),
        dead=_mask(d["dead"]),
        pass_direction=d["pass_direction"],
        pass_count=d["pass_count"],
        passes=tuple(None if p is None else _mask(p) for p in d["passes"]),
        hands=tuple(_mask(m) for m in d["hands"]),
        opening=None if d["opening"] is None else parse_card(d["opening"]),
        trick_number=d["trick_number"],
        leader=d["leader"],
        trick=_cards(d["trick"]),
        tricks=tuple(
            Trick(t["number"], t["leader"], _cards(t["cards"]), t["winner"], t["points"])
            for t in d["tricks"]
        ),
        taken=tuple(_mask(m) for m in d["taken"]),
        points_taken=tuple(d["points_taken"]),
        hearts_broken=d["hearts_broken"],
        moon_shooter=d["moon_shooter"],
    )


def _result_to_dict(r: HandResult) -> dict[str, Any]:
    out = {f.name: getattr(r, f.name) for f in fields(r)}
    out.update(points=list(r.points), totals=list(r.totals), deck=_card_list(r.deck))
    return out


def _result_from_dict(d: Mapping[str, Any]) -> HandResult:
    return HandResult(
        d["hand_number"],
        d["dealer"],
        tuple(d["points"]),
        tuple(d["totals"]),
        d["moon_shooter"],
        d["moon_choice"],
        _cards(d["deck"]),
        d["salt"],
    )


def state_to_dict(state: GameState) -> dict[str, Any]:
    """JSON-safe snapshot (cards as codes) that `state_from_dict` restores exactly."""
    outcome = state.outcome
    return {
        "engine_version": ENGINE_VERSION,
        "rules": state.rules.to_dict(),
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "totals": list(state.totals),
        "hand_results": [_result_to_dict(r) for r in state.hand_results],
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "totals": list(outcome.totals),
            "hand_number": outcome.hand_number,
        },
        "hand": None if state.hand is None else _hand_to_dict(state.hand),
    }


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Inverse of `state_to_dict`. Raises ValueError for a snapshot of another engine version."""
    if data.get("engine_version") != ENGINE_VERSION:
        raise ValueError(
            f"snapshot engine_version {data.get('engine_version')!r} is not {ENGINE_VERSION}"
        )
    o = data["outcome"]
    return GameState(
        rules=RuleSet.from_dict(data["rules"]),
        phase=data["phase"],
        hand_number=data["hand_number"],
        dealer=data["dealer"],
        totals=tuple(data["totals"]),
        hand_results=tuple(_result_from_dict(r) for r in data["hand_results"]),
        outcome=None
        if o is None
        else GameOutcome(tuple(o["winners"]), tuple(o["totals"]), o["hand_number"]),
        hand=None if data["hand"] is None else _hand_from_dict(data["hand"]),
    )
