from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_event_output import GameEventOutput
    from ..models.game_view_output import GameViewOutput


T = TypeVar("T", bound="CommandResultOutput")


@_attrs_define
class CommandResultOutput:
    """
    Attributes:
        game_id (UUID):
        seq (int): The game's seq after the command.
        events (list[GameEventOutput]): The events the command appended.
        game (GameViewOutput | Unset):
    """

    game_id: UUID
    seq: int
    events: list[GameEventOutput]
    game: GameViewOutput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        seq = self.seq

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        game: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game, Unset):
            game = self.game.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "seq": seq,
                "events": events,
            }
        )
        if game is not UNSET:
            field_dict["game"] = game

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_event_output import GameEventOutput  # noqa: PLC0415
        from ..models.game_view_output import GameViewOutput  # noqa: PLC0415

        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        seq = d.pop("seq")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = GameEventOutput.from_dict(events_item_data)

            events.append(events_item)

        _game = d.pop("game", UNSET)
        game: GameViewOutput | Unset
        if isinstance(_game, Unset):
            game = UNSET
        else:
            game = GameViewOutput.from_dict(_game)

        command_result_output = cls(
            game_id=game_id,
            seq=seq,
            events=events,
            game=game,
        )

        command_result_output.additional_properties = d
        return command_result_output

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
