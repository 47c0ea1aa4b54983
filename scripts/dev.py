#!/usr/bin/env python3
"""Two-command bootstrap for the Hearts API (standard library only).

    python3 scripts/dev.py serve [--host 127.0.0.1] [--port 8000]
        migrate, then run a Celery worker (with embedded beat) and the ASGI server (uvicorn)
        until Ctrl-C. Prints where the API docs, admin and health endpoint are. One server for
        REST and the live-sync stream: production splits them (REST on WSGI, streams on ASGI,
        nginx in front: docker-compose.yml), which saves server CPU per request under load; a
        developer's single port needs neither the proxy nor the second server, and uvicorn
        serves both kinds of request correctly (streams need ASGI, REST works on either).
    python3 scripts/dev.py test [pytest args...]
        run the whole test suite (pytest); extra arguments are passed through. Both tiers run
        on pytest-xdist workers, one per core up to 4 (``HEARTS_TEST_WORKERS=1``: one process;
        ``-n``/``--dist``/``-p no:xdist`` among the arguments: as given).
    python3 scripts/dev.py test --fast [pytest args...]
        the fast tier for the development loop (about 1.5 minutes on two cores): engine,
        bots, store, services, API and matchmaking tests, without the ones that start worker
        processes, servers or a browser (marker ``integration``) or are marked ``slow``, with
        fewer property-test examples (``HEARTS_TEST_TIER=fast``, tests/tiers.py); stops at the
        first failure.

Other helpers:
    python3 scripts/dev.py manage <args...>   run manage.py in the venv (DEBUG=1 by default)
    python3 scripts/dev.py schema             regenerate openapi.yaml
    python3 scripts/dev.py freeze             regenerate requirements/constraints.txt
    python3 scripts/dev.py sdks               regenerate the SDKs in sdks/ from openapi.yaml
                                              (docs/sdks.md; needs Node.js 18+ and npm)

Every command first makes sure ``.venv`` exists (created with the running interpreter, Python
3.11+) and that ``pip install -c requirements/constraints.txt -e ".[dev]"`` ran for the current
pyproject.toml and constraints (a stamp file in the venv records their hash). Set HEARTS_VENV to
use another venv folder. Configuration comes from the environment (see README); with nothing set
the embedded defaults are used: SQLite and a filesystem Celery broker under var/.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

# The sibling module debian_packages, also when the tests load this file by its path.
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
import debian_packages

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("HEARTS_VENV") or ROOT / ".venv")
PYPROJECT = ROOT / "pyproject.toml"
CONSTRAINTS = ROOT / "requirements" / "constraints.txt"
STAMP = VENV / ".hearts-install-stamp"
MIN_PYTHON = (3, 11)


def log(message: str) -> None:
    print(f"[dev] {message}", flush=True)


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def install_hash() -> str:
    digest = hashlib.sha256()
    for path in (PYPROJECT, CONSTRAINTS):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_venv() -> Path:
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"Python {'.'.join(map(str, MIN_PYTHON))}+ is required, this is {sys.version}")
    python = venv_python()
    if not python.exists():
        log(f"creating virtualenv {VENV} with {sys.executable}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    wanted = install_hash()
    if not STAMP.exists() or STAMP.read_text().strip() != wanted:
        log("installing dependencies (pyproject.toml / requirements/constraints.txt changed)")
        env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet",
             "-c", str(CONSTRAINTS), "-e", f"{ROOT}[dev]"],
            check=True, cwd=ROOT, env=env,
        )  # fmt: skip
        STAMP.write_text(wanted + "\n")
    return python


def child_env(**defaults: str) -> dict[str, str]:
    env = dict(os.environ)
    for key, value in defaults.items():
        env.setdefault(key, value)
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


# --------------------------------------------------------------------------- serve
# `serve` is a developer's machine: the sign-up and token throttles (20/hour and 60/hour in
# production) would lock a developer out for an hour after a README tour and a few web client
# sessions. These defaults apply only when the variable is not set; production keeps its rates.
SERVE_DEFAULTS = {
    "DEBUG": "1",
    "THROTTLE_SIGNUP": "1000/hour",
    "THROTTLE_TOKEN": "1000/hour",
}


def serve_env() -> dict[str, str]:
    """The environment of the processes ``serve`` starts (``SERVE_DEFAULTS`` under os.environ)."""
    return child_env(**SERVE_DEFAULTS)


def wait_for_http(url: str, timeout: float, procs: list[subprocess.Popen]) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            return False
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status in (200, 503):
                    return True
        except urllib.error.HTTPError as exc:
            if exc.code == 503:
                return True
        except OSError:
            pass
        time.sleep(0.3)
    return False


def stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def serve(args: argparse.Namespace) -> int:
    python = ensure_venv()
    env = serve_env()
    (ROOT / "var").mkdir(exist_ok=True)
    log("applying migrations")
    subprocess.run(
        [str(python), "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True
    )

    # no --queues: the worker takes the default queue and the feed syncs' (CELERY_TASK_QUEUES)
    worker_cmd = [
        str(python), "-m", "celery", "-A", "hearts_api", "worker", "--beat",
        "--schedule", str(ROOT / "var" / "celerybeat-schedule"),
        "--loglevel", os.environ.get("CELERY_LOG_LEVEL", "INFO"),
        "--pool", os.environ.get("CELERY_POOL", "solo"),
    ]  # fmt: skip
    web_cmd = [
        str(python), "-m", "uvicorn", "hearts_api.asgi:application",
        "--host", args.host, "--port", str(args.port),
    ]  # fmt: skip
    procs: list[subprocess.Popen] = []

    def on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with SIGINT ignored
    try:
        log("starting Celery worker (with embedded beat)")
        procs.append(subprocess.Popen(worker_cmd, cwd=ROOT, env=env, start_new_session=True))
        log(f"starting uvicorn on {args.host}:{args.port}")
        procs.append(subprocess.Popen(web_cmd, cwd=ROOT, env=env, start_new_session=True))
        host = f"[{args.host}]" if ":" in args.host else args.host
        base = f"http://{host}:{args.port}"
        if not wait_for_http(f"{base}/health/", 60, procs):
            log("the server did not come up; see the output above")
            return 1
        print(
            "\n"
            "  Hearts API is running (embedded defaults unless DATABASE_URL / CELERY_BROKER_URL "
            "are set)\n"
            f"  API docs (Swagger UI): {base}/api/docs/\n"
            f"  API docs (ReDoc):      {base}/api/redoc/\n"
            f"  Web client (play):     {base}/play/\n"
            f"  OpenAPI schema:        {base}/api/schema/\n"
            f"  Admin:                 {base}/admin/   "
            "(python3 scripts/dev.py manage createsuperuser)\n"
            f"  Health:                {base}/health/\n"
            "  Press Ctrl-C to stop.\n",
            flush=True,
        )
        while True:
            for proc in procs:
                if proc.poll() is not None:
                    log(f"{proc.args[2:5]} exited with code {proc.returncode}; stopping")
                    return proc.returncode or 1
            time.sleep(0.5)
    except KeyboardInterrupt:
        log("stopping")
        return 0
    finally:
        stop(procs)


# --------------------------------------------------------------------------- test
def ensure_chromium() -> None:
    """The browser tests (tests/e2e) drive a system Chromium; install Debian's when we can."""
    if os.environ.get("HEARTS_E2E_CHROMIUM") or shutil.which("chromium"):
        return
    if debian_packages.apt_install("chromium", why="needed by tests/e2e", say=log):
        return
    log(
        "Chromium is missing: the browser tests in tests/e2e will fail. Install it "
        "(Debian/Ubuntu: sudo apt-get install chromium) or set HEARTS_E2E_CHROMIUM=/path"
    )


def ensure_nginx() -> None:
    """tests/test_nginx_routing.py runs docker-compose's proxy site in a real nginx."""
    if os.environ.get("HEARTS_NGINX") or shutil.which("nginx") or os.path.exists("/usr/sbin/nginx"):
        return
    if debian_packages.apt_install(
        "nginx-light", why="needed by tests/test_nginx_routing.py", say=log
    ):
        return
    log(
        "nginx is missing: tests/test_nginx_routing.py will fail. Install it "
        "(Debian/Ubuntu: sudo apt-get install nginx-light) or set HEARTS_NGINX=/path"
    )


# The fast tier: pure and in-process tests (no worker process, no server, no browser).
FAST_TESTS = [
    "tests/engine",
    "tests/bots",
    "tests/store",
    "tests/services",
    "tests/api",
    "tests/notifications",
    "tests/matchmaking",
    "tests/ratings",
    "tests/oauth",
]


def test_workers() -> int:
    """pytest-xdist worker processes for `test`: HEARTS_TEST_WORKERS, else one per core up to 4
    (each worker takes its own PostgreSQL test database and Redis database, settings_test)."""
    wanted = os.environ.get("HEARTS_TEST_WORKERS", "").strip()
    if wanted:
        return max(1, int(wanted))
    return max(1, min(os.cpu_count() or 1, 4))


def parallel_args(pytest_args: list[str]) -> list[str]:
    """``-n N --dist loadfile`` unless the arguments already choose (``-n``, ``--numprocesses``,
    ``--dist``, ``-p no:xdist``) or one worker is wanted. A file's tests stay on one worker, so
    its module fixtures (servers, workers) start once."""
    chosen = any(
        arg.startswith(("-n", "--numprocesses", "--dist")) or arg in ("no:xdist", "-pno:xdist")
        for arg in pytest_args
    )
    workers = test_workers()
    if chosen or workers == 1:
        return []
    return ["-n", str(workers), "--dist", "loadfile"]


def test(args: argparse.Namespace) -> int:
    python = ensure_venv()
    pytest_args = list(args.pytest_args)
    if pytest_args[:1] == ["--fast"]:
        pytest_args = [*FAST_TESTS, "-m", "not integration and not slow", "-x", "-q",
                       *pytest_args[1:]]  # fmt: skip
        env = child_env(HEARTS_TEST_TIER="fast")  # fewer property examples (tests/tiers.py)
    else:
        ensure_chromium()
        ensure_nginx()
        try:  # tests/integration/test_sdks.py: the SDK generators, Node.js and npm ci (cached)
            ensure_sdk_tools()
        except SdkToolError as exc:  # the SDK tests then fail with the same message
            log(f"the SDK tests will fail: {exc}")
        env = child_env()
    cmd = [str(python), "-m", "pytest", *parallel_args(pytest_args), *pytest_args]
    log("running " + " ".join(cmd[1:]))
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if code == 5:
        log("pytest collected no tests: treating that as a failure")
    return code


# --------------------------------------------------------------------------- helpers
def manage(args: argparse.Namespace) -> int:
    python = ensure_venv()
    return subprocess.call([str(python), "manage.py", *args.manage_args], cwd=ROOT,
                           env=child_env(DEBUG="1"))  # fmt: skip


def schema(args: argparse.Namespace) -> int:
    python = ensure_venv()
    return subprocess.call(
        [str(python), "manage.py", "spectacular", "--file", "openapi.yaml",
         "--validate", "--fail-on-warn"],
        cwd=ROOT, env=child_env(DEBUG="1"),
    )  # fmt: skip


def freeze(args: argparse.Namespace) -> int:
    header = [line for line in CONSTRAINTS.read_text().splitlines() if line.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        subprocess.run([*pip, "install", "--quiet", "-e", f"{ROOT}[dev]"], check=True, cwd=ROOT)
        frozen = subprocess.run(
            [*pip, "freeze", "--exclude-editable"], check=True, capture_output=True, text=True
        ).stdout.splitlines()
    pins = [line for line in frozen if line and not line.startswith(("#", "-e"))]
    CONSTRAINTS.write_text("\n".join(header + pins) + "\n")
    log(f"wrote {len(pins)} pins to {CONSTRAINTS.relative_to(ROOT)}")
    return 0


# --------------------------------------------------------------------------- sdks
# The SDKs in sdks/ are generated from openapi.yaml (docs/sdks.md). `dev.py sdks` regenerates both;
# tests/integration/test_sdks.py regenerates into a temporary folder and fails when the committed
# files differ. The generators are pinned: sdks/python/generator-requirements.txt (installed into
# a cached venv under var/sdk-tools/) and sdks/typescript/package-lock.json (`npm ci` into
# sdks/typescript/node_modules, redone only when the lock file changes).
SDKS = ROOT / "sdks"
PY_SDK = SDKS / "python"
TS_SDK = SDKS / "typescript"
SDK_TOOLS = ROOT / "var" / "sdk-tools"
OPENAPI = ROOT / "openapi.yaml"
# sdks/python holds the generator's output and these hand-written files (kept by `dev.py sdks`).
PY_SDK_HAND_WRITTEN = ("openapi-python-client.yaml", "generator-requirements.txt", "examples")
# sdks/typescript is hand-written except this file.
TS_SDK_GENERATED = "src/schema.ts"
# openapi-typescript's flags. Request fields with a server default are optional (the default
# flag value would make them required, because openapi.yaml shares one schema per body).
OPENAPI_TYPESCRIPT_FLAGS = ["--default-non-nullable", "false"]
MIN_NODE = (18, 0)
SDK_IGNORED = ("__pycache__", ".ruff_cache", ".pytest_cache")


class SdkToolError(RuntimeError):
    """A generator or runtime the SDKs need is missing or failed (the message says what to do)."""


@contextlib.contextmanager
def file_lock(path: Path):
    """An exclusive lock across processes (concurrent test runs share var/sdk-tools/)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        try:
            import fcntl
        except ImportError:  # Windows: no concurrent test runs to guard against there
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def file_digest(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def python_generator_venv() -> Path:
    """The venv with openapi-python-client and its pinned dependencies (made once per pin set)."""
    requirements = PY_SDK / "generator-requirements.txt"
    venv = SDK_TOOLS / f"python-generator-{file_digest(requirements)[:12]}"
    ready = venv / ".ready"
    with file_lock(SDK_TOOLS / ".python-generator.lock"):
        if not ready.exists():
            log(f"installing the Python SDK generator into {venv.relative_to(ROOT)}")
            subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
            pip = subprocess.run(
                [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                 "--disable-pip-version-check", "-r", str(requirements)],
                capture_output=True, text=True, timeout=900,
            )  # fmt: skip
            if pip.returncode != 0:
                raise SdkToolError(f"pip could not install {requirements}:\n{pip.stderr[-3000:]}")
            ready.write_text(requirements.read_text())
    return venv


def node_tools() -> tuple[str, str]:
    """``node`` and ``npm`` (Node 18+), installed from Debian's packages when missing and root."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        debian_packages.apt_install("nodejs", "npm", why="needed by sdks/typescript", say=log)
        node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        raise SdkToolError(
            "Node.js 18+ and npm are required for the TypeScript SDK (sdks/typescript) and its "
            "tests: install them (Debian/Ubuntu: sudo apt-get install nodejs npm)"
        )
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    numbers = tuple(int(part) for part in version.lstrip("v").split(".")[:2] if part.isdigit())
    if numbers < MIN_NODE:
        raise SdkToolError(f"Node.js {version} is too old for sdks/typescript: 18+ is required")
    return node, npm


def typescript_node_modules() -> Path:
    """``npm ci`` in sdks/typescript, redone only when package.json or package-lock.json change."""
    _node, npm = node_tools()
    modules = TS_SDK / "node_modules"
    stamp = modules / ".hearts-install-stamp"
    wanted = file_digest(TS_SDK / "package.json", TS_SDK / "package-lock.json")
    with file_lock(SDK_TOOLS / ".npm-ci.lock"):
        if not stamp.exists() or stamp.read_text().strip() != wanted:
            log("installing the TypeScript SDK's pinned packages (npm ci in sdks/typescript)")
            ci = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=TS_SDK, capture_output=True, text=True, timeout=900,
            )  # fmt: skip
            if ci.returncode != 0:
                raise SdkToolError(
                    f"npm ci failed in {TS_SDK}:\n{ci.stdout[-2000:]}{ci.stderr[-3000:]}"
                )
            stamp.write_text(wanted + "\n")
    return modules


def ensure_sdk_tools() -> None:
    """Install both generators (cached); what `dev.py test` and the SDK tests need."""
    python_generator_venv()
    typescript_node_modules()


def generate_sdks(out: Path) -> None:
    """Generate both SDKs from openapi.yaml: ``out/python`` and ``out/typescript/src/schema.ts``.

    The two generators run side by side; either failing raises SdkToolError with its output.
    ``out`` should be outside the repository (the generator's formatter reads the nearest ruff
    configuration, which in the generated tree is the generated pyproject.toml)."""
    venv = python_generator_venv()
    node, _npm = node_tools()
    modules = typescript_node_modules()
    (out / "typescript" / "src").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    jobs = {
        "openapi-python-client": subprocess.Popen(
            [str(venv / "bin" / "openapi-python-client"), "generate",
             "--path", str(OPENAPI), "--meta", "pdm", "--fail-on-warning",
             "--config", str(PY_SDK / "openapi-python-client.yaml"),
             "--output-path", str(out / "python")],
            cwd=out, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        ),
        "openapi-typescript": subprocess.Popen(
            [node, str(modules / "openapi-typescript" / "bin" / "cli.js"), str(OPENAPI),
             *OPENAPI_TYPESCRIPT_FLAGS, "--output", str(out / "typescript" / TS_SDK_GENERATED)],
            cwd=TS_SDK, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        ),
    }  # fmt: skip
    failures = []
    for name, job in jobs.items():
        output, _ = job.communicate(timeout=600)
        if job.returncode != 0:
            failures.append(f"{name} failed (exit {job.returncode}):\n{output[-5000:]}")
    if failures:
        raise SdkToolError("\n".join(failures))
    for ignored in SDK_IGNORED:
        shutil.rmtree(out / "python" / ignored, ignore_errors=True)


def sdk_files(folder: Path, skip: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Every file under ``folder`` by relative path (caches and ``skip`` names left out)."""
    files = {}
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        ignored = parts[0] in skip or set(parts) & set(SDK_IGNORED) or path.suffix == ".pyc"
        if path.is_file() and not ignored:
            files["/".join(parts)] = path.read_bytes()
    return files


def stale_sdk_files(out: Path) -> list[str]:
    """Generate into ``out`` and list the committed SDK files that differ (or are missing/extra)."""
    generate_sdks(out)
    stale = []
    fresh = sdk_files(out / "python")
    committed = sdk_files(PY_SDK, skip=PY_SDK_HAND_WRITTEN)
    for name in sorted(set(fresh) | set(committed)):
        if fresh.get(name) != committed.get(name):
            stale.append(f"sdks/python/{name}")
    schema = TS_SDK / TS_SDK_GENERATED
    fresh_schema = (out / "typescript" / TS_SDK_GENERATED).read_bytes()
    if not schema.exists() or schema.read_bytes() != fresh_schema:
        stale.append(f"sdks/typescript/{TS_SDK_GENERATED}")
    return stale


def sdks(args: argparse.Namespace) -> int:
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="hearts-sdks-") as tmp:
            out = Path(tmp)
            generate_sdks(out)
            for entry in PY_SDK.iterdir():
                if entry.name not in PY_SDK_HAND_WRITTEN:
                    shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
            for entry in (out / "python").iterdir():
                target = PY_SDK / entry.name
                shutil.copytree(entry, target) if entry.is_dir() else shutil.copy2(entry, target)
            shutil.copy2(out / "typescript" / TS_SDK_GENERATED, TS_SDK / TS_SDK_GENERATED)
    except SdkToolError as exc:
        log(str(exc))
        return 1
    log(
        f"regenerated sdks/python and sdks/typescript/{TS_SDK_GENERATED} from openapi.yaml "
        f"in {time.monotonic() - started:.1f}s (review with git status / git diff, then commit)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # `test` and `manage` pass everything after them through untouched (e.g. `test -k moon -x`).
    if argv and argv[0] == "test":
        return test(argparse.Namespace(pytest_args=argv[1:]))
    if argv and argv[0] == "manage":
        return manage(argparse.Namespace(manage_args=argv[1:]))
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="%(prog)s {serve,test,manage,schema,freeze,sdks}",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="run the API and a Celery worker (Ctrl-C to stop)")
    p_serve.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    p_serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    p_serve.set_defaults(func=serve)
    sub.add_parser("test", help="run the whole test suite (extra args go to pytest)")
    sub.add_parser("manage", help="run manage.py in the venv (extra args go to manage.py)")
    sub.add_parser("schema", help="regenerate openapi.yaml").set_defaults(func=schema)
    sub.add_parser("freeze", help="regenerate requirements/constraints.txt").set_defaults(
        func=freeze
    )
    sub.add_parser(
        "sdks", help="regenerate the Python and TypeScript SDKs (sdks/) from openapi.yaml"
    ).set_defaults(func=sdks)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
