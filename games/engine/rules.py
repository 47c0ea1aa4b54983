"""Rulesets: every variant of RULES.md as data.

A `RuleSet` is a frozen, validated, JSON-serialisable value built from a preset key plus
overrides. `PRESETS` is the registry of presets keyed by stable strings. There is no subclass per
variant: code that depends on an option reads the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from .cards import DECK_MASKS, JD_BIT, QS_BIT
from .errors import InvalidRuleSet

DIRECTIONS = ("left", "right", "across", "hold")
MOON_RULES = ("add_to_others", "subtract_from_self", "shooter_chooses")
MOON_CHOICES = ("add_to_others", "subtract_from_self")
TIE_RULES = ("play_on", "shared")
HEARTS_BROKEN_BY = ("any_heart", "discard")
OPENING_LEADS = ("lowest_club", "any_club")
NO_CLUB_LEADERS = ("normal_limits", "any_card")
PRESET_KEYS = (
    "classic",
    "three_player",
    "five_player",
    "six_player",
    "two_player",
    "two_player_full_deck",
)

MAX_NO_TRICK_BONUS = 100

PassCycle = tuple[tuple[str, int], ...]


def _is_int(value: object) -> bool:
    return type(value) is int


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one game. See docs/engine.md for the meaning of each field."""

    preset: str
    seats: int
    deck: str
    hand_size: int
    queen_points: int
    passing: bool
    pass_cycle: PassCycle
    target: int
    moon: str = "add_to_others"
    jack_of_diamonds: bool = False
    queen_breaks_hearts: bool = False
    free_first_trick: bool = False
    hearts_or_queen_when_only_penalties: bool = False
    tie: str = "play_on"
    hearts_broken_by: str = "any_heart"
    lead_hearts_any_time: bool = False
    opening_lead: str = "lowest_club"
    no_club_leader: str = "normal_limits"
    no_trick_bonus: int = 0

    def __post_init__(self) -> None:
        cycle = self.pass_cycle
        if isinstance(cycle, (list, tuple)):
            try:
                cycle = tuple((step[0], step[1]) for step in cycle if len(step) == 2)
            except (TypeError, KeyError, IndexError):
                raise InvalidRuleSet("pass_cycle", "must be a list of [direction, count]") from None
            if len(cycle) != len(self.pass_cycle):
                raise InvalidRuleSet("pass_cycle", "must be a list of [direction, count]")
            object.__setattr__(self, "pass_cycle", cycle)
        _validate(self)

    # Construction and serialisation -----------------------------------------------------------

    @classmethod
    def from_preset(cls, key: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """The preset ``key`` with some options overridden (validated)."""
        if not isinstance(key, str) or key not in PRESETS:
            raise InvalidRuleSet("preset", f"unknown preset {key!r}")
        base = PRESETS[key]
        if not overrides:
            return base
        if not isinstance(overrides, Mapping):
            raise InvalidRuleSet("overrides", "must be a mapping")
        for name in overrides:
            if name not in OPTION_NAMES:
                raise InvalidRuleSet(str(name), "unknown rule option")
        return dataclasses.replace(base, **dict(overrides))

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict of every field (``pass_cycle`` as a list of ``[direction, count]``)."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["pass_cycle"] = [[d, c] for d, c in self.pass_cycle]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Inverse of `to_dict`. Missing options take the preset's value."""
        if not isinstance(data, Mapping) or "preset" not in data:
            raise InvalidRuleSet("preset", "missing")
        overrides = {k: v for k, v in data.items() if k != "preset"}
        return cls.from_preset(data["preset"], overrides)

    # Derived facts -------------------------------------------------------------------------------

    @property
    def deck_mask(self) -> int:
        return DECK_MASKS[self.deck]

    @property
    def deck_size(self) -> int:
        return DECK_MASKS[self.deck].bit_count()

    @property
    def undealt(self) -> int:
        """Cards left undealt each hand (dead / set aside)."""
        return self.deck_size - self.seats * self.hand_size

    def pass_for_hand(self, hand_number: int) -> tuple[str, int]:
        """(direction, count) of hand ``hand_number`` (1-based); ``("hold", 0)`` when off."""
        if not self.passing or hand_number < 1:
            return ("hold", 0)
        return self.pass_cycle[(hand_number - 1) % len(self.pass_cycle)]

    def dealer_for_hand(self, hand_number: int) -> int:
        """Seat 0 deals hand 1; the deal rotates one seat to the left each hand."""
        return (max(hand_number, 1) - 1) % self.seats

    def pass_target(self, seat: int, direction: str) -> int:
        """The seat that receives the cards ``seat`` passes."""
        offset = {"left": 1, "right": -1, "across": 2, "hold": 0}[direction]
        return (seat + offset) % self.seats


OPTION_NAMES = frozenset(f.name for f in fields(RuleSet)) - {"preset"}


def _validate(rules: RuleSet) -> None:
    def need(ok: bool, field: str, message: str) -> None:
        if not ok:
            raise InvalidRuleSet(field, message)

    need(
        isinstance(rules.preset, str) and rules.preset in PRESET_KEYS,
        "preset",
        f"unknown preset {rules.preset!r}",
    )
    need(_is_int(rules.seats) and 2 <= rules.seats <= 6, "seats", "must be an int from 2 to 6")
    need(
        isinstance(rules.deck, str) and rules.deck in DECK_MASKS,
        "deck",
        f"unknown deck {rules.deck!r}",
    )
    deck_size = DECK_MASKS[rules.deck].bit_count()
    need(_is_int(rules.hand_size) and rules.hand_size >= 1, "hand_size", "must be a positive int")
    need(
        rules.seats * rules.hand_size <= deck_size,
        "hand_size",
        f"{rules.seats} x {rules.hand_size} cards do not fit a {deck_size}-card deck",
    )
    need(
        _is_int(rules.queen_points) and rules.queen_points >= 0,
        "queen_points",
        "must be an int >= 0",
    )
    need(DECK_MASKS[rules.deck] & QS_BIT != 0, "deck", "the deck must hold the queen of spades")
    for name in (
        "passing",
        "jack_of_diamonds",
        "queen_breaks_hearts",
        "free_first_trick",
        "hearts_or_queen_when_only_penalties",
        "lead_hearts_any_time",
    ):
        need(type(getattr(rules, name)) is bool, name, "must be true or false")
    cycle = rules.pass_cycle
    need(isinstance(cycle, tuple) and len(cycle) >= 1, "pass_cycle", "must be a non-empty list")
    for direction, count in cycle:
        need(direction in DIRECTIONS, "pass_cycle", f"unknown direction {direction!r}")
        need(_is_int(count), "pass_cycle", "pass counts must be ints")
        if direction == "hold":
            need(count == 0, "pass_cycle", "a hold step passes 0 cards")
        else:
            need(
                1 <= count < rules.hand_size,
                "pass_cycle",
                f"pass count must be from 1 to {rules.hand_size - 1}, not {count}",
            )
        if direction == "across":
            need(rules.seats == 4, "pass_cycle", "across needs exactly 4 seats")
    need(_is_int(rules.target) and rules.target > 0, "target", "must be a positive int")
    need(rules.moon in MOON_RULES, "moon", f"must be one of {', '.join(MOON_RULES)}")
    need(rules.tie in TIE_RULES, "tie", f"must be one of {', '.join(TIE_RULES)}")
    need(
        isinstance(rules.hearts_broken_by, str) and rules.hearts_broken_by in HEARTS_BROKEN_BY,
        "hearts_broken_by",
        f"must be one of {', '.join(HEARTS_BROKEN_BY)}",
    )
    need(
        isinstance(rules.opening_lead, str) and rules.opening_lead in OPENING_LEADS,
        "opening_lead",
        f"must be one of {', '.join(OPENING_LEADS)}",
    )
    need(
        isinstance(rules.no_club_leader, str) and rules.no_club_leader in NO_CLUB_LEADERS,
        "no_club_leader",
        f"must be one of {', '.join(NO_CLUB_LEADERS)}",
    )
    need(
        _is_int(rules.no_trick_bonus) and 0 <= rules.no_trick_bonus <= MAX_NO_TRICK_BONUS,
        "no_trick_bonus",
        f"must be an int from 0 (off) to {MAX_NO_TRICK_BONUS}",
    )
    if rules.jack_of_diamonds:
        need(
            DECK_MASKS[rules.deck] & JD_BIT != 0,
            "jack_of_diamonds",
            "the jack of diamonds is not in this deck",
        )


_STANDARD_CYCLE: PassCycle = (("left", 3), ("right", 3), ("across", 3), ("hold", 0))
_ODD_CYCLE: PassCycle = (("left", 3), ("right", 3), ("hold", 0))

PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        "classic": RuleSet("classic", 4, "standard_52", 13, 13, True, _STANDARD_CYCLE, 100),
        "three_player": RuleSet("three_player", 3, "no_2d", 17, 13, True, _ODD_CYCLE, 100),
        "five_player": RuleSet("five_player", 5, "no_2d_2c", 10, 13, True, _ODD_CYCLE, 100),
        "six_player": RuleSet("six_player", 6, "no_2d_3d_2c_3c", 8, 13, True, _ODD_CYCLE, 100),
        "two_player": RuleSet(
            "two_player", 2, "short_28", 13, 7, False, (("left", 2), ("left", 1), ("hold", 0)), 50
        ),
        "two_player_full_deck": RuleSet(
            "two_player_full_deck", 2, "standard_52", 13, 13, False, (("hold", 0),), 100
        ),
    }
)
