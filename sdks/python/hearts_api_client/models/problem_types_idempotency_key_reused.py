from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_idempotency_key_reused_status import ProblemTypesIdempotencyKeyReusedStatus
from ..models.problem_types_idempotency_key_reused_title import ProblemTypesIdempotencyKeyReusedTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_idempotency_key_reused_extra import ProblemTypesIdempotencyKeyReusedExtra


T = TypeVar("T", bound="ProblemTypesIdempotencyKeyReused")


@_attrs_define
class ProblemTypesIdempotencyKeyReused:
    """422 Idempotency-Key reused.

    Example:
        {'type': 'https://hearts.example/problems/idempotency-key-reused', 'title': 'Idempotency-Key reused.', 'status':
            422, 'detail': 'This Idempotency-Key was already used for a different request.', 'code':
            'idempotency_key_reused', 'extra': {'key': '7d1c-lead', 'method': 'POST', 'path': '/api/v1/games/{id}/plays/'}}

    Attributes:
        status (ProblemTypesIdempotencyKeyReusedStatus | Unset):
        title (ProblemTypesIdempotencyKeyReusedTitle | Unset):
        extra (ProblemTypesIdempotencyKeyReusedExtra | Unset):
    """

    status: ProblemTypesIdempotencyKeyReusedStatus | Unset = UNSET
    title: ProblemTypesIdempotencyKeyReusedTitle | Unset = UNSET
    extra: ProblemTypesIdempotencyKeyReusedExtra | Unset = UNSET
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
        from ..models.problem_types_idempotency_key_reused_extra import ProblemTypesIdempotencyKeyReusedExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesIdempotencyKeyReusedStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesIdempotencyKeyReusedStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesIdempotencyKeyReusedTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesIdempotencyKeyReusedTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesIdempotencyKeyReusedExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesIdempotencyKeyReusedExtra.from_dict(_extra)

        problem_types_idempotency_key_reused = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_idempotency_key_reused.additional_properties = d
        return problem_types_idempotency_key_reused

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
