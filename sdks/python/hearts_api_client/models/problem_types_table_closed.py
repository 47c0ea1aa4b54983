from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_table_closed_status import ProblemTypesTableClosedStatus
from ..models.problem_types_table_closed_title import ProblemTypesTableClosedTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_table_closed_extra import ProblemTypesTableClosedExtra


T = TypeVar("T", bound="ProblemTypesTableClosed")


@_attrs_define
class ProblemTypesTableClosed:
    """409 Conflict.

    Example:
        {'type': 'https://hearts.example/problems/table-closed', 'title': 'Conflict.', 'status': 409, 'detail': 'This
            table is no longer open.', 'code': 'table_closed', 'extra': {'status': 'started', 'game_id':
            '7f3e2a10-9b1c-4d2e-8f00-1a2b3c4d5e6f'}}

    Attributes:
        status (ProblemTypesTableClosedStatus | Unset):
        title (ProblemTypesTableClosedTitle | Unset):
        extra (ProblemTypesTableClosedExtra | Unset):
    """

    status: ProblemTypesTableClosedStatus | Unset = UNSET
    title: ProblemTypesTableClosedTitle | Unset = UNSET
    extra: ProblemTypesTableClosedExtra | Unset = UNSET
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
        from ..models.problem_types_table_closed_extra import ProblemTypesTableClosedExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesTableClosedStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesTableClosedStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesTableClosedTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesTableClosedTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesTableClosedExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesTableClosedExtra.from_dict(_extra)

        problem_types_table_closed = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_table_closed.additional_properties = d
        return problem_types_table_closed

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
