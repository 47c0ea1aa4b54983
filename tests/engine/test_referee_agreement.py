"""Differential test of the Hearts engine against an independent referee (tests/engine/referee.py).

For every preset and a broad set of rule options (each value of each option at least once per
preset where the ruleset allows it), seeded random games of Hearts are played through the
engine and the referee side by side: random decks (some stacked so that a seat shoots the moon,
some with every club, a low club, the queen of spades or a heart set aside), random passes and
random legal cards. At every decision the engine's legal cards must equal the referee's, and
every trick, hand score (moon, jack of diamonds, no-trick bonus) and game end must agree. At a
sample of decisions every card outside the legal set is offered and must be refused with the
error the rules name.

``REFEREE_GAMES=N`` plays N times as many games (default 1); ``REFEREE_SEED`` shifts the seeds.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from games.engine import (
    PRESETS,
    CardNotInDeck,
    CardNotInHand,
    CardPlayed,
    CardsPassed,
    ChooseMoon,
    DealHand,
    GameEnded,
    GameOver,
    GameState,
    HandDealt,
    HandScored,
    InvalidMoonChoice,
    InvalidRuleSet,
    MoonChosen,
    NotMoonShooter,
    NotYourTurn,
    PassCards,
    PassesExchanged,
    PlayCard,
    RuleSet,
    RuleViolation,
    TrickWon,
    WrongPassCount,
    WrongPhase,
    apply,
    auto_moon_choice,
    cards_of,
    decide,
    deck_for,
    is_legal,
    legal_cards,
    legal_moves,
    new_game,
    parse_card,
    replay,
)
from tests.engine.referee import (
    GameReferee,
    HandReferee,
    Rules,
    best_moon_choice,
    deck_cards,
    deck_for_hands,
    is_heart,
    is_penalty,
    is_valid,
    rank_of,
    sort_cards,
    suit_of,
)

SCALE = int(os.environ.get("REFEREE_GAMES", "1"))
SEED = int(os.environ.get("REFEREE_SEED", "0"))

#: Games per option combination (times REFEREE_GAMES) and a cap on hands per game (a target the
#: totals never reach, e.g. with large no-trick bonuses, would otherwise deal for ever).
GAMES_PER_COMBO = 2
MAX_HANDS = 25
#: Share of decisions where every illegal card (and a few other wrong moves) is offered.
ILLEGAL_SHARE = 0.1

PRESET_KEYS = tuple(PRESETS)

# The presets table of RULES.md: seats, deck size, cards each, undealt, first-lead card,
# QS points, moon total, pass cycle (passing on), target.
RULES_MD_PRESETS = {
    "classic": (4, 52, 13, 0, "2C", 13, 26, (("left", 3), ("right", 3), ("across", 3)), 100),
    "three_player": (3, 51, 17, 0, "2C", 13, 26, (("left", 3), ("right", 3)), 100),
    "five_player": (5, 50, 10, 0, "3C", 13, 26, (("left", 3), ("right", 3)), 100),
    "six_player": (6, 48, 8, 0, "4C", 13, 26, (("left", 3), ("right", 3)), 100),
    "two_player": (2, 28, 13, 2, None, 7, 14, (), 50),
    "two_player_full_deck": (2, 52, 13, 26, None, 13, 26, (), 100),
}

STATS: Counter[str] = Counter()


# Option combinations ----------------------------------------------------------------------------


def _structures(preset: str) -> list[dict[str, Any]]:
    """Deck shapes and pass cycles a game may override, per preset (each must be valid)."""
    base = PRESETS[preset]
    shapes: list[dict[str, Any]] = [{}]
    small = max(2, base.hand_size - 3)
    shapes.append({"hand_size": small, "pass_cycle": [["right", 1], ["left", 1], ["hold", 0]]})
    shapes.append({"passing": not base.passing})
    if preset == "classic":
        shapes.append({"pass_cycle": [["across", 2], ["hold", 0], ["left", 1]]})
        shapes.append({"seats": 3, "hand_size": 17, "pass_cycle": [["left", 3], ["right", 3]]})
        shapes.append({"deck": "short_28", "hand_size": 7, "queen_points": 7, "passing": False})
    if preset == "two_player":
        shapes.append({"passing": True, "queen_points": 13})
        shapes.append({"deck": "standard_52", "hand_size": 13, "queen_points": 13})
    if preset == "two_player_full_deck":
        shapes.append({"passing": True, "pass_cycle": [["left", 2], ["hold", 0]]})
        shapes.append({"hand_size": 6})
    if preset == "six_player":
        shapes.append({"seats": 5, "deck": "standard_52", "hand_size": 10})
    return shapes


def _option_values(preset: str) -> dict[str, list[Any]]:
    target = PRESETS[preset].target
    return {
        "moon": ["add_to_others", "subtract_from_self", "shooter_chooses"],
        "jack_of_diamonds": [False, True],
        "queen_breaks_hearts": [False, True],
        "free_first_trick": [False, True],
        "hearts_or_queen_when_only_penalties": [False, True],
        "tie": ["play_on", "shared"],
        "hearts_broken_by": ["any_heart", "discard"],
        "lead_hearts_any_time": [False, True],
        "opening_lead": ["lowest_club", "any_club"],
        "no_club_leader": ["normal_limits", "any_card"],
        "no_trick_bonus": [0, 5, 26],
        "target": [target, 1, 20, 40],
        "structure": list(range(len(_structures(preset)))),
    }


def _referee_rules(preset: str, overrides: dict[str, Any]) -> Rules:
    values = PRESETS[preset].to_dict()
    values.update(overrides)
    return Rules.from_mapping(values)


def option_combos(preset: str) -> list[dict[str, Any]]:
    """Overrides for ``preset``: for each value of each option, one combination with that value
    and the other options drawn at random (seeded), kept only when the ruleset is valid."""
    values = _option_values(preset)
    structures = _structures(preset)
    combos = []
    for name, choices in values.items():
        for value in choices:
            rng = random.Random(f"{preset}/{name}/{value!r}/{SEED}")
            for _attempt in range(50):
                drawn = {key: rng.choice(options) for key, options in values.items()}
                drawn[name] = value
                overrides = dict(structures[drawn.pop("structure")])
                overrides.update(drawn)
                if is_valid(_referee_rules(preset, overrides)):
                    combos.append(overrides)
                    break
    return combos


# Deals ------------------------------------------------------------------------------------------


def make_deck(rules: Rules, hand_number: int, rng: random.Random) -> tuple[list[str], int | None]:
    """A deck for the hand and the seat it is stacked for a moon (None when not stacked).

    Kinds: a plain shuffle; a deck stacked so that one seat holds the highest cards (a moon
    when it keeps winning); every club set aside (nobody holds a club); a low club set aside;
    a penalty card (QS or a heart) set aside; a seat dealt only hearts and QS (often the seat
    left of the dealer, which leads when every club is set aside)."""
    cards = rules.deck_list
    undealt = len(cards) - rules.dealt_count
    dealer = rules.dealer_for_hand(hand_number)
    kinds = ["plain", "moon", "no_clubs", "low_club_dead", "penalty_dead", "penalty_hand"]
    kind = rng.choices(kinds, [40, 20, 10, 10, 10, 10])[0]
    clubs = [c for c in cards if suit_of(c) == "C"]
    dead: list[str] = []
    if kind in ("no_clubs", "penalty_hand") and 0 < len(clubs) <= undealt:
        if kind == "no_clubs" or rng.random() < 0.5:
            dead = list(clubs)
    elif kind == "low_club_dead" and undealt and clubs:
        dead = sort_cards(clubs)[: min(undealt, rng.choice([1, 2]))]
    elif kind == "penalty_dead" and undealt:
        dead = [rng.choice([c for c in cards if is_penalty(c)])]
    elif kind not in ("moon", "penalty_hand"):
        kind = "plain"
    STATS[f"deal_{kind}"] += 1
    rest = [c for c in cards if c not in dead]
    rng.shuffle(rest)
    if kind in ("moon", "penalty_hand"):
        # Set aside cards that are not penalty cards first.
        rest.sort(key=is_penalty)
    extra = undealt - len(dead)
    dead += rest[:extra]
    live = rest[extra:]
    rng.shuffle(dead)
    rng.shuffle(live)
    special = None
    if kind == "moon":
        special = rng.randrange(rules.seats)
        live.sort(key=lambda c: (-rank_of(c), rng.random()))
    elif kind == "penalty_hand":
        special = (dealer + 1) % rules.seats if rng.random() < 0.5 else rng.randrange(rules.seats)
        live.sort(key=lambda c: not is_penalty(c))
    if special is not None:
        chosen, live = live[: rules.hand_size], live[rules.hand_size :]
        rng.shuffle(live)
    hands: list[list[str]] = []
    for seat in range(rules.seats):
        if seat == special:
            hands.append(chosen)
        else:
            hands.append(live[: rules.hand_size])
            live = live[rules.hand_size :]
    deck = deck_for_hands(rules, hands, dead, dealer)
    return deck, special if kind == "moon" else None


# Policies ---------------------------------------------------------------------------------------


def choose_card(legal: list[str], seat: int, shooter: int | None, rng: random.Random) -> str:
    """A random legal card, or, in a hand stacked for a moon, the shooter's highest card and
    everyone else's lowest card that is not a penalty card."""
    if shooter is None:
        return rng.choice(legal)
    if seat == shooter:
        return max(legal, key=rank_of)
    return min(legal, key=lambda c: (is_penalty(c), rank_of(c)))


# Figures: the rare positions the games reached -------------------------------------------------


def note_decision(hand: HandReferee) -> None:
    """Count the positions of Hearts that test the finer rules, to show they were reached."""
    rules = hand.rules
    held = hand.hands[hand.to_play]
    first = not hand.tricks
    penalties_only = all(is_penalty(c) for c in held)
    if not hand.trick:
        non_hearts = {c for c in held if not is_heart(c)}
        if first and hand.opening is None:
            STATS[f"seen_first_lead_no_club_{rules.no_club_leader}"] += 1
            if penalties_only:
                STATS["seen_first_lead_no_club_penalties_only"] += 1
        elif first:
            if sum(suit_of(c) == "C" for c in held) > 1:
                STATS[f"seen_opening_lead_{rules.opening_lead}_with_clubs"] += 1
        elif hand.hearts_broken:
            pass
        elif not non_hearts:
            STATS["seen_lead_unbroken_only_hearts"] += 1
        elif non_hearts == {"QS"} and len(held) > 1:
            option = rules.hearts_or_queen_when_only_penalties
            STATS[f"seen_lead_unbroken_hearts_and_queen_only_option_{option}"] += 1
        elif len(non_hearts) < len(held) and rules.lead_hearts_any_time:
            STATS["seen_lead_hearts_any_time_unbroken"] += 1
        return
    led = suit_of(hand.trick[0][1])
    void = not any(suit_of(c) == led for c in held)
    if first and void and penalties_only:
        STATS["seen_first_trick_void_penalties_only"] += 1
    elif first and void and any(is_penalty(c) for c in held):
        STATS["seen_first_trick_void_with_penalty"] += 1
    if first and led == "S" and "QS" in held:
        STATS["seen_first_trick_spade_lead_holding_queen"] += 1
    if not void and any(is_heart(c) for c in held) and led == "H" and not hand.hearts_broken:
        STATS[f"seen_heart_lead_unbroken_{rules.hearts_broken_by}"] += 1


def note_hand(hand: HandReferee, totals: list[int]) -> None:
    """Count the hand ends that test the finer scoring rules."""
    rules = hand.rules
    shooter = hand.moon_shooter
    live = hand.penalty_cards - hand.dead
    if shooter is None and live != hand.penalty_cards and any(live <= t for t in hand.taken):
        STATS["seen_every_live_penalty_card_but_one_dead_no_moon"] += 1
    if shooter is None and any(len(hand.penalty_cards - t) == 1 for t in hand.taken):
        STATS["seen_moon_missed_by_one_card"] += 1
    if shooter is not None and rules.jack_of_diamonds:
        STATS["seen_moon_with_jack_of_diamonds"] += 1
    if shooter is not None and rules.no_trick_bonus:
        STATS["seen_moon_with_no_trick_bonus_on"] += 1
    if shooter is None and rules.no_trick_bonus and not all(hand.taken):
        STATS["seen_no_trick_bonus_paid"] += 1
    lowest = min(totals)
    if max(totals) >= rules.target and totals.count(lowest) > 1:
        STATS[f"seen_tie_for_lowest_at_target_{rules.tie}"] += 1


# The engine side --------------------------------------------------------------------------------


def codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def engine_hand(state: GameState, seat: int) -> set[str]:
    assert state.hand is not None
    return set(codes(cards_of(state.hand.hands[seat])))


def expect_refusal(state: GameState, move: Any, allowed: set[str] | type) -> None:
    """The engine refuses ``move`` with one of the allowed error codes (or error type)."""
    with pytest.raises(RuleViolation) as caught:
        decide(state, move)
    if isinstance(allowed, type):
        assert isinstance(caught.value, allowed), (move, caught.value)
    else:
        assert caught.value.code in allowed, (move, caught.value.code, allowed)
    STATS["illegal_moves_refused"] += 1


class Match:
    """One game of Hearts played on the engine and the referee at once."""

    def __init__(self, ruleset: RuleSet, rng: random.Random, label: str) -> None:
        self.ruleset = ruleset
        self.rules = Rules.from_mapping(ruleset.to_dict())
        self.rng = rng
        self.label = label
        self.state = new_game(ruleset)
        self.referee = GameReferee(self.rules)
        self.card = {card.code: card for card in deck_for(ruleset)}
        self.moves: list[str] = []
        self.last_events: tuple[Any, ...] = ()
        self.log: list[Any] = []

    def where(self) -> str:
        hand = self.referee.hand
        deck = " ".join(hand.deck) if hand else ""
        return f"{self.label} hand {self.referee.hand_number} deck [{deck}] moves {self.moves}"

    def play_game(self) -> None:
        assert sorted(self.card) == sorted(deck_cards(self.rules.deck)), self.label
        while self.state.phase != "game_over" and self.referee.hand_number < MAX_HANDS:
            self.play_hand()
        STATS["games"] += 1
        assert replay(self.ruleset, self.log) == self.state, self.label
        if self.state.phase == "game_over":
            STATS["games_ended"] += 1
            with pytest.raises(GameOver):
                decide(self.state, DealHand(tuple(self.card.values()), "late"))
        else:
            STATS["games_capped"] += 1

    def apply(self, move: Any) -> tuple[Any, ...]:
        self.state, events = apply(self.state, move)
        self.last_events = events
        self.log.extend(events)
        return events

    def play_hand(self) -> None:
        rng, rules = self.rng, self.rules
        state = self.state
        assert state.phase == "awaiting_deal", self.where()
        deck, shooter = make_deck(rules, self.referee.hand_number + 1, rng)
        self.moves = []
        hand = self.referee.deal(deck)
        events = self.apply(DealHand(tuple(self.card[c] for c in deck), f"salt{rng.random()}"))
        assert isinstance(events[0], HandDealt), events
        STATS["hands"] += 1
        state = self.state
        assert state.hand_number == hand.hand_number, self.where()
        assert state.dealer == hand.dealer, self.where()
        assert (state.pass_direction, state.pass_count) == (
            hand.pass_direction,
            hand.pass_count,
        ), self.where()
        for seat in range(rules.seats):
            assert engine_hand(state, seat) == hand.dealt_hands[seat], self.where()
        if hand.dead & {c for c in deck if is_penalty(c)}:
            STATS["hands_with_dead_penalty_card"] += 1
        if hand.pass_count:
            self.pass_cards(hand, shooter)
        if hand.opening is None:
            STATS["hands_nobody_holds_a_club"] += 1
        while not hand.is_over:
            self.decide_card(hand, shooter)
        self.finish_hand(hand)

    def pass_cards(self, hand: HandReferee, shooter: int | None) -> None:
        rng = self.rng
        assert self.state.phase == "passing", self.where()
        seats = list(range(self.rules.seats))
        rng.shuffle(seats)
        STATS["passes"] += 1
        for k, seat in enumerate(seats):
            assert set(self.state.to_act) == set(seats[k:]), self.where()
            held = sort_cards(hand.hands[seat])
            assert codes(legal_cards(self.state, seat)) == held, self.where()
            if seat == shooter:
                chosen = sorted(held, key=rank_of)[: hand.pass_count]
            else:
                chosen = rng.sample(held, hand.pass_count)
            if rng.random() < ILLEGAL_SHARE * 3:
                self.wrong_passes(hand, seat, held)
            events = self.apply(PassCards(seat, frozenset(self.card[c] for c in chosen)))
            assert isinstance(events[0], CardsPassed), events
            hand.choose_pass(seat, chosen)
            if k < len(seats) - 1:
                assert len(events) == 1, events
                assert self.state.phase == "passing", self.where()
        exchanged = events[-1]
        assert isinstance(exchanged, PassesExchanged), events
        assert [set(codes(g)) for g in exchanged.passes] == [
            hand.passes[s] for s in range(len(seats))
        ]
        for seat in seats:
            assert engine_hand(self.state, seat) == hand.hands[seat], self.where()

    def wrong_passes(self, hand: HandReferee, seat: int, held: list[str]) -> None:
        state = self.state
        count = hand.pass_count
        if count + 1 <= len(held):
            expect_refusal(
                state,
                PassCards(seat, frozenset(self.card[c] for c in held[: count + 1])),
                WrongPassCount,
            )
        if count > 1:
            expect_refusal(
                state,
                PassCards(seat, frozenset(self.card[c] for c in held[: count - 1])),
                WrongPassCount,
            )
        outside = [c for c in self.card if c not in hand.hands[seat]]
        take = [self.card[c] for c in held[: count - 1]] + [self.card[self.rng.choice(outside)]]
        expect_refusal(state, PassCards(seat, frozenset(take)), CardNotInHand)
        expect_refusal(state, PlayCard(seat, self.card[held[0]]), WrongPhase)
        for other in hand.passes:
            expect_refusal(
                state,
                PassCards(other, frozenset(self.card[c] for c in held[:count])),
                {"already_passed", "card_not_in_hand"},
            )

    def decide_card(self, hand: HandReferee, shooter: int | None) -> None:
        state, rng = self.state, self.rng
        seat = hand.to_play
        assert state.phase == "playing", self.where()
        assert state.to_act == (seat,), self.where()
        expected = sort_cards(hand.legal())
        got = codes(legal_cards(state, seat))
        assert got == expected, f"legal cards: engine {got} referee {expected} at {self.where()}"
        assert [move.card.code for move in legal_moves(state, seat)] == expected, self.where()
        assert state.hand is not None
        assert state.hand.hearts_broken == hand.hearts_broken, self.where()
        STATS["decisions"] += 1
        note_decision(hand)
        if rng.random() < ILLEGAL_SHARE:
            self.wrong_plays(hand, seat)
        card = choose_card(expected, seat, shooter, rng)
        self.moves.append(card)
        events = self.apply(PlayCard(seat, self.card[card]))
        assert events[0] == CardPlayed(seat, self.card[card]), events
        trick = hand.play(card)
        if trick is None:
            assert len(events) == 1, (events, self.where())
            return
        STATS["tricks"] += 1
        won = events[1]
        assert isinstance(won, TrickWon), events
        assert (won.seat, won.trick_number, codes(won.cards), won.points) == (
            trick.winner,
            trick.number,
            list(trick.cards),
            trick.points,
        ), f"trick: engine {won} referee {trick} at {self.where()}"
        assert self.state.hand is not None
        assert list(self.state.hand.points_taken) == hand.trick_points, self.where()
        if not hand.is_over:
            assert len(events) == 2, events

    def wrong_plays(self, hand: HandReferee, seat: int) -> None:
        """Offer every card of the hand that the referee says is illegal, a card the seat does
        not hold, a card outside the deck and a play out of turn."""
        state = self.state
        legal = hand.legal()
        for card in sort_cards(hand.hands[seat] - legal):
            STATS["illegal_cards_offered"] += 1
            assert not is_legal(state, PlayCard(seat, self.card[card])), self.where()
            expect_refusal(state, PlayCard(seat, self.card[card]), hand.refusal_codes(card))
        outside = [c for c in self.card if c not in hand.hands[seat]]
        if outside:
            card = self.rng.choice(outside)
            expect_refusal(state, PlayCard(seat, self.card[card]), {"card_not_in_hand"})
        missing = [c for c in deck_cards("standard_52") if c not in self.card]
        if missing:
            expect_refusal(state, PlayCard(seat, parse_card(missing[0])), CardNotInDeck)
        other = (seat + 1) % self.rules.seats
        if hand.hands[other]:
            card = sort_cards(hand.hands[other])[0]
            expect_refusal(state, PlayCard(other, self.card[card]), NotYourTurn)
        expect_refusal(state, ChooseMoon(seat, "add_to_others"), WrongPhase)

    def finish_hand(self, hand: HandReferee) -> None:
        rules, state = self.rules, self.state
        shooter = hand.moon_shooter
        assert state.hand is not None
        assert state.hand.moon_shooter == shooter, self.where()
        choice = None
        events: tuple[Any, ...]
        if shooter is not None:
            STATS["moons"] += 1
            STATS[f"moons_{rules.moon}"] += 1
        if shooter is not None and rules.moon == "shooter_chooses":
            assert state.phase == "moon_choice", self.where()
            assert state.to_act == (shooter,), self.where()
            for option in ("add_to_others", "subtract_from_self"):
                assert is_legal(state, ChooseMoon(shooter, option)), self.where()
            best = best_moon_choice(rules, hand, self.referee.totals)
            assert auto_moon_choice(state) == best, self.where()
            STATS[f"seen_auto_moon_choice_{best}"] += 1
            other = (shooter + 1) % rules.seats
            expect_refusal(state, ChooseMoon(other, "add_to_others"), NotMoonShooter)
            expect_refusal(state, ChooseMoon(shooter, "shooter_chooses"), InvalidMoonChoice)
            choice = self.rng.choice(["add_to_others", "subtract_from_self", best])
            STATS[f"moon_choice_{choice}"] += 1
            events = self.apply(ChooseMoon(shooter, choice))
            assert events[0] == MoonChosen(shooter, choice), events
            scored = events[1]
        else:
            assert state.phase != "moon_choice", self.where()
            events = self.last_events
            scored = next((e for e in events if isinstance(e, HandScored)), None)
        points = self.referee.score_hand(choice)
        note_hand(hand, self.referee.totals)
        applied = None if shooter is None else (choice or rules.moon)
        assert isinstance(scored, HandScored), events
        got = (list(scored.points), list(scored.totals), scored.moon_shooter, scored.moon_choice)
        want = (points, self.referee.totals, shooter, applied)
        assert got == want, f"hand score: engine {got} referee {want} at {self.where()}"
        assert codes(scored.deck) == list(hand.deck), self.where()
        assert list(self.state.totals) == self.referee.totals, self.where()
        ended = [e for e in events if isinstance(e, GameEnded)]
        if self.referee.winners is None:
            assert not ended, self.where()
            assert self.state.phase == "awaiting_deal", self.where()
            if hand.dealt_hands[0]:
                card = self.card[min(hand.dealt_hands[0])]
                expect_refusal(self.state, PlayCard(0, card), WrongPhase)
            return
        assert self.state.phase == "game_over", self.where()
        (end,) = ended
        assert (tuple(sorted(end.winners)), list(end.totals)) == (
            self.referee.winners,
            self.referee.totals,
        ), f"game end: engine {end} referee {self.referee.winners} at {self.where()}"
        assert self.state.outcome is not None
        assert tuple(sorted(self.state.outcome.winners)) == self.referee.winners
        if len(self.referee.winners) > 1:
            STATS["games_shared"] += 1


# The tests --------------------------------------------------------------------------------------


def test_presets_match_the_rules_md_table() -> None:
    """Seats, deck, cards each, undealt cards, first lead, QS, moon total, passing and target of
    every preset are the ones of the RULES.md table."""
    for key, row in RULES_MD_PRESETS.items():
        seats, size, each, undealt, first, queen, moon, cycle, target = row
        rules = Rules.from_mapping(PRESETS[key].to_dict())
        deck = rules.deck_list
        assert (rules.seats, len(deck), rules.hand_size) == (seats, size, each), key
        assert len(deck) - rules.dealt_count == undealt, key
        assert rules.queen_points == queen, key
        assert rules.target == target, key
        assert codes(deck_for(PRESETS[key])) == deck, key
        hand = HandReferee(rules, 1, deck)
        assert hand.moon_total == moon, key
        passes = tuple(step for step in rules.pass_cycle if step[0] != "hold")
        assert (passes if rules.passing else ()) == cycle, key
        if first is not None:
            assert min((c for c in deck if suit_of(c) == "C"), key=rank_of) == first, key
    # Two-player passing, when on (000): 2 cards, then 1, then none, repeating.
    assert [count for _, count in PRESETS["two_player"].pass_cycle] == [2, 1, 0]


def _invalid_overrides(preset: str) -> list[dict[str, Any]]:
    base = PRESETS[preset]
    return [
        {"jack_of_diamonds": True, "deck": "short_28", "hand_size": 7, "seats": 4},
        {"pass_cycle": [["across", 1]], "passing": True},
        {"pass_cycle": [["left", base.hand_size]], "passing": True},
        {"pass_cycle": [["hold", 1]]},
        {"no_trick_bonus": 101},
        {"target": 0},
        {"hand_size": len(deck_cards(base.deck)) // base.seats + 1},
    ]


@pytest.mark.parametrize("preset", PRESET_KEYS)
def test_rulesets_are_refused_exactly_when_the_referee_finds_them_unplayable(preset: str) -> None:
    """Every option combination the agreement test plays is a valid ruleset, and the few
    unplayable ones (JD outside the deck, across without 4 seats, passes that empty a hand...)
    are refused with InvalidRuleSet."""
    for overrides in option_combos(preset) + _invalid_overrides(preset):
        ok = is_valid(_referee_rules(preset, overrides))
        try:
            RuleSet.from_preset(preset, overrides)
        except InvalidRuleSet:
            assert not ok, (preset, overrides)
        else:
            assert ok, (preset, overrides)


def _covers_every_option_value(preset: str, combos: list[dict[str, Any]]) -> None:
    for name, choices in _option_values(preset).items():
        if name == "structure":
            continue
        for value in choices:
            if any(combo.get(name) == value for combo in combos):
                continue
            with pytest.raises(InvalidRuleSet):
                RuleSet.from_preset(preset, {name: value})


def play_games(preset: str, games: int, report: Callable[[str], None] = print) -> Counter[str]:
    """Play ``games`` seeded games per option combination of ``preset``; the figures seen."""
    before = Counter(STATS)
    combos = option_combos(preset)
    _covers_every_option_value(preset, combos)
    for index, overrides in enumerate(combos):
        ruleset = RuleSet.from_preset(preset, overrides)
        for game in range(games):
            seed = f"{preset}/{index}/{game}/{SEED}"
            label = f"{preset} {overrides} seed {seed!r}"
            Match(ruleset, random.Random(seed), label).play_game()
    seen = Counter(STATS)
    seen.subtract(before)
    report(
        f"{preset}: {len(combos)} option combinations, "
        + ", ".join(f"{key} {value}" for key, value in sorted(seen.items()) if value)
    )
    return seen


@pytest.mark.parametrize("preset", PRESET_KEYS)
def test_engine_agrees_with_the_referee(preset: str) -> None:
    """Seeded random games of Hearts: legal cards at every decision, every trick, hand score
    and game end agree with the referee, and illegal cards are refused."""
    seen = play_games(preset, GAMES_PER_COMBO * SCALE)
    assert seen["decisions"] > 1000
    assert seen["illegal_moves_refused"] > 100
    assert seen["moons"] > 0
    assert seen["games_ended"] > 0
    if PRESETS[preset].undealt:
        assert seen["hands_with_dead_penalty_card"] > 0
    if PRESETS[preset].undealt >= 13:
        assert seen["hands_nobody_holds_a_club"] > 0
