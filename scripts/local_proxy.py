"""Run docker-compose's nginx site (deploy/nginx/default.conf) in a local nginx (stdlib only).

The benchmark (benchmarks/wrk_bench.py) and the routing test (tests/test_nginx_routing.py) use it
to run the very file compose mounts, with its two upstreams (`web:8000`, `stream:8000`) and its
`listen 80` replaced by local addresses, in an nginx process of their own (a prefix folder with
its own pid file, logs and temp paths; never the system's nginx service).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "deploy" / "nginx" / "default.conf"
UPSTREAMS = {"web": "server web:8000;", "stream": "server stream:8000;"}


def find_nginx() -> str | None:
    """The nginx binary: $HEARTS_NGINX, then PATH, then Debian's /usr/sbin/nginx."""
    candidates = [os.environ.get("HEARTS_NGINX"), shutil.which("nginx"), "/usr/sbin/nginx"]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def render_site(*, web: str, stream: str, port: int) -> str:
    """deploy/nginx/default.conf with the upstreams at ``web`` / ``stream`` (host:port) and the
    server listening on 127.0.0.1:``port``; anything else is the file as compose mounts it."""
    site = SITE.read_text()
    for name, line in UPSTREAMS.items():
        if site.count(line) != 1:
            raise ValueError(f"{SITE} must name its {name} upstream exactly once as {line!r}")
    if site.count("listen 80;") != 1:
        raise ValueError(f"{SITE} must listen on port 80 exactly once")
    site = site.replace(UPSTREAMS["web"], f"server {web};")
    site = site.replace(UPSTREAMS["stream"], f"server {stream};")
    return site.replace("listen 80;", f"listen 127.0.0.1:{port};")


def write_config(prefix: Path, *, web: str, stream: str, port: int, workers: int = 1) -> Path:
    """An nginx.conf under ``prefix`` that includes the rendered site; returns its path."""
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "logs").mkdir(exist_ok=True)
    (prefix / "site.conf").write_text(render_site(web=web, stream=stream, port=port))
    temp = {name: prefix / f"tmp-{name}" for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    conf = prefix / "nginx.conf"
    # As root, nginx would run its workers as `nobody`, who cannot write the temp paths here.
    user = "user root root;\n" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""
    conf.write_text(
        user + f"worker_processes {workers};\n"
        "daemon off;\n"
        f"pid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'logs' / 'error.log'} warn;\n"
        "events { worker_connections 1024; }\n"
        "http {\n"
        "    access_log off;\n"
        f"    client_body_temp_path {temp['body']};\n"
        f"    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n"
        f"    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {prefix / 'site.conf'};\n"
        "}\n"
    )
    return conf


def start(prefix: Path, *, web: str, stream: str, port: int, workers: int = 1, **popen):
    """Start nginx on the rendered site and wait until ``port`` accepts; returns the Popen.
    The caller stops it (SIGTERM: nginx's fast shutdown)."""
    nginx = find_nginx()
    if nginx is None:
        raise FileNotFoundError(
            "nginx is not installed (Debian: apt-get install nginx-light; or set HEARTS_NGINX)"
        )
    conf = write_config(prefix, web=web, stream=stream, port=port, workers=workers)
    test = subprocess.run(
        [nginx, "-t", "-p", str(prefix), "-c", str(conf)], capture_output=True, text=True
    )
    if test.returncode != 0:
        raise RuntimeError(f"nginx rejects the site: {test.stderr}")
    proc = subprocess.Popen([nginx, "-p", str(prefix), "-c", str(conf)], **popen)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nginx exited with {proc.returncode}: see {prefix / 'logs'}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.terminate()
    raise RuntimeError(f"nginx did not listen on {port} within 10 s")
