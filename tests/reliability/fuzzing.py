"""Property-based API fuzzing with schemathesis's Python API, shared by
``tests/reliability/test_fuzz.py`` (bounded, in CI) and ``scripts/reliability/fuzz_api.py``
(the long run).

Every operation of ``openapi.yaml`` gets ``examples`` generated requests in each mode (positive:
data the schema allows; negative: data it forbids), sent to a live server as a seated player of a
real started game. For half of the cases the generated ``game_id`` is replaced by that game's id,
so commands reach the rules instead of stopping at 404. A response fails when it is a 5xx, or its
status, content type or body is not what the schema documents for that operation.
"""

from __future__ import annotations

import collections
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
    content_type_conformance,
]
# Not fuzzed: revoking the fuzzer's own token (the rest would be 401s) and the endless SSE stream
# (tests/sync covers it).
EXCLUDED = {
    ("DELETE", "/api/v1/auth/token/"),
    ("GET", "/api/v1/games/{game_id}/stream/"),
    ("GET", "/api/v1/me/feed/stream/"),  # endless too (tests/sync/test_feed_stream.py)
}


@dataclass
class FuzzReport:
    requests: int = 0
    statuses: collections.Counter = field(default_factory=collections.Counter)
    per_operation: collections.Counter = field(default_factory=collections.Counter)
    failures: list[str] = field(default_factory=list)
    unsatisfiable: list[str] = field(default_factory=list)

    def summary(self) -> str:
        fives = sum(n for s, n in self.statuses.items() if s >= 500)
        return (
            f"{self.requests} requests over {len(self.per_operation)} operations; "
            f"statuses {dict(sorted(self.statuses.items()))}; 5xx {fives}; "
            f"failures {len(self.failures)}"
        )


def fuzz_api(
    *,
    base_url: str,
    token: str,
    game_id: str,
    examples: int,
    modes=(GenerationMode.POSITIVE, GenerationMode.NEGATIVE),
) -> FuzzReport:
    schema = schemathesis.openapi.from_path(REPO_ROOT / "openapi.yaml")
    report = FuzzReport()
    headers = {"Authorization": f"Token {token}"}
    for result in schema.get_all_operations():
        operation = result.ok()
        key = (operation.method.upper(), operation.path)
        if key in EXCLUDED:
            continue
        label = f"{key[0]} {key[1]}"
        for mode in modes:
            try:
                _runner(operation, label, mode, examples, base_url, headers, game_id, report)()
            except Unsatisfiable:  # e.g. negative data for an operation that takes no input
                report.unsatisfiable.append(f"{label} [{mode}]")
    return report


def _runner(operation, label, mode, examples, base_url, headers, game_id, report: FuzzReport):
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        params = case.path_parameters
        if params and "game_id" in params and zlib.crc32(repr(case.body).encode()) % 2:
            params["game_id"] = game_id
        query = case.query
        if query and "wait" in query and _number(query["wait"]) > 1:
            # A valid long-poll waits up to 30 s (and DRF's IntegerField also takes "29.0"):
            # keep the run fast.
            query["wait"] = 1
        try:
            response = case.call(base_url=base_url, headers=headers, timeout=45)
        except requests.RequestException as exc:
            # No answer at all is a failure to report, not an exception for hypothesis to shrink
            # (each shrink step would wait for the timeout again).
            report.requests += 1
            report.failures.append(f"{label} [{mode}] -> no response: {exc!r}")
            return
        report.requests += 1
        report.statuses[response.status_code] += 1
        report.per_operation[label] += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception as exc:  # a failed check: record it, keep fuzzing
            first = str(exc).strip().splitlines()[:8]
            report.failures.append(
                f"{label} [{mode}] -> {response.status_code}: " + " | ".join(first)
            )

    return run


def _number(value) -> float:
    try:
        return float(str(value))
    except ValueError:
        return 0.0
