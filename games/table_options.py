"""Table options of a game (chosen at creation, beside the rules), and their bounds: one owner.

* ``think_delay_ms``: the pause before each AI move, 0 to 10,000 ms (default 0). Longer would make
  a game of three AI seats crawl (a hand has 52 plays) and hold a countdown task per AI move.
* ``turn_limit_s``: the seconds a human seat may take per move before the AI plays it (the beat
  sweeper runs every ``HEARTS_AI_SWEEP_EVERY_S``), 5 to 1,209,600 (14 days: correspondence
  games, whose players the notifications app reminds before the limit), or None (no limit).
  Under 5 s a human cannot play at all once the sweeper's period and the network are counted.

The API's input serializer reads these bounds (its 400 ``validation_error`` names the field, and
openapi.yaml shows them); the service checks them again for every other caller (admin, tests,
scripts): a 400 ``invalid_option``. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.errors import InvalidGameOption


@dataclass(frozen=True)
class IntBounds:
    minimum: int
    maximum: int

    def contains(self, value: Any) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.minimum <= value <= self.maximum
        )


THINK_DELAY_MS = IntBounds(0, 10_000)
TURN_LIMIT_S = IntBounds(5, 14 * 86_400)


def validated(*, think_delay_ms: int, turn_limit_s: int | None) -> dict[str, int | None]:
    """The table options of a new game, checked: ``InvalidGameOption`` names the field."""
    if not THINK_DELAY_MS.contains(think_delay_ms):
        raise InvalidGameOption(field="think_delay_ms", value=think_delay_ms)
    if turn_limit_s is not None and not TURN_LIMIT_S.contains(turn_limit_s):
        raise InvalidGameOption(field="turn_limit_s", value=turn_limit_s)
    return {"think_delay_ms": think_delay_ms, "turn_limit_s": turn_limit_s}
