"""Every problem ``code`` the API can send: its HTTP status, its title and the keys of ``extra``.

The one table of error statuses. `hearts_api.exception_handlers` maps domain and engine errors to
their status with it, titles problems with it and documents it in openapi.yaml (one example per
code, under each status of each operation); docs/api.md lists it. ``tests/api/
test_problem_catalog.py`` provokes the codes through the API and compares every response with its
entry here and with its documented example, so neither can drift from what the server sends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ProblemType:
    status: int
    title: str
    # key of ``extra`` -> its meaning (the keys the server sends, always all of them)
    extra: dict[str, str] = field(default_factory=dict)
    # an example of ``detail`` and ``extra`` values, as a real response has them
    detail: str = ""
    example: dict[str, Any] = field(default_factory=dict)


_RULE = "Rule violation."
_CARD = {"card": "the card code of the move"}

PROBLEM_TYPES: dict[str, ProblemType] = {
    # ------------------------------------------------------------------ 400
    "validation_error": ProblemType(
        400,
        "Invalid input.",
        {
            "errors": "messages per field (non_field_errors for the body as a whole)",
            "codes": "DRF's error code per field, same shape as errors",
        },
        "card: This field is required.",
        {"errors": {"card": ["This field is required."]}, "codes": {"card": ["required"]}},
    ),
    "parse_error": ProblemType(
        400,
        "Malformed request.",
        {},
        "JSON parse error - Expecting value: line 1 column 1 (char 0)",
        {},
    ),
    "invalid_card_code": ProblemType(
        400,
        "Invalid card code.",
        {"field": "the request field", "value": "the value sent"},
        '\'1X\' is not a card code (Card code: rank then suit, e.g. "2C", "10H", "QS", "AS" '
        '(also "TH", lower case).)',
        {"field": "card", "value": "1X"},
    ),
    "invalid_ruleset": ProblemType(
        400,
        "Invalid game options.",
        {"field": "the preset or option at fault", "message": "what is wrong with it"},
        "must be a positive int",
        {"field": "target", "message": "must be a positive int"},
    ),
    "invalid_option": ProblemType(
        400,
        "Bad request.",
        {"field": "the table option at fault", "value": "the value sent"},
        "Invalid game option.",
        {"field": "think_delay_ms", "value": -1},
    ),
    "invalid_ai_level": ProblemType(
        400,
        "Bad request.",
        {"level": "the level sent", "levels": "the AI levels"},
        "Unknown AI level.",
        {"level": "genius", "levels": ["random", "heuristic", "expert"]},
    ),
    "invalid_filter": ProblemType(
        400,
        "Bad request.",
        {"errors": "messages per query parameter (filter, limit, offset)"},
        "Invalid query parameter: limit.",
        {"errors": {"limit": ["A valid integer is required."]}},
    ),
    "invalid_if_match": ProblemType(
        400,
        "Invalid If-Match header.",
        {"if_match": "the header sent"},
        'If-Match must be the game ETag ("<game id>:<seq>:<viewer>") or "<seq>".',
        {"if_match": '"yesterday"'},
    ),
    "conflicting_preconditions": ProblemType(
        400,
        "Conflicting preconditions.",
        {"expected_seq": "the body's expected_seq", "if_match_seq": "the seq of If-Match"},
        "expected_seq and If-Match name different sequence numbers.",
        {"expected_seq": 4, "if_match_seq": 5},
    ),
    "invalid_idempotency_key": ProblemType(
        400, "Invalid Idempotency-Key.", {}, "Idempotency-Key must be 1 to 255 characters.", {}
    ),
    "weak_password": ProblemType(
        400,
        "Bad request.",
        {"messages": "why the password is refused"},
        "The password is too weak.",
        {"messages": ["This password is too common."]},
    ),
    "invalid_credentials": ProblemType(
        400, "Bad request.", {}, "Unable to log in with the given username and password.", {}
    ),
    # ------------------------------------------------------------------ 401
    "not_authenticated": ProblemType(
        401,
        "Authentication credentials were not provided.",
        {},
        "Authentication credentials were not provided.",
        {},
    ),
    "authentication_failed": ProblemType(
        401, "Incorrect authentication credentials.", {}, "Invalid token.", {}
    ),
    # ------------------------------------------------------------------ 403
    "permission_denied": ProblemType(
        403,
        "You do not have permission to perform this action.",
        {},
        "You do not have permission to perform this action.",
        {},
    ),
    "not_seated": ProblemType(403, "Forbidden.", {}, "You do not have a seat in this game.", {}),
    "not_game_creator": ProblemType(
        403, "Forbidden.", {}, "Only the creator of the game may do this.", {}
    ),
    "seat_resigned": ProblemType(
        403,
        "Forbidden.",
        {"seat": "the seat"},
        "You resigned this seat; the AI plays it for good.",
        {"seat": 1},
    ),
    # ------------------------------------------------------------------ 404
    "not_found": ProblemType(404, "Not found.", {}, "Not found.", {}),
    "game_not_found": ProblemType(
        404,
        "Not found.",
        {"game_id": "the id asked for"},
        "No such game.",
        {"game_id": "00000000-0000-4000-8000-000000000000"},
    ),
    "preset_not_found": ProblemType(
        404,
        "Not found.",
        {"preset": "the preset asked for", "presets": "the presets"},
        "No such preset.",
        {
            "preset": "hearts",
            "presets": [
                "classic",
                "five_player",
                "six_player",
                "three_player",
                "two_player",
                "two_player_full_deck",
            ],
        },
    ),
    "player_not_found": ProblemType(
        404,
        "Not found.",
        {"username": "the username asked for"},
        "No such player.",
        {"username": "nobody"},
    ),
    "ai_level_not_found": ProblemType(
        404,
        "Not found.",
        {"level": "the level asked for", "levels": "the AI levels"},
        "No such AI level.",
        {"level": "genius", "levels": ["random", "heuristic", "expert"]},
    ),
    # ------------------------------------------------------------------ 405 / 406 / 415
    "method_not_allowed": ProblemType(
        405, "Method not allowed.", {}, 'Method "PUT" not allowed.', {}
    ),
    "not_acceptable": ProblemType(
        406,
        "Could not satisfy the request Accept header.",
        {},
        "Could not satisfy the request Accept header.",
        {},
    ),
    "unsupported_media_type": ProblemType(
        415,
        "Unsupported media type.",
        {},
        'Unsupported media type "application/x-www-form-urlencoded" in request.',
        {},
    ),
    # ------------------------------------------------------------------ 409
    "concurrency_conflict": ProblemType(
        409,
        "Stale expected sequence number.",
        {"current_seq": "the game's current seq"},
        "The game has moved on since you last looked.",
        {"current_seq": 7},
    ),
    "seat_taken": ProblemType(
        409, "Conflict.", {"seat": "the seat"}, "That seat is already taken.", {"seat": 0}
    ),
    "already_seated": ProblemType(
        409,
        "Conflict.",
        {"seat": "the caller's seat"},
        "You already have a seat in this game.",
        {"seat": 0},
    ),
    "game_full": ProblemType(409, "Conflict.", {}, "Every seat of this game is taken.", {}),
    "game_already_started": ProblemType(409, "Conflict.", {}, "The game has already started.", {}),
    "game_not_started": ProblemType(409, "Conflict.", {}, "The game has not started yet.", {}),
    "game_finished": ProblemType(409, "Conflict.", {}, "The game is over.", {}),
    "seats_not_filled": ProblemType(
        409,
        "Conflict.",
        {"empty_seats": "the empty seats"},
        "Every seat must be filled before the game starts.",
        {"empty_seats": [1, 2, 3]},
    ),
    "seat_not_ai": ProblemType(
        409, "Conflict.", {"seat": "the seat"}, "That seat is not played by the AI.", {"seat": 0}
    ),
    "seat_handed_to_ai": ProblemType(
        409,
        "Conflict.",
        {"seat": "the seat"},
        "Your seat is played by the AI; reclaim it first.",
        {"seat": 0},
    ),
    "game_not_finished": ProblemType(
        409,
        "Conflict.",
        {"status": "the game's status"},
        "The full log is exported only once the game is over.",
        {"status": "lobby"},
    ),
    "username_taken": ProblemType(
        409,
        "Conflict.",
        {"username": "the name asked for"},
        "That username is already taken.",
        {"username": "alice"},
    ),
    "idempotency_request_in_progress": ProblemType(
        409,
        "Request in progress.",
        {"key": "the Idempotency-Key"},
        "A request with this Idempotency-Key is in progress.",
        {"key": "7d1c-lead"},
    ),
    # ------------------------------------------------------------------ 412
    "precondition_failed": ProblemType(
        412,
        "Precondition failed.",
        {"current_seq": "the game's current seq", "expected_seq": "the seq of If-Match"},
        "If-Match does not match the game's current version.",
        {"current_seq": 7, "expected_seq": 6},
    ),
    # ------------------------------------------------------------------ 422
    "seat_out_of_range": ProblemType(
        422,
        _RULE,
        {"seat": "the seat sent", "seats": "the table's seat count"},
        "That seat does not exist in this game.",
        {"seat": 4, "seats": 4},
    ),
    "invalid_game_log": ProblemType(422, _RULE, {}, "The game log does not verify.", {}),
    "idempotency_key_reused": ProblemType(
        422,
        "Idempotency-Key reused.",
        {"key": "the key", "method": "its first request's method", "path": "and path"},
        "This Idempotency-Key was already used for a different request.",
        {"key": "7d1c-lead", "method": "POST", "path": "/api/v1/games/{id}/plays/"},
    ),
    "wrong_phase": ProblemType(
        422,
        _RULE,
        {"phase": "the hand's phase"},
        "cannot pass cards in phase playing",
        {"phase": "playing"},
    ),
    "not_your_turn": ProblemType(
        422, _RULE, {"to_act": "the seats to act"}, "seat 0 is to play", {"to_act": [0]}
    ),
    "unknown_seat": ProblemType(422, _RULE, {"seat": "the seat"}, "no seat 9", {"seat": 9}),
    "card_not_in_deck": ProblemType(422, _RULE, _CARD, "3C is not in this deck", {"card": "3C"}),
    "card_not_in_hand": ProblemType(
        422, _RULE, _CARD, "AS is not in seat 0's hand", {"card": "AS"}
    ),
    "must_follow_suit": ProblemType(
        422,
        _RULE,
        {"suit": "the suit led (C, D, H, S)", **_CARD},
        "must follow clubs",
        {"suit": "C", "card": "5D"},
    ),
    "hearts_not_broken": ProblemType(422, _RULE, _CARD, "hearts are not broken", {"card": "AH"}),
    "no_points_on_first_trick": ProblemType(
        422, _RULE, _CARD, "no hearts or queen of spades on the first trick", {"card": "7H"}
    ),
    "must_lead_opening_card": ProblemType(
        422,
        _RULE,
        {**_CARD, "opening": "the card that must lead"},
        "the first trick must be led with 2C",
        {"card": "3C", "opening": "2C"},
    ),
    "wrong_pass_count": ProblemType(
        422,
        _RULE,
        {"expected": "cards to pass", "got": "cards sent"},
        "pass exactly 3 cards",
        {"expected": 3, "got": 2},
    ),
    "duplicate_cards": ProblemType(
        422,
        _RULE,
        {"cards": "the cards sent twice"},
        "the same card twice in a pass",
        {"cards": ["2C", "2C", "3C"]},
    ),
    "already_passed": ProblemType(
        422, _RULE, {"seat": "the seat"}, "seat 0 has already passed", {"seat": 0}
    ),
    "invalid_deck": ProblemType(
        422,
        _RULE,
        {"deck": "the ruleset's deck"},
        "the deck must be a permutation of the ruleset's deck",
        {"deck": "standard_52"},
    ),
    "not_moon_shooter": ProblemType(
        422,
        _RULE,
        {"shooter": "the seat that shot the moon"},
        "seat 2 shot the moon",
        {"shooter": 2},
    ),
    "invalid_moon_choice": ProblemType(
        422,
        _RULE,
        {"choice": "the choice sent", "choices": "the choices"},
        "choice must be one of add_to_others, subtract_from_self",
        {"choice": "nope", "choices": ["add_to_others", "subtract_from_self"]},
    ),
    "game_over": ProblemType(422, _RULE, {}, "the game is over", {}),
    # ------------------------------------------------------------------ 429 / 503
    "throttled": ProblemType(
        429,
        "Request was throttled.",
        {"retry_after_s": "seconds to wait (= Retry-After)"},
        "Request was throttled. Expected available in 60 seconds.",
        {"retry_after_s": 60},
    ),
    "service_unavailable": ProblemType(
        503,
        "Service unavailable.",
        {"retry_after_s": "seconds to wait (= Retry-After)"},
        "The database is unreachable; retry later.",
        {"retry_after_s": 5},
    ),
    # ------------------------------------------------------------------ 500 (a bug, never planned)
    "server_error": ProblemType(500, "Server error.", {}, "An unexpected error occurred.", {}),
}


def codes_of(status: int) -> list[str]:
    return [code for code, problem in PROBLEM_TYPES.items() if problem.status == status]


def markdown_table() -> str:
    """The table of docs/api.md (between its ``problem-types`` markers; a test compares)."""
    lines = ["| status | code | title | keys of `extra` |", "|---|---|---|---|"]
    for code, problem in sorted(PROBLEM_TYPES.items(), key=lambda item: item[1].status):
        keys = ", ".join(f"`{key}` ({meaning})" for key, meaning in problem.extra.items())
        lines.append(f"| {problem.status} | `{code}` | {problem.title} | {keys or '-'} |")
    return "\n".join(lines) + "\n"
