from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_output_kind_enum import SeatOutputKindEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_current_rating_output import SeatCurrentRatingOutput


T = TypeVar("T", bound="SeatOutput")


@_attrs_define
class SeatOutput:
    """
    Attributes:
        seat (int): Seat index, 0-based, clockwise.
        kind (SeatOutputKindEnum): * `empty` - empty
            * `human` - human
            * `ai` - ai
        display_name (None | str): The player's public name (no account id is ever shown).
        ai_level (None | str):
        handed_to_ai (bool): A human seat played by the AI for now.
        resigned (bool | Unset): The AI plays it for good.
        is_bot (bool | Unset): A bot account holds the seat (a program of its owner, never a human).
        bot_owner (None | str | Unset): The public name of the player who owns the bot (null for other seats).
        rating (None | SeatCurrentRatingOutput | Unset): In `GET games/{id}/` and the lobby only (not in a move's
            answer): the seat's current rating on the game's preset, its player's for a human seat (also while the AI plays
            it), its level's for an AI seat; null for an empty seat. What this game changed: `GET games/{id}/ratings/`.
    """

    seat: int
    kind: SeatOutputKindEnum
    display_name: None | str
    ai_level: None | str
    handed_to_ai: bool
    resigned: bool | Unset = UNSET
    is_bot: bool | Unset = UNSET
    bot_owner: None | str | Unset = UNSET
    rating: None | SeatCurrentRatingOutput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_current_rating_output import SeatCurrentRatingOutput  # noqa: PLC0415

        seat = self.seat

        kind = self.kind.value

        display_name: None | str
        display_name = self.display_name

        ai_level: None | str
        ai_level = self.ai_level

        handed_to_ai = self.handed_to_ai

        resigned = self.resigned

        is_bot = self.is_bot

        bot_owner: None | str | Unset
        if isinstance(self.bot_owner, Unset):
            bot_owner = UNSET
        else:
            bot_owner = self.bot_owner

        rating: dict[str, Any] | None | Unset
        if isinstance(self.rating, Unset):
            rating = UNSET
        elif isinstance(self.rating, SeatCurrentRatingOutput):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
                "display_name": display_name,
                "ai_level": ai_level,
                "handed_to_ai": handed_to_ai,
            }
        )
        if resigned is not UNSET:
            field_dict["resigned"] = resigned
        if is_bot is not UNSET:
            field_dict["is_bot"] = is_bot
        if bot_owner is not UNSET:
            field_dict["bot_owner"] = bot_owner
        if rating is not UNSET:
            field_dict["rating"] = rating

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_current_rating_output import SeatCurrentRatingOutput  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        kind = SeatOutputKindEnum(d.pop("kind"))

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        def _parse_ai_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ai_level = _parse_ai_level(d.pop("ai_level"))

        handed_to_ai = d.pop("handed_to_ai")

        resigned = d.pop("resigned", UNSET)

        is_bot = d.pop("is_bot", UNSET)

        def _parse_bot_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner", UNSET))

        def _parse_rating(data: object) -> None | SeatCurrentRatingOutput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_1 = SeatCurrentRatingOutput.from_dict(data)

                return rating_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatCurrentRatingOutput | Unset, data)

        rating = _parse_rating(d.pop("rating", UNSET))

        seat_output = cls(
            seat=seat,
            kind=kind,
            display_name=display_name,
            ai_level=ai_level,
            handed_to_ai=handed_to_ai,
            resigned=resigned,
            is_bot=is_bot,
            bot_owner=bot_owner,
            rating=rating,
        )

        seat_output.additional_properties = d
        return seat_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
