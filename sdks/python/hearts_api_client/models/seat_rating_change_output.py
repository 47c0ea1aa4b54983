from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatRatingChangeOutput")


@_attrs_define
class SeatRatingChangeOutput:
    """
    Attributes:
        place (int):
        rating_before (int):
        rating_after (int):
        rating_change (int):
    """

    place: int
    rating_before: int
    rating_after: int
    rating_change: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        rating_before = self.rating_before

        rating_after = self.rating_after

        rating_change = self.rating_change

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "place": place,
                "rating_before": rating_before,
                "rating_after": rating_after,
                "rating_change": rating_change,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        place = d.pop("place")

        rating_before = d.pop("rating_before")

        rating_after = d.pop("rating_after")

        rating_change = d.pop("rating_change")

        seat_rating_change_output = cls(
            place=place,
            rating_before=rating_before,
            rating_after=rating_after,
            rating_change=rating_change,
        )

        seat_rating_change_output.additional_properties = d
        return seat_rating_change_output

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
