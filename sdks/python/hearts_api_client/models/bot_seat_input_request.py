from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BotSeatInputRequest")


@_attrs_define
class BotSeatInputRequest:
    """
    Attributes:
        bot (str): The bot account's name: your own bot, or one whose owner opened it to all.
        expected_seq (int | None | Unset): Optimistic concurrency: the game's seq as you last saw it. When the game has
            moved on, the request fails with 409 concurrency_conflict and extra.current_seq (alternatively send the view's
            ETag in If-Match: 412 precondition_failed).
        seat (int | None | Unset): Seat index; omit for the first free seat.
    """

    bot: str
    expected_seq: int | None | Unset = UNSET
    seat: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot = self.bot

        expected_seq: int | None | Unset
        if isinstance(self.expected_seq, Unset):
            expected_seq = UNSET
        else:
            expected_seq = self.expected_seq

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bot": bot,
            }
        )
        if expected_seq is not UNSET:
            field_dict["expected_seq"] = expected_seq
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot = d.pop("bot")

        def _parse_expected_seq(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_seq = _parse_expected_seq(d.pop("expected_seq", UNSET))

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        bot_seat_input_request = cls(
            bot=bot,
            expected_seq=expected_seq,
            seat=seat,
        )

        bot_seat_input_request.additional_properties = d
        return bot_seat_input_request

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
