"""What a seat may not see, computed from the server-side state, and a search of response bodies.

`forbidden_by_seq` replays a game's stored log once and, after each event, lists the card codes
each seat (and a spectator, ``None``) may not see at that moment: the other seats' hands (less the
cards this seat passed to them after the exchange), the undealt / dead cards, and so the other
seats' pass choices before the exchange (they are still in those hands). Between hands and after
the game nothing is hidden: the finished hand's deck is revealed.

`card_codes` walks a JSON body and yields every string in a card-bearing position that is a card
code, skipping only the revealed decks of finished hands (``deck`` / ``hand_results``) and the
rules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from games import aggregate as agg_mod
from games import engine, store

CARD_RE = re.compile(r"^(10|[2-9JQKA])[CDHS]$")
REVEALED_KEYS = {"deck", "hand_results", "rules"}


def forbidden_for(agg: agg_mod.GameAggregate, seat: int | None) -> set[str]:
    state = agg.state
    hand = state.hand
    if hand is None or agg.phase in ("awaiting_deal", "game_over"):
        return set()
    hidden = hand.dead
    for other, mask in enumerate(hand.hands):
        if other != seat:
            hidden |= mask
    if seat is not None and hand.exchanged and hand.passes[seat]:
        hidden &= ~hand.passes[seat]  # the cards I passed: I know where they are
    return {card.code for card in engine.cards_of(hidden)}


def forbidden_by_seq(game_id: Any, seqs: set[int]) -> dict[int, dict[int | None, set[str]]]:
    rows = store.event_rows(game_id)
    agg = None
    out: dict[int, dict[int | None, set[str]]] = {}
    for row, (type_, payload) in zip(rows, store.upcast_rows(rows), strict=True):
        agg = agg_mod.evolve(agg, type_, payload)
        if row["seq"] in seqs:
            seats = [None, *range(len(agg.seats))]
            out[row["seq"]] = {seat: forbidden_for(agg, seat) for seat in seats}
    return out


def card_codes(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in REVEALED_KEYS:
                yield from card_codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_codes(item)
    elif isinstance(value, str) and CARD_RE.match(value):
        yield value


def leaks_in(recorded, game_id: Any) -> tuple[list[str], int]:
    """(leak descriptions, number of card codes checked) for the recorded bodies of a game."""
    seqs: set[int] = set()
    for r in recorded:
        seqs.add(r.seq)
        seqs.update(e["seq"] for e in r.body.get("events", []))
    forbidden = forbidden_by_seq(game_id, seqs)
    leaks: list[str] = []
    checked = 0

    def check(seat, seq, what, part):
        nonlocal checked
        for code in card_codes(part):
            checked += 1
            if code in forbidden[seq][seat]:
                leaks.append(f"seat {seat} was sent {code} in {what} at seq {seq}")

    for r in recorded:
        game = r.body.get("game", r.body)
        check(r.seat, game["seq"], "a view", game["view"])
        for event in r.body.get("events", []):
            check(r.seat, event["seq"], f"a {event['type']} event", event["payload"])
    return leaks, checked
