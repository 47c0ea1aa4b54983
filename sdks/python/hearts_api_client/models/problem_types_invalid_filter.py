from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_invalid_filter_status import ProblemTypesInvalidFilterStatus
from ..models.problem_types_invalid_filter_title import ProblemTypesInvalidFilterTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_invalid_filter_extra import ProblemTypesInvalidFilterExtra


T = TypeVar("T", bound="ProblemTypesInvalidFilter")


@_attrs_define
class ProblemTypesInvalidFilter:
    """400 Bad request.

    Example:
        {'type': 'https://hearts.example/problems/invalid-filter', 'title': 'Bad request.', 'status': 400, 'detail':
            'Invalid query parameter: limit.', 'code': 'invalid_filter', 'extra': {'errors': {'limit': ['A valid integer is
            required.']}}}

    Attributes:
        status (ProblemTypesInvalidFilterStatus | Unset):
        title (ProblemTypesInvalidFilterTitle | Unset):
        extra (ProblemTypesInvalidFilterExtra | Unset):
    """

    status: ProblemTypesInvalidFilterStatus | Unset = UNSET
    title: ProblemTypesInvalidFilterTitle | Unset = UNSET
    extra: ProblemTypesInvalidFilterExtra | Unset = UNSET
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
        from ..models.problem_types_invalid_filter_extra import ProblemTypesInvalidFilterExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesInvalidFilterStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesInvalidFilterStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesInvalidFilterTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesInvalidFilterTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesInvalidFilterExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesInvalidFilterExtra.from_dict(_extra)

        problem_types_invalid_filter = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_invalid_filter.additional_properties = d
        return problem_types_invalid_filter

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
