"""The table options' bounds (games/table_options.py, one owner) at both layers: the API's input
serializer answers 400 validation_error naming the field, the service 400 invalid_option; both
accept exactly the same range (think_delay_ms 0 to 10,000; turn_limit_s 5 to 1,209,600, 14
days, or null)."""

from __future__ import annotations

import pytest

from games import errors, services
from games.models import Game
from tests.api.conftest import assert_problem

pytestmark = pytest.mark.django_db

# Written out (docs/api.md promises these): (field, the lowest and highest accepted values,
# values just outside).
BOUNDS = {
    "think_delay_ms": ((0, 10_000), (-1, 10_001)),
    "turn_limit_s": ((5, 1_209_600), (4, 1_209_601)),
}
CASES = [(field, value, True) for field, (ok, _) in BOUNDS.items() for value in ok] + [
    (field, value, False) for field, (_, bad) in BOUNDS.items() for value in bad
]


@pytest.mark.parametrize(("field", "value", "accepted"), CASES)
def test_the_api_accepts_exactly_the_bounds(player, field, value, accepted):
    response = player().client.post(
        "/api/v1/games/", {"preset": "classic", field: value}, format="json"
    )
    if accepted:
        assert response.status_code == 201, response.content
        assert response.json()["game"]["options"][field] == value
    else:
        body = assert_problem(response, 400, "validation_error")
        assert field in body["extra"]["errors"]
        assert not Game.objects.exists()


@pytest.mark.parametrize(("field", "value", "accepted"), CASES)
def test_the_service_accepts_exactly_the_bounds(player, field, value, accepted):
    user = player().user
    if accepted:
        created = services.game_create(user=user, preset="classic", **{field: value})
        assert Game.objects.get(pk=created.game_id).options[field] == value
    else:
        with pytest.raises(errors.InvalidGameOption) as info:
            services.game_create(user=user, preset="classic", **{field: value})
        assert info.value.details == {"field": field, "value": value}
        assert not Game.objects.exists()


def test_the_service_refuses_what_the_serializer_would_never_pass(player):
    # bools are ints in Python; a turn limit of None is "no limit", a think delay of None is not
    user = player().user
    for field, value in [
        ("think_delay_ms", True),
        ("think_delay_ms", None),
        ("turn_limit_s", 30.0),
    ]:
        with pytest.raises(errors.InvalidGameOption):
            services.game_create(user=user, preset="classic", **{field: value})
    assert services.game_create(user=user, preset="classic", turn_limit_s=None).seq == 2


def test_openapi_documents_the_same_bounds():
    from pathlib import Path

    import yaml

    schema = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
    props = schema["components"]["schemas"]["GameCreateInputRequest"]["properties"]
    for field, ((low, high), _) in BOUNDS.items():
        assert (props[field]["minimum"], props[field]["maximum"]) == (low, high)
