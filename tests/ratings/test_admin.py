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


def test_a_players_ratings_on_every_preset_and_the_kind_filter(users, sent, admin_client):
    ann, ben = users[:2]
    for preset, seats in [
        ("classic", [ann, ben, "heuristic", "random"]),
        ("two_player", [ann, "random"]),
    ]:
        services.ratings_apply_game(game_id=play_game(preset, seats))
    page = admin_client.get("/admin/ratings/rating/").content.decode()
    link = f"?player__id__exact={ann.pk}"
    assert link in page  # ann's name links to her ratings
    mine = admin_client.get(f"/admin/ratings/rating/{link}")
    assert mine.status_code == 200
    html = mine.content.decode()
    assert "2 ratings" in html  # classic and two_player, ben's and the AI levels' not listed
    assert "two_player" in html
    assert f"?player__id__exact={ben.pk}" not in html
    players = admin_client.get("/admin/ratings/rating/?kind=player").content.decode()
    assert "AI heuristic" not in players
    assert "3 ratings" in players  # ann twice, ben once
    levels = admin_client.get("/admin/ratings/rating/?kind=ai").content.decode()
    assert "AI heuristic" in levels
    assert f"?player__id__exact={ann.pk}" not in levels


def test_only_superusers_may_rebuild_staff_may_verify(applied, client, django_user_model):
    from django.contrib.auth.models import Permission

    staff = django_user_model.objects.create_user("staffer", password="pw-for-tests", is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(content_type__app_label="ratings"))
    client.force_login(staff)
    page = client.get("/admin/ratings/ladder/").content.decode()
    assert "verify_against_rebuild" in page
    assert "rebuild_from_logs" not in page
    Rating.objects.filter(ai_level="random").update(mu=40.0)
    response = client.post(
        "/admin/ratings/ladder/",
        {"action": "rebuild_from_logs", "_selected_action": ["classic"]},
        follow=True,
    )
    assert "Rebuilt" not in response.content.decode()
    assert Rating.objects.get(ai_level="random").mu == 40.0  # nothing rebuilt
