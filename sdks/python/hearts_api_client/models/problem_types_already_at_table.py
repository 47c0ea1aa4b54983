from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_already_at_table_status import ProblemTypesAlreadyAtTableStatus
from ..models.problem_types_already_at_table_title import ProblemTypesAlreadyAtTableTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_already_at_table_extra import ProblemTypesAlreadyAtTableExtra


T = TypeVar("T", bound="ProblemTypesAlreadyAtTable")


@_attrs_define
class ProblemTypesAlreadyAtTable:
    """409 Conflict.

    Example:
        {'type': 'https://hearts.example/problems/already-at-table', 'title': 'Conflict.', 'status': 409, 'detail': 'You
            have already joined this table.', 'code': 'already_at_table', 'extra': {'position': 0}}

    Attributes:
        status (ProblemTypesAlreadyAtTableStatus | Unset):
        title (ProblemTypesAlreadyAtTableTitle | Unset):
        extra (ProblemTypesAlreadyAtTableExtra | Unset):
    """

    status: ProblemTypesAlreadyAtTableStatus | Unset = UNSET
    title: ProblemTypesAlreadyAtTableTitle | Unset = UNSET
    extra: ProblemTypesAlreadyAtTableExtra | Unset = UNSET
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
        from ..models.problem_types_already_at_table_extra import ProblemTypesAlreadyAtTableExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesAlreadyAtTableStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesAlreadyAtTableStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesAlreadyAtTableTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesAlreadyAtTableTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesAlreadyAtTableExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesAlreadyAtTableExtra.from_dict(_extra)

        problem_types_already_at_table = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_already_at_table.additional_properties = d
        return problem_types_already_at_table

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
