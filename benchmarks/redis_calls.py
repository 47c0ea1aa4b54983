"""CPU of a Redis call in the calling process, with whichever reply parser redis-py has
(hiredis when installed): GET, EVALSHA, the commit's pipeline shape and an LRANGE.

    .venv/bin/python benchmarks/redis_calls.py [redis://127.0.0.1:6379/11]

Uses the given Redis database (default 11 on loopback) and deletes its keys at the end.
docs/benchmarks.md finding 34 has the figures with and without hiredis.
"""

from __future__ import annotations

import sys
import time

import redis


def say(*parts) -> None:
    print(*parts, flush=True)  # noqa: T201 - a command-line tool


def bench(name: str, fn, n: int = 5000) -> None:
    fn()
    t0 = time.process_time()
    for _ in range(n):
        fn()
    say(f"  {name}: {(time.process_time() - t0) / n * 1e6:.1f} us CPU per call")


def main(argv: list[str]) -> int:
    r = redis.Redis.from_url(argv[0] if argv else "redis://127.0.0.1:6379/11")
    try:
        import hiredis

        say(f"hiredis {hiredis.__version__}")
    except ImportError:
        say("no hiredis: the Python parser")
    r.set("bench:k", "v")
    r.rpush("bench:list", *(["y" * 800] * 20))
    sha = r.script_load("return redis.call('INCR', KEYS[1])")

    def pipeline() -> None:
        p = r.pipeline(transaction=False)
        p.evalsha(sha, 1, "bench:n")
        p.lpush("bench:q", "x" * 800)
        p.publish("bench:channel", "1")
        p.execute()

    try:
        bench("GET", lambda: r.get("bench:k"))
        bench("EVALSHA", lambda: r.evalsha(sha, 1, "bench:n"))
        bench("pipeline(EVALSHA, LPUSH 800 B, PUBLISH)", pipeline)
        bench("LRANGE 20 x 800 B", lambda: r.lrange("bench:list", 0, 19))
    finally:
        r.delete("bench:k", "bench:list", "bench:n", "bench:q")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
