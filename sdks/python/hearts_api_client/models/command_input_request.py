from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CommandInputRequest")


@_attrs_define
class CommandInputRequest:
    """A command with no arguments besides the optional expected seq.

    Attributes:
        expected_seq (int | None | Unset): Optimistic concurrency: the game's seq as you last saw it. When the game has
            moved on, the request fails with 409 concurrency_conflict and extra.current_seq (alternatively send the view's
            ETag in If-Match: 412 precondition_failed).
    """

    expected_seq: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expected_seq: int | None | Unset
        if isinstance(self.expected_seq, Unset):
            expected_seq = UNSET
        else:
            expected_seq = self.expected_seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if expected_seq is not UNSET:
            field_dict["expected_seq"] = expected_seq

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_expected_seq(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_seq = _parse_expected_seq(d.pop("expected_seq", UNSET))

        command_input_request = cls(
            expected_seq=expected_seq,
        )

        command_input_request.additional_properties = d
        return command_input_request

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
