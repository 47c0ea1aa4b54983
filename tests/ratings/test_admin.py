"""The ratings admin: read-only lists (ratings per player and AI level, filtered by preset),
a verify action that changes nothing and a rebuild action."""

from __future__ import annotations

import pytest

from ratings import selectors, services
from ratings.models import Rating
from tests.ratings.helpers import play_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def applied(users, sent):
    game_id = play_game("classic", [users[0], users[1], "heuristic", "random"])
    services.ratings_apply_game(game_id=game_id)
    return game_id


def test_lists_filter_and_search_and_nothing_can_be_changed(applied, admin_client):
    for page, needle in [
        ("/admin/ratings/rating/", "ann"),
        ("/admin/ratings/rating/?preset=classic", "AI heuristic"),
        ("/admin/ratings/rating/?q=ben", "ben"),
        ("/admin/ratings/ratedgame/", str(applied)),
        ("/admin/ratings/ratingpoint/", "classic"),
        ("/admin/ratings/ladder/", "classic"),
    ]:
        response = admin_client.get(page)
        assert response.status_code == 200, page
        assert needle in response.content.decode(), page
    assert "ben" not in admin_client.get("/admin/ratings/rating/?q=ann").content.decode()
    rating = Rating.objects.get(player__username="ann")
    page = admin_client.get(f"/admin/ratings/rating/{rating.pk}/change/")
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    assert admin_client.get("/admin/ratings/rating/add/").status_code == 403
    response = admin_client.post(f"/admin/ratings/rating/{rating.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert Rating.objects.filter(pk=rating.pk).exists()


def test_verify_changes_nothing_and_reports_a_difference(applied, admin_client):
    Rating.objects.filter(ai_level="random").update(mu=40.0)
    tampered = selectors.projection_snapshot()
    response = admin_client.post(
        "/admin/ratings/ladder/",
        {"action": "verify_against_rebuild", "_selected_action": ["classic"]},
        follow=True,
    )
    assert "1 difference(s)" in response.content.decode()
    assert selectors.projection_snapshot() == tampered
    response = admin_client.post(
        "/admin/ratings/ladder/",
        {"action": "rebuild_from_logs", "_selected_action": ["classic"]},
        follow=True,
    )
    assert "Rebuilt classic: 1 game(s)." in response.content.decode()
    response = admin_client.post(
        "/admin/ratings/ladder/",
        {"action": "verify_against_rebuild", "_selected_action": ["classic"]},
        follow=True,
    )
    html = response.content.decode()
    assert "The ratings of classic match a rebuild." in html
