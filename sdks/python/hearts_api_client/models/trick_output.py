from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TrickOutput")


@_attrs_define
class TrickOutput:
    """
    Attributes:
        number (int):
        leader (int):
        cards (list[list[int | str]]):
        winner (int):
        points (int):
    """

    number: int
    leader: int
    cards: list[list[int | str]]
    winner: int
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        leader = self.leader

        cards = []
        for cards_item_data in self.cards:
            cards_item = []
            for cards_item_item_data in cards_item_data:
                cards_item_item: int | str
                cards_item_item = cards_item_item_data
                cards_item.append(cards_item_item)

            cards.append(cards_item)

        winner = self.winner

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "leader": leader,
                "cards": cards,
                "winner": winner,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        leader = d.pop("leader")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = []
            _cards_item = cards_item_data
            for cards_item_item_data in _cards_item:

                def _parse_cards_item_item(data: object) -> int | str:
                    return cast(int | str, data)

                cards_item_item = _parse_cards_item_item(cards_item_item_data)

                cards_item.append(cards_item_item)

            cards.append(cards_item)

        winner = d.pop("winner")

        points = d.pop("points")

        trick_output = cls(
            number=number,
            leader=leader,
            cards=cards,
            winner=winner,
            points=points,
        )

        trick_output.additional_properties = d
        return trick_output

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
