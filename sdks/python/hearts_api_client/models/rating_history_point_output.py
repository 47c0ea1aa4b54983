from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingHistoryPointOutput")


@_attrs_define
class RatingHistoryPointOutput:
    """
    Attributes:
        game_id (UUID):
        finished_at (datetime.datetime):
        place (int): Final placing (1 = best; forfeits are last).
        seats (list[int]): The identity's seats (an AI level may have several).
        rating (int): Display rating after this game.
        rating_change (int): Display rating after minus before.
        rating_deviation (int):
        mu (float):
        sigma (float):
    """

    game_id: UUID
    finished_at: datetime.datetime
    place: int
    seats: list[int]
    rating: int
    rating_change: int
    rating_deviation: int
    mu: float
    sigma: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        finished_at = self.finished_at.isoformat()

        place = self.place

        seats = self.seats

        rating = self.rating

        rating_change = self.rating_change

        rating_deviation = self.rating_deviation

        mu = self.mu

        sigma = self.sigma

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "finished_at": finished_at,
                "place": place,
                "seats": seats,
                "rating": rating,
                "rating_change": rating_change,
                "rating_deviation": rating_deviation,
                "mu": mu,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        place = d.pop("place")

        seats = cast(list[int], d.pop("seats"))

        rating = d.pop("rating")

        rating_change = d.pop("rating_change")

        rating_deviation = d.pop("rating_deviation")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        rating_history_point_output = cls(
            game_id=game_id,
            finished_at=finished_at,
            place=place,
            seats=seats,
            rating=rating,
            rating_change=rating_change,
            rating_deviation=rating_deviation,
            mu=mu,
            sigma=sigma,
        )

        rating_history_point_output.additional_properties = d
        return rating_history_point_output

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
