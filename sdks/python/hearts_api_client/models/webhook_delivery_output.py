from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status_enum import WebhookDeliveryStatusEnum

if TYPE_CHECKING:
    from ..models.notification_output import NotificationOutput
    from ..models.webhook_attempt_output import WebhookAttemptOutput


T = TypeVar("T", bound="WebhookDeliveryOutput")


@_attrs_define
class WebhookDeliveryOutput:
    """
    Attributes:
        id (UUID):
        endpoint_id (UUID):
        event (NotificationOutput):
        status (WebhookDeliveryStatusEnum): * `pending` - Pending
            * `succeeded` - Succeeded
            * `failed` - Failed (attempts exhausted or endpoint disabled)
        attempts (int):
        attempt_limit (int):
        next_attempt_at (datetime.datetime | None):
        last_status_code (int | None):
        last_error (str):
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        tries (list[WebhookAttemptOutput]):
    """

    id: UUID
    endpoint_id: UUID
    event: NotificationOutput
    status: WebhookDeliveryStatusEnum
    attempts: int
    attempt_limit: int
    next_attempt_at: datetime.datetime | None
    last_status_code: int | None
    last_error: str
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    tries: list[WebhookAttemptOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint_id = str(self.endpoint_id)

        event = self.event.to_dict()

        status = self.status.value

        attempts = self.attempts

        attempt_limit = self.attempt_limit

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error = self.last_error

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        tries = []
        for tries_item_data in self.tries:
            tries_item = tries_item_data.to_dict()
            tries.append(tries_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpoint_id": endpoint_id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "attempt_limit": attempt_limit,
                "next_attempt_at": next_attempt_at,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "created_at": created_at,
                "finished_at": finished_at,
                "tries": tries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_output import NotificationOutput  # noqa: PLC0415
        from ..models.webhook_attempt_output import WebhookAttemptOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        endpoint_id = UUID(d.pop("endpoint_id"))

        event = NotificationOutput.from_dict(d.pop("event"))

        status = WebhookDeliveryStatusEnum(d.pop("status"))

        attempts = d.pop("attempts")

        attempt_limit = d.pop("attempt_limit")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        last_error = d.pop("last_error")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        tries = []
        _tries = d.pop("tries")
        for tries_item_data in _tries:
            tries_item = WebhookAttemptOutput.from_dict(tries_item_data)

            tries.append(tries_item)

        webhook_delivery_output = cls(
            id=id,
            endpoint_id=endpoint_id,
            event=event,
            status=status,
            attempts=attempts,
            attempt_limit=attempt_limit,
            next_attempt_at=next_attempt_at,
            last_status_code=last_status_code,
            last_error=last_error,
            created_at=created_at,
            finished_at=finished_at,
            tries=tries,
        )

        webhook_delivery_output.additional_properties = d
        return webhook_delivery_output

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
