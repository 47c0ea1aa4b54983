from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BotOutput")


@_attrs_define
class BotOutput:
    """
    Attributes:
        name (str):
        description (str):
        open_to_all (bool):
        is_bot (bool):
        owner (str): Your username: the bot's owner.
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None):
    """

    name: str
    description: str
    open_to_all: bool
    is_bot: bool
    owner: str
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        open_to_all = self.open_to_all

        is_bot = self.is_bot

        owner = self.owner

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "description": description,
                "open_to_all": open_to_all,
                "is_bot": is_bot,
                "owner": owner,
                "created_at": created_at,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        open_to_all = d.pop("open_to_all")

        is_bot = d.pop("is_bot")

        owner = d.pop("owner")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        bot_output = cls(
            name=name,
            description=description,
            open_to_all=open_to_all,
            is_bot=is_bot,
            owner=owner,
            created_at=created_at,
            revoked_at=revoked_at,
        )

        bot_output.additional_properties = d
        return bot_output

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
