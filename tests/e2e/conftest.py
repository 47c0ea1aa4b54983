"""End-to-end tests of the web client (/play/) in a real headless Chromium.

The stack is the real one: ``uvicorn hearts_api.asgi:application`` in a subprocess (the SSE
stream needs ASGI), a real Celery worker (``celery_worker_process``) moving the AI seats, and
Chromium driven by Python Playwright. Everything the browser does goes through the public API,
exactly as the page does it for a player.

Requirements: the ``playwright`` Python package and a Chromium binary (Debian: ``apt-get install
chromium``; ``HEARTS_E2E_CHROMIUM`` overrides the path). Playwright's own browser download is not
used. A missing browser FAILS the tests (never skips them).

Screenshots go to ``test-artifacts/e2e/<test name>/`` (gitignored).

The tests create their data through the browser, never through the ORM: Playwright's sync API
runs an event loop in this thread, where Django refuses database calls. The server and the
worker use this run's test database (``django_db_setup``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.notifications.push_service import vapid_private_key
from tests.sync.conftest import spawn_asgi_server, wait_until_ready

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts" / "e2e"
CHROMIUM = os.environ.get("HEARTS_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture(scope="session")
def e2e_server(django_db_setup, celery_worker_process):
    """uvicorn serving the app and its collected static files, with a real worker behind it.

    The tests run with DEBUG off (production settings), where whitenoise serves STATIC_ROOT
    only: collect the static files into this run's folder first, as a deployment does.
    """
    static_root = Path(settings.TEST_RUN_DIR) / "e2e-static"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "hearts_api.settings_test",
        "STATIC_ROOT": str(static_root),
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=REPO_ROOT, env=env, check=True,
    )  # fmt: skip
    # A VAPID key: the client's notification box can subscribe (tests/e2e/test_push.py).
    server = spawn_asgi_server(
        "e2e", STATIC_ROOT=str(static_root), HEARTS_VAPID_PRIVATE_KEY=vapid_private_key()
    )
    wait_until_ready(server)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(static_root, ignore_errors=True)


@pytest.fixture
def browser():
    """A fresh headless Chromium per test, closed before the test's teardown goes on."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install it (apt-get install -y chromium) or set "
            "HEARTS_E2E_CHROMIUM",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def artifacts(request) -> Path:
    """This test's screenshot folder, emptied first."""
    folder = ARTIFACTS / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.failed and hasattr(item, "funcargs"):
        server = item.funcargs.get("e2e_server")
        if server is not None:
            report.sections.append(("uvicorn e2e log (tail)", server.log_text()[-8000:]))
    return report
