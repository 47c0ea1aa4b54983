from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_type_enum import NotificationTypeEnum

T = TypeVar("T", bound="NotificationPreferencesInputRequest")


@_attrs_define
class NotificationPreferencesInputRequest:
    """
    Attributes:
        muted_types (list[NotificationTypeEnum]): Notification types you do not want sent (stored, not delivered).
    """

    muted_types: list[NotificationTypeEnum]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        muted_types = []
        for muted_types_item_data in self.muted_types:
            muted_types_item = muted_types_item_data.value
            muted_types.append(muted_types_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "muted_types": muted_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        muted_types = []
        _muted_types = d.pop("muted_types")
        for muted_types_item_data in _muted_types:
            muted_types_item = NotificationTypeEnum(muted_types_item_data)

            muted_types.append(muted_types_item)

        notification_preferences_input_request = cls(
            muted_types=muted_types,
        )

        notification_preferences_input_request.additional_properties = d
        return notification_preferences_input_request

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
