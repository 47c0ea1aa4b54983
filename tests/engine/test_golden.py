"""Golden full-hand transcripts, one per preset, regenerated and diffed.

To accept an intended change: ENGINE_REGEN_GOLDEN=1 pytest tests/engine/test_golden.py, then
review the diff of tests/engine/data/golden/ in git.
"""

import difflib
import json
import os
import random
from pathlib import Path

import pytest

from games.engine import PRESETS, RuleSet, apply, event_to_payload, new_game, view_for_seat
from tests.strategies import random_move

GOLDEN = Path(__file__).parent / "data" / "golden"


def transcript(key: str) -> str:
    overrides = {"passing": True} if key == "two_player" else {}
    rules = RuleSet.from_preset(key, overrides)
    rng = random.Random(f"golden-{key}")
    state = new_game(rules)
    lines = [
        f"# golden transcript: preset {key}, overrides {json.dumps(overrides)}",
        f"rules {json.dumps(rules.to_dict(), sort_keys=True)}",
    ]
    seq = 0
    while state.hand_number == 0 or state.phase in ("passing", "playing", "moon_choice"):
        move = random_move(state, rng, salt=f"golden-{key}")
        state, events = apply(state, move)
        for event in events:
            seq += 1
            type_, version, payload = event_to_payload(event)
            lines.append(f"{seq} {type_} v{version} {json.dumps(payload, sort_keys=True)}")
    lines.append(f"view0 {json.dumps(view_for_seat(state, 0).to_dict(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_golden_transcript(key):
    path = GOLDEN / f"{key}.txt"
    text = transcript(key)
    if os.environ.get("ENGINE_REGEN_GOLDEN") == "1":
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), str(path), "regenerated", n=1
            )
        )
        pytest.fail(f"golden transcript changed:\n{diff[:4000]}")
    assert "hand_scored" in text
