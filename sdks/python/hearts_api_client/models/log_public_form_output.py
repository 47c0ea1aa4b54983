from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_actor_output import EventActorOutput
    from ..models.log_public_form_output_payload import LogPublicFormOutputPayload


T = TypeVar("T", bound="LogPublicFormOutput")


@_attrs_define
class LogPublicFormOutput:
    """
    Attributes:
        payload (LogPublicFormOutputPayload):
        actor (EventActorOutput): Who caused an event: a kind and a seat (the seat's display name names the player).
    """

    payload: LogPublicFormOutputPayload
    actor: EventActorOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        payload = self.payload.to_dict()

        actor = self.actor.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "payload": payload,
                "actor": actor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_actor_output import EventActorOutput  # noqa: PLC0415
        from ..models.log_public_form_output_payload import LogPublicFormOutputPayload  # noqa: PLC0415

        d = dict(src_dict)
        payload = LogPublicFormOutputPayload.from_dict(d.pop("payload"))

        actor = EventActorOutput.from_dict(d.pop("actor"))

        log_public_form_output = cls(
            payload=payload,
            actor=actor,
        )

        log_public_form_output.additional_properties = d
        return log_public_form_output

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
