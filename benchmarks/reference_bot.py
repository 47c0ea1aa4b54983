"""The fixed rule-of-thumb reference bot of the strength benchmark (not a product level).

A deliberately simple, documented policy, frozen so that figures against it stay comparable
between versions of the real bots. It reads only the seat's view (``legal_cards``, the trick
in progress and its hand), so every rule option is respected through the engine's legal cards:

* pass: the highest-ranked cards of the hand (ties: spades, hearts, diamonds, clubs);
* lead: the lowest-ranked legal card;
* follow suit: the highest card that still loses to the card winning the trick, else the
  lowest card of the suit (the highest when it plays last);
* void in the suit led: QS, else the highest heart, else the highest-ranked card;
* moon choice (``shooter_chooses``): ``add_to_others``.
"""

from __future__ import annotations

from typing import Any


def _rank_key(card: Any) -> tuple[int, int]:
    return (card.rank, card.suit)


def choose(view: Any) -> Any:
    from games.engine import ChooseMoon, PassCards, PlayCard

    seat = view.seat
    if view.phase == "passing":
        hand = sorted(view.hand, key=_rank_key, reverse=True)
        return PassCards(seat, frozenset(hand[: view.pass_count]))
    if view.phase == "moon_choice":
        return ChooseMoon(seat, "add_to_others")
    legal = list(view.legal_cards)
    if not view.trick:
        return PlayCard(seat, min(legal, key=_rank_key))
    led = view.trick[0][1].suit
    follow = [c for c in legal if c.suit == led]
    if follow:
        best = max((c for _, c in view.trick if c.suit == led), key=lambda c: c.rank)
        ducks = [c for c in follow if c.rank < best.rank]
        if ducks:
            return PlayCard(seat, max(ducks, key=_rank_key))
        last = len(view.trick) == view.rules.seats - 1
        return PlayCard(seat, (max if last else min)(follow, key=_rank_key))
    queen = [c for c in legal if c.suit == 3 and c.rank == 12]
    if queen:
        return PlayCard(seat, queen[0])
    hearts = [c for c in legal if c.suit == 2]
    if hearts:
        return PlayCard(seat, max(hearts, key=_rank_key))
    return PlayCard(seat, max(legal, key=_rank_key))
