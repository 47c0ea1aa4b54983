from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ai_level_enum import AiLevelEnum
from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.queue_join_input_request_options import QueueJoinInputRequestOptions


T = TypeVar("T", bound="QueueJoinInputRequest")


@_attrs_define
class QueueJoinInputRequest:
    """
    Attributes:
        preset (PresetEnum): * `classic` - classic
            * `five_player` - five_player
            * `six_player` - six_player
            * `three_player` - three_player
            * `two_player` - two_player
            * `two_player_full_deck` - two_player_full_deck
        options (QueueJoinInputRequestOptions | Unset): Rule option overrides, validated by the engine (see GET
            rules/presets/). Players are matched only with players who asked for the same resolved rules. Example:
            {'target': 50, 'moon': 'shooter_chooses', 'hearts_broken_by': 'discard'}.
        ai_fill (bool | Unset): Fill the seats nobody took with AI players after `ai_fill_after_s`; false: wait for a
            table of humans only. Default: True.
        ai_level (AiLevelEnum | Unset): * `random` - random
            * `heuristic` - heuristic
            * `expert` - expert
            * `master` - master Default: AiLevelEnum.HEURISTIC.
        ai_fill_after_s (int | None | Unset): Seconds to wait for humans before AI seats fill the table (null: the
            server's default, MATCHMAKING_AI_FILL_AFTER_S, 20 s).
        max_rating_gap (int | None | Unset): Once ratings exist: never sit with a player whose rating differs by more
            than this (the window otherwise widens with waiting time).
        allow_bots (bool | Unset): Accept bot accounts (programs of other players, shown as bots) at your table. Off by
            default: without it you are never matched with a bot. A bot's own ticket sits only with humans who allow bots.
            Default: False.
    """

    preset: PresetEnum
    options: QueueJoinInputRequestOptions | Unset = UNSET
    ai_fill: bool | Unset = True
    ai_level: AiLevelEnum | Unset = AiLevelEnum.HEURISTIC
    ai_fill_after_s: int | None | Unset = UNSET
    max_rating_gap: int | None | Unset = UNSET
    allow_bots: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        ai_fill = self.ai_fill

        ai_level: str | Unset = UNSET
        if not isinstance(self.ai_level, Unset):
            ai_level = self.ai_level.value

        ai_fill_after_s: int | None | Unset
        if isinstance(self.ai_fill_after_s, Unset):
            ai_fill_after_s = UNSET
        else:
            ai_fill_after_s = self.ai_fill_after_s

        max_rating_gap: int | None | Unset
        if isinstance(self.max_rating_gap, Unset):
            max_rating_gap = UNSET
        else:
            max_rating_gap = self.max_rating_gap

        allow_bots = self.allow_bots

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preset": preset,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if ai_fill is not UNSET:
            field_dict["ai_fill"] = ai_fill
        if ai_level is not UNSET:
            field_dict["ai_level"] = ai_level
        if ai_fill_after_s is not UNSET:
            field_dict["ai_fill_after_s"] = ai_fill_after_s
        if max_rating_gap is not UNSET:
            field_dict["max_rating_gap"] = max_rating_gap
        if allow_bots is not UNSET:
            field_dict["allow_bots"] = allow_bots

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.queue_join_input_request_options import QueueJoinInputRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        preset = PresetEnum(d.pop("preset"))

        _options = d.pop("options", UNSET)
        options: QueueJoinInputRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = QueueJoinInputRequestOptions.from_dict(_options)

        ai_fill = d.pop("ai_fill", UNSET)

        _ai_level = d.pop("ai_level", UNSET)
        ai_level: AiLevelEnum | Unset
        if isinstance(_ai_level, Unset):
            ai_level = UNSET
        else:
            ai_level = AiLevelEnum(_ai_level)

        def _parse_ai_fill_after_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ai_fill_after_s = _parse_ai_fill_after_s(d.pop("ai_fill_after_s", UNSET))

        def _parse_max_rating_gap(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_rating_gap = _parse_max_rating_gap(d.pop("max_rating_gap", UNSET))

        allow_bots = d.pop("allow_bots", UNSET)

        queue_join_input_request = cls(
            preset=preset,
            options=options,
            ai_fill=ai_fill,
            ai_level=ai_level,
            ai_fill_after_s=ai_fill_after_s,
            max_rating_gap=max_rating_gap,
            allow_bots=allow_bots,
        )

        queue_join_input_request.additional_properties = d
        return queue_join_input_request

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
