from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.phase_enum import PhaseEnum

if TYPE_CHECKING:
    from ..models.hand_result_output import HandResultOutput
    from ..models.outcome_output import OutcomeOutput
    from ..models.seat_view_output_rules import SeatViewOutputRules
    from ..models.trick_output import TrickOutput


T = TypeVar("T", bound="SeatViewOutput")


@_attrs_define
class SeatViewOutput:
    """The engine's view of the game for one seat (or for spectators: ``seat`` null, no hand).

    Attributes:
        seat (int | None):
        rules (SeatViewOutputRules): The game's RuleSet (see rules/presets/).
        phase (PhaseEnum): * `awaiting_deal` - awaiting_deal
            * `passing` - passing
            * `playing` - playing
            * `moon_choice` - moon_choice
            * `game_over` - game_over
        hand_number (int):
        dealer (int):
        totals (list[int]): Scores per seat.
        hand_results (list[HandResultOutput]): Scores per finished hand.
        commitment (None | str): Deal commitment of this hand: sha256(salt + ":" + " ".join(deck)) hex.
        to_act (list[int]): Whose turn.
        pass_direction (str):
        pass_count (int):
        passed (list[bool]): Which seats have chosen their pass (not what).
        trick_number (int):
        leader (int | None):
        trick (list[list[int | str]]): The current trick.
        tricks (list[TrickOutput]): Completed tricks of this hand.
        points_taken (list[int]): Points taken this hand, per seat.
        hearts_broken (bool):
        cards_left (list[int]):
        moon_shooter (int | None):
        outcome (None | OutcomeOutput):
        hand (list[str] | None):
        legal_cards (list[str] | None): Cards you may play/pass now.
        passed_cards (list[str] | None):
        received_cards (list[str] | None):
    """

    seat: int | None
    rules: SeatViewOutputRules
    phase: PhaseEnum
    hand_number: int
    dealer: int
    totals: list[int]
    hand_results: list[HandResultOutput]
    commitment: None | str
    to_act: list[int]
    pass_direction: str
    pass_count: int
    passed: list[bool]
    trick_number: int
    leader: int | None
    trick: list[list[int | str]]
    tricks: list[TrickOutput]
    points_taken: list[int]
    hearts_broken: bool
    cards_left: list[int]
    moon_shooter: int | None
    outcome: None | OutcomeOutput
    hand: list[str] | None
    legal_cards: list[str] | None
    passed_cards: list[str] | None
    received_cards: list[str] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.outcome_output import OutcomeOutput  # noqa: PLC0415

        seat: int | None
        seat = self.seat

        rules = self.rules.to_dict()

        phase = self.phase.value

        hand_number = self.hand_number

        dealer = self.dealer

        totals = self.totals

        hand_results = []
        for hand_results_item_data in self.hand_results:
            hand_results_item = hand_results_item_data.to_dict()
            hand_results.append(hand_results_item)

        commitment: None | str
        commitment = self.commitment

        to_act = self.to_act

        pass_direction = self.pass_direction

        pass_count = self.pass_count

        passed = self.passed

        trick_number = self.trick_number

        leader: int | None
        leader = self.leader

        trick = []
        for trick_item_data in self.trick:
            trick_item = []
            for trick_item_item_data in trick_item_data:
                trick_item_item: int | str
                trick_item_item = trick_item_item_data
                trick_item.append(trick_item_item)

            trick.append(trick_item)

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        points_taken = self.points_taken

        hearts_broken = self.hearts_broken

        cards_left = self.cards_left

        moon_shooter: int | None
        moon_shooter = self.moon_shooter

        outcome: dict[str, Any] | None
        if isinstance(self.outcome, OutcomeOutput):
            outcome = self.outcome.to_dict()
        else:
            outcome = self.outcome

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        legal_cards: list[str] | None
        if isinstance(self.legal_cards, list):
            legal_cards = self.legal_cards

        else:
            legal_cards = self.legal_cards

        passed_cards: list[str] | None
        if isinstance(self.passed_cards, list):
            passed_cards = self.passed_cards

        else:
            passed_cards = self.passed_cards

        received_cards: list[str] | None
        if isinstance(self.received_cards, list):
            received_cards = self.received_cards

        else:
            received_cards = self.received_cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "rules": rules,
                "phase": phase,
                "hand_number": hand_number,
                "dealer": dealer,
                "totals": totals,
                "hand_results": hand_results,
                "commitment": commitment,
                "to_act": to_act,
                "pass_direction": pass_direction,
                "pass_count": pass_count,
                "passed": passed,
                "trick_number": trick_number,
                "leader": leader,
                "trick": trick,
                "tricks": tricks,
                "points_taken": points_taken,
                "hearts_broken": hearts_broken,
                "cards_left": cards_left,
                "moon_shooter": moon_shooter,
                "outcome": outcome,
                "hand": hand,
                "legal_cards": legal_cards,
                "passed_cards": passed_cards,
                "received_cards": received_cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_result_output import HandResultOutput  # noqa: PLC0415
        from ..models.outcome_output import OutcomeOutput  # noqa: PLC0415
        from ..models.seat_view_output_rules import SeatViewOutputRules  # noqa: PLC0415
        from ..models.trick_output import TrickOutput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        rules = SeatViewOutputRules.from_dict(d.pop("rules"))

        phase = PhaseEnum(d.pop("phase"))

        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        totals = cast(list[int], d.pop("totals"))

        hand_results = []
        _hand_results = d.pop("hand_results")
        for hand_results_item_data in _hand_results:
            hand_results_item = HandResultOutput.from_dict(hand_results_item_data)

            hand_results.append(hand_results_item)

        def _parse_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment = _parse_commitment(d.pop("commitment"))

        to_act = cast(list[int], d.pop("to_act"))

        pass_direction = d.pop("pass_direction")

        pass_count = d.pop("pass_count")

        passed = cast(list[bool], d.pop("passed"))

        trick_number = d.pop("trick_number")

        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))

        trick = []
        _trick = d.pop("trick")
        for trick_item_data in _trick:
            trick_item = []
            _trick_item = trick_item_data
            for trick_item_item_data in _trick_item:

                def _parse_trick_item_item(data: object) -> int | str:
                    return cast(int | str, data)

                trick_item_item = _parse_trick_item_item(trick_item_item_data)

                trick_item.append(trick_item_item)

            trick.append(trick_item)

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = TrickOutput.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        points_taken = cast(list[int], d.pop("points_taken"))

        hearts_broken = d.pop("hearts_broken")

        cards_left = cast(list[int], d.pop("cards_left"))

        def _parse_moon_shooter(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        moon_shooter = _parse_moon_shooter(d.pop("moon_shooter"))

        def _parse_outcome(data: object) -> None | OutcomeOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                outcome_type_1 = OutcomeOutput.from_dict(data)

                return outcome_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutcomeOutput, data)

        outcome = _parse_outcome(d.pop("outcome"))

        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))

        def _parse_legal_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                legal_cards_type_0 = cast(list[str], data)

                return legal_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        legal_cards = _parse_legal_cards(d.pop("legal_cards"))

        def _parse_passed_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                passed_cards_type_0 = cast(list[str], data)

                return passed_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        passed_cards = _parse_passed_cards(d.pop("passed_cards"))

        def _parse_received_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                received_cards_type_0 = cast(list[str], data)

                return received_cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        received_cards = _parse_received_cards(d.pop("received_cards"))

        seat_view_output = cls(
            seat=seat,
            rules=rules,
            phase=phase,
            hand_number=hand_number,
            dealer=dealer,
            totals=totals,
            hand_results=hand_results,
            commitment=commitment,
            to_act=to_act,
            pass_direction=pass_direction,
            pass_count=pass_count,
            passed=passed,
            trick_number=trick_number,
            leader=leader,
            trick=trick,
            tricks=tricks,
            points_taken=points_taken,
            hearts_broken=hearts_broken,
            cards_left=cards_left,
            moon_shooter=moon_shooter,
            outcome=outcome,
            hand=hand,
            legal_cards=legal_cards,
            passed_cards=passed_cards,
            received_cards=received_cards,
        )

        seat_view_output.additional_properties = d
        return seat_view_output

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
