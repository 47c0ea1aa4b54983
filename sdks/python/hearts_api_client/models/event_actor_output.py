from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_actor_output_kind_enum import EventActorOutputKindEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="EventActorOutput")


@_attrs_define
class EventActorOutput:
    """Who caused an event: a kind and a seat (the seat's display name names the player).

    Attributes:
        kind (EventActorOutputKindEnum): * `player` - player
            * `ai` - ai
            * `system` - system
        seat (int | None): The seat that acted, if any.
        player (int | None | Unset): Only in the log export, for staff: the stored account id. Absent everywhere else:
            players are known by their seats' display names.
        player_pseudonym (None | str | Unset): Only in the log export of a chain v2 game: the acting player's per-game
            pseudonym (`p_` + 24 hex digits; null when no player acted), the form the hash covers.
    """

    kind: EventActorOutputKindEnum
    seat: int | None
    player: int | None | Unset = UNSET
    player_pseudonym: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        seat: int | None
        seat = self.seat

        player: int | None | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        player_pseudonym: None | str | Unset
        if isinstance(self.player_pseudonym, Unset):
            player_pseudonym = UNSET
        else:
            player_pseudonym = self.player_pseudonym

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if player_pseudonym is not UNSET:
            field_dict["player_pseudonym"] = player_pseudonym

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = EventActorOutputKindEnum(d.pop("kind"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_player(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        def _parse_player_pseudonym(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player_pseudonym = _parse_player_pseudonym(d.pop("player_pseudonym", UNSET))

        event_actor_output = cls(
            kind=kind,
            seat=seat,
            player=player,
            player_pseudonym=player_pseudonym,
        )

        event_actor_output.additional_properties = d
        return event_actor_output

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
