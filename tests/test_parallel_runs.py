"""The suite on pytest-xdist workers (scripts/dev.py test): each worker is a run of its own.

hearts_api.settings_test gives an xdist worker its own run folder (SQLite database, filesystem
broker), queues, PostgreSQL test database and Redis database, and the processes a test starts
(a Celery worker, a server) must derive the same names from the environment they inherit, or
they would serve another worker's database or consume its tasks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_dev_script import load_dev

ROOT = Path(__file__).resolve().parents[1]

SHOW = (
    "import json, os; from django.conf import settings; import django; django.setup(); "
    "db = settings.DATABASES['default']; "
    "print(json.dumps({'run': os.environ['HEARTS_TEST_RUN_ID'], 'dir': str(settings.TEST_RUN_DIR), "
    "'broker': os.environ['CELERY_BROKER_DIR'], 'queue': settings.CELERY_TASK_DEFAULT_QUEUE, "
    "'redis': settings.REDIS_URL, 'name': db['NAME'], 'test_name': db['TEST']['NAME'], "
    "'env': {k: v for k, v in os.environ.items() if k.startswith(('HEARTS_', 'CELERY_', "
    "'REDIS_', 'PYTEST_'))}}))"
)


def settings_in(env: dict[str, str]) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, capture_output=True, text=True, check=True,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "hearts_api.settings_test",
             "PYTHONPATH": str(ROOT), **env},
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def controller(tmp_path) -> dict[str, str]:
    """The variables an xdist controller (a pytest process on the settings) leaves to its
    workers: its run id and its own broker folders."""
    env = {
        "HEARTS_VAR_DIR": str(tmp_path),
        "DATABASE_URL": "postgres://hearts@127.0.0.1:5432/hearts",
        "REDIS_URL": "redis://127.0.0.1:6379/2",
    }
    return settings_in(env)["env"] | {"DATABASE_URL": env["DATABASE_URL"]}


def test_each_worker_gets_its_own_folder_queues_database_and_redis_database(controller):
    run = controller["HEARTS_TEST_RUN_ID"]
    gw0 = settings_in({**controller, "PYTEST_XDIST_WORKER": "gw0"})
    gw1 = settings_in({**controller, "PYTEST_XDIST_WORKER": "gw1"})

    assert (gw0["run"], gw1["run"]) == (f"{run}-gw0", f"{run}-gw1")
    assert gw0["dir"].endswith(f"/test-runs/{run}-gw0")
    assert gw0["broker"] == gw0["dir"] + "/broker"
    assert gw1["broker"] == gw1["dir"] + "/broker"
    assert controller["CELERY_BROKER_DIR"] not in (gw0["broker"], gw1["broker"])
    assert gw0["queue"] != gw1["queue"]
    assert (gw0["test_name"], gw1["test_name"]) == ("test_hearts_gw0", "test_hearts_gw1")
    assert (gw0["redis"], gw1["redis"]) == ("redis://127.0.0.1:6379/2", "redis://127.0.0.1:6379/3")


def test_a_workers_redis_database_is_never_the_brokers_nor_the_results(controller):
    """The cache database is emptied before every test: a worker's must skip the numbers the
    broker and the result backend use on the same server (and only on it)."""
    servers = {"REDIS_URL": "redis://127.0.0.1:6379/0",
               "CELERY_BROKER_URL": "redis://127.0.0.1:6379/1",
               "CELERY_RESULT_BACKEND": "redis://127.0.0.1:6379/3"}  # fmt: skip
    redis = [settings_in({**controller, **servers, "PYTEST_XDIST_WORKER": f"gw{n}"})["redis"]
             for n in range(4)]  # fmt: skip
    assert redis == [f"redis://127.0.0.1:6379/{n}" for n in (0, 2, 4, 5)]
    elsewhere = {**servers, "CELERY_BROKER_URL": "redis://127.0.0.1:6380/1"}
    gw1 = settings_in({**controller, **elsewhere, "PYTEST_XDIST_WORKER": "gw1"})
    assert gw1["redis"] == "redis://127.0.0.1:6379/1"


def test_a_process_a_test_starts_opens_the_workers_database_queue_and_redis(controller):
    gw1 = settings_in({**controller, "PYTEST_XDIST_WORKER": "gw1"})
    # A Celery worker or server started by the test: the worker's environment, in worker mode.
    child = settings_in({**gw1["env"], "DATABASE_URL": controller["DATABASE_URL"],
                         "HEARTS_TEST_WORKER": "1"})  # fmt: skip
    assert child["run"] == gw1["run"]
    assert child["broker"] == gw1["broker"]
    assert child["queue"] == gw1["queue"]
    assert child["redis"] == gw1["redis"]
    assert child["name"] == gw1["test_name"] == "test_hearts_gw1"
    # ... and a server a test points at a Redis of its own keeps that one.
    own = settings_in({**gw1["env"], "DATABASE_URL": controller["DATABASE_URL"],
                       "REDIS_URL": "redis://127.0.0.1:7777/0"})  # fmt: skip
    assert own["redis"] == "redis://127.0.0.1:7777/0"


def test_a_run_without_xdist_keeps_its_names(tmp_path):
    alone = settings_in({"HEARTS_VAR_DIR": str(tmp_path), "HEARTS_TEST_RUN_ID": "42",
                         "DATABASE_URL": "postgres://hearts@127.0.0.1:5432/hearts",
                         "REDIS_URL": "redis://127.0.0.1:6379/2"})  # fmt: skip
    assert alone["run"] == "42"
    assert alone["test_name"] == "test_hearts"
    assert alone["redis"] == "redis://127.0.0.1:6379/2"


def test_the_suite_runs_with_xdist_switched_off(tmp_path):
    """``-p no:xdist`` (which dev.py passes through): the suite's conftest declares xdist's hook
    as optional, so pytest does not stop at an unknown hook."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", "tests/perf/test_wrk_bench.py"],
        cwd=ROOT, capture_output=True, text=True, check=False,
        env={"PATH": os.environ["PATH"], "HEARTS_VAR_DIR": str(tmp_path)},  # not this run's ids
    )  # fmt: skip
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "INTERNALERROR" not in out.stdout + out.stderr
    assert " passed" in out.stdout


@pytest.mark.parametrize(
    ("args", "workers", "expected"),
    [
        ([], "", ["-n", "CPUS", "--dist", "loadfile"]),
        (["tests/engine"], "3", ["-n", "3", "--dist", "loadfile"]),
        ([], "1", []),
        (["-n", "1"], "", []),
        (["-n4"], "", []),
        (["--numprocesses=2"], "", []),
        (["--dist", "loadgroup"], "", []),
        (["-p", "no:xdist"], "", []),
    ],
)
def test_dev_test_runs_one_worker_per_core_unless_told(monkeypatch, args, workers, expected):
    dev = load_dev()
    monkeypatch.setenv("HEARTS_TEST_WORKERS", workers)
    monkeypatch.setattr(dev.os, "cpu_count", lambda: 8)
    cpus = "4"  # one per core, at most 4 (Redis databases and memory per worker)
    assert dev.parallel_args(args) == [cpus if a == "CPUS" else a for a in expected]
