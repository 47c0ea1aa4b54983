from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookAttemptOutput")


@_attrs_define
class WebhookAttemptOutput:
    """
    Attributes:
        number (int):
        started_at (datetime.datetime):
        ok (bool):
        status_code (int | None):
        latency_ms (int):
        error_code (str): timeout, connection_error, http_status, redirect_not_followed, webhook_address_forbidden,
            webhook_url_unresolvable, webhook_url_invalid, or empty.
        error (str):
    """

    number: int
    started_at: datetime.datetime
    ok: bool
    status_code: int | None
    latency_ms: int
    error_code: str
    error: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        started_at = self.started_at.isoformat()

        ok = self.ok

        status_code: int | None
        status_code = self.status_code

        latency_ms = self.latency_ms

        error_code = self.error_code

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "started_at": started_at,
                "ok": ok,
                "status_code": status_code,
                "latency_ms": latency_ms,
                "error_code": error_code,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        ok = d.pop("ok")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        latency_ms = d.pop("latency_ms")

        error_code = d.pop("error_code")

        error = d.pop("error")

        webhook_attempt_output = cls(
            number=number,
            started_at=started_at,
            ok=ok,
            status_code=status_code,
            latency_ms=latency_ms,
            error_code=error_code,
            error=error,
        )

        webhook_attempt_output.additional_properties = d
        return webhook_attempt_output

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
