from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NotificationPreferencesOutput")


@_attrs_define
class NotificationPreferencesOutput:
    """
    Attributes:
        muted_types (list[str]):
        time_zone (str):
        quiet_start (None | str):
        quiet_end (None | str):
        turn_reminder_after_s (int | None):
    """

    muted_types: list[str]
    time_zone: str
    quiet_start: None | str
    quiet_end: None | str
    turn_reminder_after_s: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        muted_types = self.muted_types

        time_zone = self.time_zone

        quiet_start: None | str
        quiet_start = self.quiet_start

        quiet_end: None | str
        quiet_end = self.quiet_end

        turn_reminder_after_s: int | None
        turn_reminder_after_s = self.turn_reminder_after_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "muted_types": muted_types,
                "time_zone": time_zone,
                "quiet_start": quiet_start,
                "quiet_end": quiet_end,
                "turn_reminder_after_s": turn_reminder_after_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        muted_types = cast(list[str], d.pop("muted_types"))

        time_zone = d.pop("time_zone")

        def _parse_quiet_start(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quiet_start = _parse_quiet_start(d.pop("quiet_start"))

        def _parse_quiet_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quiet_end = _parse_quiet_end(d.pop("quiet_end"))

        def _parse_turn_reminder_after_s(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_reminder_after_s = _parse_turn_reminder_after_s(d.pop("turn_reminder_after_s"))

        notification_preferences_output = cls(
            muted_types=muted_types,
            time_zone=time_zone,
            quiet_start=quiet_start,
            quiet_end=quiet_end,
            turn_reminder_after_s=turn_reminder_after_s,
        )

        notification_preferences_output.additional_properties = d
        return notification_preferences_output

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
