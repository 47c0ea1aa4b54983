from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preset_output import PresetOutput
    from ..models.rule_option_output import RuleOptionOutput


T = TypeVar("T", bound="RulesCatalogOutput")


@_attrs_define
class RulesCatalogOutput:
    """
    Attributes:
        presets (list[PresetOutput]):
        options (list[RuleOptionOutput]):
        ai_levels (list[str]):
    """

    presets: list[PresetOutput]
    options: list[RuleOptionOutput]
    ai_levels: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        ai_levels = self.ai_levels

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "presets": presets,
                "options": options,
                "ai_levels": ai_levels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preset_output import PresetOutput  # noqa: PLC0415
        from ..models.rule_option_output import RuleOptionOutput  # noqa: PLC0415

        d = dict(src_dict)
        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = PresetOutput.from_dict(presets_item_data)

            presets.append(presets_item)

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = RuleOptionOutput.from_dict(options_item_data)

            options.append(options_item)

        ai_levels = cast(list[str], d.pop("ai_levels"))

        rules_catalog_output = cls(
            presets=presets,
            options=options,
            ai_levels=ai_levels,
        )

        rules_catalog_output.additional_properties = d
        return rules_catalog_output

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
