from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preset_output_rules import PresetOutputRules


T = TypeVar("T", bound="PresetOutput")


@_attrs_define
class PresetOutput:
    """
    Attributes:
        key (str):
        rules (PresetOutputRules):
    """

    key: str
    rules: PresetOutputRules
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preset_output_rules import PresetOutputRules  # noqa: PLC0415

        d = dict(src_dict)
        key = d.pop("key")

        rules = PresetOutputRules.from_dict(d.pop("rules"))

        preset_output = cls(
            key=key,
            rules=rules,
        )

        preset_output.additional_properties = d
        return preset_output

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
