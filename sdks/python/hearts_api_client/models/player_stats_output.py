from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlayerStatsOutput")


@_attrs_define
class PlayerStatsOutput:
    """
    Attributes:
        games (int): Finished games in which the player held a seat.
        wins (int): Finished games the player won (shared wins count).
        hands (int): Scored hands the player was seated for.
        average_points_per_hand (float | None): Mean hand score (lower is better); null before any hand.
    """

    games: int
    wins: int
    hands: int
    average_points_per_hand: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        games = self.games

        wins = self.wins

        hands = self.hands

        average_points_per_hand: float | None
        average_points_per_hand = self.average_points_per_hand

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "games": games,
                "wins": wins,
                "hands": hands,
                "average_points_per_hand": average_points_per_hand,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        games = d.pop("games")

        wins = d.pop("wins")

        hands = d.pop("hands")

        def _parse_average_points_per_hand(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_points_per_hand = _parse_average_points_per_hand(d.pop("average_points_per_hand"))

        player_stats_output = cls(
            games=games,
            wins=wins,
            hands=hands,
            average_points_per_hand=average_points_per_hand,
        )

        player_stats_output.additional_properties = d
        return player_stats_output

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
