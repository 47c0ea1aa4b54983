from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.table_output_kind_enum import TableOutputKindEnum
from ..models.table_status_enum import TableStatusEnum

if TYPE_CHECKING:
    from ..models.invite_output import InviteOutput
    from ..models.table_member_output import TableMemberOutput
    from ..models.table_output_ai_seats import TableOutputAiSeats
    from ..models.table_output_options import TableOutputOptions


T = TypeVar("T", bound="TableOutput")


@_attrs_define
class TableOutput:
    """
    Attributes:
        game_id (None | UUID): The game you are seated in, once there is one.
        game_url (None | str): The game's API resource.
        play_url (None | str): The game in the web client.
        id (UUID):
        kind (TableOutputKindEnum): * `private` - private
            * `rematch` - rematch
        status (TableStatusEnum): * `open` - open
            * `started` - started
            * `declined` - declined
            * `cancelled` - cancelled
        preset (str):
        options (TableOutputOptions):
        seats (int):
        ai_level (str):
        ai_seats (TableOutputAiSeats): Rematch: AI seats of the next game and levels.
        creator (str):
        you_created (bool):
        invite (InviteOutput | None): Private tables: the invite.
        members (list[TableMemberOutput]):
        free_seats (int):
        waiting_for (list[str]): Rematch: who has not answered yet.
        previous_game_id (None | UUID):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    game_id: None | UUID
    game_url: None | str
    play_url: None | str
    id: UUID
    kind: TableOutputKindEnum
    status: TableStatusEnum
    preset: str
    options: TableOutputOptions
    seats: int
    ai_level: str
    ai_seats: TableOutputAiSeats
    creator: str
    you_created: bool
    invite: InviteOutput | None
    members: list[TableMemberOutput]
    free_seats: int
    waiting_for: list[str]
    previous_game_id: None | UUID
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.invite_output import InviteOutput  # noqa: PLC0415

        game_id: None | str
        if isinstance(self.game_id, UUID):
            game_id = str(self.game_id)
        else:
            game_id = self.game_id

        game_url: None | str
        game_url = self.game_url

        play_url: None | str
        play_url = self.play_url

        id = str(self.id)

        kind = self.kind.value

        status = self.status.value

        preset = self.preset

        options = self.options.to_dict()

        seats = self.seats

        ai_level = self.ai_level

        ai_seats = self.ai_seats.to_dict()

        creator = self.creator

        you_created = self.you_created

        invite: dict[str, Any] | None
        if isinstance(self.invite, InviteOutput):
            invite = self.invite.to_dict()
        else:
            invite = self.invite

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        free_seats = self.free_seats

        waiting_for = self.waiting_for

        previous_game_id: None | str
        if isinstance(self.previous_game_id, UUID):
            previous_game_id = str(self.previous_game_id)
        else:
            previous_game_id = self.previous_game_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "game_url": game_url,
                "play_url": play_url,
                "id": id,
                "kind": kind,
                "status": status,
                "preset": preset,
                "options": options,
                "seats": seats,
                "ai_level": ai_level,
                "ai_seats": ai_seats,
                "creator": creator,
                "you_created": you_created,
                "invite": invite,
                "members": members,
                "free_seats": free_seats,
                "waiting_for": waiting_for,
                "previous_game_id": previous_game_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.invite_output import InviteOutput  # noqa: PLC0415
        from ..models.table_member_output import TableMemberOutput  # noqa: PLC0415
        from ..models.table_output_ai_seats import TableOutputAiSeats  # noqa: PLC0415
        from ..models.table_output_options import TableOutputOptions  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                game_id_type_0 = UUID(data)

                return game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_game_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_url = _parse_game_url(d.pop("game_url"))

        def _parse_play_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        play_url = _parse_play_url(d.pop("play_url"))

        id = UUID(d.pop("id"))

        kind = TableOutputKindEnum(d.pop("kind"))

        status = TableStatusEnum(d.pop("status"))

        preset = d.pop("preset")

        options = TableOutputOptions.from_dict(d.pop("options"))

        seats = d.pop("seats")

        ai_level = d.pop("ai_level")

        ai_seats = TableOutputAiSeats.from_dict(d.pop("ai_seats"))

        creator = d.pop("creator")

        you_created = d.pop("you_created")

        def _parse_invite(data: object) -> InviteOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                invite_type_1 = InviteOutput.from_dict(data)

                return invite_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InviteOutput | None, data)

        invite = _parse_invite(d.pop("invite"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = TableMemberOutput.from_dict(members_item_data)

            members.append(members_item)

        free_seats = d.pop("free_seats")

        waiting_for = cast(list[str], d.pop("waiting_for"))

        def _parse_previous_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_game_id_type_0 = UUID(data)

                return previous_game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        previous_game_id = _parse_previous_game_id(d.pop("previous_game_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        table_output = cls(
            game_id=game_id,
            game_url=game_url,
            play_url=play_url,
            id=id,
            kind=kind,
            status=status,
            preset=preset,
            options=options,
            seats=seats,
            ai_level=ai_level,
            ai_seats=ai_seats,
            creator=creator,
            you_created=you_created,
            invite=invite,
            members=members,
            free_seats=free_seats,
            waiting_for=waiting_for,
            previous_game_id=previous_game_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        table_output.additional_properties = d
        return table_output

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
