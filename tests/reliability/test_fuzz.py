"""Property-based fuzzing of the whole API (schemathesis, from openapi.yaml) against a live
server: no 5xx, every response in the documented status, content type and shape.

Bounded for CI (``HEARTS_FUZZ_EXAMPLES`` per operation and mode, a few hundred requests); the
long run is ``scripts/reliability/fuzz_api.py``. See ``tests/reliability/fuzzing.py``.
"""

from __future__ import annotations

import os

import pytest

from tests.reliability.fuzzing import fuzz_api
from tests.reliability.live import four_human_table

FUZZ_EXAMPLES = int(os.environ.get("HEARTS_FUZZ_EXAMPLES", "6"))

pytestmark = pytest.mark.integration


def test_generated_requests_get_no_5xx_and_only_documented_responses(base_urls):
    game_id, players = four_human_table(base_urls[0], options={"passing": False})
    report = fuzz_api(
        base_url=base_urls[0], token=players[0].token, game_id=game_id, examples=FUZZ_EXAMPLES
    )
    print(report.summary())
    assert report.requests >= 200, report.summary()
    assert not report.failures, "\n".join(report.failures[:30])
    assert all(status < 500 for status in report.statuses), report.summary()
