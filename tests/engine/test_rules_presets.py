import dataclasses
import json

import pytest

from games.engine import PRESETS, InvalidRuleSet, RuleSet


def test_preset_registry_keys_are_stable():
    assert set(PRESETS) == {
        "classic",
        "three_player",
        "five_player",
        "six_player",
        "two_player",
        "two_player_full_deck",
    }
    for key, rules in PRESETS.items():
        assert rules.preset == key
        assert RuleSet.from_preset(key) == rules


@pytest.mark.parametrize(
    ("key", "seats", "deck", "hand", "undealt", "qs", "target", "passing", "cycle"),
    [
        (
            "classic",
            4,
            "standard_52",
            13,
            0,
            13,
            100,
            True,
            (("left", 3), ("right", 3), ("across", 3), ("hold", 0)),
        ),
        (
            "three_player",
            3,
            "no_2d",
            17,
            0,
            13,
            100,
            True,
            (("left", 3), ("right", 3), ("hold", 0)),
        ),
        (
            "five_player",
            5,
            "no_2d_2c",
            10,
            0,
            13,
            100,
            True,
            (("left", 3), ("right", 3), ("hold", 0)),
        ),
        (
            "six_player",
            6,
            "no_2d_3d_2c_3c",
            8,
            0,
            13,
            100,
            True,
            (("left", 3), ("right", 3), ("hold", 0)),
        ),
        ("two_player", 2, "short_28", 13, 2, 7, 50, False, (("left", 2), ("left", 1), ("hold", 0))),
        ("two_player_full_deck", 2, "standard_52", 13, 26, 13, 100, False, (("hold", 0),)),
    ],
)
def test_preset_table(key, seats, deck, hand, undealt, qs, target, passing, cycle):
    rules = PRESETS[key]
    assert (
        rules.seats,
        rules.deck,
        rules.hand_size,
        rules.undealt,
        rules.queen_points,
        rules.target,
        rules.passing,
        rules.pass_cycle,
    ) == (seats, deck, hand, undealt, qs, target, passing, cycle)
    assert (
        rules.moon,
        rules.tie,
        rules.jack_of_diamonds,
        rules.queen_breaks_hearts,
        rules.free_first_trick,
        rules.hearts_or_queen_when_only_penalties,
    ) == ("add_to_others", "play_on", False, False, False, False)
    assert (
        rules.hearts_broken_by,
        rules.lead_hearts_any_time,
        rules.opening_lead,
        rules.no_club_leader,
        rules.no_trick_bonus,
    ) == ("any_heart", False, "lowest_club", "normal_limits", 0)


def test_overrides_build_a_new_value():
    rules = RuleSet.from_preset(
        "classic",
        {"target": 50, "moon": "shooter_chooses", "jack_of_diamonds": True, "tie": "shared"},
    )
    assert (rules.target, rules.moon, rules.jack_of_diamonds, rules.tie) == (
        50,
        "shooter_chooses",
        True,
        "shared",
    )
    assert PRESETS["classic"].target == 100


@pytest.mark.parametrize(
    ("key", "overrides", "field"),
    [
        ("classic", {"colour": "red"}, "colour"),
        ("classic", {"preset": "two_player"}, "preset"),
        ("classic", {"target": 0}, "target"),
        ("classic", {"target": -5}, "target"),
        ("classic", {"target": True}, "target"),
        ("classic", {"target": "100"}, "target"),
        ("three_player", {"pass_cycle": [["across", 3]]}, "pass_cycle"),
        ("six_player", {"pass_cycle": [["across", 3], ["hold", 0]]}, "pass_cycle"),
        ("two_player", {"passing": True, "pass_cycle": [["across", 1]]}, "pass_cycle"),
        ("classic", {"pass_cycle": [["left", 13]]}, "pass_cycle"),
        ("six_player", {"pass_cycle": [["left", 8]]}, "pass_cycle"),
        ("classic", {"pass_cycle": [["left", 0]]}, "pass_cycle"),
        ("classic", {"pass_cycle": [["hold", 3]]}, "pass_cycle"),
        ("classic", {"pass_cycle": [["up", 3]]}, "pass_cycle"),
        ("classic", {"pass_cycle": []}, "pass_cycle"),
        ("classic", {"pass_cycle": "left"}, "pass_cycle"),
        ("classic", {"pass_cycle": [["left"]]}, "pass_cycle"),
        ("classic", {"moon": "both"}, "moon"),
        ("classic", {"tie": "coin_flip"}, "tie"),
        ("classic", {"seats": 7}, "seats"),
        ("classic", {"seats": 5}, "hand_size"),
        ("classic", {"deck": "pinochle"}, "deck"),
        ("classic", {"hand_size": 0}, "hand_size"),
        ("classic", {"queen_points": -1}, "queen_points"),
        ("classic", {"free_first_trick": 1}, "free_first_trick"),
        ("classic", {"passing": "yes"}, "passing"),
        ("two_player", {"jack_of_diamonds": True}, "jack_of_diamonds"),
        ("classic", {"hearts_broken_by": "queen"}, "hearts_broken_by"),
        ("classic", {"lead_hearts_any_time": "true"}, "lead_hearts_any_time"),
        ("classic", {"opening_lead": "2C"}, "opening_lead"),
        ("two_player_full_deck", {"no_club_leader": "dealer"}, "no_club_leader"),
        ("classic", {"no_trick_bonus": -5}, "no_trick_bonus"),
        ("classic", {"no_trick_bonus": False}, "no_trick_bonus"),
    ],
)
def test_invalid_overrides_name_the_field(key, overrides, field):
    with pytest.raises(InvalidRuleSet) as info:
        RuleSet.from_preset(key, overrides)
    assert info.value.field == field
    assert info.value.code == "invalid_ruleset"
    assert info.value.details["field"] == field


def test_unknown_preset_is_rejected():
    with pytest.raises(InvalidRuleSet) as info:
        RuleSet.from_preset("seven_player")
    assert info.value.field == "preset"


def test_jack_of_diamonds_is_valid_where_the_deck_has_it():
    for key in ("classic", "three_player", "five_player", "six_player", "two_player_full_deck"):
        assert RuleSet.from_preset(key, {"jack_of_diamonds": True}).jack_of_diamonds


def test_two_player_passing_option():
    rules = RuleSet.from_preset("two_player", {"passing": True})
    assert [rules.pass_for_hand(n) for n in range(1, 8)] == [
        ("left", 2),
        ("left", 1),
        ("hold", 0),
        ("left", 2),
        ("left", 1),
        ("hold", 0),
        ("left", 2),
    ]
    assert rules.pass_target(0, "left") == 1
    assert rules.pass_target(1, "left") == 0
    assert PRESETS["two_player"].pass_for_hand(1) == ("hold", 0)


def test_classic_pass_cycle_repeats():
    rules = PRESETS["classic"]
    assert [rules.pass_for_hand(n)[0] for n in range(1, 10)] == [
        "left",
        "right",
        "across",
        "hold",
        "left",
        "right",
        "across",
        "hold",
        "left",
    ]
    assert [rules.pass_target(0, d) for d in ("left", "right", "across")] == [1, 3, 2]
    off = RuleSet.from_preset("classic", {"passing": False})
    assert off.pass_for_hand(1) == ("hold", 0)


def test_rulesets_are_frozen_hashable_values():
    rules = PRESETS["classic"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]
    assert hash(rules) == hash(RuleSet.from_preset("classic", {"target": 100}))
    assert {rules, RuleSet.from_preset("classic")} == {rules}


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_to_dict_round_trips_through_json(key):
    rules = RuleSet.from_preset(key, {"target": 77, "tie": "shared"})
    data = json.loads(json.dumps(rules.to_dict()))
    assert RuleSet.from_dict(data) == rules
    assert data["pass_cycle"] == [list(step) for step in rules.pass_cycle]


def test_from_dict_fills_missing_options_and_rejects_unknown():
    assert RuleSet.from_dict({"preset": "two_player", "target": 30}).target == 30
    with pytest.raises(InvalidRuleSet):
        RuleSet.from_dict({"preset": "classic", "jokers": 2})
    with pytest.raises(InvalidRuleSet):
        RuleSet.from_dict({"target": 30})


def test_a_ruleset_stored_before_the_five_new_options_keeps_the_old_behaviour():
    # The rules dict of a game created before hearts_broken_by, lead_hearts_any_time,
    # opening_lead, no_club_leader and no_trick_bonus existed (as stored in game_created).
    old = {
        "deck": "standard_52",
        "free_first_trick": False,
        "hand_size": 13,
        "hearts_or_queen_when_only_penalties": False,
        "jack_of_diamonds": False,
        "moon": "add_to_others",
        "pass_cycle": [["left", 3], ["right", 3], ["across", 3], ["hold", 0]],
        "passing": True,
        "preset": "classic",
        "queen_breaks_hearts": False,
        "queen_points": 13,
        "seats": 4,
        "target": 100,
        "tie": "play_on",
    }
    rules = RuleSet.from_dict(old)
    assert rules == PRESETS["classic"]
    assert (
        rules.hearts_broken_by,
        rules.lead_hearts_any_time,
        rules.opening_lead,
        rules.no_club_leader,
        rules.no_trick_bonus,
    ) == ("any_heart", False, "lowest_club", "normal_limits", 0)
    assert {k: v for k, v in rules.to_dict().items() if k in old} == old
