"""``backends.shared_pool_read``: with a connection pool, a read gives its connection back."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connections

from games.streams import backends


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("pooled", [True, False])
def test_a_read_gives_its_connection_back_only_to_a_pool(pooled):
    options = connections["default"].settings_dict.setdefault("OPTIONS", {})
    had_pool = "pool" in options
    saved = options.get("pool")
    # PostgreSQL: a real pool of Django's for the read's connection. SQLite has no pool: the flag
    # that shared_pool_read looks at is set once the connection is open (the settings dict is
    # shared by every thread's connection).
    real_pool = pooled and connections["default"].vendor == "postgresql"
    if real_pool:
        options["pool"] = {"min_size": 1, "max_size": 2}
    seen = []

    def read() -> int:
        db = connections["default"]  # this executor thread's connection
        with db.cursor() as cursor:
            cursor.execute("SELECT 1")
            value = cursor.fetchone()[0]
        if pooled and not real_pool:
            options["pool"] = {"max_size": 2}
        elif not pooled:
            options.pop("pool", None)
        seen.append(db)
        return value

    try:
        assert asyncio.run(backends.shared_pool_read(read)()) == 1
        (db,) = seen
        assert (db.connection is None) is pooled  # closed (back to the pool) only with a pool
    finally:
        for db in seen:
            db.inc_thread_sharing()  # close the executor thread's connection from here
            db.close()
            db.dec_thread_sharing()
        if real_pool:
            connections["default"].close_pool()
        if had_pool:
            options["pool"] = saved
        else:
            options.pop("pool", None)
