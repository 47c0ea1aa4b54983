from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_game_output import PlayerGameOutput
    from ..models.player_stats_output import PlayerStatsOutput


T = TypeVar("T", bound="ProfileOutput")


@_attrs_define
class ProfileOutput:
    """
    Attributes:
        id (int):
        username (str):
        is_bot (bool): A bot account (a program, never a human).
        bot_owner (None | str): The player who owns this bot account (null for players).
        email (str):
        date_joined (datetime.datetime):
        stats (PlayerStatsOutput):
        recent_games (list[PlayerGameOutput]):
    """

    id: int
    username: str
    is_bot: bool
    bot_owner: None | str
    email: str
    date_joined: datetime.datetime
    stats: PlayerStatsOutput
    recent_games: list[PlayerGameOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        is_bot = self.is_bot

        bot_owner: None | str
        bot_owner = self.bot_owner

        email: str
        email = self.email

        date_joined = self.date_joined.isoformat()

        stats = self.stats.to_dict()

        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "is_bot": is_bot,
                "bot_owner": bot_owner,
                "email": email,
                "date_joined": date_joined,
                "stats": stats,
                "recent_games": recent_games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_game_output import PlayerGameOutput  # noqa: PLC0415
        from ..models.player_stats_output import PlayerStatsOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        is_bot = d.pop("is_bot")

        def _parse_bot_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner"))

        def _parse_email(data: object) -> str:
            return cast(str, data)

        email = _parse_email(d.pop("email"))

        date_joined = datetime.datetime.fromisoformat(d.pop("date_joined"))

        stats = PlayerStatsOutput.from_dict(d.pop("stats"))

        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in _recent_games:
            recent_games_item = PlayerGameOutput.from_dict(recent_games_item_data)

            recent_games.append(recent_games_item)

        profile_output = cls(
            id=id,
            username=username,
            is_bot=is_bot,
            bot_owner=bot_owner,
            email=email,
            date_joined=date_joined,
            stats=stats,
            recent_games=recent_games,
        )

        profile_output.additional_properties = d
        return profile_output

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
