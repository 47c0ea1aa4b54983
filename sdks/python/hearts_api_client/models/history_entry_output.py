from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.history_entry_output_data import HistoryEntryOutputData


T = TypeVar("T", bound="HistoryEntryOutput")


@_attrs_define
class HistoryEntryOutput:
    """
    Attributes:
        type_ (str):
        at (datetime.datetime):
        data (HistoryEntryOutputData):
    """

    type_: str
    at: datetime.datetime
    data: HistoryEntryOutputData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        at = self.at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "at": at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.history_entry_output_data import HistoryEntryOutputData  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        data = HistoryEntryOutputData.from_dict(d.pop("data"))

        history_entry_output = cls(
            type_=type_,
            at=at,
            data=data,
        )

        history_entry_output.additional_properties = d
        return history_entry_output

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
