"""AI seats: pure-Python Hearts bots that see only one seat's view.

Public API::

    choose_move(view: SeatView, level: str, rng: random.Random) -> Move
    LEVELS == ("random", "heuristic", "expert", "master")

`view` is the engine's `view_for_seat(state, seat)`; the move is a `PassCards`, `PlayCard` or
`ChooseMoon` for `view.seat`. The choice depends only on the view and the rng (no clock), so a
rerun with an rng seeded the same way chooses the same move. See docs/bots.md.
"""

from games.bots.levels import LEVELS, choose_move

__all__ = ["LEVELS", "choose_move"]
