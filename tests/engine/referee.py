"""An independent referee of the Hearts rules, written from RULES.md and docs/engine.md only.

The referee knows nothing of the engine: it works on card codes (``"2C"``, ``"10H"``, ``"QS"``),
plain sets and lists, and the option values of a ruleset. A test deals the same deck to the
engine and to the referee, plays the same cards on both, and checks at every step that they
agree on who must play, which cards are legal, who wins each trick, what each hand scores
(moon, jack of diamonds, no-trick bonus), and when the game ends and who wins it.

What the referee implements, rule by rule (RULES.md, then docs/engine.md where it is silent):

* Decks: ``standard_52``; ``no_2d``; ``no_2d_2c``; ``no_2d_3d_2c_3c``; ``short_28`` (ranks 2,
  4, 6, 8, 10, Q, A). Ace high, no trumps.
* Deal: seat 0 deals hand 1, the deal moves one seat left per hand. Cards go one at a time
  clockwise from the dealer's left. When the deck is larger than the cards dealt, its first card
  is dead, then the hands are dealt, then every remaining card is dead.
* Passing: the cycle of ``(direction, count)`` repeats; left = next seat, right = previous,
  across = two seats on; the exchange happens when every seat has chosen.
* First lead: the holder of the lowest club held leads it (``any_club``: any of their clubs).
  With no club held, the seat left of the dealer leads, under the usual limits
  (``no_club_leader = normal_limits``) or with no limit on that lead (``any_card``).
* First trick: no heart and no QS unless no other legal card remains (``free_first_trick``
  lifts it); the jack of diamonds is never restricted.
* Leading hearts: not before hearts are broken unless the hand is all hearts; a hand of hearts
  and QS only must lead QS unless ``hearts_or_queen_when_only_penalties``;
  ``lead_hearts_any_time`` frees every lead from the second trick on.
* Breaking hearts: ``any_heart`` (a heart played, led or followed) or ``discard`` (a heart
  played on a trick led in another suit); ``queen_breaks_hearts`` makes QS break them too, and
  with ``discard`` only when it is played on a trick not led in spades.
* Scoring: a heart is 1, QS is ``queen_points``, the jack of diamonds (option) is -10. The moon
  is every heart of the deck and QS in one seat's tricks; impossible when one of them is dead.
  ``add_to_others``, ``subtract_from_self`` or the shooter's choice; JD on top. The no-trick
  bonus takes N points off a seat that won no trick, except in a hand with a moon.
* End of game: after a hand, when a total has reached or passed the target, the lowest total
  wins; a tie for lowest plays on (``play_on``) or shares the win (``shared``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SUITS = ("C", "D", "H", "S")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE = {name: value for value, name in enumerate(RANK_NAMES, start=2)}

QUEEN_OF_SPADES = "QS"
JACK_OF_DIAMONDS = "JD"

#: Which cards each deck leaves out (RULES.md, the presets table).
_REMOVED = {
    "standard_52": (),
    "no_2d": ("2D",),
    "no_2d_2c": ("2D", "2C"),
    "no_2d_3d_2c_3c": ("2D", "3D", "2C", "3C"),
}
_SHORT_28_RANKS = ("2", "4", "6", "8", "10", "Q", "A")

DIRECTION_OFFSET = {"left": 1, "right": -1, "across": 2, "hold": 0}


def suit_of(card: str) -> str:
    """The suit letter of a card code: ``C``, ``D``, ``H`` or ``S``."""
    return card[-1]


def rank_of(card: str) -> int:
    """The rank of a card code, 2..14 (ace high)."""
    return RANK_VALUE[card[:-1]]


def is_heart(card: str) -> bool:
    return suit_of(card) == "H"


def is_penalty(card: str) -> bool:
    """Hearts and the queen of spades: the cards barred from the first trick."""
    return is_heart(card) or card == QUEEN_OF_SPADES


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in the canonical order: clubs, diamonds, hearts, spades, then rank."""
    return sorted(cards, key=lambda c: (SUITS.index(suit_of(c)), rank_of(c)))


def deck_cards(deck: str) -> list[str]:
    """Every card of a deck key, in the canonical order."""
    if deck == "short_28":
        return [rank + suit for suit in SUITS for rank in _SHORT_28_RANKS]
    removed = _REMOVED[deck]
    return [rank + suit for suit in SUITS for rank in RANK_NAMES if rank + suit not in removed]


@dataclass(frozen=True)
class Rules:
    """The option values of a Hearts ruleset, as the referee reads them."""

    seats: int
    deck: str
    hand_size: int
    queen_points: int
    passing: bool
    pass_cycle: tuple[tuple[str, int], ...]
    target: int
    moon: str = "add_to_others"
    jack_of_diamonds: bool = False
    queen_breaks_hearts: bool = False
    free_first_trick: bool = False
    hearts_or_queen_when_only_penalties: bool = False
    tie: str = "play_on"
    hearts_broken_by: str = "any_heart"
    lead_hearts_any_time: bool = False
    opening_lead: str = "lowest_club"
    no_club_leader: str = "normal_limits"
    no_trick_bonus: int = 0

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Rules:
        """Read the fields the referee needs (e.g. from ``RuleSet.to_dict()``)."""
        names = cls.__dataclass_fields__
        kwargs = {name: values[name] for name in names if name in values}
        kwargs["pass_cycle"] = tuple((d, int(c)) for d, c in values["pass_cycle"])
        return cls(**kwargs)

    @property
    def deck_list(self) -> list[str]:
        return deck_cards(self.deck)

    @property
    def dealt_count(self) -> int:
        return self.seats * self.hand_size

    def dealer_for_hand(self, hand_number: int) -> int:
        return (hand_number - 1) % self.seats

    def pass_for_hand(self, hand_number: int) -> tuple[str, int]:
        if not self.passing:
            return ("hold", 0)
        return self.pass_cycle[(hand_number - 1) % len(self.pass_cycle)]

    def pass_target(self, seat: int, direction: str) -> int:
        return (seat + DIRECTION_OFFSET[direction]) % self.seats

    def card_points(self, card: str) -> int:
        """Points a card is worth in the tricks of the seat that wins it."""
        if is_heart(card):
            return 1
        if card == QUEEN_OF_SPADES:
            return self.queen_points
        if card == JACK_OF_DIAMONDS and self.jack_of_diamonds:
            return -10
        return 0


def is_valid(rules: Rules) -> bool:
    """Whether a combination of options makes a playable Hearts game (the limits of the docs:
    the hands fit the deck, JD is in the deck when it counts, ``across`` needs 4 seats, a pass is
    1 card up to one less than a hand, the no-trick bonus is 0..100, the target positive)."""
    deck = deck_cards(rules.deck)
    if not 2 <= rules.seats <= 6 or rules.hand_size < 1:
        return False
    if rules.seats * rules.hand_size > len(deck):
        return False
    if rules.jack_of_diamonds and JACK_OF_DIAMONDS not in deck:
        return False
    if rules.target < 1 or not 0 <= rules.no_trick_bonus <= 100 or not rules.pass_cycle:
        return False
    for direction, count in rules.pass_cycle:
        if direction == "hold":
            if count != 0:
                return False
        elif not 1 <= count < rules.hand_size:
            return False
        if direction == "across" and rules.seats != 4:
            return False
    return True


def deal(rules: Rules, deck: Sequence[str], dealer: int) -> tuple[list[set[str]], set[str]]:
    """The hands per seat and the dead cards of a dealt deck."""
    hands: list[set[str]] = [set() for _ in range(rules.seats)]
    if len(deck) > rules.dealt_count:
        dealt = list(deck[1 : 1 + rules.dealt_count])
        dead = {deck[0], *deck[1 + rules.dealt_count :]}
    else:
        dealt = list(deck)
        dead = set()
    for k, card in enumerate(dealt):
        hands[(dealer + 1 + k) % rules.seats].add(card)
    return hands, dead


def deck_for_hands(
    rules: Rules, hands: Sequence[Sequence[str]], dead: Sequence[str], dealer: int
) -> list[str]:
    """The deck order that deals ``hands`` (per seat) and leaves ``dead`` out of play: the
    inverse of `deal`."""
    assert len(hands) == rules.seats
    assert all(len(h) == rules.hand_size for h in hands)
    assert len(dead) == len(rules.deck_list) - rules.dealt_count
    order = [list(hand) for hand in hands]
    dealt = [
        order[(dealer + 1 + k) % rules.seats][k // rules.seats]
        for k in range(len(order[0]) * rules.seats)
    ]
    if not dead:
        return dealt
    return [dead[0], *dealt, *dead[1:]]


@dataclass(frozen=True)
class TrickResult:
    """One finished trick: its number, leader, cards in play order, winner and points."""

    number: int
    leader: int
    cards: tuple[str, ...]
    winner: int
    points: int


class HandReferee:
    """One hand of Hearts: the deal, the pass, the thirteen (or fewer) tricks and the score."""

    def __init__(self, rules: Rules, hand_number: int, deck: Sequence[str]) -> None:
        if sorted(deck) != sorted(rules.deck_list):
            raise ValueError("the deck is not a permutation of the ruleset's deck")
        self.rules = rules
        self.hand_number = hand_number
        self.deck = tuple(deck)
        self.dealer = rules.dealer_for_hand(hand_number)
        self.hands, self.dead = deal(rules, deck, self.dealer)
        self.dealt_hands = [set(hand) for hand in self.hands]
        self.pass_direction, self.pass_count = rules.pass_for_hand(hand_number)
        self.passes: dict[int, set[str]] = {}
        self.tricks: list[TrickResult] = []
        self.taken: list[set[str]] = [set() for _ in range(rules.seats)]
        self.trick_points = [0] * rules.seats
        self.cards_played = 0
        #: Every heart of the deck and the queen of spades.
        self.penalty_cards = {card for card in rules.deck_list if is_penalty(card)}
        self.hearts_broken = False
        self.trick: list[tuple[int, str]] = []
        self.leader: int | None = None
        self.opening: str | None = None
        if self.pass_count == 0:
            self._start_play()

    # Passing ------------------------------------------------------------------------------------

    @property
    def passing(self) -> bool:
        return self.leader is None

    def receiver(self, seat: int) -> int:
        return self.rules.pass_target(seat, self.pass_direction)

    def choose_pass(self, seat: int, cards: Iterable[str]) -> None:
        """A seat chooses its cards; the exchange happens once every seat has chosen."""
        cards = set(cards)
        assert self.passing
        assert seat not in self.passes
        assert len(cards) == self.pass_count
        assert cards <= self.hands[seat]
        self.passes[seat] = cards
        if len(self.passes) == self.rules.seats:
            for giver, given in self.passes.items():
                self.hands[giver] -= given
            for giver, given in self.passes.items():
                self.hands[self.receiver(giver)] |= given
            self._start_play()

    # The play -----------------------------------------------------------------------------------

    def _start_play(self) -> None:
        clubs_held = [card for hand in self.hands for card in hand if suit_of(card) == "C"]
        if clubs_held:
            self.opening = min(clubs_held, key=rank_of)
            self.leader = next(s for s, hand in enumerate(self.hands) if self.opening in hand)
        else:
            self.opening = None
            self.leader = (self.dealer + 1) % self.rules.seats

    @property
    def trick_number(self) -> int:
        return len(self.tricks) + 1

    @property
    def is_over(self) -> bool:
        return not self.passing and self.cards_played == self.rules.dealt_count

    @property
    def to_play(self) -> int:
        """The seat whose turn it is to play a card."""
        assert self.leader is not None
        assert not self.is_over
        return (self.leader + len(self.trick)) % self.rules.seats

    def legal(self) -> set[str]:
        """The cards the seat to play may play now."""
        rules = self.rules
        hand = self.hands[self.to_play]
        first_trick = not self.tricks
        if self.trick:
            led = suit_of(self.trick[0][1])
            allowed = {card for card in hand if suit_of(card) == led} or set(hand)
        elif first_trick and self.opening is not None:
            if rules.opening_lead == "any_club":
                allowed = {card for card in hand if suit_of(card) == "C"}
            else:
                allowed = {self.opening}
        elif (first_trick and rules.no_club_leader == "any_card") or (
            not first_trick and rules.lead_hearts_any_time
        ):
            # The free lead when nobody holds a club, or any lead from the second trick on.
            return set(hand)
        else:
            allowed = self._lead_limits(hand)
        if first_trick and not rules.free_first_trick:
            clean = {card for card in allowed if not is_penalty(card)}
            allowed = clean or allowed
        return allowed

    def _lead_limits(self, hand: set[str]) -> set[str]:
        """The cards a leader may lead under the hearts rule (RULES.md, Leading hearts)."""
        if self.hearts_broken:
            return set(hand)
        others = {card for card in hand if not is_heart(card)}
        if not others:
            return set(hand)
        if others == {QUEEN_OF_SPADES} and self.rules.hearts_or_queen_when_only_penalties:
            return set(hand)
        return others

    def refusal_codes(self, card: str) -> set[str]:
        """The error codes the rules allow for refusing ``card`` from the seat to play (empty
        when the card is legal). Where two rules forbid a card, either code is accepted."""
        hand = self.hands[self.to_play]
        if card in self.legal():
            return set()
        if card not in hand:
            return {"card_not_in_hand"}
        first_trick = not self.tricks
        codes = set()
        if self.trick:
            led = suit_of(self.trick[0][1])
            if suit_of(card) != led and any(suit_of(c) == led for c in hand):
                codes.add("must_follow_suit")
        elif first_trick and self.opening is not None:
            return {"must_lead_opening_card"}
        elif is_heart(card) and card not in self._lead_limits(hand):
            codes.add("hearts_not_broken")
        if first_trick and is_penalty(card):
            codes.add("no_points_on_first_trick")
        return codes

    def _breaks_hearts(self, card: str, led: str) -> bool:
        rules = self.rules
        if is_heart(card):
            breaker_suit = "H"
        elif card == QUEEN_OF_SPADES and rules.queen_breaks_hearts:
            breaker_suit = "S"
        else:
            return False
        if rules.hearts_broken_by == "discard":
            return led != breaker_suit
        return True

    def play(self, card: str) -> TrickResult | None:
        """The seat to play plays ``card`` (which must be legal); the finished trick, if any."""
        seat = self.to_play
        assert card in self.legal(), (seat, card)
        self.hands[seat].remove(card)
        self.cards_played += 1
        self.trick.append((seat, card))
        led = suit_of(self.trick[0][1])
        if self._breaks_hearts(card, led):
            self.hearts_broken = True
        if len(self.trick) < self.rules.seats:
            return None
        winner, _ = max(
            ((s, c) for s, c in self.trick if suit_of(c) == led), key=lambda sc: rank_of(sc[1])
        )
        cards = tuple(c for _, c in self.trick)
        points = sum(self.rules.card_points(c) for c in cards)
        result = TrickResult(self.trick_number, self.trick[0][0], cards, winner, points)
        self.tricks.append(result)
        self.taken[winner].update(cards)
        self.trick_points[winner] += points
        self.trick = []
        self.leader = winner
        return result

    # Scoring ------------------------------------------------------------------------------------

    @property
    def moon_total(self) -> int:
        return sum(self.rules.card_points(card) for card in self.penalty_cards)

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every heart and QS; nobody when one of them was dead."""
        assert self.is_over
        if self.dead & self.penalty_cards:
            return None
        for seat, taken in enumerate(self.taken):
            if self.penalty_cards <= taken:
                return seat
        return None

    def jd_points(self, seat: int) -> int:
        if self.rules.jack_of_diamonds and JACK_OF_DIAMONDS in self.taken[seat]:
            return -10
        return 0

    def points(self, moon_choice: str | None = None) -> list[int]:
        """The hand's points per seat. ``moon_choice`` is the shooter's choice when the rules
        let the shooter choose (required then)."""
        rules = self.rules
        shooter = self.moon_shooter
        if shooter is None:
            points = list(self.trick_points)
            if rules.no_trick_bonus:
                for seat in range(rules.seats):
                    if not self.taken[seat]:
                        points[seat] -= rules.no_trick_bonus
            return points
        how = rules.moon if rules.moon != "shooter_chooses" else moon_choice
        total = self.moon_total
        if how == "add_to_others":
            points = [0 if seat == shooter else total for seat in range(rules.seats)]
        elif how == "subtract_from_self":
            points = [-total if seat == shooter else 0 for seat in range(rules.seats)]
        else:
            raise ValueError(f"a moon needs a choice, not {moon_choice!r}")
        return [p + self.jd_points(seat) for seat, p in enumerate(points)]


def game_result(rules: Rules, totals: Sequence[int]) -> tuple[int, ...] | None:
    """The winners when the game ends with these totals after a hand, else None."""
    if max(totals) < rules.target:
        return None
    lowest = min(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    if len(winners) > 1 and rules.tie == "play_on":
        return None
    return winners


def best_moon_choice(rules: Rules, hand: HandReferee, totals: Sequence[int]) -> str:
    """The automatic choice for a shooter who does not choose: one that does not make the
    shooter lose the game. Shooter wins (or shares) > game goes on > shooter loses; equal
    outcomes -> ``add_to_others``."""
    shooter = hand.moon_shooter
    assert shooter is not None

    def rank(choice: str) -> int:
        after = [t + p for t, p in zip(totals, hand.points(choice), strict=True)]
        winners = game_result(rules, after)
        if winners is None:
            return 1
        return 2 if shooter in winners else 0

    if rank("subtract_from_self") > rank("add_to_others"):
        return "subtract_from_self"
    return "add_to_others"


class GameReferee:
    """A whole game of Hearts: hands in turn, running totals and the end of the game."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.totals = [0] * rules.seats
        self.hand_number = 0
        self.hand: HandReferee | None = None
        self.winners: tuple[int, ...] | None = None

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    def deal(self, deck: Sequence[str]) -> HandReferee:
        assert not self.is_over
        self.hand_number += 1
        self.hand = HandReferee(self.rules, self.hand_number, deck)
        return self.hand

    def score_hand(self, moon_choice: str | None = None) -> list[int]:
        """Score the finished hand, add it to the totals and see whether the game ends."""
        assert self.hand is not None
        assert self.hand.is_over
        points = self.hand.points(moon_choice)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.winners = game_result(self.rules, self.totals)
        return points
