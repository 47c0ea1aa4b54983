from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.type_enum import TypeEnum

T = TypeVar("T", bound="RuleOptionOutput")


@_attrs_define
class RuleOptionOutput:
    """
    Attributes:
        name (str):
        type_ (TypeEnum): * `integer` - integer
            * `boolean` - boolean
            * `string` - string
            * `pass_cycle` - pass_cycle
        choices (list[str] | None):
        description (str):
    """

    name: str
    type_: TypeEnum
    choices: list[str] | None
    description: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        choices: list[str] | None
        if isinstance(self.choices, list):
            choices = self.choices

        else:
            choices = self.choices

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "type": type_,
                "choices": choices,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = TypeEnum(d.pop("type"))

        def _parse_choices(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                choices_type_0 = cast(list[str], data)

                return choices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        choices = _parse_choices(d.pop("choices"))

        description = d.pop("description")

        rule_option_output = cls(
            name=name,
            type_=type_,
            choices=choices,
            description=description,
        )

        rule_option_output.additional_properties = d
        return rule_option_output

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
