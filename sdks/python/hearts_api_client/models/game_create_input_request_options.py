from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_create_input_request_options_deck import GameCreateInputRequestOptionsDeck
from ..models.game_create_input_request_options_hearts_broken_by import GameCreateInputRequestOptionsHeartsBrokenBy
from ..models.game_create_input_request_options_moon import GameCreateInputRequestOptionsMoon
from ..models.game_create_input_request_options_no_club_leader import GameCreateInputRequestOptionsNoClubLeader
from ..models.game_create_input_request_options_opening_lead import GameCreateInputRequestOptionsOpeningLead
from ..models.game_create_input_request_options_pass_cycle_item_item_type_0 import (
    GameCreateInputRequestOptionsPassCycleItemItemType0,
)
from ..models.game_create_input_request_options_tie import GameCreateInputRequestOptionsTie
from ..types import UNSET, Unset

T = TypeVar("T", bound="GameCreateInputRequestOptions")


@_attrs_define
class GameCreateInputRequestOptions:
    """Rule option overrides, validated by the engine (see GET rules/presets/ for each option and its choices), e.g.
    {"target": 50, "moon": "shooter_chooses", "hearts_broken_by": "discard"}. Options left out take the preset's value.
    Unknown options and invalid values are a 400 invalid_ruleset naming the field.

        Example:
            {'target': 50, 'moon': 'shooter_chooses', 'hearts_broken_by': 'discard'}

        Attributes:
            deck (GameCreateInputRequestOptionsDeck | Unset):
            free_first_trick (bool | Unset):
            hand_size (int | Unset):
            hearts_broken_by (GameCreateInputRequestOptionsHeartsBrokenBy | Unset):
            hearts_or_queen_when_only_penalties (bool | Unset):
            jack_of_diamonds (bool | Unset):
            lead_hearts_any_time (bool | Unset):
            moon (GameCreateInputRequestOptionsMoon | Unset):
            no_club_leader (GameCreateInputRequestOptionsNoClubLeader | Unset):
            no_trick_bonus (int | Unset):
            opening_lead (GameCreateInputRequestOptionsOpeningLead | Unset):
            pass_cycle (list[list[GameCreateInputRequestOptionsPassCycleItemItemType0 | int]] | Unset):
            passing (bool | Unset):
            queen_breaks_hearts (bool | Unset):
            queen_points (int | Unset):
            seats (int | Unset):
            target (int | Unset):
            tie (GameCreateInputRequestOptionsTie | Unset):
    """

    deck: GameCreateInputRequestOptionsDeck | Unset = UNSET
    free_first_trick: bool | Unset = UNSET
    hand_size: int | Unset = UNSET
    hearts_broken_by: GameCreateInputRequestOptionsHeartsBrokenBy | Unset = UNSET
    hearts_or_queen_when_only_penalties: bool | Unset = UNSET
    jack_of_diamonds: bool | Unset = UNSET
    lead_hearts_any_time: bool | Unset = UNSET
    moon: GameCreateInputRequestOptionsMoon | Unset = UNSET
    no_club_leader: GameCreateInputRequestOptionsNoClubLeader | Unset = UNSET
    no_trick_bonus: int | Unset = UNSET
    opening_lead: GameCreateInputRequestOptionsOpeningLead | Unset = UNSET
    pass_cycle: list[list[GameCreateInputRequestOptionsPassCycleItemItemType0 | int]] | Unset = UNSET
    passing: bool | Unset = UNSET
    queen_breaks_hearts: bool | Unset = UNSET
    queen_points: int | Unset = UNSET
    seats: int | Unset = UNSET
    target: int | Unset = UNSET
    tie: GameCreateInputRequestOptionsTie | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck.value

        free_first_trick = self.free_first_trick

        hand_size = self.hand_size

        hearts_broken_by: str | Unset = UNSET
        if not isinstance(self.hearts_broken_by, Unset):
            hearts_broken_by = self.hearts_broken_by.value

        hearts_or_queen_when_only_penalties = self.hearts_or_queen_when_only_penalties

        jack_of_diamonds = self.jack_of_diamonds

        lead_hearts_any_time = self.lead_hearts_any_time

        moon: str | Unset = UNSET
        if not isinstance(self.moon, Unset):
            moon = self.moon.value

        no_club_leader: str | Unset = UNSET
        if not isinstance(self.no_club_leader, Unset):
            no_club_leader = self.no_club_leader.value

        no_trick_bonus = self.no_trick_bonus

        opening_lead: str | Unset = UNSET
        if not isinstance(self.opening_lead, Unset):
            opening_lead = self.opening_lead.value

        pass_cycle: list[list[int | str]] | Unset = UNSET
        if not isinstance(self.pass_cycle, Unset):
            pass_cycle = []
            for pass_cycle_item_data in self.pass_cycle:
                pass_cycle_item = []
                for pass_cycle_item_item_data in pass_cycle_item_data:
                    pass_cycle_item_item: int | str
                    if isinstance(pass_cycle_item_item_data, GameCreateInputRequestOptionsPassCycleItemItemType0):
                        pass_cycle_item_item = pass_cycle_item_item_data.value
                    else:
                        pass_cycle_item_item = pass_cycle_item_item_data
                    pass_cycle_item.append(pass_cycle_item_item)

                pass_cycle.append(pass_cycle_item)

        passing = self.passing

        queen_breaks_hearts = self.queen_breaks_hearts

        queen_points = self.queen_points

        seats = self.seats

        target = self.target

        tie: str | Unset = UNSET
        if not isinstance(self.tie, Unset):
            tie = self.tie.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if deck is not UNSET:
            field_dict["deck"] = deck
        if free_first_trick is not UNSET:
            field_dict["free_first_trick"] = free_first_trick
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if hearts_broken_by is not UNSET:
            field_dict["hearts_broken_by"] = hearts_broken_by
        if hearts_or_queen_when_only_penalties is not UNSET:
            field_dict["hearts_or_queen_when_only_penalties"] = hearts_or_queen_when_only_penalties
        if jack_of_diamonds is not UNSET:
            field_dict["jack_of_diamonds"] = jack_of_diamonds
        if lead_hearts_any_time is not UNSET:
            field_dict["lead_hearts_any_time"] = lead_hearts_any_time
        if moon is not UNSET:
            field_dict["moon"] = moon
        if no_club_leader is not UNSET:
            field_dict["no_club_leader"] = no_club_leader
        if no_trick_bonus is not UNSET:
            field_dict["no_trick_bonus"] = no_trick_bonus
        if opening_lead is not UNSET:
            field_dict["opening_lead"] = opening_lead
        if pass_cycle is not UNSET:
            field_dict["pass_cycle"] = pass_cycle
        if passing is not UNSET:
            field_dict["passing"] = passing
        if queen_breaks_hearts is not UNSET:
            field_dict["queen_breaks_hearts"] = queen_breaks_hearts
        if queen_points is not UNSET:
            field_dict["queen_points"] = queen_points
        if seats is not UNSET:
            field_dict["seats"] = seats
        if target is not UNSET:
            field_dict["target"] = target
        if tie is not UNSET:
            field_dict["tie"] = tie

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _deck = d.pop("deck", UNSET)
        deck: GameCreateInputRequestOptionsDeck | Unset
        if isinstance(_deck, Unset):
            deck = UNSET
        else:
            deck = GameCreateInputRequestOptionsDeck(_deck)

        free_first_trick = d.pop("free_first_trick", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        _hearts_broken_by = d.pop("hearts_broken_by", UNSET)
        hearts_broken_by: GameCreateInputRequestOptionsHeartsBrokenBy | Unset
        if isinstance(_hearts_broken_by, Unset):
            hearts_broken_by = UNSET
        else:
            hearts_broken_by = GameCreateInputRequestOptionsHeartsBrokenBy(_hearts_broken_by)

        hearts_or_queen_when_only_penalties = d.pop("hearts_or_queen_when_only_penalties", UNSET)

        jack_of_diamonds = d.pop("jack_of_diamonds", UNSET)

        lead_hearts_any_time = d.pop("lead_hearts_any_time", UNSET)

        _moon = d.pop("moon", UNSET)
        moon: GameCreateInputRequestOptionsMoon | Unset
        if isinstance(_moon, Unset):
            moon = UNSET
        else:
            moon = GameCreateInputRequestOptionsMoon(_moon)

        _no_club_leader = d.pop("no_club_leader", UNSET)
        no_club_leader: GameCreateInputRequestOptionsNoClubLeader | Unset
        if isinstance(_no_club_leader, Unset):
            no_club_leader = UNSET
        else:
            no_club_leader = GameCreateInputRequestOptionsNoClubLeader(_no_club_leader)

        no_trick_bonus = d.pop("no_trick_bonus", UNSET)

        _opening_lead = d.pop("opening_lead", UNSET)
        opening_lead: GameCreateInputRequestOptionsOpeningLead | Unset
        if isinstance(_opening_lead, Unset):
            opening_lead = UNSET
        else:
            opening_lead = GameCreateInputRequestOptionsOpeningLead(_opening_lead)

        _pass_cycle = d.pop("pass_cycle", UNSET)
        pass_cycle: list[list[GameCreateInputRequestOptionsPassCycleItemItemType0 | int]] | Unset = UNSET
        if _pass_cycle is not UNSET:
            pass_cycle = []
            for pass_cycle_item_data in _pass_cycle:
                pass_cycle_item = []
                _pass_cycle_item = pass_cycle_item_data
                for pass_cycle_item_item_data in _pass_cycle_item:

                    def _parse_pass_cycle_item_item(
                        data: object,
                    ) -> GameCreateInputRequestOptionsPassCycleItemItemType0 | int:
                        try:
                            if not isinstance(data, str):
                                raise TypeError()
                            pass_cycle_item_item_type_0 = GameCreateInputRequestOptionsPassCycleItemItemType0(data)

                            return pass_cycle_item_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(GameCreateInputRequestOptionsPassCycleItemItemType0 | int, data)

                    pass_cycle_item_item = _parse_pass_cycle_item_item(pass_cycle_item_item_data)

                    pass_cycle_item.append(pass_cycle_item_item)

                pass_cycle.append(pass_cycle_item)

        passing = d.pop("passing", UNSET)

        queen_breaks_hearts = d.pop("queen_breaks_hearts", UNSET)

        queen_points = d.pop("queen_points", UNSET)

        seats = d.pop("seats", UNSET)

        target = d.pop("target", UNSET)

        _tie = d.pop("tie", UNSET)
        tie: GameCreateInputRequestOptionsTie | Unset
        if isinstance(_tie, Unset):
            tie = UNSET
        else:
            tie = GameCreateInputRequestOptionsTie(_tie)

        game_create_input_request_options = cls(
            deck=deck,
            free_first_trick=free_first_trick,
            hand_size=hand_size,
            hearts_broken_by=hearts_broken_by,
            hearts_or_queen_when_only_penalties=hearts_or_queen_when_only_penalties,
            jack_of_diamonds=jack_of_diamonds,
            lead_hearts_any_time=lead_hearts_any_time,
            moon=moon,
            no_club_leader=no_club_leader,
            no_trick_bonus=no_trick_bonus,
            opening_lead=opening_lead,
            pass_cycle=pass_cycle,
            passing=passing,
            queen_breaks_hearts=queen_breaks_hearts,
            queen_points=queen_points,
            seats=seats,
            target=target,
            tie=tie,
        )

        return game_create_input_request_options
