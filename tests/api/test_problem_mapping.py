"""The exception handler renders every domain and engine error as one problem-details shape."""

from __future__ import annotations

import inspect

import pytest
from rest_framework.test import APIRequestFactory

from games import errors as game_errors
from games.engine import errors as engine_errors
from hearts_api.exception_handlers import DOMAIN_STATUS, problem_exception_handler
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


@pytest.mark.parametrize("cls", GAME_ERRORS, ids=lambda c: c.code)
def test_every_games_error_has_its_status(cls):
    exc = cls(current_seq=7) if cls is game_errors.ConcurrencyConflict else cls(seat=2)
    response = render(exc)
    if cls.code == "unknown_event_type":
        assert response is None  # corrupt stored data: a 500 and a bug, not the caller's fault
        return
    assert response.status_code == DOMAIN_STATUS.get(cls.code, 422)
    assert response.data["code"] == cls.code
    assert set(response.data) == {"type", "title", "status", "detail", "code", "extra"}
    if cls is game_errors.ConcurrencyConflict:
        assert response.status_code == 409
        assert response.data["extra"]["current_seq"] == 7


def test_statuses_of_the_main_games_errors():
    assert DOMAIN_STATUS["game_not_found"] == 404
    assert DOMAIN_STATUS["not_seated"] == 403
    assert DOMAIN_STATUS["concurrency_conflict"] == 409


@pytest.mark.parametrize("cls", PLAYER_ERRORS, ids=lambda c: c.code)
def test_player_errors(cls):
    response = render(cls())
    assert response.data["code"] == cls.code
    assert 400 <= response.status_code < 500


def test_notation_and_ruleset_errors_are_400():
    response = render(engine_errors.NotationError("1X"))
    assert (response.status_code, response.data["code"]) == (400, "invalid_card_code")
    response = render(engine_errors.InvalidRuleSet("target", "must be a positive int"))
    assert (response.status_code, response.data["code"]) == (400, "invalid_ruleset")
    assert response.data["extra"]["field"] == "target"


def test_unknown_exceptions_stay_500():
    assert render(RuntimeError("bug")) is None
