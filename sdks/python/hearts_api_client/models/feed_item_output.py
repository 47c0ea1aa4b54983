from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_event_output import GameEventOutput


T = TypeVar("T", bound="FeedItemOutput")


@_attrs_define
class FeedItemOutput:
    """
    Attributes:
        position (int): Position in your feed (the cursor).
        game_id (UUID):
        seat (int | None): Your seat in that game.
        event (GameEventOutput):
    """

    position: int
    game_id: UUID
    seat: int | None
    event: GameEventOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        game_id = str(self.game_id)

        seat: int | None
        seat = self.seat

        event = self.event.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "position": position,
                "game_id": game_id,
                "seat": seat,
                "event": event,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_event_output import GameEventOutput  # noqa: PLC0415

        d = dict(src_dict)
        position = d.pop("position")

        game_id = UUID(d.pop("game_id"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        event = GameEventOutput.from_dict(d.pop("event"))

        feed_item_output = cls(
            position=position,
            game_id=game_id,
            seat=seat,
            event=event,
        )

        feed_item_output.additional_properties = d
        return feed_item_output

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
