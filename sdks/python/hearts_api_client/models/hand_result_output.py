from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HandResultOutput")


@_attrs_define
class HandResultOutput:
    """
    Attributes:
        hand_number (int):
        dealer (int):
        points (list[int]): Per seat.
        totals (list[int]): After this hand.
        moon_shooter (int | None):
        moon_choice (None | str):
        deck (list[str] | None): The revealed deck order of this finished hand (checks the commitment).
        salt (None | str):
    """

    hand_number: int
    dealer: int
    points: list[int]
    totals: list[int]
    moon_shooter: int | None
    moon_choice: None | str
    deck: list[str] | None
    salt: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        dealer = self.dealer

        points = self.points

        totals = self.totals

        moon_shooter: int | None
        moon_shooter = self.moon_shooter

        moon_choice: None | str
        moon_choice = self.moon_choice

        deck: list[str] | None
        if isinstance(self.deck, list):
            deck = self.deck

        else:
            deck = self.deck

        salt: None | str
        salt = self.salt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand_number": hand_number,
                "dealer": dealer,
                "points": points,
                "totals": totals,
                "moon_shooter": moon_shooter,
                "moon_choice": moon_choice,
                "deck": deck,
                "salt": salt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        points = cast(list[int], d.pop("points"))

        totals = cast(list[int], d.pop("totals"))

        def _parse_moon_shooter(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        moon_shooter = _parse_moon_shooter(d.pop("moon_shooter"))

        def _parse_moon_choice(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        moon_choice = _parse_moon_choice(d.pop("moon_choice"))

        def _parse_deck(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        deck = _parse_deck(d.pop("deck"))

        def _parse_salt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        salt = _parse_salt(d.pop("salt"))

        hand_result_output = cls(
            hand_number=hand_number,
            dealer=dealer,
            points=points,
            totals=totals,
            moon_shooter=moon_shooter,
            moon_choice=moon_choice,
            deck=deck,
            salt=salt,
        )

        hand_result_output.additional_properties = d
        return hand_result_output

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
