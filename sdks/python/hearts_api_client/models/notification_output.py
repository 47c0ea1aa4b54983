from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification_output_data import NotificationOutputData


T = TypeVar("T", bound="NotificationOutput")


@_attrs_define
class NotificationOutput:
    """
    Attributes:
        id (str): Stable id, sent as webhook-id: de-duplicate on it.
        type_ (str):
        data (NotificationOutputData):
        created_at (datetime.datetime):
    """

    id: str
    type_: str
    data: NotificationOutputData
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        data = self.data.to_dict()

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "data": data,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_output_data import NotificationOutputData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        data = NotificationOutputData.from_dict(d.pop("data"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        notification_output = cls(
            id=id,
            type_=type_,
            data=data,
            created_at=created_at,
        )

        notification_output.additional_properties = d
        return notification_output

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
