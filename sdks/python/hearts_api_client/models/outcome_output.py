from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OutcomeOutput")


@_attrs_define
class OutcomeOutput:
    """
    Attributes:
        winners (list[int]):
        totals (list[int]):
        hand_number (int):
    """

    winners: list[int]
    totals: list[int]
    hand_number: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        winners = self.winners

        totals = self.totals

        hand_number = self.hand_number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "winners": winners,
                "totals": totals,
                "hand_number": hand_number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        winners = cast(list[int], d.pop("winners"))

        totals = cast(list[int], d.pop("totals"))

        hand_number = d.pop("hand_number")

        outcome_output = cls(
            winners=winners,
            totals=totals,
            hand_number=hand_number,
        )

        outcome_output.additional_properties = d
        return outcome_output

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
