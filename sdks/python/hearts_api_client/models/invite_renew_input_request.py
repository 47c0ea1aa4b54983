from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteRenewInputRequest")


@_attrs_define
class InviteRenewInputRequest:
    """
    Attributes:
        invite_ttl_s (int | None | Unset):
    """

    invite_ttl_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        invite_ttl_s: int | None | Unset
        if isinstance(self.invite_ttl_s, Unset):
            invite_ttl_s = UNSET
        else:
            invite_ttl_s = self.invite_ttl_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if invite_ttl_s is not UNSET:
            field_dict["invite_ttl_s"] = invite_ttl_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_invite_ttl_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        invite_ttl_s = _parse_invite_ttl_s(d.pop("invite_ttl_s", UNSET))

        invite_renew_input_request = cls(
            invite_ttl_s=invite_ttl_s,
        )

        invite_renew_input_request.additional_properties = d
        return invite_renew_input_request

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
