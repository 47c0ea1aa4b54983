"""A web process (no worker, no beat: nothing imported games/tasks.py) can send AI turns: the
services send them by name (``send_task``), so no task object is needed there. Regression: a
lookup in Celery's task registry raised ``NotRegistered`` after commit, and games played
through a web server waited for beat's rescue."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WEB_PROCESS = """
import django
django.setup()
from django.urls import resolve
resolve("/api/v1/games/")  # the URLconf and views a web process loads
from celery import current_app
from games import ai_queue
assert ai_queue.AI_TAKE_TURN not in current_app.tasks, "a web process has no tasks imported"
ai_queue.enqueue_ai_turn(game_id="00000000-0000-0000-0000-000000000001", seat=1, expected_seq=7)
with current_app.connection_for_read() as conn:
    queue = conn.SimpleQueue(current_app.conf.task_default_queue or "celery")
    message = queue.get(timeout=5)
    print("SENT", message.headers["task"], message.headers["argsrepr"])
    message.ack()
    queue.close()
"""


def test_a_web_process_sends_an_ai_turn_to_the_broker(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "HEARTS_TEST"))}
    env.update(
        DJANGO_SETTINGS_MODULE="hearts_api.settings",
        DEBUG="1",
        CELERY_BROKER_URL=f"filesystem://{tmp_path}",
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        HEARTS_VAR_DIR=str(tmp_path),
        PYTHONPATH=str(ROOT),
    )
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", WEB_PROCESS], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (sent,) = [line for line in done.stdout.splitlines() if line.startswith("SENT ")]
    assert sent.split()[1] == "games.ai_take_turn"
    assert "'00000000-0000-0000-0000-000000000001', 1, 7" in sent
