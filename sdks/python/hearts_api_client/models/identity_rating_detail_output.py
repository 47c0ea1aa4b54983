from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rated_identity_kind_enum import RatedIdentityKindEnum

if TYPE_CHECKING:
    from ..models.rating_history_point_output import RatingHistoryPointOutput


T = TypeVar("T", bound="IdentityRatingDetailOutput")


@_attrs_define
class IdentityRatingDetailOutput:
    """
    Attributes:
        kind (RatedIdentityKindEnum): * `human` - human
            * `bot` - bot
            * `ai` - ai
        username (None | str):
        ai_level (None | str):
        is_bot (bool): A bot account (a player's program, rated as itself; never a human).
        bot_owner (None | str): The player who owns the bot account (null otherwise).
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
        count (int): Points in the history (one per rated game).
        next_ (None | str):
        previous (None | str):
        results (list[RatingHistoryPointOutput]): The history, oldest game first (paginated).
    """

    kind: RatedIdentityKindEnum
    username: None | str
    ai_level: None | str
    is_bot: bool
    bot_owner: None | str
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
    count: int
    next_: None | str
    previous: None | str
    results: list[RatingHistoryPointOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        username: None | str
        username = self.username

        ai_level: None | str
        ai_level = self.ai_level

        is_bot = self.is_bot

        bot_owner: None | str
        bot_owner = self.bot_owner

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

        count = self.count

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "username": username,
                "ai_level": ai_level,
                "is_bot": is_bot,
                "bot_owner": bot_owner,
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
                "count": count,
                "next": next_,
                "previous": previous,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_history_point_output import RatingHistoryPointOutput  # noqa: PLC0415

        d = dict(src_dict)
        kind = RatedIdentityKindEnum(d.pop("kind"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        def _parse_ai_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ai_level = _parse_ai_level(d.pop("ai_level"))

        is_bot = d.pop("is_bot")

        def _parse_bot_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner"))

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

        count = d.pop("count")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = RatingHistoryPointOutput.from_dict(results_item_data)

            results.append(results_item)

        identity_rating_detail_output = cls(
            kind=kind,
            username=username,
            ai_level=ai_level,
            is_bot=is_bot,
            bot_owner=bot_owner,
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
            count=count,
            next_=next_,
            previous=previous,
            results=results,
        )

        identity_rating_detail_output.additional_properties = d
        return identity_rating_detail_output

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
