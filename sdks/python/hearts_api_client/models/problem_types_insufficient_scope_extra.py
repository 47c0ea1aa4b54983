from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProblemTypesInsufficientScopeExtra")


@_attrs_define
class ProblemTypesInsufficientScopeExtra:
    """
    Attributes:
        required_scopes (Any): every scope the operation needs
        granted_scopes (Any): the scopes of the access token sent
    """

    required_scopes: Any
    granted_scopes: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        required_scopes = self.required_scopes

        granted_scopes = self.granted_scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "required_scopes": required_scopes,
                "granted_scopes": granted_scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required_scopes = d.pop("required_scopes")

        granted_scopes = d.pop("granted_scopes")

        problem_types_insufficient_scope_extra = cls(
            required_scopes=required_scopes,
            granted_scopes=granted_scopes,
        )

        problem_types_insufficient_scope_extra.additional_properties = d
        return problem_types_insufficient_scope_extra

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
