"""Matchmaking's signals become notifications: ``matched`` when quick play seats a player or a
table starts, ``invite`` when a rematch is offered (to the other players only), each stored
once with a stable id and delivered to the player's webhooks. Matchmaking never imports this
app (an import-linter contract)."""

from __future__ import annotations

import pytest

from games import services as game_services
from matchmaking import services as mm_services
from matchmaking.models import Ticket
from matchmaking.signals import player_matched
from notifications.models import NotificationEvent, WebhookDelivery
from tests.matchmaking.test_tables import _finish, post
from tests.notifications.receiver import Receiver
from tests.notifications.test_webhooks import register

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receiver(settings):
    settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS = "127.0.0.1/32"
    r = Receiver().start()
    yield r
    r.stop()


def kinds(user) -> list[tuple[str, dict]]:
    return [
        (e.type, e.data)
        for e in NotificationEvent.objects.filter(player=user, type__in=["matched", "invite"])
    ]


def test_quick_play_sends_matched_to_each_player_once(player, receiver, enqueued):
    alice, bob = player(), player()
    register(alice, receiver.url, ["matched"])
    for p in (alice, bob):
        mm_services.ticket_create(user=p.user, preset="two_player", wake=False)
    (game_id,) = mm_services.matchmaking_match()
    for p in (alice, bob):
        ((kind, data),) = kinds(p.user)
        assert kind == "matched"
        assert (data["game_id"], data["via"]) == (str(game_id), "quick_play")
    assert {d.event.type for d in WebhookDelivery.objects.all()} == {"matched"}
    assert WebhookDelivery.objects.get().endpoint.owner_id == alice.id
    assert len(enqueued) == 1
    # The same match announced again (a retry) makes nothing new.
    data = kinds(alice.user)[0][1]
    assert data["ticket_id"] == str(Ticket.objects.get(player=alice.user).pk)
    player_matched.send(
        sender=None,
        player_id=alice.id,
        ticket_id=data["ticket_id"],
        game_id=game_id,
        seat=data["seat"],
    )
    assert len(kinds(alice.user)) == 1


def test_a_rematch_offer_invites_the_others_and_its_start_matches_everyone(player):
    alice, bob = player("alice"), player("bob")
    created = game_services.game_create(
        user=alice.user, preset="two_player", overrides={"target": 1}
    )
    game_id = created.game_id
    game_services.seat_take(game_id=game_id, user=bob.user)
    game_services.game_start(game_id=game_id, user=alice.user)
    _finish(game_id, [alice.user, bob.user])
    offer = post(bob, f"/api/v1/games/{game_id}/rematch/").json()
    assert kinds(bob.user) == []  # the one who offers is not invited
    ((kind, data),) = kinds(alice.user)
    assert kind == "invite"
    assert data == {
        "table_id": offer["id"],
        "previous_game_id": str(game_id),
        "offered_by": bob.id,
        "kind": "rematch",
    }
    done = post(alice, f"/api/v1/tables/{offer['id']}/accept/").json()
    assert done["status"] == "started"
    for p in (alice, bob):
        matched = [d for k, d in kinds(p.user) if k == "matched"]
        assert matched == [{"game_id": done["game_id"], "table_id": offer["id"], "via": "table"}]
