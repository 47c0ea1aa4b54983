from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_invalid_idempotency_key_status import ProblemTypesInvalidIdempotencyKeyStatus
from ..models.problem_types_invalid_idempotency_key_title import ProblemTypesInvalidIdempotencyKeyTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_invalid_idempotency_key_extra import ProblemTypesInvalidIdempotencyKeyExtra


T = TypeVar("T", bound="ProblemTypesInvalidIdempotencyKey")


@_attrs_define
class ProblemTypesInvalidIdempotencyKey:
    """400 Invalid Idempotency-Key.

    Example:
        {'type': 'https://hearts.example/problems/invalid-idempotency-key', 'title': 'Invalid Idempotency-Key.',
            'status': 400, 'detail': 'Idempotency-Key must be 1 to 255 characters.', 'code': 'invalid_idempotency_key',
            'extra': {}}

    Attributes:
        status (ProblemTypesInvalidIdempotencyKeyStatus | Unset):
        title (ProblemTypesInvalidIdempotencyKeyTitle | Unset):
        extra (ProblemTypesInvalidIdempotencyKeyExtra | Unset):
    """

    status: ProblemTypesInvalidIdempotencyKeyStatus | Unset = UNSET
    title: ProblemTypesInvalidIdempotencyKeyTitle | Unset = UNSET
    extra: ProblemTypesInvalidIdempotencyKeyExtra | Unset = UNSET
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
        from ..models.problem_types_invalid_idempotency_key_extra import ProblemTypesInvalidIdempotencyKeyExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesInvalidIdempotencyKeyStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesInvalidIdempotencyKeyStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesInvalidIdempotencyKeyTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesInvalidIdempotencyKeyTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesInvalidIdempotencyKeyExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesInvalidIdempotencyKeyExtra.from_dict(_extra)

        problem_types_invalid_idempotency_key = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_invalid_idempotency_key.additional_properties = d
        return problem_types_invalid_idempotency_key

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
