from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_create_input_request_options import GameCreateInputRequestOptions


T = TypeVar("T", bound="GameCreateInputRequest")


@_attrs_define
class GameCreateInputRequest:
    """
    Attributes:
        preset (PresetEnum): * `classic` - classic
            * `five_player` - five_player
            * `six_player` - six_player
            * `three_player` - three_player
            * `two_player` - two_player
            * `two_player_full_deck` - two_player_full_deck
        options (GameCreateInputRequestOptions | Unset): Rule option overrides, validated by the engine (see GET
            rules/presets/ for each option and its choices), e.g. {"target": 50, "moon": "shooter_chooses",
            "hearts_broken_by": "discard"}. Options left out take the preset's value. Unknown options and invalid values are
            a 400 invalid_ruleset naming the field. Example: {'target': 50, 'moon': 'shooter_chooses', 'hearts_broken_by':
            'discard'}.
        take_seat (bool | Unset): Seat the creator at the first seat. Default: True.
        think_delay_ms (int | Unset): Pause before each AI move (for human-paced games). Default: 0.
        turn_limit_s (int | None | Unset): Seconds a human seat may take per move before the AI plays it (null: none);
            up to 14 days for correspondence games.
    """

    preset: PresetEnum
    options: GameCreateInputRequestOptions | Unset = UNSET
    take_seat: bool | Unset = True
    think_delay_ms: int | Unset = 0
    turn_limit_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        take_seat = self.take_seat

        think_delay_ms = self.think_delay_ms

        turn_limit_s: int | None | Unset
        if isinstance(self.turn_limit_s, Unset):
            turn_limit_s = UNSET
        else:
            turn_limit_s = self.turn_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preset": preset,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if take_seat is not UNSET:
            field_dict["take_seat"] = take_seat
        if think_delay_ms is not UNSET:
            field_dict["think_delay_ms"] = think_delay_ms
        if turn_limit_s is not UNSET:
            field_dict["turn_limit_s"] = turn_limit_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_create_input_request_options import GameCreateInputRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        preset = PresetEnum(d.pop("preset"))

        _options = d.pop("options", UNSET)
        options: GameCreateInputRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = GameCreateInputRequestOptions.from_dict(_options)

        take_seat = d.pop("take_seat", UNSET)

        think_delay_ms = d.pop("think_delay_ms", UNSET)

        def _parse_turn_limit_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_limit_s = _parse_turn_limit_s(d.pop("turn_limit_s", UNSET))

        game_create_input_request = cls(
            preset=preset,
            options=options,
            take_seat=take_seat,
            think_delay_ms=think_delay_ms,
            turn_limit_s=turn_limit_s,
        )

        game_create_input_request.additional_properties = d
        return game_create_input_request

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
