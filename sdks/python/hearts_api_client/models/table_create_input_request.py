from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ai_level_enum import AiLevelEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table_create_input_request_options import TableCreateInputRequestOptions


T = TypeVar("T", bound="TableCreateInputRequest")


@_attrs_define
class TableCreateInputRequest:
    """
    Attributes:
        preset (PresetEnum): * `classic` - classic
            * `five_player` - five_player
            * `six_player` - six_player
            * `three_player` - three_player
            * `two_player` - two_player
            * `two_player_full_deck` - two_player_full_deck
        options (TableCreateInputRequestOptions | Unset): Rule option overrides. Example: {'target': 50, 'moon':
            'shooter_chooses', 'hearts_broken_by': 'discard'}.
        ai_level (AiLevelEnum | Unset): * `random` - random
            * `heuristic` - heuristic
            * `expert` - expert
            * `master` - master Default: AiLevelEnum.HEURISTIC.
        invite_ttl_s (int | None | Unset): Seconds the invite code is valid (null: MATCHMAKING_INVITE_TTL_S, a day).
    """

    preset: PresetEnum
    options: TableCreateInputRequestOptions | Unset = UNSET
    ai_level: AiLevelEnum | Unset = AiLevelEnum.HEURISTIC
    invite_ttl_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        ai_level: str | Unset = UNSET
        if not isinstance(self.ai_level, Unset):
            ai_level = self.ai_level.value

        invite_ttl_s: int | None | Unset
        if isinstance(self.invite_ttl_s, Unset):
            invite_ttl_s = UNSET
        else:
            invite_ttl_s = self.invite_ttl_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preset": preset,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if ai_level is not UNSET:
            field_dict["ai_level"] = ai_level
        if invite_ttl_s is not UNSET:
            field_dict["invite_ttl_s"] = invite_ttl_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_create_input_request_options import TableCreateInputRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        preset = PresetEnum(d.pop("preset"))

        _options = d.pop("options", UNSET)
        options: TableCreateInputRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = TableCreateInputRequestOptions.from_dict(_options)

        _ai_level = d.pop("ai_level", UNSET)
        ai_level: AiLevelEnum | Unset
        if isinstance(_ai_level, Unset):
            ai_level = UNSET
        else:
            ai_level = AiLevelEnum(_ai_level)

        def _parse_invite_ttl_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        invite_ttl_s = _parse_invite_ttl_s(d.pop("invite_ttl_s", UNSET))

        table_create_input_request = cls(
            preset=preset,
            options=options,
            ai_level=ai_level,
            invite_ttl_s=invite_ttl_s,
        )

        table_create_input_request.additional_properties = d
        return table_create_input_request

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
