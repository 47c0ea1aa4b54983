from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_output_kind_enum import SeatOutputKindEnum

if TYPE_CHECKING:
    from ..models.rating_output import RatingOutput
    from ..models.seat_rating_change_output import SeatRatingChangeOutput


T = TypeVar("T", bound="SeatRatingOutput")


@_attrs_define
class SeatRatingOutput:
    """
    Attributes:
        seat (int):
        kind (SeatOutputKindEnum): * `empty` - empty
            * `human` - human
            * `ai` - ai
        display_name (str):
        is_bot (bool): A bot account holds the seat.
        bot_owner (None | str): The bot's owner (null: none).
        rating (None | RatingOutput): Current rating on the game's preset (null: empty seat).
        change (None | SeatRatingChangeOutput): What this game changed, once it is finished and rated.
    """

    seat: int
    kind: SeatOutputKindEnum
    display_name: str
    is_bot: bool
    bot_owner: None | str
    rating: None | RatingOutput
    change: None | SeatRatingChangeOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415
        from ..models.seat_rating_change_output import SeatRatingChangeOutput  # noqa: PLC0415

        seat = self.seat

        kind = self.kind.value

        display_name = self.display_name

        is_bot = self.is_bot

        bot_owner: None | str
        bot_owner = self.bot_owner

        rating: dict[str, Any] | None
        if isinstance(self.rating, RatingOutput):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        change: dict[str, Any] | None
        if isinstance(self.change, SeatRatingChangeOutput):
            change = self.change.to_dict()
        else:
            change = self.change

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
                "display_name": display_name,
                "is_bot": is_bot,
                "bot_owner": bot_owner,
                "rating": rating,
                "change": change,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415
        from ..models.seat_rating_change_output import SeatRatingChangeOutput  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        kind = SeatOutputKindEnum(d.pop("kind"))

        display_name = d.pop("display_name")

        is_bot = d.pop("is_bot")

        def _parse_bot_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner"))

        def _parse_rating(data: object) -> None | RatingOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_1 = RatingOutput.from_dict(data)

                return rating_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RatingOutput, data)

        rating = _parse_rating(d.pop("rating"))

        def _parse_change(data: object) -> None | SeatRatingChangeOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                change_type_1 = SeatRatingChangeOutput.from_dict(data)

                return change_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatRatingChangeOutput, data)

        change = _parse_change(d.pop("change"))

        seat_rating_output = cls(
            seat=seat,
            kind=kind,
            display_name=display_name,
            is_bot=is_bot,
            bot_owner=bot_owner,
            rating=rating,
            change=change,
        )

        seat_rating_output.additional_properties = d
        return seat_rating_output

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
