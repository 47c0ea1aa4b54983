from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_too_many_streams_status import ProblemTypesTooManyStreamsStatus
from ..models.problem_types_too_many_streams_title import ProblemTypesTooManyStreamsTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_too_many_streams_extra import ProblemTypesTooManyStreamsExtra


T = TypeVar("T", bound="ProblemTypesTooManyStreams")


@_attrs_define
class ProblemTypesTooManyStreams:
    """429 Too many open streams.

    Example:
        {'type': 'https://hearts.example/problems/too-many-streams', 'title': 'Too many open streams.', 'status': 429,
            'detail': 'You have too many live streams open; close one first.', 'code': 'too_many_streams', 'extra':
            {'limit': 20, 'retry_after_s': 15}}

    Attributes:
        status (ProblemTypesTooManyStreamsStatus | Unset):
        title (ProblemTypesTooManyStreamsTitle | Unset):
        extra (ProblemTypesTooManyStreamsExtra | Unset):
    """

    status: ProblemTypesTooManyStreamsStatus | Unset = UNSET
    title: ProblemTypesTooManyStreamsTitle | Unset = UNSET
    extra: ProblemTypesTooManyStreamsExtra | Unset = UNSET
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
        from ..models.problem_types_too_many_streams_extra import ProblemTypesTooManyStreamsExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesTooManyStreamsStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesTooManyStreamsStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesTooManyStreamsTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesTooManyStreamsTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesTooManyStreamsExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesTooManyStreamsExtra.from_dict(_extra)

        problem_types_too_many_streams = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_too_many_streams.additional_properties = d
        return problem_types_too_many_streams

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
