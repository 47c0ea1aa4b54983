"""Plays and views against the floor of the stack, measured from outside with wrk (issue 18).

One command, from the repository root (it brings its own PostgreSQL and Redis)::

    .venv/bin/python benchmarks/wrk_bench.py            # the full run, about 10 minutes
    .venv/bin/python benchmarks/wrk_bench.py --quick    # 1 s blocks: checks it runs, ratios noisy

What runs (docs/benchmarks.md has the why and the figures):

* servers of its own, on free ports, stopped at the end: a PostgreSQL cluster (``initdb`` in a
  temp folder, default durability settings: fsync and synchronous commits on; as root it runs
  as the ``postgres`` OS user) and a ``redis-server`` (``tests/reliability/servers.py``);
  ``--pg URL`` uses an existing server instead (database ``--database``, dropped and recreated);
* the app, DEBUG=0, settings ``benchmarks.bench_settings`` (production settings + the floor
  route, throttle rates raised so that a load test is not answered 429, no HTTPS redirect):
  - ``wsgi``: gunicorn sync workers x2 (``hearts_api.wsgi``), the REST service of production;
  - ``stream``: gunicorn + uvicorn worker x1 (``hearts_api.asgi``), production's live sync;
  - ``prod``: nginx on ``deploy/nginx/default.conf`` (``scripts/local_proxy.py``) in front of
    the two: the production deployment of docker-compose;
  - ``asgi``: gunicorn + uvicorn workers x2 serving everything: the production deployment
    before issue 18 (``--no-asgi`` leaves it out);
  - ``celery worker --concurrency 2``;
* the floor ``POST /bench/floor/`` (``benchmarks/floor.py``: a plain sync DRF view, token auth,
  lock one row, insert one event-shaped row) on ``wsgi``, the cheapest server of the stack;
* the load: ``wrk`` (Debian package; installed with apt-get when missing and run as root, as is
  nginx-light for the production deployment's proxy),
  one connection per wrk thread, ``benchmarks/wrk/requests.lua``: each connection sends the
  lines the Python side wrote for it. Plays: legal plays planned from the dealt cards of
  ``--games`` four-human games (first legal card, computed without the database); each
  connection owns its games (never two on one game) and round-robins over them, carrying on
  from block to block where the log says each game is. Floor and views: one request repeated;
* interleaved blocks in one run: at each level c = 1, 8, 32, ``--rounds`` rounds of one
  ``--block`` s block per kind, the order of the kinds reversed every other round; a level's
  figures pool its blocks;
* per block, from ``/proc``: the CPU time (utime + stime) of each server's processes (gunicorn
  master and workers, nginx master and worker, PostgreSQL's postmaster and backends, redis),
  divided by the requests wrk completed: **server CPU per request**;
* then the bare Celery round trip and the AI turnaround (three AI moves), from
  ``benchmarks/api_bench.py``, over the production deployment.

Results: a table on stdout, JSON in ``var/benchmarks/wrk-<time>.json``, server logs beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "scripts"))

import debian_packages  # noqa: E402
import local_proxy  # noqa: E402

from benchmarks import api_bench  # noqa: E402
from tests.reliability.servers import ThrowawayPostgres, ThrowawayRedis, free_port  # noqa: E402

API = "/api/v1"
LUA = REPO_ROOT / "benchmarks" / "wrk" / "requests.lua"
CLK_TCK = os.sysconf("SC_CLK_TCK")

# play_*: with the --prefer header (default return=minimal: seq + events, no view);
# playfull_prod: the default answer (the caller's whole view too), on the production deployment.
PLAY_KINDS = ("floor", "play_prod", "play_wsgi", "play_asgi", "playfull_prod")
VIEW_KINDS = ("floor", "view_new_prod", "view_long_prod", "view_new_wsgi", "view_long_wsgi",
              "view_new_asgi")  # fmt: skip
# Which servers' CPU a kind is charged with (the processes its requests pass through).
SERVERS_OF = {"prod": ("nginx", "wsgi"), "wsgi": ("wsgi",), "asgi": ("asgi",)}


def say(*parts: Any) -> None:
    print(*parts, flush=True)  # noqa: T201 - a command-line tool


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--levels", default="1,8,32", help="concurrency levels (default 1,8,32)")
    p.add_argument("--rounds", type=int, default=4, help="interleaved rounds per level (4)")
    p.add_argument("--block", type=int, default=3, help="seconds per block (3, whole)")
    p.add_argument("--games", type=int, default=600,
                   help="planned four-human games (600: enough plays for every block at c = 32 "
                   "on this machine; a block whose plans ran out is reported invalid)")  # fmt: skip
    p.add_argument("--long-events", type=int, default=1000, help="events of the long game")
    p.add_argument("--pg", default="own", help="'own' (a cluster of its own) or a server URL")
    p.add_argument("--database", default="bench_hearts_perf", help="database with --pg URL")
    p.add_argument(
        "--prefer",
        default="return=minimal",
        help="Prefer header of the play_* kinds ('' for none; never on playfull_prod)",
    )
    p.add_argument("--no-asgi", action="store_true", help="leave out the all-ASGI deployment")
    p.add_argument("--no-ai", action="store_true", help="skip the Celery and AI phases")
    p.add_argument("--celery-trips", type=int, default=60)
    p.add_argument("--turnarounds", type=int, default=40)
    p.add_argument("--quick", action="store_true", help="1 s blocks, 2 rounds, 120 games")
    p.add_argument("--out", default=str(REPO_ROOT / "var" / "benchmarks"))
    args = p.parse_args(argv)
    args.levels = [int(x) for x in str(args.levels).split(",")]
    if args.quick:
        args.rounds, args.block, args.games = 2, 1, min(args.games, 120)
        args.celery_trips, args.turnarounds = 20, 10
    return args


# --------------------------------------------------------------------------- tools, servers
def find_wrk() -> str:
    found = shutil.which("wrk")
    if not found:
        debian_packages.apt_install("wrk", why="the load generator", say=say)
        found = shutil.which("wrk")
    if not found:
        raise SystemExit("wrk is not installed (Debian/Ubuntu: apt-get install wrk)")
    return found


def find_nginx() -> str:
    """nginx for the production deployment's proxy (``scripts/local_proxy.find_nginx``), installed
    as Debian's nginx-light when missing, as wrk is."""
    found = local_proxy.find_nginx()
    if not found:
        debian_packages.apt_install("nginx-light", why="the production proxy", say=say)
        found = local_proxy.find_nginx()
    if not found:
        raise SystemExit("nginx is not installed (Debian: apt-get install nginx-light)")
    return found


class BenchPostgres(ThrowawayPostgres):
    """The throwaway cluster with PostgreSQL's default durability (fsync, synchronous commit):
    a benchmark must pay for its commits like production does."""

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.dir} -c max_connections=200 "
            "-c shared_buffers=128MB"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])


def proc_children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    return children


def tree(root: int, children: dict[int, list[int]]) -> list[int]:
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_ticks(pids: list[int]) -> dict[int, int]:
    """utime + stime (clock ticks) of each process still there."""
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended (a PostgreSQL backend of a closed connection)
        out[pid] = int(fields[11]) + int(fields[12])
    return out


class Servers:
    """The app processes of the run, their /proc trees and their logs."""

    def __init__(self, env: dict[str, str], log_dir: Path, pg: BenchPostgres | None, redis):
        self.env, self.log_dir, self.pg, self.redis = env, log_dir, pg, redis
        self.procs: dict[str, subprocess.Popen] = {}
        self.ports: dict[str, int] = {}

    def spawn(self, name: str, cmd: list[str], env: dict[str, str] | None = None) -> None:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 - lives with the process
        self.procs[name] = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=env or self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def gunicorn(self, name: str, app: str, workers: int, asgi: bool) -> None:
        bin_dir = Path(sys.executable).parent
        self.ports[name] = free_port()
        worker = ["--worker-class", "uvicorn_worker.UvicornWorker"] if asgi else ["-k", "sync"]
        self.spawn(
            name,
            [str(bin_dir / "gunicorn"), app, *worker, "--workers", str(workers), "--bind",
             f"127.0.0.1:{self.ports[name]}", "--graceful-timeout", "5"],
            env={**self.env, "TRUSTED_PROXY_COUNT": "1" if name in ("wsgi", "stream") else "0"},
        )  # fmt: skip

    def start(self, *, asgi: bool) -> None:
        self.gunicorn("wsgi", "hearts_api.wsgi:application", 2, asgi=False)
        self.gunicorn("stream", "hearts_api.asgi:application", 1, asgi=True)
        if asgi:
            self.gunicorn("asgi", "hearts_api.asgi:application", 2, asgi=True)
        bin_dir = Path(sys.executable).parent
        self.spawn(
            "celery",
            [str(bin_dir / "celery"), "-A", "hearts_api", "worker", "--concurrency", "2",
             "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
             "--hostname", f"wrkbench-{os.getpid()}@%h"],
        )  # fmt: skip
        self.ports["prod"] = free_port()
        log = open(self.log_dir / "nginx.log", "wb")  # noqa: SIM115
        self.procs["nginx"] = local_proxy.start(
            self.log_dir / "nginx",
            web=f"127.0.0.1:{self.ports['wsgi']}",
            stream=f"127.0.0.1:{self.ports['stream']}",
            port=self.ports["prod"],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        import httpx

        deadline = time.monotonic() + 90
        for name in ("wsgi", "stream", "asgi", "prod"):
            if name not in self.ports:
                continue
            while True:
                dead = [n for n, p in self.procs.items() if p.poll() is not None]
                if dead:
                    raise SystemExit(f"{dead} exited: see {self.log_dir}")
                try:
                    if httpx.get(self.url(name) + "/health/", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"{name} not healthy after 90 s: see {self.log_dir}")
                time.sleep(0.3)

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}"

    def groups(self) -> dict[str, list[int]]:
        children = proc_children()
        out = {name: tree(self.procs[name].pid, children) for name in ("wsgi", "asgi", "nginx")
               if name in self.procs}  # fmt: skip
        db = []
        if self.pg is not None:
            db += tree(self.pg.postmaster_pid(), children)
        if self.redis is not None and self.redis.process is not None:
            db.append(self.redis.process.pid)
        out["db"] = db
        if "celery" in self.procs:  # the feed syncs (and AI turns) a block's requests sent
            out["worker"] = tree(self.procs["celery"].pid, children)
        return out

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


# --------------------------------------------------------------------------- fixtures
def played_counts(game_ids: list[str]) -> dict[str, int]:
    """Plays stored per game (card_played events): where each game's plan carries on."""
    from django.db.models import Count

    from games.models import GameEvent

    rows = (
        GameEvent.objects.filter(game_id__in=game_ids, type="card_played")
        .values("game_id")
        .annotate(n=Count("id"))
    )
    return {str(r["game_id"]): r["n"] for r in rows}


def play_lines(games: list[api_bench.PlayGame], c: int, done: dict[str, int]) -> list[str]:
    """Each of the ``c`` connections' remaining planned plays (``done``: plays stored per game),
    its own games (never two connections on one game) round-robin, in plan order."""
    left = [g for g in games if done.get(g.game_id, 0) < len(g.plan)]
    lines = []
    for t in range(c):
        mine = [(g, done.get(g.game_id, 0)) for g in left[t::c]]
        step = 0
        while True:
            row = [(g, k + step) for g, k in mine if k + step < len(g.plan)]
            if not row:
                break
            for g, k in row:
                seat, card = g.plan[k]
                path = f"{API}/games/{g.game_id}/plays/"
                lines.append(f"{t}\tPOST\t{path}\t{g.tokens[seat]}\t" + json.dumps({"card": card}))
            step += 1
    return lines


# --------------------------------------------------------------------------- load
def run_wrk(wrk: str, url: str, c: int, seconds: float, lines: list[str], *, cycle: bool,
            work: Path, prefer: str = "") -> dict[str, Any]:  # fmt: skip
    requests_file, out_file = work / "requests.tsv", work / "out.json"
    requests_file.write_text("\n".join(lines) + "\n")
    out_file.unlink(missing_ok=True)
    env = {**os.environ, "BENCH_REQUESTS": str(requests_file), "BENCH_OUT": str(out_file),
           "BENCH_CYCLE": "1" if cycle else "0", "BENCH_PREFER": prefer}  # fmt: skip
    cmd = [wrk, "-t", str(c), "-c", str(c), "-d", f"{int(seconds)}s", "--timeout", "10s", "-s",
           str(LUA), url]  # fmt: skip
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + 60)
    if done.returncode != 0 or not out_file.exists():
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stdout}{done.stderr}")
    return json.loads(out_file.read_text())


class Bench:
    def __init__(self, args, servers: Servers, wrk: str, work: Path, fixtures: dict[str, Any]):
        self.args, self.servers, self.wrk, self.work, self.fx = args, servers, wrk, work, fixtures

    def target(self, kind: str) -> tuple[str, tuple[str, ...]]:
        if kind == "floor":
            return "wsgi", SERVERS_OF["wsgi"]
        deployment = kind.rsplit("_", 1)[1]
        return deployment, SERVERS_OF[deployment]

    def lines(self, kind: str, c: int) -> tuple[list[str], bool]:
        if kind == "floor":
            tokens = self.fx["tokens"]
            return [f"{t}\tPOST\t/bench/floor/\t{tokens[t % len(tokens)]}\t"
                    + '{"card": "2C"}' for t in range(c)], True  # fmt: skip
        if kind.startswith("play"):
            # wrk stops with plays in flight at the end of a block (queued in the server at
            # high c): let them commit before the log says where each game is (else the next
            # block sends them again and they fail)
            games = self.fx["games"]
            ids = [g.game_id for g in games]
            done, deadline = played_counts(ids), time.monotonic() + 10
            while time.monotonic() < deadline:
                time.sleep(0.25)
                again = played_counts(ids)
                if again == done:
                    break
                done = again
            return play_lines(games, c, done), False
        game = self.fx["new_game" if kind.startswith("view_new") else "long_game"]
        token = self.fx["view_token"]
        return [f"{t}\tGET\t{API}/games/{game}/\t{token}\t" for t in range(c)], True

    def block(self, kind: str, c: int, seconds: float) -> dict[str, Any]:
        deployment, charged = self.target(kind)
        lines, cycle = self.lines(kind, c)
        prefer = self.args.prefer if kind.startswith("play_") else ""
        before = {name: cpu_ticks(pids) for name, pids in self.servers.groups().items()}
        result = run_wrk(self.wrk, self.servers.url(deployment), c, seconds, lines, cycle=cycle,
                         work=self.work, prefer=prefer)  # fmt: skip
        ticks = {}
        for name, pids in self.servers.groups().items():
            now, then = cpu_ticks(pids), before.get(name, {})
            # a process born in the block (a new PostgreSQL backend) counts from zero
            ticks[name] = sum(t - then.get(pid, 0) for pid, t in now.items())
        result.update(kind=kind, c=c, cpu_ticks=ticks, charged=list(charged))
        return result


def round_orders(kinds: tuple[str, ...], rounds: int) -> list[tuple[str, ...]]:
    """Forward, backward, forward...: over an even number of rounds a steady drift of the
    machine weighs the same on every kind."""
    return [kinds if r % 2 == 0 else tuple(reversed(kinds)) for r in range(rounds)]


def pool(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    """A kind's blocks at one level: rates and CPU over all its requests; latency percentiles
    as the request-weighted mean of the blocks' (wrk reports percentiles per run)."""
    n = sum(b["requests"] for b in blocks)
    seconds = sum(b["duration_us"] for b in blocks) / 1e6
    charged = blocks[0]["charged"]
    app_ticks = sum(b["cpu_ticks"].get(name, 0) for b in blocks for name in charged)
    db_ticks = sum(b["cpu_ticks"].get("db", 0) for b in blocks)
    worker_ticks = sum(b["cpu_ticks"].get("worker", 0) for b in blocks)
    errors = sum(sum(b["errors"].values()) for b in blocks)

    def weighted(key: str) -> float:
        return sum(b[key] * b["requests"] for b in blocks) / max(n, 1) / 1000

    return {
        "requests": n,
        "rps": round(n / seconds, 1) if seconds else 0.0,
        "p50_ms": round(weighted("p50_us"), 2),
        "p99_ms": round(weighted("p99_us"), 2),
        "cpu_ms": round(app_ticks * 1000 / CLK_TCK / max(n, 1), 3),
        "db_cpu_ms": round(db_ticks * 1000 / CLK_TCK / max(n, 1), 3),
        "worker_cpu_ms": round(worker_ticks * 1000 / CLK_TCK / max(n, 1), 3),
        "errors": errors,
        "non_2xx": sum(b["errors"]["status"] for b in blocks),
        "exhausted": sum(b.get("exhausted", 0) for b in blocks),
        "blocks": len(blocks),
    }


def phase(bench: Bench, kinds: tuple[str, ...], args) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for c in args.levels:
        bench.block(kinds[0], c, 1)  # connections and workers warm; not counted
        blocks: dict[str, list[dict[str, Any]]] = {k: [] for k in kinds}
        for order in round_orders(kinds, args.rounds):
            for kind in order:
                blocks[kind].append(bench.block(kind, c, args.block))
        out[c] = {kind: pool(bs) for kind, bs in blocks.items()}
        out[c]["_blocks"] = blocks
        line = "  ".join(
            f"{k} {v['rps']:.0f}/s {v['p50_ms']:.1f}ms {v['cpu_ms']:.2f}cpu"
            for k, v in out[c].items()
            if not k.startswith("_")
        )
        say(f"  c={c}: {line}")
    return out


def drain_queue(broker_url: str, timeout: float = 600) -> float:
    """Seconds until the worker's queues are empty (the default one and the feed syncs': the
    worker caught up with the load's tasks)."""
    import redis
    from celery import current_app

    client = redis.Redis.from_url(broker_url)
    queues = [q.name for q in current_app.conf.task_queues or ()]
    queues = queues or [current_app.conf.task_default_queue]
    started = time.monotonic()
    while sum(client.llen(q) for q in queues) and time.monotonic() - started < timeout:
        time.sleep(0.5)
    time.sleep(1)  # the last ones in flight
    return round(time.monotonic() - started, 1)


# --------------------------------------------------------------------------- report
def ratio(a: float, b: float) -> float | None:
    return round(a / b, 2) if b else None


def table(results: dict[str, Any], key: str) -> list[str]:
    rows = [
        "| kind | c | req/s | p50 ms | p99 ms | server CPU ms/req | DB+Redis CPU ms/req "
        "| worker CPU ms/req | req/s ÷ floor | CPU ÷ floor | non-2xx |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c, kinds in results[key].items():
        floor = kinds["floor"]
        for kind, v in kinds.items():
            if kind.startswith("_"):
                continue
            rows.append(
                f"| {kind} | {c} | {v['rps']:.1f} | {v['p50_ms']:.2f} | {v['p99_ms']:.2f} | "
                f"{v['cpu_ms']:.2f} | {v['db_cpu_ms']:.2f} | {v.get('worker_cpu_ms', 0):.2f} | "
                f"{ratio(v['rps'], floor['rps'])} | "
                f"{ratio(v['cpu_ms'], floor['cpu_ms'])} | {v['non_2xx'] + v['errors']} |"
            )
    return rows


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for c, kinds in results["plays"].items():
        floor = kinds["floor"]
        for kind in ("play_prod", "play_wsgi", "playfull_prod"):
            if kind not in kinds:
                continue
            v = kinds[kind]
            cpu, rps = ratio(v["cpu_ms"], floor["cpu_ms"]), ratio(v["rps"], floor["rps"])
            failed = v.get("non_2xx", 0) + v.get("errors", 0)
            if failed > 0.01 * max(v.get("requests", 0), 1) or v.get("exhausted"):
                # refused plays (the planned games ran out: --games) are cheap and fast: such a
                # block measures errors, not plays
                why = f"invalid: {failed} of {v.get('requests', 0)} not 2xx"
                for target in (f"{kind} CPU/req <= 1.3x floor", f"{kind} req/s >= 0.75x floor"):
                    out.append({"target": target, "c": c, "value": why, "met": False})
                continue
            out.append({"target": f"{kind} CPU/req <= 1.3x floor", "c": c, "value": cpu,
                        "met": cpu is not None and cpu <= 1.3})  # fmt: skip
            out.append({"target": f"{kind} req/s >= 0.75x floor", "c": c, "value": rps,
                        "met": rps is not None and rps >= 0.75})  # fmt: skip
    for c, kinds in results["views"].items():
        floor = kinds["floor"]
        for deployment in ("prod", "wsgi"):
            new, long = kinds[f"view_new_{deployment}"], kinds[f"view_long_{deployment}"]
            for name, v in (("new", new), ("long", long)):
                cpu = ratio(v["cpu_ms"], floor["cpu_ms"])
                out.append({"target": f"view_{name}_{deployment} CPU/req <= 1.0x floor", "c": c,
                            "value": cpu, "met": cpu is not None and cpu <= 1.0})  # fmt: skip
            cpu = ratio(long["cpu_ms"], new["cpu_ms"])
            out.append({"target": f"view long/new CPU ({deployment}) within 10 %", "c": c,
                        "value": cpu, "met": cpu is not None and cpu <= 1.1})  # fmt: skip
    ai, celery = results.get("ai_turnaround"), results.get("celery")
    if ai and celery and ai.get("p50_ms"):
        value = ratio(ai["p50_ms"], celery["p50_ms"])
        out.append({"target": "AI turnaround (3 AI moves) <= 3x Celery round trip", "c": "-",
                    "value": value, "met": value is not None and value <= 3})  # fmt: skip
    return out


def machine() -> dict[str, Any]:
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "host": platform.node(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "loadavg_start": [round(x, 2) for x in os.getloadavg()],
    }


def strip_blocks(phase_results: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {c: {k: v for k, v in kinds.items() if not k.startswith("_")}
            for c, kinds in phase_results.items()}  # fmt: skip


# --------------------------------------------------------------------------- main
def _interrupt(signum, frame):
    raise KeyboardInterrupt  # SIGTERM (or SIGINT in a background job): stop the servers too


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    started = time.monotonic()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = f"{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
    log_dir = out_dir / f"wrk-logs-{stamp}"
    log_dir.mkdir()
    wrk = find_wrk()
    find_nginx()
    results: dict[str, Any] = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "started_at": stamp,
        "machine": machine(),
        "settings": dict(vars(args)),
    }
    say(f"machine: {results['machine']}")
    pg = redis = None
    servers = None
    work = Path(tempfile.mkdtemp(prefix="hearts-wrk-"))
    try:
        if args.pg == "own":
            pg = BenchPostgres()
            pg_url, database = f"postgres://postgres@127.0.0.1:{pg.port}", "hearts_bench"
        else:
            pg_url, database = args.pg, args.database
        redis = ThrowawayRedis()
        ns = types.SimpleNamespace(pg=pg_url, database=database, redis=redis.url(0),
                                   conn_max_age="default", db_pool="default")  # fmt: skip
        api_bench.recreate_database(ns)
        env = api_bench.bench_env(ns)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=REPO_ROOT, env=env, check=True)  # fmt: skip
        api_bench.django_setup(env)
        from django.db import connection

        from benchmarks.floor import FLOOR_TABLES_SQL

        with connection.cursor() as cursor:
            cursor.execute(FLOOR_TABLES_SQL)
        say("fixtures...")
        t_fix = time.monotonic()
        tables = [api_bench.make_players(4, f"t{i}") for i in range(32)]
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO bench_floor_counter (id, hits) VALUES (%s, 0)",
                [(u.pk,) for table in tables for u, _ in table],
            )
        games = api_bench.play_games(args.games, tables)
        new_game = api_bench.human_game(tables[0])
        api_bench.drive(new_game, [u for u, _ in tables[0]], api_bench.mid_trick)
        long_game = api_bench.human_game(tables[0], target=100_000)
        api_bench.drive(long_game, [u for u, _ in tables[0]],
                        lambda a: a.seq >= args.long_events and api_bench.mid_trick(a))  # fmt: skip
        from games.models import Game

        results["long_game_events"] = Game.objects.get(pk=long_game).last_seq
        results["fixtures_s"] = round(time.monotonic() - t_fix, 1)
        say(f"fixtures ready in {results['fixtures_s']} s ({len(games)} games)")
        connection.close()
        fixtures = {
            "tokens": [t for table in tables for _, t in table],
            "games": games,
            "new_game": str(new_game),
            "long_game": str(long_game),
            "view_token": tables[0][0][1],
        }
        servers = Servers(env, log_dir, pg, redis)
        servers.start(asgi=not args.no_asgi)
        bench = Bench(args, servers, wrk, work, fixtures)
        play_kinds = tuple(k for k in PLAY_KINDS if not (args.no_asgi and k.endswith("asgi")))
        view_kinds = tuple(k for k in VIEW_KINDS if not (args.no_asgi and k.endswith("asgi")))
        say("plays against the floor...")
        plays = phase(bench, play_kinds, args)
        say("views against the floor...")
        views = phase(bench, view_kinds, args)
        results["blocks"] = {"plays": {c: v["_blocks"] for c, v in plays.items()},
                             "views": {c: v["_blocks"] for c, v in views.items()}}  # fmt: skip
        results["plays"], results["views"] = strip_blocks(plays), strip_blocks(views)
        left = sum(max(0, len(g.plan) - n) for g, n in zip(
            games, [played_counts([g.game_id for g in games]).get(g.game_id, 0) for g in games],
            strict=True))  # fmt: skip
        results["plays_left"] = left
        if not args.no_ai:
            try:  # a failure here must not lose the tables above
                # the feed syncs the plays sent may still be queued (on their own queue, which
                # the worker consumes too) when the worker is slower than the web tier: measure
                # the AI on drained queues
                results["worker_backlog_s"] = drain_queue(env["CELERY_BROKER_URL"])
                say(f"worker backlog drained in {results['worker_backlog_s']} s")
                say("celery round trip...")
                results["celery"] = api_bench.celery_phase(args)
                say(f"  {results['celery']}")
                say("AI turnaround...")
                stack = types.SimpleNamespace(base_url=servers.url("prod"))
                results["ai_turnaround"] = api_bench.turnaround_phase(
                    stack, api_bench.make_players(1, "solo"), args
                )
                say(f"  {results['ai_turnaround']}")
            except Exception as exc:  # reported, and the run's figures are kept
                results["ai_error"] = repr(exc)
                (log_dir / "ai-error.txt").write_text(traceback.format_exc())
                say(f"  AI phases failed: {exc!r} (see {log_dir}/ai-error.txt and celery.log)")
    finally:
        if servers is not None:
            servers.stop()
        if redis is not None:
            redis.close()
        if pg is not None:
            with_django = "django" in sys.modules
            if with_django:
                from django.db import connections

                connections.close_all()
            pg.close()
        shutil.rmtree(work, ignore_errors=True)
    results["targets"] = targets(results)
    results["machine"]["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    results["wall_s"] = round(time.monotonic() - started, 1)
    path = out_dir / f"wrk-{stamp}.json"
    path.write_text(json.dumps(results, indent=2, default=str))
    say("")
    say("\n".join(table(results, "plays")))
    say("")
    say("\n".join(table(results, "views")))
    say("")
    for key in ("worker_backlog_s", "celery", "ai_turnaround"):
        if key in results:
            say(f"{key}: {results[key]}")
    say(f"plays left in the planned games: {results['plays_left']}")
    for t in results["targets"]:
        say(f"  {'MET ' if t['met'] else 'MISS'} {t['target']} c={t['c']}: {t['value']}")
    say(
        f"\nload average: start {results['machine']['loadavg_start']}, "
        f"end {results['machine']['loadavg_end']}; wall {results['wall_s']} s"
    )
    say(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
