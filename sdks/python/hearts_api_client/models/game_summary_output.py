from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.status_enum import StatusEnum

if TYPE_CHECKING:
    from ..models.seat_output import SeatOutput


T = TypeVar("T", bound="GameSummaryOutput")


@_attrs_define
class GameSummaryOutput:
    """
    Attributes:
        id (UUID):
        preset (str):
        status (StatusEnum): * `lobby` - lobby
            * `active` - active
            * `finished` - finished
        seq (int):
        creator (None | str): The creator's public name (their seat's display name).
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        to_act (list[int]):
        seats (list[SeatOutput]):
        free_seats (int):
    """

    id: UUID
    preset: str
    status: StatusEnum
    seq: int
    creator: None | str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    to_act: list[int]
    seats: list[SeatOutput]
    free_seats: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        preset = self.preset

        status = self.status.value

        seq = self.seq

        creator: None | str
        creator = self.creator

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        to_act = self.to_act

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        free_seats = self.free_seats

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "preset": preset,
                "status": status,
                "seq": seq,
                "creator": creator,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "to_act": to_act,
                "seats": seats,
                "free_seats": free_seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_output import SeatOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        preset = d.pop("preset")

        status = StatusEnum(d.pop("status"))

        seq = d.pop("seq")

        def _parse_creator(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        creator = _parse_creator(d.pop("creator"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        to_act = cast(list[int], d.pop("to_act"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatOutput.from_dict(seats_item_data)

            seats.append(seats_item)

        free_seats = d.pop("free_seats")

        game_summary_output = cls(
            id=id,
            preset=preset,
            status=status,
            seq=seq,
            creator=creator,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            to_act=to_act,
            seats=seats,
            free_seats=free_seats,
        )

        game_summary_output.additional_properties = d
        return game_summary_output

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
