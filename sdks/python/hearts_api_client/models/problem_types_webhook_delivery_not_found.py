from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_webhook_delivery_not_found_status import ProblemTypesWebhookDeliveryNotFoundStatus
from ..models.problem_types_webhook_delivery_not_found_title import ProblemTypesWebhookDeliveryNotFoundTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_webhook_delivery_not_found_extra import ProblemTypesWebhookDeliveryNotFoundExtra


T = TypeVar("T", bound="ProblemTypesWebhookDeliveryNotFound")


@_attrs_define
class ProblemTypesWebhookDeliveryNotFound:
    """404 Not found.

    Example:
        {'type': 'https://hearts.example/problems/webhook-delivery-not-found', 'title': 'Not found.', 'status': 404,
            'detail': 'No such webhook delivery.', 'code': 'webhook_delivery_not_found', 'extra': {'delivery_id':
            '00000000-0000-4000-8000-000000000000'}}

    Attributes:
        status (ProblemTypesWebhookDeliveryNotFoundStatus | Unset):
        title (ProblemTypesWebhookDeliveryNotFoundTitle | Unset):
        extra (ProblemTypesWebhookDeliveryNotFoundExtra | Unset):
    """

    status: ProblemTypesWebhookDeliveryNotFoundStatus | Unset = UNSET
    title: ProblemTypesWebhookDeliveryNotFoundTitle | Unset = UNSET
    extra: ProblemTypesWebhookDeliveryNotFoundExtra | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: int | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        title: str | Unset = UNSET
        if not isinstance(self.title, Unset):
            title = self.title.value

        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if title is not UNSET:
            field_dict["title"] = title
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_types_webhook_delivery_not_found_extra import ProblemTypesWebhookDeliveryNotFoundExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesWebhookDeliveryNotFoundStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesWebhookDeliveryNotFoundStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesWebhookDeliveryNotFoundTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesWebhookDeliveryNotFoundTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesWebhookDeliveryNotFoundExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesWebhookDeliveryNotFoundExtra.from_dict(_extra)

        problem_types_webhook_delivery_not_found = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_webhook_delivery_not_found.additional_properties = d
        return problem_types_webhook_delivery_not_found

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
