from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_event_output import GameEventOutput


T = TypeVar("T", bound="SyncEventsPageOutput")


@_attrs_define
class SyncEventsPageOutput:
    """
    Attributes:
        events (list[GameEventOutput]): Consecutive events after `after`, redacted for the caller.
        next_after (int): Seq of the last event in this page (= `after` when empty): the next `after`.
        has_more (bool): More events are stored after `next_after`.
        last_seq (int): Seq of the game's last stored event.
    """

    events: list[GameEventOutput]
    next_after: int
    has_more: bool
    last_seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_after = self.next_after

        has_more = self.has_more

        last_seq = self.last_seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "next_after": next_after,
                "has_more": has_more,
                "last_seq": last_seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_event_output import GameEventOutput  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = GameEventOutput.from_dict(events_item_data)

            events.append(events_item)

        next_after = d.pop("next_after")

        has_more = d.pop("has_more")

        last_seq = d.pop("last_seq")

        sync_events_page_output = cls(
            events=events,
            next_after=next_after,
            has_more=has_more,
            last_seq=last_seq,
        )

        sync_events_page_output.additional_properties = d
        return sync_events_page_output

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
