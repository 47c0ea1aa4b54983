from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_ticket_matched_status import ProblemTypesTicketMatchedStatus
from ..models.problem_types_ticket_matched_title import ProblemTypesTicketMatchedTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_ticket_matched_extra import ProblemTypesTicketMatchedExtra


T = TypeVar("T", bound="ProblemTypesTicketMatched")


@_attrs_define
class ProblemTypesTicketMatched:
    """409 Conflict.

    Example:
        {'type': 'https://hearts.example/problems/ticket-matched', 'title': 'Conflict.', 'status': 409, 'detail': 'You
            have already been seated in a game.', 'code': 'ticket_matched', 'extra': {'game_id':
            '7f3e2a10-9b1c-4d2e-8f00-1a2b3c4d5e6f', 'seat': 1}}

    Attributes:
        status (ProblemTypesTicketMatchedStatus | Unset):
        title (ProblemTypesTicketMatchedTitle | Unset):
        extra (ProblemTypesTicketMatchedExtra | Unset):
    """

    status: ProblemTypesTicketMatchedStatus | Unset = UNSET
    title: ProblemTypesTicketMatchedTitle | Unset = UNSET
    extra: ProblemTypesTicketMatchedExtra | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: int | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        title: str | Unset = UNSET
        if not isinstance(self.title, Unset):
            title = self.title.value

        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if title is not UNSET:
            field_dict["title"] = title
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_types_ticket_matched_extra import ProblemTypesTicketMatchedExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesTicketMatchedStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesTicketMatchedStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesTicketMatchedTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesTicketMatchedTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesTicketMatchedExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesTicketMatchedExtra.from_dict(_extra)

        problem_types_ticket_matched = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_ticket_matched.additional_properties = d
        return problem_types_ticket_matched

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
