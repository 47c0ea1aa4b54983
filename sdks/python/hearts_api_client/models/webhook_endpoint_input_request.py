from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_type_enum import NotificationTypeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookEndpointInputRequest")


@_attrs_define
class WebhookEndpointInputRequest:
    """
    Attributes:
        url (str): http(s) URL that receives the POSTs.
        event_types (list[NotificationTypeEnum]): The notification types to deliver.
        description (str | Unset):  Default: ''.
    """

    url: str
    event_types: list[NotificationTypeEnum]
    description: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item = event_types_item_data.value
            event_types.append(event_types_item)

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "event_types": event_types,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:
            event_types_item = NotificationTypeEnum(event_types_item_data)

            event_types.append(event_types_item)

        description = d.pop("description", UNSET)

        webhook_endpoint_input_request = cls(
            url=url,
            event_types=event_types,
            description=description,
        )

        webhook_endpoint_input_request.additional_properties = d
        return webhook_endpoint_input_request

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
