from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_actor_output import EventActorOutput
    from ..models.log_event_output_payload import LogEventOutputPayload
    from ..models.log_public_form_output import LogPublicFormOutput


T = TypeVar("T", bound="LogEventOutput")


@_attrs_define
class LogEventOutput:
    """
    Attributes:
        seq (int):
        type_ (str):
        schema_version (int):
        payload (LogEventOutputPayload): Every card, no internal account id: chain v2, the hashed public form (ids
            replaced by pseudonyms: `player_id` becomes `player_pseudonym`, `creator_id` becomes `creator_pseudonym`); chain
            v1, as stored without the ids (see `redacted`). Staff get the stored payload.
        actor (EventActorOutput): Who caused an event: a kind and a seat (the seat's display name names the player).
        redacted (list[str]): Chain v1 only: what was left out of this event for the caller (e.g. `actor.player`,
            `payload.player_id`: account ids). The `hash` covers them: an event with a non-empty list can be checked by its
            chain links, not by recomputing its hash. Always empty for chain v2 and for staff.
        created_at (datetime.datetime):
        prev_hash (str):
        hash_ (str): sha256(prev_hash + canonical JSON of [game id, seq, type, schema_version, payload, actor]) with the
            event's `payload` and `actor` as shown here (chain v2; staff: those of `public_form`). Chain v1: the actor is
            {kind, player, seat}.
        public_form (LogPublicFormOutput | Unset):
    """

    seq: int
    type_: str
    schema_version: int
    payload: LogEventOutputPayload
    actor: EventActorOutput
    redacted: list[str]
    created_at: datetime.datetime
    prev_hash: str
    hash_: str
    public_form: LogPublicFormOutput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        schema_version = self.schema_version

        payload = self.payload.to_dict()

        actor = self.actor.to_dict()

        redacted = self.redacted

        created_at = self.created_at.isoformat()

        prev_hash = self.prev_hash

        hash_ = self.hash_

        public_form: dict[str, Any] | Unset = UNSET
        if not isinstance(self.public_form, Unset):
            public_form = self.public_form.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "schema_version": schema_version,
                "payload": payload,
                "actor": actor,
                "redacted": redacted,
                "created_at": created_at,
                "prev_hash": prev_hash,
                "hash": hash_,
            }
        )
        if public_form is not UNSET:
            field_dict["public_form"] = public_form

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_actor_output import EventActorOutput  # noqa: PLC0415
        from ..models.log_event_output_payload import LogEventOutputPayload  # noqa: PLC0415
        from ..models.log_public_form_output import LogPublicFormOutput  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        schema_version = d.pop("schema_version")

        payload = LogEventOutputPayload.from_dict(d.pop("payload"))

        actor = EventActorOutput.from_dict(d.pop("actor"))

        redacted = cast(list[str], d.pop("redacted"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        _public_form = d.pop("public_form", UNSET)
        public_form: LogPublicFormOutput | Unset
        if isinstance(_public_form, Unset):
            public_form = UNSET
        else:
            public_form = LogPublicFormOutput.from_dict(_public_form)

        log_event_output = cls(
            seq=seq,
            type_=type_,
            schema_version=schema_version,
            payload=payload,
            actor=actor,
            redacted=redacted,
            created_at=created_at,
            prev_hash=prev_hash,
            hash_=hash_,
            public_form=public_form,
        )

        log_event_output.additional_properties = d
        return log_event_output

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
