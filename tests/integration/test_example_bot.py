"""The example outside bot (examples/bot/) plays whole games against AI seats on a live server.

The bot runs as a separate process that sees only the committed Python SDK (sdks/python, the
client generated from openapi.yaml) and httpx for the event stream, against a real
uvicorn (ASGI: the bot stream is a live stream), with a real Celery worker playing the AI seats.
One test has it meet the per-bot rate limit (429 with Retry-After) and finish; the other kills
the server process mid game and starts a new one on the same port: the bot's stream drops, it
reconnects with Last-Event-ID and finishes the game. The kill may land between a move's commit
and its after-commit work (the AI turn's enqueue, the feed projection that a bot's turn waits
for); as in the deployment, beat's sweeps recover that, so that test runs a worker with beat.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import services
from games.models import Game
from games.selectors import game_view_for_user
from players.services import bot_register, player_sign_up
from tests.conftest import start_celery_worker
from tests.sync.conftest import spawn_asgi_server, wait_until_ready

# A few minutes each on a loaded machine: every trick waits for a worker's AI move.
pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(900),
]

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
BOT = REPO_ROOT / "examples" / "bot" / "bot.py"
PY_SDK = REPO_ROOT / "sdks" / "python"  # the committed client generated from openapi.yaml
GAME_TIMEOUT_S = 600
TARGET = 20  # the two-player game ends after the hand in which a total reaches 20: 2 hands or so


def bot_game(name: str) -> tuple[str, str]:
    """A two-player game: a bot account (of a human owner) against a heuristic AI seat, started
    by the owner, who does not play. Returns (game id, the bot's token)."""
    owner, _ = player_sign_up(username=f"owner-{name}", password="correct-horse-battery-9")
    _bot, token = bot_register(owner=owner, name=name)
    created = services.game_create(
        user=owner, preset="two_player", overrides={"target": TARGET}, take_seat=False
    )
    services.seat_add_bot(game_id=created.game_id, user=owner, bot=name)
    services.seat_fill_with_ai(game_id=created.game_id, user=owner, level="heuristic")
    services.game_start(game_id=created.game_id, user=owner)
    return str(created.game_id), token.key


def start_bot(base_url: str, token: str, log: Path) -> subprocess.Popen:
    """The bot in a process of its own that sees the SDK package, not the server's code."""
    return subprocess.Popen(
        [sys.executable, str(BOT), "--base-url", base_url, "--token", token,
         "--games", "1", "--max-seconds", str(GAME_TIMEOUT_S)],
        stdout=subprocess.PIPE, stderr=log.open("wb"), text=True,
        env={**os.environ, "PYTHONPATH": str(PY_SDK), "PYTHONDONTWRITEBYTECODE": "1"},
    )  # fmt: skip


def finish(bot: subprocess.Popen, log: Path) -> dict:
    try:
        out, _ = bot.communicate(timeout=GAME_TIMEOUT_S + 30)
    except subprocess.TimeoutExpired:
        bot.kill()
        out, _ = bot.communicate()
    assert bot.returncode == 0, out + log.read_text(errors="replace")[-5000:]
    return json.loads(out.strip().splitlines()[-1])


def assert_finished_with_the_bot(game_id: str, name: str) -> dict:
    game = game_view_for_user(game_id=game_id, user=None)
    assert game["status"] == "finished"
    assert [(s["display_name"], s["is_bot"]) for s in game["seats"]] == [
        (name, True),
        ("AI (heuristic)", False),
    ]
    return game


def test_the_example_bot_finishes_a_game_against_an_ai_and_waits_out_429s(
    celery_worker_process, tmp_path
):
    game_id, token = bot_game("example-bot")
    # One request per second and per bot: the bot's move right after the stream opens is a 429.
    server = spawn_asgi_server("bots", THROTTLE_BOT="1/s")
    try:
        wait_until_ready(server)
        log = tmp_path / "bot.log"
        summary = finish(start_bot(server.base_url, token, log), log)
    finally:
        server.stop()
    assert summary["games"] == 1
    assert summary["throttled"] >= 1
    assert summary["moves"] >= 13  # at least a hand of plays
    game = assert_finished_with_the_bot(game_id, "example-bot")
    assert max(game["view"]["totals"]) >= TARGET


def test_the_example_bot_reconnects_after_the_server_dies_mid_game(celery_worker_process, tmp_path):
    # Beat with short periods: the feed sweep and the stalled-AI sweep (any worker of the queue
    # may run them, the session's one with the default stall delay of 30 s included).
    beat = start_celery_worker(
        beat=True,
        env={
            "HEARTS_NOTIFICATIONS_SWEEP_EVERY_S": "2",
            "HEARTS_AI_STALL_AFTER_S": "3",
            "HEARTS_AI_SWEEP_EVERY_S": "2",
        },
    )
    game_id, token = bot_game("sturdy-bot")
    server = spawn_asgi_server("bots-1")
    wait_until_ready(server)
    log = tmp_path / "bot.log"
    bot = start_bot(server.base_url, token, log)
    replacement = None
    try:
        deadline = time.monotonic() + 120
        while Game.objects.get(pk=game_id).last_seq < 30:  # some moves into the first hand
            assert time.monotonic() < deadline, "the bot did not start playing"
            assert bot.poll() is None, log.read_text(errors="replace")
            time.sleep(0.2)
        assert Game.objects.get(pk=game_id).status == "active"
        os.killpg(server.process.pid, signal.SIGKILL)  # the stream drops with its server
        server.process.wait(timeout=10)
        time.sleep(1.0)
        replacement = spawn_asgi_server("bots-2", port=server.port)
        wait_until_ready(replacement)
        summary = finish(bot, log)
    finally:
        if bot.poll() is None:
            bot.kill()
        for s in (server, replacement):
            if s is not None:
                s.stop()
        beat.stop()
    assert summary["games"] == 1
    assert summary["reconnects"] >= 1
    assert_finished_with_the_bot(game_id, "sturdy-bot")
