from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeatCurrentRatingOutput")


@_attrs_define
class SeatCurrentRatingOutput:
    """A seat's rating on the game's preset (docs/ratings.md "What is shown").

    Attributes:
        rating (int): Display rating: 1500 + 30 (mu - 25).
        rating_deviation (int): Its uncertainty: 30 sigma.
        conservative (int): Display of mu - 3 sigma (the leaderboards' order).
        mu (float):
        sigma (float):
        games_played (int): Rated games on this preset.
        provisional (bool): Fewer than 10 rated games.
    """

    rating: int
    rating_deviation: int
    conservative: int
    mu: float
    sigma: float
    games_played: int
    provisional: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        rating_deviation = self.rating_deviation

        conservative = self.conservative

        mu = self.mu

        sigma = self.sigma

        games_played = self.games_played

        provisional = self.provisional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rating": rating,
                "rating_deviation": rating_deviation,
                "conservative": conservative,
                "mu": mu,
                "sigma": sigma,
                "games_played": games_played,
                "provisional": provisional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rating = d.pop("rating")

        rating_deviation = d.pop("rating_deviation")

        conservative = d.pop("conservative")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games_played = d.pop("games_played")

        provisional = d.pop("provisional")

        seat_current_rating_output = cls(
            rating=rating,
            rating_deviation=rating_deviation,
            conservative=conservative,
            mu=mu,
            sigma=sigma,
            games_played=games_played,
            provisional=provisional,
        )

        seat_current_rating_output.additional_properties = d
        return seat_current_rating_output

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
