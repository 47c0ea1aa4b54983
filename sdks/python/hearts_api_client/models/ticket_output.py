from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_status_enum import TicketStatusEnum

if TYPE_CHECKING:
    from ..models.history_entry_output import HistoryEntryOutput
    from ..models.ticket_output_options import TicketOutputOptions


T = TypeVar("T", bound="TicketOutput")


@_attrs_define
class TicketOutput:
    """
    Attributes:
        game_id (None | UUID): The game you are seated in, once there is one.
        game_url (None | str): The game's API resource.
        play_url (None | str): The game in the web client.
        id (UUID):
        status (TicketStatusEnum): * `waiting` - waiting
            * `matched` - matched
            * `cancelled` - cancelled
        preset (str):
        options (TicketOutputOptions):
        seats (int): The table size of the preset.
        ai_fill (bool):
        ai_level (str):
        ai_fill_after_s (int):
        ai_fill_at (datetime.datetime | None): While waiting with ai_fill: when AI seats fill the table.
        max_rating_gap (int | None):
        allow_bots (bool): Bot accounts may sit at your table.
        is_bot (bool): The ticket is a bot account's.
        rating (float | None): Your rating when you queued.
        queued_at (datetime.datetime):
        updated_at (datetime.datetime):
        waited_s (float): Seconds waited (until matched or cancelled).
        waiting_in_pool (int): Players waiting for the same rules now (you included); 0 once not waiting.
        seat (int | None): Your seat once matched.
        history (list[HistoryEntryOutput]): Append-only: queued, matched (game, seat), cancelled.
    """

    game_id: None | UUID
    game_url: None | str
    play_url: None | str
    id: UUID
    status: TicketStatusEnum
    preset: str
    options: TicketOutputOptions
    seats: int
    ai_fill: bool
    ai_level: str
    ai_fill_after_s: int
    ai_fill_at: datetime.datetime | None
    max_rating_gap: int | None
    allow_bots: bool
    is_bot: bool
    rating: float | None
    queued_at: datetime.datetime
    updated_at: datetime.datetime
    waited_s: float
    waiting_in_pool: int
    seat: int | None
    history: list[HistoryEntryOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        game_url: None | str
        game_url = self.game_url

        play_url: None | str
        play_url = self.play_url

        id = str(self.id)

        status = self.status.value

        preset = self.preset

        options = self.options.to_dict()

        seats = self.seats

        ai_fill = self.ai_fill

        ai_level = self.ai_level

        ai_fill_after_s = self.ai_fill_after_s

        ai_fill_at: None | str
        if isinstance(self.ai_fill_at, datetime.datetime):
            ai_fill_at = self.ai_fill_at.isoformat()
        else:
            ai_fill_at = self.ai_fill_at

        max_rating_gap: int | None
        max_rating_gap = self.max_rating_gap

        allow_bots = self.allow_bots

        is_bot = self.is_bot

        rating: float | None
        rating = self.rating

        queued_at = self.queued_at.isoformat()

        updated_at = self.updated_at.isoformat()

        waited_s = self.waited_s

        waiting_in_pool = self.waiting_in_pool

        seat: int | None
        seat = self.seat

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "game_url": game_url,
                "play_url": play_url,
                "id": id,
                "status": status,
                "preset": preset,
                "options": options,
                "seats": seats,
                "ai_fill": ai_fill,
                "ai_level": ai_level,
                "ai_fill_after_s": ai_fill_after_s,
                "ai_fill_at": ai_fill_at,
                "max_rating_gap": max_rating_gap,
                "allow_bots": allow_bots,
                "is_bot": is_bot,
                "rating": rating,
                "queued_at": queued_at,
                "updated_at": updated_at,
                "waited_s": waited_s,
                "waiting_in_pool": waiting_in_pool,
                "seat": seat,
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.history_entry_output import HistoryEntryOutput  # noqa: PLC0415
        from ..models.ticket_output_options import TicketOutputOptions  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_game_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_url = _parse_game_url(d.pop("game_url"))

        def _parse_play_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        play_url = _parse_play_url(d.pop("play_url"))

        id = UUID(d.pop("id"))

        status = TicketStatusEnum(d.pop("status"))

        preset = d.pop("preset")

        options = TicketOutputOptions.from_dict(d.pop("options"))

        seats = d.pop("seats")

        ai_fill = d.pop("ai_fill")

        ai_level = d.pop("ai_level")

        ai_fill_after_s = d.pop("ai_fill_after_s")

        def _parse_ai_fill_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ai_fill_at_type_0 = datetime.datetime.fromisoformat(data)

                return ai_fill_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ai_fill_at = _parse_ai_fill_at(d.pop("ai_fill_at"))

        def _parse_max_rating_gap(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_rating_gap = _parse_max_rating_gap(d.pop("max_rating_gap"))

        allow_bots = d.pop("allow_bots")

        is_bot = d.pop("is_bot")

        def _parse_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating = _parse_rating(d.pop("rating"))

        queued_at = datetime.datetime.fromisoformat(d.pop("queued_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        waited_s = d.pop("waited_s")

        waiting_in_pool = d.pop("waiting_in_pool")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = HistoryEntryOutput.from_dict(history_item_data)

            history.append(history_item)

        ticket_output = cls(
            game_id=game_id,
            game_url=game_url,
            play_url=play_url,
            id=id,
            status=status,
            preset=preset,
            options=options,
            seats=seats,
            ai_fill=ai_fill,
            ai_level=ai_level,
            ai_fill_after_s=ai_fill_after_s,
            ai_fill_at=ai_fill_at,
            max_rating_gap=max_rating_gap,
            allow_bots=allow_bots,
            is_bot=is_bot,
            rating=rating,
            queued_at=queued_at,
            updated_at=updated_at,
            waited_s=waited_s,
            waiting_in_pool=waiting_in_pool,
            seat=seat,
            history=history,
        )

        ticket_output.additional_properties = d
        return ticket_output

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
