from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TableStartInputRequest")


@_attrs_define
class TableStartInputRequest:
    """
    Attributes:
        fill_with_ai (bool | Unset): Seat AI players of the table's level in the empty seats. Without it, a table with
            empty seats is a 409 table_not_full. Default: False.
    """

    fill_with_ai: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fill_with_ai = self.fill_with_ai

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if fill_with_ai is not UNSET:
            field_dict["fill_with_ai"] = fill_with_ai

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fill_with_ai = d.pop("fill_with_ai", UNSET)

        table_start_input_request = cls(
            fill_with_ai=fill_with_ai,
        )

        table_start_input_request.additional_properties = d
        return table_start_input_request

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
