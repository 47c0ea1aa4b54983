from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_type_enum import NotificationTypeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationPreferencesInputRequest")


@_attrs_define
class NotificationPreferencesInputRequest:
    """
    Attributes:
        muted_types (list[NotificationTypeEnum]): Notification types you do not want sent (stored, not delivered).
        time_zone (str | Unset): Your IANA time zone (Europe/Paris), in which quiet hours are read. Default: 'UTC'.
        quiet_start (None | str | Unset): Quiet hours start (local HH:MM): no push from then until quiet_end.
        quiet_end (None | str | Unset): Quiet hours end (local HH:MM); before quiet_start: across midnight.
        turn_reminder_after_s (int | None | Unset): Remind me once when a game has waited this long for my move (null:
            never).
    """

    muted_types: list[NotificationTypeEnum]
    time_zone: str | Unset = "UTC"
    quiet_start: None | str | Unset = UNSET
    quiet_end: None | str | Unset = UNSET
    turn_reminder_after_s: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        muted_types = []
        for muted_types_item_data in self.muted_types:
            muted_types_item = muted_types_item_data.value
            muted_types.append(muted_types_item)

        time_zone = self.time_zone

        quiet_start: None | str | Unset
        if isinstance(self.quiet_start, Unset):
            quiet_start = UNSET
        else:
            quiet_start = self.quiet_start

        quiet_end: None | str | Unset
        if isinstance(self.quiet_end, Unset):
            quiet_end = UNSET
        else:
            quiet_end = self.quiet_end

        turn_reminder_after_s: int | None | Unset
        if isinstance(self.turn_reminder_after_s, Unset):
            turn_reminder_after_s = UNSET
        else:
            turn_reminder_after_s = self.turn_reminder_after_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "muted_types": muted_types,
            }
        )
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if quiet_start is not UNSET:
            field_dict["quiet_start"] = quiet_start
        if quiet_end is not UNSET:
            field_dict["quiet_end"] = quiet_end
        if turn_reminder_after_s is not UNSET:
            field_dict["turn_reminder_after_s"] = turn_reminder_after_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        muted_types = []
        _muted_types = d.pop("muted_types")
        for muted_types_item_data in _muted_types:
            muted_types_item = NotificationTypeEnum(muted_types_item_data)

            muted_types.append(muted_types_item)

        time_zone = d.pop("time_zone", UNSET)

        def _parse_quiet_start(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quiet_start = _parse_quiet_start(d.pop("quiet_start", UNSET))

        def _parse_quiet_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quiet_end = _parse_quiet_end(d.pop("quiet_end", UNSET))

        def _parse_turn_reminder_after_s(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_reminder_after_s = _parse_turn_reminder_after_s(d.pop("turn_reminder_after_s", UNSET))

        notification_preferences_input_request = cls(
            muted_types=muted_types,
            time_zone=time_zone,
            quiet_start=quiet_start,
            quiet_end=quiet_end,
            turn_reminder_after_s=turn_reminder_after_s,
        )

        notification_preferences_input_request.additional_properties = d
        return notification_preferences_input_request

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
