from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_invalid_moon_choice_status import ProblemTypesInvalidMoonChoiceStatus
from ..models.problem_types_invalid_moon_choice_title import ProblemTypesInvalidMoonChoiceTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_invalid_moon_choice_extra import ProblemTypesInvalidMoonChoiceExtra


T = TypeVar("T", bound="ProblemTypesInvalidMoonChoice")


@_attrs_define
class ProblemTypesInvalidMoonChoice:
    """422 Rule violation.

    Example:
        {'type': 'https://hearts.example/problems/invalid-moon-choice', 'title': 'Rule violation.', 'status': 422,
            'detail': 'choice must be one of add_to_others, subtract_from_self', 'code': 'invalid_moon_choice', 'extra':
            {'choice': 'nope', 'choices': ['add_to_others', 'subtract_from_self']}}

    Attributes:
        status (ProblemTypesInvalidMoonChoiceStatus | Unset):
        title (ProblemTypesInvalidMoonChoiceTitle | Unset):
        extra (ProblemTypesInvalidMoonChoiceExtra | Unset):
    """

    status: ProblemTypesInvalidMoonChoiceStatus | Unset = UNSET
    title: ProblemTypesInvalidMoonChoiceTitle | Unset = UNSET
    extra: ProblemTypesInvalidMoonChoiceExtra | Unset = UNSET
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
        from ..models.problem_types_invalid_moon_choice_extra import ProblemTypesInvalidMoonChoiceExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesInvalidMoonChoiceStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesInvalidMoonChoiceStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesInvalidMoonChoiceTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesInvalidMoonChoiceTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesInvalidMoonChoiceExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesInvalidMoonChoiceExtra.from_dict(_extra)

        problem_types_invalid_moon_choice = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_invalid_moon_choice.additional_properties = d
        return problem_types_invalid_moon_choice

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
