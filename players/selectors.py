"""Read queries of the players app: profile, game history and simple statistics.

Statistics come from the engine's view of each game (totals and per-hand scores as the player's
seat sees them), through ``games.selectors``; nothing here reads another seat's cards.
"""

from __future__ import annotations

from typing import Any

from games import selectors as game_selectors

HISTORY_LIMIT = 200
RECENT_GAMES = 10


def player_games(*, user: Any, limit: int = HISTORY_LIMIT) -> list[dict[str, Any]]:
    """The games the player sits in (newest first), with totals and the result when finished."""
    entries = []
    for summary in game_selectors.games_for_player(user, limit=limit):
        game = game_selectors.game_view_for_user(game_id=summary["id"], user=user)
        seat = game["your_seat"]
        if seat is None:
            continue  # created the game but does not sit in it
        view = game["view"]
        hand_results = view.get("hand_results") or []
        outcome = view.get("outcome")
        finished = game["status"] == "finished"
        entries.append(
            {
                "id": summary["id"],
                "preset": summary["preset"],
                "status": game["status"],
                "seat": seat,
                "created_at": summary["created_at"],
                "finished_at": summary["finished_at"],
                "totals": view.get("totals") if game["status"] != "lobby" else None,
                "hands_scored": len(hand_results),
                "won": (seat in outcome["winners"]) if finished and outcome else None,
                "_hand_points": [r["points"][seat] for r in hand_results],
            }
        )
    return entries


def player_stats(entries: list[dict[str, Any]]) -> dict[str, Any]:
    finished = [e for e in entries if e["status"] == "finished"]
    hand_points = [p for e in finished for p in e["_hand_points"]]
    return {
        "games": len(finished),
        "wins": sum(1 for e in finished if e["won"]),
        "hands": len(hand_points),
        "average_points_per_hand": (
            round(sum(hand_points) / len(hand_points), 2) if hand_points else None
        ),
    }


def player_profile(*, user: Any) -> dict[str, Any]:
    entries = player_games(user=user)
    return {
        "id": user.pk,
        "username": user.get_username(),
        "email": user.email,
        "date_joined": user.date_joined,
        "stats": player_stats(entries),
        "recent_games": entries[:RECENT_GAMES],
    }
