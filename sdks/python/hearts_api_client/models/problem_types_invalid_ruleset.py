from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_invalid_ruleset_status import ProblemTypesInvalidRulesetStatus
from ..models.problem_types_invalid_ruleset_title import ProblemTypesInvalidRulesetTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_invalid_ruleset_extra import ProblemTypesInvalidRulesetExtra


T = TypeVar("T", bound="ProblemTypesInvalidRuleset")


@_attrs_define
class ProblemTypesInvalidRuleset:
    """400 Invalid game options.

    Example:
        {'type': 'https://hearts.example/problems/invalid-ruleset', 'title': 'Invalid game options.', 'status': 400,
            'detail': 'must be a positive int', 'code': 'invalid_ruleset', 'extra': {'field': 'target', 'message': 'must be
            a positive int'}}

    Attributes:
        status (ProblemTypesInvalidRulesetStatus | Unset):
        title (ProblemTypesInvalidRulesetTitle | Unset):
        extra (ProblemTypesInvalidRulesetExtra | Unset):
    """

    status: ProblemTypesInvalidRulesetStatus | Unset = UNSET
    title: ProblemTypesInvalidRulesetTitle | Unset = UNSET
    extra: ProblemTypesInvalidRulesetExtra | Unset = UNSET
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
        from ..models.problem_types_invalid_ruleset_extra import ProblemTypesInvalidRulesetExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesInvalidRulesetStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesInvalidRulesetStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesInvalidRulesetTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesInvalidRulesetTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesInvalidRulesetExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesInvalidRulesetExtra.from_dict(_extra)

        problem_types_invalid_ruleset = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_invalid_ruleset.additional_properties = d
        return problem_types_invalid_ruleset

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
