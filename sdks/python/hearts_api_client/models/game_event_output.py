from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_actor_output import EventActorOutput
    from ..models.game_event_output_payload import GameEventOutputPayload


T = TypeVar("T", bound="GameEventOutput")


@_attrs_define
class GameEventOutput:
    """
    Attributes:
        seq (int):
        type_ (str):
        created_at (datetime.datetime):
        actor (EventActorOutput): Who caused an event: a kind and a seat (the seat's display name names the player).
        payload (GameEventOutputPayload): Redacted for the caller by the engine.
    """

    seq: int
    type_: str
    created_at: datetime.datetime
    actor: EventActorOutput
    payload: GameEventOutputPayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        created_at = self.created_at.isoformat()

        actor = self.actor.to_dict()

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "created_at": created_at,
                "actor": actor,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_actor_output import EventActorOutput  # noqa: PLC0415
        from ..models.game_event_output_payload import GameEventOutputPayload  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        actor = EventActorOutput.from_dict(d.pop("actor"))

        payload = GameEventOutputPayload.from_dict(d.pop("payload"))

        game_event_output = cls(
            seq=seq,
            type_=type_,
            created_at=created_at,
            actor=actor,
            payload=payload,
        )

        game_event_output.additional_properties = d
        return game_event_output

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
