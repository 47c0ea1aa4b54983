"""Errors of the ratings API, each with its stable ``code`` and HTTP ``status`` (registered in
the one problem registry, ``common.errors``; docs/api.md)."""

from __future__ import annotations

from common.errors import DomainError


class RatingError(DomainError, abstract=True):
    default_message = "The ratings request was rejected."


class PresetNotFound(RatingError):
    code = "preset_not_found"
    status = 404
    default_message = "No such preset."
    extra_keys = {"preset": "the preset asked for", "presets": "the presets"}
    example = {
        "preset": "hearts",
        "presets": [
            "classic",
            "five_player",
            "six_player",
            "three_player",
            "two_player",
            "two_player_full_deck",
        ],
    }


class PlayerNotFound(RatingError):
    code = "player_not_found"
    status = 404
    default_message = "No such player."
    extra_keys = {"username": "the username asked for"}
    example = {"username": "nobody"}


class AiLevelNotFound(RatingError):
    code = "ai_level_not_found"
    status = 404
    default_message = "No such AI level."
    extra_keys = {"level": "the level asked for", "levels": "the AI levels"}
    example = {"level": "genius", "levels": ["random", "heuristic", "expert", "master"]}
