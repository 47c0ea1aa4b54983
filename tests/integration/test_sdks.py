"""The SDKs in sdks/ (docs/sdks.md): generated from the committed openapi.yaml, and each plays a
whole game against a live server over real HTTP.

- Staleness: both generators (pinned: sdks/python/generator-requirements.txt in a cached venv,
  sdks/typescript/package-lock.json by ``npm ci``) regenerate into a tmp dir, and every generated
  file must equal the committed one; otherwise run ``python3 scripts/dev.py sdks`` and commit.
- Python: sdks/python/examples/play_game.py runs in a separate process that imports only the
  committed package (``PYTHONPATH=sdks/python``; httpx and attrs are what it needs).
- TypeScript: ``tsc`` type-checks and compiles sdks/typescript (the wrapper and
  examples/play-game.ts) against the committed generated types, and ``node`` runs the game.

Node.js and npm missing make these tests fail, never skip (``dev.py test`` installs Debian's when
it runs as root, like Chromium).
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rest_framework.test import APIClient

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
PY_SDK = REPO_ROOT / "sdks" / "python"
TS_SDK = REPO_ROOT / "sdks" / "typescript"
OPEN_RATES = {"anon": None, "user": None, "signup": None, "token": None, "moves": None}


def load_dev():
    spec = importlib.util.spec_from_file_location(
        "hearts_dev_sdks", REPO_ROOT / "scripts" / "dev.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dev = load_dev()


def python_sdk_env() -> dict[str, str]:
    """A process that sees the committed SDK package and not the server's code."""
    return {**os.environ, "PYTHONPATH": str(PY_SDK), "PYTHONDONTWRITEBYTECODE": "1"}


def last_json_line(run: subprocess.CompletedProcess) -> dict:
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-5000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def assert_whole_game(summary: dict) -> None:
    """What both SDK programs report after a two-player game with passing (2, 1, 0 cards)."""
    hands = summary["plays"] // 26
    assert summary["plays"] == 26 * hands  # 13 tricks of 2 cards a hand
    assert hands >= 4  # at most 14 points a hand to each seat: 50 takes four hands
    assert summary["passes"] == 2 * sum(1 for hand in range(hands) if hand % 3 != 2)
    assert summary["not_modified"] == summary["passes"] + summary["plays"]  # every ETag: a 304
    assert summary["problems"] == ["not_your_turn", "card_not_in_hand"]
    assert summary["duplicate_code"] == "username_taken"
    assert max(summary["totals"]) >= 50
    assert summary["log_events"] == summary["seq"]
    assert summary["alice_games"] == 1
    final = APIClient().get(f"/api/v1/games/{summary['game_id']}/").json()
    assert final["status"] == "finished"
    assert final["seq"] == summary["seq"]
    assert final["view"]["totals"] == summary["totals"]
    assert final["view"]["outcome"]["winners"] == summary["winners"]


@pytest.mark.integration
def test_committed_sdks_are_what_the_generators_make_of_openapi_yaml(tmp_path):
    stale = dev.stale_sdk_files(tmp_path)
    diff = []
    for name in stale[:3]:
        committed = REPO_ROOT / name
        fresh = tmp_path / name.removeprefix("sdks/")
        diff += difflib.unified_diff(
            committed.read_text().splitlines() if committed.exists() else [],
            fresh.read_text().splitlines() if fresh.exists() else [],
            f"committed/{name}", f"generated/{name}", lineterm="", n=1,
        )  # fmt: skip
    assert not stale, (
        "the SDKs are out of date with openapi.yaml: run `python3 scripts/dev.py sdks` and commit "
        f"sdks/. Stale: {', '.join(stale[:20])}\n" + "\n".join(diff[:80])
    )


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_python_sdk_plays_a_whole_game(live_server, tmp_path, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    run = subprocess.run(
        [sys.executable, str(PY_SDK / "examples" / "play_game.py"), live_server.url, "py"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path, env=python_sdk_env(),
    )  # fmt: skip
    assert_whole_game(last_json_line(run))


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_typescript_sdk_plays_a_whole_game(live_server, tmp_path, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    node, _npm = dev.node_tools()
    modules = dev.typescript_node_modules()
    build = tmp_path / "build"
    compiled = subprocess.run(
        [node, str(modules / "typescript" / "bin" / "tsc"), "-p", str(TS_SDK / "tsconfig.json"),
         "--outDir", str(build)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert compiled.returncode == 0, "tsc: " + compiled.stdout[-5000:] + compiled.stderr[-3000:]
    # The compiled program is an ES module that imports openapi-fetch from the SDK's packages.
    (build / "package.json").write_text('{"type": "module"}\n')
    (build / "node_modules").symlink_to(modules, target_is_directory=True)
    run = subprocess.run(
        [node, str(build / "examples" / "play-game.js"), live_server.url, "ts"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert_whole_game(last_json_line(run))


SOCIAL_SCRIPT = textwrap.dedent(
    """
    import json, sys, time
    from hearts_api_client import AuthenticatedClient, Client
    from hearts_api_client.api.matchmaking import (
        invites_accept, invites_detail, matchmaking_queue_join, matchmaking_queue_status,
        tables_create, tables_detail, tables_start,
    )
    from hearts_api_client.api.players import players_sign_up
    from hearts_api_client.api.views import games_retrieve
    from hearts_api_client.models import (
        GameViewOutput, PresetEnum, ProblemDetails, QueueJoinInputRequest, SignUpInputRequest,
        TableCreateInputRequest, TableOutput, TableStartInputRequest, TicketOutput,
    )

    base_url = sys.argv[1]
    anon = Client(base_url=base_url, raise_on_unexpected_status=True)

    def sign_up(name):
        out = players_sign_up.sync(
            client=anon, body=SignUpInputRequest(username=name, password="correct-horse-42"))
        return AuthenticatedClient(base_url=base_url, token=out.token, prefix="Token",
                                   raise_on_unexpected_status=True)

    carol, dave = sign_up("carol"), sign_up("dave")
    # Play now: both queue for a two-player game, the matcher (a worker) seats them together.
    for client in (carol, dave):
        ticket = matchmaking_queue_join.sync(
            client=client, body=QueueJoinInputRequest(preset=PresetEnum.TWO_PLAYER))
        assert isinstance(ticket, TicketOutput) and ticket.status.value == "waiting", ticket
        if client is carol:  # alone in the queue: queueing twice is a typed 409
            again = matchmaking_queue_join.sync(
                client=carol, body=QueueJoinInputRequest(preset=PresetEnum.TWO_PLAYER))
            assert isinstance(again, ProblemDetails) and again.code == "already_queued", again
    deadline = time.monotonic() + 60
    tickets = {}
    while time.monotonic() < deadline and len(tickets) < 2:
        for name, client in (("carol", carol), ("dave", dave)):
            status = matchmaking_queue_status.sync(client=client)
            if status.status.value == "matched":
                tickets[name] = status
        time.sleep(0.2)
    assert len(tickets) == 2, tickets
    quick_game = tickets["carol"].game_id
    assert tickets["dave"].game_id == quick_game
    assert {tickets["carol"].seat, tickets["dave"].seat} == {0, 1}
    view = games_retrieve.sync(client=dave, game_id=quick_game)
    assert isinstance(view, GameViewOutput) and view.status.value == "active", view
    assert view.your_seat == tickets["dave"].seat

    # A private table: carol creates it, dave joins by the invite code, carol starts it.
    table = tables_create.sync(
        client=carol, body=TableCreateInputRequest(preset=PresetEnum.TWO_PLAYER))
    assert isinstance(table, TableOutput), table
    code = table.invite.code
    preview = invites_detail.sync(client=dave, code=code)
    assert preview.creator == "carol", preview
    joined = invites_accept.sync(client=dave, code=code)
    assert [m.display_name for m in joined.members] == ["carol", "dave"], joined
    twice = invites_accept.sync(client=dave, code=code)
    assert isinstance(twice, ProblemDetails) and twice.code == "already_at_table", twice
    started = tables_start.sync(client=carol, table_id=table.id, body=TableStartInputRequest())
    assert isinstance(started, TableOutput) and started.status.value == "started", started
    seen = tables_detail.sync(client=dave, table_id=table.id)
    private_view = games_retrieve.sync(client=dave, game_id=seen.game_id)
    print(json.dumps({
        "quick_game": str(quick_game), "private_game": str(seen.game_id),
        "private_seat": private_view.your_seat, "private_status": private_view.status.value,
    }))
    """
)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_python_sdk_finds_a_game_and_joins_a_private_table(
    live_server, celery_worker_process, tmp_path, settings
):
    """Quick play and invites through the committed SDK: the matcher is the real Celery task,
    sent by the enqueue and run by a real worker."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": OPEN_RATES}
    script = tmp_path / "social.py"
    script.write_text(SOCIAL_SCRIPT)
    run = subprocess.run(
        [sys.executable, str(script), live_server.url],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=python_sdk_env(),
    )  # fmt: skip
    summary = last_json_line(run)
    assert summary["private_seat"] == 1
    assert summary["private_status"] == "active"
    game = APIClient().get(f"/api/v1/games/{summary['quick_game']}/").json()
    assert [s["display_name"] for s in game["seats"]] == ["carol", "dave"]
