from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookEndpointOutput")


@_attrs_define
class WebhookEndpointOutput:
    """
    Attributes:
        id (UUID):
        url (str):
        description (str):
        event_types (list[str]):
        secret (str): The signing secret (whsec_...): verify deliveries with it (Standard Webhooks).
        previous_secret_expires_at (datetime.datetime | None): Until then the previous secret also signs each delivery.
        is_active (bool):
        disabled_at (datetime.datetime | None):
        disabled_reason (str):
        consecutive_failures (int):
        created_at (datetime.datetime):
    """

    id: UUID
    url: str
    description: str
    event_types: list[str]
    secret: str
    previous_secret_expires_at: datetime.datetime | None
    is_active: bool
    disabled_at: datetime.datetime | None
    disabled_reason: str
    consecutive_failures: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        description = self.description

        event_types = self.event_types

        secret = self.secret

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        is_active = self.is_active

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason = self.disabled_reason

        consecutive_failures = self.consecutive_failures

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "description": description,
                "event_types": event_types,
                "secret": secret,
                "previous_secret_expires_at": previous_secret_expires_at,
                "is_active": is_active,
                "disabled_at": disabled_at,
                "disabled_reason": disabled_reason,
                "consecutive_failures": consecutive_failures,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        description = d.pop("description")

        event_types = cast(list[str], d.pop("event_types"))

        secret = d.pop("secret")

        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previous_secret_expires_at"))

        is_active = d.pop("is_active")

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        disabled_reason = d.pop("disabled_reason")

        consecutive_failures = d.pop("consecutive_failures")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_endpoint_output = cls(
            id=id,
            url=url,
            description=description,
            event_types=event_types,
            secret=secret,
            previous_secret_expires_at=previous_secret_expires_at,
            is_active=is_active,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            consecutive_failures=consecutive_failures,
            created_at=created_at,
        )

        webhook_endpoint_output.additional_properties = d
        return webhook_endpoint_output

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
