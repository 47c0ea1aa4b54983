from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seat_rating_output import SeatRatingOutput


T = TypeVar("T", bound="GameRatingsOutput")


@_attrs_define
class GameRatingsOutput:
    """
    Attributes:
        game_id (UUID):
        preset (str):
        rated (bool): The finished game has been applied and rated.
        seats (list[SeatRatingOutput]):
    """

    game_id: UUID
    preset: str
    rated: bool
    seats: list[SeatRatingOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        preset = self.preset

        rated = self.rated

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "preset": preset,
                "rated": rated,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_rating_output import SeatRatingOutput  # noqa: PLC0415

        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        preset = d.pop("preset")

        rated = d.pop("rated")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatRatingOutput.from_dict(seats_item_data)

            seats.append(seats_item)

        game_ratings_output = cls(
            game_id=game_id,
            preset=preset,
            rated=rated,
            seats=seats,
        )

        game_ratings_output.additional_properties = d
        return game_ratings_output

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
