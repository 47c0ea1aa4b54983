from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.status_enum import StatusEnum

T = TypeVar("T", bound="PlayerGameOutput")


@_attrs_define
class PlayerGameOutput:
    """
    Attributes:
        id (UUID):
        preset (str):
        status (StatusEnum): * `lobby` - lobby
            * `active` - active
            * `finished` - finished
        seat (int):
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        totals (list[int] | None):
        hands_scored (int):
        won (bool | None): null until the game is finished.
    """

    id: UUID
    preset: str
    status: StatusEnum
    seat: int
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    totals: list[int] | None
    hands_scored: int
    won: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        preset = self.preset

        status = self.status.value

        seat = self.seat

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        totals: list[int] | None
        if isinstance(self.totals, list):
            totals = self.totals

        else:
            totals = self.totals

        hands_scored = self.hands_scored

        won: bool | None
        won = self.won

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "preset": preset,
                "status": status,
                "seat": seat,
                "created_at": created_at,
                "finished_at": finished_at,
                "totals": totals,
                "hands_scored": hands_scored,
                "won": won,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        preset = d.pop("preset")

        status = StatusEnum(d.pop("status"))

        seat = d.pop("seat")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_totals(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                totals_type_0 = cast(list[int], data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        totals = _parse_totals(d.pop("totals"))

        hands_scored = d.pop("hands_scored")

        def _parse_won(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        won = _parse_won(d.pop("won"))

        player_game_output = cls(
            id=id,
            preset=preset,
            status=status,
            seat=seat,
            created_at=created_at,
            finished_at=finished_at,
            totals=totals,
            hands_scored=hands_scored,
            won=won,
        )

        player_game_output.additional_properties = d
        return player_game_output

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
