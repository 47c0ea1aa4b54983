from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookRotateInputRequest")


@_attrs_define
class WebhookRotateInputRequest:
    """
    Attributes:
        grace_s (int | Unset): How long the old secret keeps signing too (default a day; 0: stop at once).
    """

    grace_s: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grace_s = self.grace_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if grace_s is not UNSET:
            field_dict["grace_s"] = grace_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grace_s = d.pop("grace_s", UNSET)

        webhook_rotate_input_request = cls(
            grace_s=grace_s,
        )

        webhook_rotate_input_request.additional_properties = d
        return webhook_rotate_input_request

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
