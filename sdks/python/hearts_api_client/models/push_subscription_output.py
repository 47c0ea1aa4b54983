from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PushSubscriptionOutput")


@_attrs_define
class PushSubscriptionOutput:
    """
    Attributes:
        id (UUID):
        endpoint (str):
        created_at (datetime.datetime):
        last_sent_at (datetime.datetime | None):
        last_status_code (int | None):
    """

    id: UUID
    endpoint: str
    created_at: datetime.datetime
    last_sent_at: datetime.datetime | None
    last_status_code: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint = self.endpoint

        created_at = self.created_at.isoformat()

        last_sent_at: None | str
        if isinstance(self.last_sent_at, datetime.datetime):
            last_sent_at = self.last_sent_at.isoformat()
        else:
            last_sent_at = self.last_sent_at

        last_status_code: int | None
        last_status_code = self.last_status_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpoint": endpoint,
                "created_at": created_at,
                "last_sent_at": last_sent_at,
                "last_status_code": last_status_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        endpoint = d.pop("endpoint")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_sent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_sent_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_sent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_sent_at = _parse_last_sent_at(d.pop("last_sent_at"))

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        push_subscription_output = cls(
            id=id,
            endpoint=endpoint,
            created_at=created_at,
            last_sent_at=last_sent_at,
            last_status_code=last_status_code,
        )

        push_subscription_output.additional_properties = d
        return push_subscription_output

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
