"""The long API fuzz run: schemathesis against openapi.yaml and a live server, thousands of
generated requests (positive and negative data for every operation), no 5xx allowed and every
response in its documented status, content type and shape.

    .venv/bin/python scripts/reliability/fuzz_api.py      # 80 per operation and mode, SQLite
    .venv/bin/python scripts/reliability/fuzz_api.py --examples 150 \\
        --database-url postgres://postgres@127.0.0.1:5432/hearts_reliability_fuzz

Bounded: ``--examples`` per operation and mode (67 operations x 2 modes, less the 20 that take
no input in negative mode), one uvicorn process on
127.0.0.1, a throwaway database (see scripts/reliability/stack.py). Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.reliability.stack import Stack
from tests.reliability.fuzzing import fuzz_api
from tests.reliability.live import four_human_table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=80, help="per operation and mode")
    parser.add_argument("--database-url", default=None, help="default: SQLite in a temp folder")
    args = parser.parse_args(argv)
    stack = Stack(database_url=args.database_url, redis_url=None, servers=1, workers=0)
    try:
        base_url = stack.base_urls[0]
        game_id, players = four_human_table(base_url, options={"passing": False})
        started = time.monotonic()
        report = fuzz_api(
            base_url=base_url, token=players[0].token, game_id=game_id, examples=args.examples
        )
        elapsed = time.monotonic() - started
        print(report.summary())
        print(f"{elapsed:.0f} s, {report.requests / elapsed:.1f} requests/s")
        for label, n in sorted(report.per_operation.items()):
            print(f"  {n:5d}  {label}")
        if report.unsatisfiable:
            print("no negative data possible for: " + ", ".join(report.unsatisfiable))
        for failure in report.failures[:50]:
            print("FAIL " + failure)
        server_errors = [line for line in stack.error_lines() if "Internal Server Error" in line]
        print(f"server log: {len(server_errors)} internal server error(s)")
        verify = stack.manage("verify_games")
        print(verify.stdout.strip().splitlines()[-1] if verify.stdout.strip() else verify.stderr)
        ok = not report.failures and not server_errors and verify.returncode == 0
        ok = ok and all(status < 500 for status in report.statuses)
        print("OK" if ok else "FAILED")
        return 0 if ok else 1
    finally:
        stack.close()


if __name__ == "__main__":
    sys.exit(main())
