from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_types_card_not_in_deck_status import ProblemTypesCardNotInDeckStatus
from ..models.problem_types_card_not_in_deck_title import ProblemTypesCardNotInDeckTitle
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_card_not_in_deck_extra import ProblemTypesCardNotInDeckExtra


T = TypeVar("T", bound="ProblemTypesCardNotInDeck")


@_attrs_define
class ProblemTypesCardNotInDeck:
    """422 Rule violation.

    Example:
        {'type': 'https://hearts.example/problems/card-not-in-deck', 'title': 'Rule violation.', 'status': 422,
            'detail': '3C is not in this deck', 'code': 'card_not_in_deck', 'extra': {'card': '3C'}}

    Attributes:
        status (ProblemTypesCardNotInDeckStatus | Unset):
        title (ProblemTypesCardNotInDeckTitle | Unset):
        extra (ProblemTypesCardNotInDeckExtra | Unset):
    """

    status: ProblemTypesCardNotInDeckStatus | Unset = UNSET
    title: ProblemTypesCardNotInDeckTitle | Unset = UNSET
    extra: ProblemTypesCardNotInDeckExtra | Unset = UNSET
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
        from ..models.problem_types_card_not_in_deck_extra import ProblemTypesCardNotInDeckExtra  # noqa: PLC0415

        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProblemTypesCardNotInDeckStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProblemTypesCardNotInDeckStatus(_status)

        _title = d.pop("title", UNSET)
        title: ProblemTypesCardNotInDeckTitle | Unset
        if isinstance(_title, Unset):
            title = UNSET
        else:
            title = ProblemTypesCardNotInDeckTitle(_title)

        _extra = d.pop("extra", UNSET)
        extra: ProblemTypesCardNotInDeckExtra | Unset
        if isinstance(_extra, Unset):
            extra = UNSET
        else:
            extra = ProblemTypesCardNotInDeckExtra.from_dict(_extra)

        problem_types_card_not_in_deck = cls(
            status=status,
            title=title,
            extra=extra,
        )

        problem_types_card_not_in_deck.additional_properties = d
        return problem_types_card_not_in_deck

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
