"""Live servers for the reliability suite.

The servers are real ``uvicorn hearts_api.asgi:application`` processes on this run's *test*
database (``tests/sync/conftest.py`` starts them); tests that use them must commit their data
(``transactional_db``). Two processes give real concurrency: Django runs sync views on one thread
per process, so racing clients spread over two processes really race in the database.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.sync.conftest import spawn_asgi_server, wait_until_ready


@pytest.fixture(scope="session")
def live_servers(django_db_setup, django_db_blocker):
    servers = [spawn_asgi_server("rel-a"), spawn_asgi_server("rel-b")]
    wait_until_ready(*servers)
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def base_urls(live_servers, transactional_db) -> list[str]:
    return [s.base_url for s in live_servers]


def verify_games(*game_ids: str) -> tuple[int, str]:
    """``manage.py verify_games`` in this process (same test database): (exit status, output)."""
    out = StringIO()
    try:
        call_command("verify_games", *game_ids, stdout=out, stderr=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def assert_log_verifies(*game_ids: str) -> None:
    code, output = verify_games(*game_ids)
    assert code == 0, output
    for game_id in game_ids:
        assert f"ok game {game_id}" in output, output


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.failed and hasattr(item, "funcargs"):
        for server in item.funcargs.get("live_servers") or []:
            report.sections.append((f"uvicorn {server.name} log (tail)", server.log_text()[-8000:]))
    return report
