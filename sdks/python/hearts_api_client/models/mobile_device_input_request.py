from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.platform_enum import PlatformEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="MobileDeviceInputRequest")


@_attrs_define
class MobileDeviceInputRequest:
    """
    Attributes:
        platform (PlatformEnum): * `fcm` - Firebase Cloud Messaging
            * `apns` - Apple Push Notification service
        token (str): The provider's token of this app.
        name (str | Unset): A label. Default: ''.
    """

    platform: PlatformEnum
    token: str
    name: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        platform = self.platform.value

        token = self.token

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "platform": platform,
                "token": token,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform = PlatformEnum(d.pop("platform"))

        token = d.pop("token")

        name = d.pop("name", UNSET)

        mobile_device_input_request = cls(
            platform=platform,
            token=token,
            name=name,
        )

        mobile_device_input_request.additional_properties = d
        return mobile_device_input_request

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
