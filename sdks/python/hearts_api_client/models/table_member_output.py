from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_member_status_enum import TableMemberStatusEnum

T = TypeVar("T", bound="TableMemberOutput")


@_attrs_define
class TableMemberOutput:
    """
    Attributes:
        display_name (str):
        status (TableMemberStatusEnum): * `invited` - invited
            * `joined` - joined
            * `declined` - declined
            * `left` - left
        seat (int | None):
        joined_at (datetime.datetime | None):
        is_you (bool):
    """

    display_name: str
    status: TableMemberStatusEnum
    seat: int | None
    joined_at: datetime.datetime | None
    is_you: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        status = self.status.value

        seat: int | None
        seat = self.seat

        joined_at: None | str
        if isinstance(self.joined_at, datetime.datetime):
            joined_at = self.joined_at.isoformat()
        else:
            joined_at = self.joined_at

        is_you = self.is_you

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "display_name": display_name,
                "status": status,
                "seat": seat,
                "joined_at": joined_at,
                "is_you": is_you,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        display_name = d.pop("display_name")

        status = TableMemberStatusEnum(d.pop("status"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_joined_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                joined_at_type_0 = datetime.datetime.fromisoformat(data)

                return joined_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        joined_at = _parse_joined_at(d.pop("joined_at"))

        is_you = d.pop("is_you")

        table_member_output = cls(
            display_name=display_name,
            status=status,
            seat=seat,
            joined_at=joined_at,
            is_you=is_you,
        )

        table_member_output.additional_properties = d
        return table_member_output

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
