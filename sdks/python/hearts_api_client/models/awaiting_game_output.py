from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AwaitingGameOutput")


@_attrs_define
class AwaitingGameOutput:
    """
    Attributes:
        game_id (UUID):
        preset (str):
        seat (int): Your seat, which must act.
        seq (int): The game's last seq.
        since (datetime.datetime | None): When the game last moved (how long it has waited for you).
        turn_limit_s (int | None): The game's time per move, if it has one.
    """

    game_id: UUID
    preset: str
    seat: int
    seq: int
    since: datetime.datetime | None
    turn_limit_s: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        preset = self.preset

        seat = self.seat

        seq = self.seq

        since: None | str
        if isinstance(self.since, datetime.datetime):
            since = self.since.isoformat()
        else:
            since = self.since

        turn_limit_s: int | None
        turn_limit_s = self.turn_limit_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "preset": preset,
                "seat": seat,
                "seq": seq,
                "since": since,
                "turn_limit_s": turn_limit_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        preset = d.pop("preset")

        seat = d.pop("seat")

        seq = d.pop("seq")

        def _parse_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                since_type_0 = datetime.datetime.fromisoformat(data)

                return since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        since = _parse_since(d.pop("since"))

        def _parse_turn_limit_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_limit_s = _parse_turn_limit_s(d.pop("turn_limit_s"))

        awaiting_game_output = cls(
            game_id=game_id,
            preset=preset,
            seat=seat,
            seq=seq,
            since=since,
            turn_limit_s=turn_limit_s,
        )

        awaiting_game_output.additional_properties = d
        return awaiting_game_output

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
