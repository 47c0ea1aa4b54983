from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProblemTypesTooManyStreamsExtra")


@_attrs_define
class ProblemTypesTooManyStreamsExtra:
    """
    Attributes:
        limit (Any): the open streams a user may hold
        retry_after_s (Any): seconds to wait (= Retry-After) if none of yours closes
    """

    limit: Any
    retry_after_s: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        retry_after_s = self.retry_after_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "limit": limit,
                "retry_after_s": retry_after_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        limit = d.pop("limit")

        retry_after_s = d.pop("retry_after_s")

        problem_types_too_many_streams_extra = cls(
            limit=limit,
            retry_after_s=retry_after_s,
        )

        problem_types_too_many_streams_extra.additional_properties = d
        return problem_types_too_many_streams_extra

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
