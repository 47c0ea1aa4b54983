"""Test tiers: ``python3 scripts/dev.py test --fast`` sets ``HEARTS_TEST_TIER=fast``.

In the fast tier the property tests draw fewer examples (``examples``) and tests marked
``slow`` are left out; the whole suite (``dev.py test``, CI) runs everything at full size."""

from __future__ import annotations

import os

FAST = os.environ.get("HEARTS_TEST_TIER") == "fast"


def examples(full: int) -> int:
    """Hypothesis ``max_examples``: ``full`` in the whole suite, a fifth (at least 10) in the fast
    tier, where the same properties still run on derandomized examples."""
    return max(10, full // 5) if FAST else full
