"""Signals matchmaking sends after commit (receivers: the player feed of issue 16, ratings...).

* ``player_matched``: a quick-play ticket was seated. Keyword arguments: ``player_id``,
  ``ticket_id``, ``game_id`` and ``seat``.
* ``table_started``: a private table or a rematch became a game: ``table_id``, ``game_id`` and
  ``player_ids``.
* ``rematch_offered``: a player offered the players of a finished game the next game:
  ``table_id``, ``game_id`` (the finished game), ``offered_by`` and ``player_ids`` (the other
  humans invited).
"""

from django.dispatch import Signal

player_matched = Signal()
table_started = Signal()
rematch_offered = Signal()
