from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rated_identity_kind_enum import RatedIdentityKindEnum

if TYPE_CHECKING:
    from ..models.rating_output import RatingOutput


T = TypeVar("T", bound="IdentityRatingsOutput")


@_attrs_define
class IdentityRatingsOutput:
    """
    Attributes:
        kind (RatedIdentityKindEnum): * `human` - human
            * `bot` - bot
            * `ai` - ai
        username (None | str):
        ai_level (None | str):
        is_bot (bool): A bot account (a player's program, rated as itself; never a human).
        bot_owner (None | str): The player who owns the bot account (null otherwise).
        ratings (list[RatingOutput]): One per preset, in preset order.
    """

    kind: RatedIdentityKindEnum
    username: None | str
    ai_level: None | str
    is_bot: bool
    bot_owner: None | str
    ratings: list[RatingOutput]
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

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "username": username,
                "ai_level": ai_level,
                "is_bot": is_bot,
                "bot_owner": bot_owner,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

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

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = RatingOutput.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        identity_ratings_output = cls(
            kind=kind,
            username=username,
            ai_level=ai_level,
            is_bot=is_bot,
            bot_owner=bot_owner,
            ratings=ratings,
        )

        identity_ratings_output.additional_properties = d
        return identity_ratings_output

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
