from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_output_kind_enum import SeatOutputKindEnum
from ..types import UNSET, Unset

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
    """

    seat: int
    kind: SeatOutputKindEnum
    display_name: None | str
    ai_level: None | str
    handed_to_ai: bool
    resigned: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind = self.kind.value

        display_name: None | str
        display_name = self.display_name

        ai_level: None | str
        ai_level = self.ai_level

        handed_to_ai = self.handed_to_ai

        resigned = self.resigned

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        seat_output = cls(
            seat=seat,
            kind=kind,
            display_name=display_name,
            ai_level=ai_level,
            handed_to_ai=handed_to_ai,
            resigned=resigned,
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
