"""Every numeric query parameter of the list endpoints has a range; anything outside it (huge,
negative, not a number) is a typed 400 naming the parameter, never a 500 and never a silent
default page. ``GET games/?limit=100000000000000000000`` was a 500 (bigint out of range) and
``?limit=abc`` gave the default page."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.http.pagination import MAX_INT32, MAX_PAGE_SIZE
from tests.api.conftest import assert_problem, create_game

pytestmark = pytest.mark.django_db

HUGE = "100000000000000000000"
BAD = {
    "limit": [HUGE, "-1", "0", "abc", "", "1.5", "1e3", " ", str(MAX_PAGE_SIZE + 1), "0x10"],
    "offset": [HUGE, "-1", "abc", "", "2.5", str(MAX_INT32 + 1), "nan", "∞"],
}
GOOD = {"limit": ["1", str(MAX_PAGE_SIZE), "07"], "offset": ["0", "3", str(MAX_INT32)]}
CASES = [(name, value) for name, values in BAD.items() for value in values]


@pytest.fixture
def lists(player):
    """(client, path) of every paginated list, with a few games in it."""
    alice = player("alice")
    for _ in range(3):
        create_game(alice)
    return [(alice.client, "/api/v1/games/"), (alice.client, "/api/v1/me/games/")]


@pytest.mark.parametrize(("name", "value"), CASES)
def test_out_of_range_or_malformed_page_parameters_are_a_typed_400(lists, name, value):
    for client, path in lists:
        response = client.get(path, {name: value})
        problem = assert_problem(response, 400, "invalid_filter")
        assert list(problem["extra"]["errors"]) == [name], problem


@pytest.mark.parametrize("name", ["limit", "offset"])
def test_in_range_page_parameters_page(lists, name):
    for client, path in lists:
        for value in GOOD[name]:
            response = client.get(path, {name: value})
            assert response.status_code == 200, (path, name, value, response.content)
            body = response.json()
            assert body["count"] == 3
            if name == "limit":
                assert len(body["results"]) == min(3, int(value))


def test_the_lobby_filters_answer_the_same_400(anon):
    problem = assert_problem(anon.get("/api/v1/games/", {"status": "bogus"}), 400, "invalid_filter")
    assert list(problem["extra"]["errors"]) == ["status"]
    response = anon.get("/api/v1/games/", {"has_open_seat": "maybe", "limit": "abc"})
    problem = assert_problem(response, 400, "invalid_filter")
    assert set(problem["extra"]["errors"]) <= {"has_open_seat", "limit"}


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    name=st.sampled_from(["limit", "offset", "status", "preset", "has_open_seat"]),
    value=st.one_of(
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(str),
        st.text(max_size=30),
    ),
)
def test_fuzzed_lobby_parameters_are_200_or_a_typed_400(anon, name, value):
    response = anon.get("/api/v1/games/", {name: value})
    assert response.status_code in (200, 400), (name, value, response.status_code)
    if response.status_code == 400:
        assert response.json()["code"] == "invalid_filter"
    elif name in ("limit", "offset") and value.strip():
        number = int(float(value))  # accepted: an integer (maybe "7.0") in range
        assert (
            (1 if name == "limit" else 0)
            <= number
            <= (MAX_PAGE_SIZE if name == "limit" else MAX_INT32)
        )


@pytest.mark.parametrize(
    ("query", "field"),
    [("after=" + HUGE, "after"), ("after=-1", "after"), ("limit=abc", "limit"),
     ("wait=100000", "wait"), ("limit=0", "limit")],
)  # fmt: skip
def test_the_events_feed_bounds_its_parameters(player, query, field):
    alice = player("alice")
    game_id = create_game(alice)["game_id"]
    response = alice.client.get(f"/api/v1/games/{game_id}/events/?{query}")
    problem = assert_problem(response, 400, "validation_error")
    assert field in problem["extra"]["errors"]
