"""The one registry of problem codes (``common.errors``) against a table written out here.

Every code the API sends, with the status docs/api.md and openapi.yaml promise, is listed below
by hand, not computed: a status changed on an error class, a code renamed (the
``invalid_option`` / ``invalid_game_option`` mismatch once made a documented 400 a 422), a code
added without a line here, or docs/api.md out of step with the classes fails a test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from rest_framework.test import APIRequestFactory

from common import errors as registry
from common.errors import DomainError, ProblemType
from common.http.problems import problem_exception_handler, problem_types
from games.engine import errors as engine_errors

ROOT = Path(__file__).resolve().parents[2]

EXPECTED_STATUS = {
    # 400
    "validation_error": 400,
    "parse_error": 400,
    "invalid_card_code": 400,
    "invalid_ruleset": 400,
    "invalid_option": 400,
    "invalid_ai_level": 400,
    "invalid_filter": 400,
    "invalid_if_match": 400,
    "conflicting_preconditions": 400,
    "invalid_idempotency_key": 400,
    "weak_password": 400,
    "invalid_credentials": 400,
    # 401
    "not_authenticated": 401,
    "authentication_failed": 401,
    # 403
    "permission_denied": 403,
    "insufficient_scope": 403,
    "not_seated": 403,
    "not_game_creator": 403,
    "seat_resigned": 403,
    "not_table_creator": 403,
    "not_table_member": 403,
    "bot_not_open": 403,
    "bots_cannot_own_bots": 403,
    "bot_account_required": 403,
    # 404 / 405 / 406 / 415
    "not_found": 404,
    "game_not_found": 404,
    "bot_not_found": 404,
    "webhook_endpoint_not_found": 404,
    "webhook_delivery_not_found": 404,
    "push_subscription_not_found": 404,
    "device_not_found": 404,
    "ticket_not_found": 404,
    "table_not_found": 404,
    "invite_not_found": 404,
    "preset_not_found": 404,
    "player_not_found": 404,
    "ai_level_not_found": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    "unsupported_media_type": 415,
    # 409
    "concurrency_conflict": 409,
    "seat_taken": 409,
    "already_seated": 409,
    "game_full": 409,
    "game_already_started": 409,
    "game_not_started": 409,
    "game_finished": 409,
    "seats_not_filled": 409,
    "seat_not_ai": 409,
    "seat_handed_to_ai": 409,
    "game_not_finished": 409,
    "username_taken": 409,
    "bot_limit_reached": 409,
    "idempotency_request_in_progress": 409,
    "webhook_endpoint_disabled": 409,
    "push_not_configured": 409,
    "mobile_push_not_configured": 409,
    "already_queued": 409,
    "not_queued": 409,
    "ticket_matched": 409,
    "already_at_table": 409,
    "table_full": 409,
    "table_closed": 409,
    "table_not_full": 409,
    "rematch_not_allowed": 409,
    # 410
    "invite_expired": 410,
    "invite_revoked": 410,
    # 412
    "precondition_failed": 412,
    # 422
    "seat_out_of_range": 422,
    "webhook_url_invalid": 422,
    "webhook_url_unresolvable": 422,
    "webhook_address_forbidden": 422,
    "invalid_game_log": 422,
    "idempotency_key_reused": 422,
    "wrong_phase": 422,
    "not_your_turn": 422,
    "unknown_seat": 422,
    "card_not_in_deck": 422,
    "card_not_in_hand": 422,
    "must_follow_suit": 422,
    "hearts_not_broken": 422,
    "no_points_on_first_trick": 422,
    "must_lead_opening_card": 422,
    "wrong_pass_count": 422,
    "duplicate_cards": 422,
    "already_passed": 422,
    "invalid_deck": 422,
    "not_moon_shooter": 422,
    "invalid_moon_choice": 422,
    "game_over": 422,
    # 429 / 503 / 500
    "throttled": 429,
    "too_many_streams": 429,
    "service_unavailable": 503,
    "server_error": 500,
}
# Error classes that are bugs or corrupt data: a 500 server_error, never sent under their code.
EXPECTED_INTERNAL = {"unknown_event_type": 500}


def _concrete_domain_errors() -> list[type[DomainError]]:
    found, todo = [], [DomainError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "code" in cls.__dict__ and cls is not DomainError:
            found.append(cls)
    return sorted(found, key=lambda c: c.code)


DOMAIN_ERRORS = _concrete_domain_errors()


def _render(exc):
    return problem_exception_handler(exc, {"request": APIRequestFactory().get("/"), "view": None})


def _instance(cls):
    if cls.code == "concurrency_conflict":
        return cls(current_seq=7)
    return cls()


def test_the_registry_is_the_expected_table():
    assert {code: problem.status for code, problem in problem_types().items()} == EXPECTED_STATUS


def test_every_domain_error_class_declares_an_expected_code_and_status():
    declared = {cls.code: cls.status for cls in DOMAIN_ERRORS}
    expected = {**EXPECTED_STATUS, **EXPECTED_INTERNAL}
    assert {code: expected.get(code) for code in declared} == declared
    # every app's errors are found (games, players, the HTTP layer, common itself)
    modules = {cls.__module__ for cls in DOMAIN_ERRORS}
    assert modules == {
        "games.errors",
        "players.errors",
        "notifications.errors",
        "matchmaking.errors",
        "ratings.errors",
        "common.http.errors",
        "common.errors",
    }


@pytest.mark.parametrize("cls", DOMAIN_ERRORS, ids=lambda c: c.code)
def test_every_domain_error_renders_with_its_expected_status(cls):
    response = _render(_instance(cls))
    if cls.code in EXPECTED_INTERNAL:
        assert response is None  # a 500 and a bug, not the caller's fault
        return
    assert (response.status_code, response.data["code"]) == (EXPECTED_STATUS[cls.code], cls.code)
    assert response.data["status"] == EXPECTED_STATUS[cls.code]
    assert response.data["title"] == problem_types()[cls.code].title


@pytest.mark.parametrize("cls", engine_errors.RULE_VIOLATIONS, ids=lambda c: c.code)
def test_every_engine_rule_violation_renders_with_its_expected_status(cls):
    response = _render(cls("not now"))
    assert (response.status_code, response.data["code"]) == (EXPECTED_STATUS[cls.code], cls.code)


def test_engine_syntax_and_option_errors_are_400():
    assert _render(engine_errors.NotationError("1X")).status_code == 400
    assert _render(engine_errors.InvalidRuleSet("target", "must be positive")).status_code == 400


def test_docs_api_md_table_has_every_code_with_its_expected_status():
    text = (ROOT / "docs" / "api.md").read_text()
    block = text[text.index("<!-- problem-types:start") : text.index("<!-- problem-types:end")]
    rows = re.findall(r"^\| (\d{3}) \| `([a-z_]+)` \|", block, flags=re.MULTILINE)
    assert {code: int(status) for status, code in rows} == EXPECTED_STATUS
    assert len(rows) == len(EXPECTED_STATUS)  # no code twice


def test_openapi_yaml_documents_every_code_with_its_expected_status():
    schema = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    documented = schema["components"]["schemas"]["ProblemTypes"]["properties"]
    statuses = {code: entry["properties"]["status"]["enum"] for code, entry in documented.items()}
    assert statuses == {code: [status] for code, status in EXPECTED_STATUS.items()}


def test_a_code_cannot_be_declared_twice_with_another_status():
    with pytest.raises(ValueError, match="declared twice"):
        registry.register("seat_taken", ProblemType(400, "Bad request."))
    with pytest.raises(ValueError, match="two statuses"):
        registry.register_error(engine_errors.WrongPhase, status=409)
    assert problem_types()["seat_taken"].status == 409


def test_a_concrete_error_without_a_code_is_refused():
    with pytest.raises(TypeError, match="must declare its code"):

        class Nameless(DomainError):  # pragma: no cover - refused at definition
            status = 400
