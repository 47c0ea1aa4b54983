from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_log_output_ruleset import GameLogOutputRuleset
    from ..models.head_signature_output import HeadSignatureOutput
    from ..models.log_event_output import LogEventOutput


T = TypeVar("T", bound="GameLogOutput")


@_attrs_define
class GameLogOutput:
    """
    Attributes:
        game_id (UUID):
        chain_version (int): 2: every hash covers the public form shown and recomputes from this log alone; 1 (games
            created before chain v2): ids are left out (see `redacted`).
        preset (str):
        ruleset (GameLogOutputRuleset):
        events (list[LogEventOutput]):
        signatures (list[HeadSignatureOutput]): The server's signed heads: one after every hand_scored and game_ended
            event.
    """

    game_id: UUID
    chain_version: int
    preset: str
    ruleset: GameLogOutputRuleset
    events: list[LogEventOutput]
    signatures: list[HeadSignatureOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game_id = str(self.game_id)

        chain_version = self.chain_version

        preset = self.preset

        ruleset = self.ruleset.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        signatures = []
        for signatures_item_data in self.signatures:
            signatures_item = signatures_item_data.to_dict()
            signatures.append(signatures_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "chain_version": chain_version,
                "preset": preset,
                "ruleset": ruleset,
                "events": events,
                "signatures": signatures,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_log_output_ruleset import GameLogOutputRuleset  # noqa: PLC0415
        from ..models.head_signature_output import HeadSignatureOutput  # noqa: PLC0415
        from ..models.log_event_output import LogEventOutput  # noqa: PLC0415

        d = dict(src_dict)
        game_id = UUID(d.pop("game_id"))

        chain_version = d.pop("chain_version")

        preset = d.pop("preset")

        ruleset = GameLogOutputRuleset.from_dict(d.pop("ruleset"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = LogEventOutput.from_dict(events_item_data)

            events.append(events_item)

        signatures = []
        _signatures = d.pop("signatures")
        for signatures_item_data in _signatures:
            signatures_item = HeadSignatureOutput.from_dict(signatures_item_data)

            signatures.append(signatures_item)

        game_log_output = cls(
            game_id=game_id,
            chain_version=chain_version,
            preset=preset,
            ruleset=ruleset,
            events=events,
            signatures=signatures,
        )

        game_log_output.additional_properties = d
        return game_log_output

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
