"""The exception handler renders every domain and engine error as one problem-details shape."""

from __future__ import annotations

import inspect

import pytest
from rest_framework.test import APIRequestFactory

from common.http.problems import PROBLEM_TYPES, problem_exception_handler
from games import errors as game_errors
from games.engine import errors as engine_errors
from players import errors as player_errors

RULE_VIOLATIONS = engine_errors.RULE_VIOLATIONS
GAME_ERRORS = [
    cls
    for _name, cls in inspect.getmembers(game_errors, inspect.isclass)
    if issubclass(cls, game_errors.GameError) and cls is not game_errors.GameError
]
PLAYER_ERRORS = [player_errors.UsernameTaken, player_errors.WeakPassword,
                 player_errors.InvalidCredentials]  # fmt: skip


def render(exc):
    request = APIRequestFactory().get("/")
    return problem_exception_handler(exc, {"request": request, "view": None})


@pytest.mark.parametrize("cls", RULE_VIOLATIONS, ids=lambda c: c.code)
def test_every_rule_violation_is_a_422_naming_the_rule(cls):
    response = render(cls("not allowed now", card="QS", cards=frozenset()))
    assert response.status_code == 422
    assert response.content_type == "application/problem+json"
    assert response.data["code"] == cls.code
    assert response.data["status"] == 422
    assert response.data["detail"] == "not allowed now"
    assert response.data["extra"] == {"card": "QS", "cards": []}


# Written out here, not computed from the registry: the statuses docs/api.md and openapi.yaml
# promise for every error of games/errors.py (a code changed on either side fails this test).
EXPECTED_GAME_ERROR_STATUS = {
    "game_not_found": 404,
    "bot_not_found": 404,
    "not_seated": 403,
    "seat_taken": 409,
    "seat_out_of_range": 422,
    "game_full": 409,
    "already_seated": 409,
    "not_game_creator": 403,
    "bot_not_open": 403,
    "game_already_started": 409,
    "game_not_started": 409,
    "game_finished": 409,
    "seats_not_filled": 409,
    "invalid_ai_level": 400,
    "seat_not_ai": 409,
    "seat_handed_to_ai": 409,
    "seat_resigned": 403,
    "concurrency_conflict": 409,
    "invalid_game_log": 422,
    "invalid_option": 400,
    "invalid_card_code": 400,
    "game_not_finished": 409,
    "idempotency_request_in_progress": 409,
    "idempotency_key_reused": 422,
    "too_many_streams": 429,
    "unknown_event_type": 500,
}


def test_the_expected_table_names_every_games_error():
    assert {cls.code for cls in GAME_ERRORS} == set(EXPECTED_GAME_ERROR_STATUS)


@pytest.mark.parametrize("cls", GAME_ERRORS, ids=lambda c: c.code)
def test_every_games_error_has_its_status(cls):
    exc = cls(current_seq=7) if cls is game_errors.ConcurrencyConflict else cls(seat=2)
    response = render(exc)
    if cls.code == "unknown_event_type":
        assert response is None  # corrupt stored data: a 500 and a bug, not the caller's fault
        return
    assert response.status_code == EXPECTED_GAME_ERROR_STATUS[cls.code]
    assert response.data["code"] == cls.code
    assert set(response.data) == {"type", "title", "status", "detail", "code", "extra"}
    if cls is game_errors.ConcurrencyConflict:
        assert response.status_code == 409
        assert response.data["extra"]["current_seq"] == 7


def test_the_invalid_game_option_error_is_a_400_under_its_own_code():
    """games.errors.InvalidGameOption's code is ``invalid_option``; the status table once named
    it ``invalid_game_option``, so the server answered 422 where the docs promised 400."""
    response = render(game_errors.InvalidGameOption(field="turn_limit_s", value=1))
    assert (response.status_code, response.data["code"]) == (400, "invalid_option")
    assert "invalid_game_option" not in PROBLEM_TYPES


EXPECTED_PLAYER_ERROR_STATUS = {"username_taken": 409, "weak_password": 400,
                                "invalid_credentials": 400}  # fmt: skip


@pytest.mark.parametrize("cls", PLAYER_ERRORS, ids=lambda c: c.code)
def test_player_errors(cls):
    response = render(cls())
    assert response.data["code"] == cls.code
    assert response.status_code == EXPECTED_PLAYER_ERROR_STATUS[cls.code]


def test_notation_and_ruleset_errors_are_400():
    response = render(engine_errors.NotationError("1X"))
    assert (response.status_code, response.data["code"]) == (400, "invalid_card_code")
    response = render(engine_errors.InvalidRuleSet("target", "must be a positive int"))
    assert (response.status_code, response.data["code"]) == (400, "invalid_ruleset")
    assert response.data["extra"]["field"] == "target"


def test_unknown_exceptions_stay_500():
    assert render(RuntimeError("bug")) is None
