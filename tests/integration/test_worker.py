"""A task round trip through a real ``celery worker`` process on the configured broker."""

import pytest

from hearts_api.celery import db_check, ping

pytestmark = pytest.mark.integration


@pytest.mark.usefixtures("transactional_db")
def test_ping_round_trip_through_real_worker(celery_worker_process):
    result = ping.delay()
    assert result.get(timeout=30) == "pong"
    assert celery_worker_process.is_alive()
    assert "hearts_api.ping" in celery_worker_process.log_text()


@pytest.mark.usefixtures("transactional_db")
def test_worker_sees_rows_committed_by_the_test_process(celery_worker_process):
    """The worker opens the same *test* database: a user created here is visible there."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    get_user_model().objects.create_user(username="seen-by-worker", password="x" * 12)
    seen = db_check.delay().get(timeout=30)
    assert seen == {
        "vendor": connection.vendor,
        "name": str(connection.settings_dict["NAME"]),
        "users": 1,
    }
