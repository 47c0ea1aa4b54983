from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BotRegisterInputRequest")


@_attrs_define
class BotRegisterInputRequest:
    """
    Attributes:
        name (str): The bot's account name (unique among players and bots): letters, digits and @/./+/-/_ only.
        description (str | Unset):  Default: ''.
        open_to_all (bool | Unset): Whether other players may seat it at their tables (you always may). Default: True.
    """

    name: str
    description: str | Unset = ""
    open_to_all: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        open_to_all = self.open_to_all

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if open_to_all is not UNSET:
            field_dict["open_to_all"] = open_to_all

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description", UNSET)

        open_to_all = d.pop("open_to_all", UNSET)

        bot_register_input_request = cls(
            name=name,
            description=description,
            open_to_all=open_to_all,
        )

        bot_register_input_request.additional_properties = d
        return bot_register_input_request

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
