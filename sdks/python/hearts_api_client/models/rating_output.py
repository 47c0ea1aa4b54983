from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingOutput")


@_attrs_define
class RatingOutput:
    """
    Attributes:
        preset (str):
        rating (int): Display rating: 1500 + 30 (mu - 25).
        rating_deviation (int): Its uncertainty: 30 sigma.
        conservative (int): Display of mu - 3 sigma (the leaderboard's order): the rating the player is 99.7% sure to
            have at least.
        mu (float): Plackett-Luce skill mean (openskill scale, start 25).
        sigma (float): Plackett-Luce skill deviation (start 25/3).
        games_played (int): Rated games on this preset's ladder.
        wins (int): Rated games placed first (shared firsts count).
        provisional (bool): Fewer than RATINGS_PROVISIONAL_GAMES (10) rated games.
        last_game_at (datetime.datetime | None):
    """

    preset: str
    rating: int
    rating_deviation: int
    conservative: int
    mu: float
    sigma: float
    games_played: int
    wins: int
    provisional: bool
    last_game_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset

        rating = self.rating

        rating_deviation = self.rating_deviation

        conservative = self.conservative

        mu = self.mu

        sigma = self.sigma

        games_played = self.games_played

        wins = self.wins

        provisional = self.provisional

        last_game_at: None | str
        if isinstance(self.last_game_at, datetime.datetime):
            last_game_at = self.last_game_at.isoformat()
        else:
            last_game_at = self.last_game_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preset": preset,
                "rating": rating,
                "rating_deviation": rating_deviation,
                "conservative": conservative,
                "mu": mu,
                "sigma": sigma,
                "games_played": games_played,
                "wins": wins,
                "provisional": provisional,
                "last_game_at": last_game_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        preset = d.pop("preset")

        rating = d.pop("rating")

        rating_deviation = d.pop("rating_deviation")

        conservative = d.pop("conservative")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games_played = d.pop("games_played")

        wins = d.pop("wins")

        provisional = d.pop("provisional")

        def _parse_last_game_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_game_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_game_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_game_at = _parse_last_game_at(d.pop("last_game_at"))

        rating_output = cls(
            preset=preset,
            rating=rating,
            rating_deviation=rating_deviation,
            conservative=conservative,
            mu=mu,
            sigma=sigma,
            games_played=games_played,
            wins=wins,
            provisional=provisional,
            last_game_at=last_game_at,
        )

        rating_output.additional_properties = d
        return rating_output

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
