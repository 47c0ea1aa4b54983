"""The Idempotency-Key service (games/idempotency.py): one run per key, replays, expiry."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from games import idempotency, tasks
from games.errors import IdempotencyKeyReused, SeatTaken
from games.models import IdempotencyRecord
from tests.services.helpers import make_user

pytestmark = pytest.mark.django_db


def _once(user, key="k1", fingerprint="f1", run=None):
    return idempotency.command_once(
        user=user,
        key=key,
        fingerprint=fingerprint,
        method="POST",
        path="/api/v1/games/x/plays/",
        run=run or (lambda: (200, {"seq": 5})),
    )


def test_a_key_runs_its_command_once_and_replays_the_first_outcome():
    user = make_user("ida")
    runs = []

    def run():
        runs.append(1)
        return 201, {"seq": len(runs)}

    first = _once(user, run=run)
    again = _once(user, run=run)
    assert (first.status_code, first.body, first.replayed) == (201, {"seq": 1}, False)
    assert (again.status_code, again.body, again.replayed) == (201, {"seq": 1}, True)
    assert runs == [1]
    # keys are per user: another player's same key is another request
    assert _once(make_user("bob"), run=run).body == {"seq": 2}


def test_the_same_key_for_another_request_is_refused():
    user = make_user("ida")
    _once(user)
    with pytest.raises(IdempotencyKeyReused) as info:
        _once(user, fingerprint="another body")
    assert info.value.details == {"key": "k1", "method": "POST", "path": "/api/v1/games/x/plays/"}


def test_a_rejected_command_stores_no_key():
    user = make_user("ida")

    def rejected():
        raise SeatTaken(seat=0)

    with pytest.raises(SeatTaken):
        _once(user, run=rejected)
    assert not IdempotencyRecord.objects.exists()
    assert _once(user).replayed is False  # the retry is evaluated afresh


def _age(key: str, age: timedelta) -> None:
    IdempotencyRecord.objects.filter(key=key).update(created_at=timezone.now() - age)


def test_keys_older_than_the_ttl_expire_and_younger_ones_stay():
    user = make_user("ida")
    for key in ("old", "young"):
        _once(user, key=key)
    _age("old", timedelta(hours=25))
    _age("young", timedelta(hours=23))
    assert idempotency.idempotency_keys_expire(older_than=timedelta(hours=24)) == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["young"]
    # an expired key is a new request
    assert _once(user, key="old", fingerprint="other").replayed is False


def test_the_beat_task_expires_keys_by_the_ttl_setting(settings):
    settings.HEARTS_IDEMPOTENCY_KEY_TTL_S = 60
    user = make_user("ida")
    for key in ("stale", "fresh"):
        _once(user, key=key)
    _age("stale", timedelta(seconds=61))
    assert tasks.expire_idempotency_keys() == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["fresh"]
    assert tasks.expire_idempotency_keys() == 0


def test_the_expiry_is_scheduled_by_beat():
    entry = django_settings.CELERY_BEAT_SCHEDULE["games-expire-idempotency-keys"]
    assert entry["task"] == tasks.expire_idempotency_keys.name == "games.expire_idempotency_keys"
    assert 0 < entry["schedule"] <= django_settings.HEARTS_IDEMPOTENCY_KEY_TTL_S
