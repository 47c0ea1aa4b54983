"""decide / evolve.

`decide(state, move)` validates a move and returns the input fact followed by the derived facts
it causes. `evolve(state, event)` applies a stored fact without validating and never raises on a
stored event; derived facts leave the state unchanged. `replay` folds `evolve`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, cards_of, mask_of
from .deal import deal, deal_commitment, deck_for, opening_lead
from .errors import (
    AlreadyPassed,
    CardNotInDeck,
    CardNotInHand,
    DuplicateCards,
    GameOver,
    InvalidDeck,
    InvalidMoonChoice,
    NotMoonShooter,
    RuleViolation,
    WrongPassCount,
    WrongPhase,
)
from .events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameEnded,
    HandDealt,
    HandScored,
    MoonChosen,
    PassesExchanged,
    TrickWon,
)
from .legal import breaks_hearts, check_play, check_seat
from .moves import ChooseMoon, DealHand, Move, PassCards, PlayCard
from .rules import MOON_CHOICES, RuleSet
from .scoring import card_points_table, find_moon_shooter, game_outcome, hand_points
from .state import GameState, HandResult, HandState, Trick, new_game, replace_fields

_POINTS_CACHE: dict[RuleSet, tuple[int, ...]] = {}


def _points_table(rules: RuleSet) -> tuple[int, ...]:
    table = _POINTS_CACHE.get(rules)
    if table is None:
        table = _POINTS_CACHE[rules] = card_points_table(rules)
    return table


# decide ------------------------------------------------------------------------------------------


def decide(state: GameState, move: Move) -> tuple[Event, ...]:
    """Validate ``move``; return the input fact and the derived facts it causes, in order."""
    if state.phase == "game_over":
        raise GameOver("the game is over")
    fact = _validate(state, move)
    _, derived = _step(state, fact, True)
    return (fact, *derived)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``decide`` would accept ``move`` (a play is checked without generating every
    move). Here rather than in ``legal.py``: it needs ``decide``, and ``apply`` imports
    ``legal`` (one-way)."""
    if isinstance(move, PlayCard):
        try:
            check_play(state, move.seat, move.card)
        except RuleViolation:
            return False
        return True
    try:
        decide(state, move)
    except RuleViolation:
        return False
    return True


def apply(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """decide + evolve in one step."""
    if state.phase == "game_over":
        raise GameOver("the game is over")
    fact = _validate(state, move)
    new_state, derived = _step(state, fact, True)
    return new_state, (fact, *derived)


def evolve(state: GameState, event: Event) -> GameState:
    """Apply a stored fact (trusted). Derived facts return the state unchanged."""
    if event.DERIVED:
        return state
    return _step(state, event, False)[0]


def replay(rules: RuleSet, events: Iterable[Event]) -> GameState:
    """The state after a sequence of stored events (input and derived facts)."""
    state = new_game(rules)
    for event in events:
        if not event.DERIVED:
            state = _step(state, event, False)[0]
    return state


def _validate(state: GameState, move: Move) -> Event:
    rules = state.rules
    if isinstance(move, PlayCard):
        if not isinstance(move.card, Card):
            raise TypeError(f"PlayCard.card must be a Card (see parse_card), not {move.card!r}")
        check_play(state, move.seat, move.card)
        return CardPlayed(move.seat, move.card)
    if isinstance(move, PassCards):
        return _validate_pass(state, move)
    if isinstance(move, DealHand):
        if state.phase != "awaiting_deal":
            raise WrongPhase(f"cannot deal in phase {state.phase}", phase=state.phase)
        deck = tuple(move.deck)
        if not all(isinstance(card, Card) for card in deck):
            raise InvalidDeck("the deck must be a sequence of cards", deck=rules.deck)
        if len(deck) != rules.deck_size or sorted(deck) != list(deck_for(rules)):
            raise InvalidDeck(
                "the deck must be a permutation of the ruleset's deck", deck=rules.deck
            )
        if not isinstance(move.salt, str):
            raise InvalidDeck("the salt must be a string", deck=rules.deck)
        return HandDealt(state.hand_number + 1, deck, move.salt)
    if isinstance(move, ChooseMoon):
        if state.phase != "moon_choice" or state.hand is None:
            raise WrongPhase(
                f"cannot choose a moon score in phase {state.phase}", phase=state.phase
            )
        check_seat(rules, move.seat)
        if move.seat != state.hand.moon_shooter:
            raise NotMoonShooter(
                f"seat {state.hand.moon_shooter} shot the moon", shooter=state.hand.moon_shooter
            )
        if move.choice not in MOON_CHOICES:
            raise InvalidMoonChoice(
                f"choice must be one of {', '.join(MOON_CHOICES)}",
                choice=str(move.choice),
                choices=list(MOON_CHOICES),
            )
        return MoonChosen(move.seat, move.choice)
    raise TypeError(f"not a move: {move!r}")


def _validate_pass(state: GameState, move: PassCards) -> CardsPassed:
    rules = state.rules
    if state.phase != "passing" or state.hand is None:
        raise WrongPhase(f"cannot pass cards in phase {state.phase}", phase=state.phase)
    check_seat(rules, move.seat)
    hand = state.hand
    if hand.passes[move.seat] is not None:
        raise AlreadyPassed(f"seat {move.seat} has already passed", seat=move.seat)
    cards = list(move.cards)
    if not all(isinstance(card, Card) for card in cards):
        raise TypeError("PassCards.cards must be Cards (see parse_cards)")
    if len(set(cards)) != len(cards):
        raise DuplicateCards(
            "the same card is passed twice",
            cards=sorted({c.code for c in cards if cards.count(c) > 1}),
        )
    if len(cards) != hand.pass_count:
        raise WrongPassCount(
            f"pass exactly {hand.pass_count} cards", expected=hand.pass_count, got=len(cards)
        )
    for card in sorted(cards):
        if not card.bit & rules.deck_mask:
            raise CardNotInDeck(f"{card} is not in this deck", card=card.code)
        if not card.bit & hand.hands[move.seat]:
            raise CardNotInHand(f"{card} is not in seat {move.seat}'s hand", card=card.code)
    return CardsPassed(move.seat, frozenset(cards))


# evolve ------------------------------------------------------------------------------------------


def _step(state: GameState, event: Event, derive: bool) -> tuple[GameState, tuple[Event, ...]]:
    """Apply an input fact; with ``derive``, also build the derived facts."""
    if isinstance(event, CardPlayed):
        return _play(state, event, derive)
    if isinstance(event, CardsPassed):
        return _pass(state, event, derive)
    if isinstance(event, HandDealt):
        return _deal(state, event), ()
    if isinstance(event, MoonChosen):
        hand = state.hand
        assert hand is not None
        return _score(state, hand, event.choice, derive)
    return state, ()


def _deal(state: GameState, event: HandDealt) -> GameState:
    rules = state.rules
    number = event.hand_number
    dealer = rules.dealer_for_hand(number)
    hands, dead = deal(rules, event.deck, dealer)
    direction, count = rules.pass_for_hand(number)
    leader, opening = opening_lead(hands, dealer)
    seats = rules.seats
    hand = HandState(
        number=number,
        dealer=dealer,
        deck=tuple(event.deck),
        salt=event.salt,
        commitment=deal_commitment(event.deck, event.salt),
        dealt=hands,
        dead=dead,
        pass_direction=direction,
        pass_count=count,
        passes=(None,) * seats,
        hands=hands,
        opening=opening,
        trick_number=1,
        leader=leader,
        trick=(),
        tricks=(),
        taken=(0,) * seats,
        points_taken=(0,) * seats,
        hearts_broken=False,
        moon_shooter=None,
    )
    phase = "passing" if count > 0 else "playing"
    return GameState(rules, phase, number, dealer, state.totals, state.hand_results, None, hand)


def _pass(
    state: GameState, event: CardsPassed, derive: bool
) -> tuple[GameState, tuple[Event, ...]]:
    hand = state.hand
    assert hand is not None
    passes = list(hand.passes)
    passes[event.seat] = mask_of(event.cards)
    if any(p is None for p in passes):
        new_hand = _replace_hand(hand, passes=tuple(passes))
        return _with_hand(state, "passing", new_hand), ()
    rules = state.rules
    hands = [h & ~(p or 0) for h, p in zip(hand.hands, passes, strict=True)]
    for seat, given in enumerate(passes):
        hands[rules.pass_target(seat, hand.pass_direction)] |= given or 0
    leader, opening = opening_lead(hands, hand.dealer)
    new_hand = _replace_hand(
        hand, passes=tuple(passes), hands=tuple(hands), leader=leader, opening=opening
    )
    derived: tuple[Event, ...] = ()
    if derive:
        derived = (
            PassesExchanged(hand.number, tuple(frozenset(cards_of(p or 0)) for p in passes)),
        )
    return _with_hand(state, "playing", new_hand), derived


def _play(state: GameState, event: CardPlayed, derive: bool) -> tuple[GameState, tuple[Event, ...]]:
    rules = state.rules
    hand = state.hand
    assert hand is not None
    seat, card = event.seat, event.card
    bit = 1 << card.index
    hands = list(hand.hands)
    hands[seat] &= ~bit
    trick = (*hand.trick, card)
    broken = hand.hearts_broken or breaks_hearts(rules, hand.trick, card)
    seats = rules.seats
    if len(trick) < seats:
        new_hand = replace_fields(hand, hands=tuple(hands), trick=trick, hearts_broken=broken)
        return replace_fields(state, phase="playing", hand=new_hand), ()
    # The trick is complete.
    led = trick[0].suit
    best = 0
    for i in range(1, seats):
        if trick[i].suit == led and trick[i].rank > trick[best].rank:
            best = i
    winner = (hand.leader + best) % seats
    table = _points_table(rules)
    points = sum(table[c.index] for c in trick)
    taken = list(hand.taken)
    taken[winner] |= mask_of(trick)
    points_taken = list(hand.points_taken)
    points_taken[winner] += points
    done = Trick(hand.trick_number, hand.leader, trick, winner, points)
    last = not any(hands)
    new_hand = _replace_hand(
        hand,
        hands=tuple(hands),
        trick=(),
        tricks=(*hand.tricks, done),
        taken=tuple(taken),
        points_taken=tuple(points_taken),
        hearts_broken=broken,
        leader=winner,
        trick_number=hand.trick_number + (0 if last else 1),
    )
    derived: tuple[Event, ...] = (
        (TrickWon(winner, hand.trick_number, trick, points),) if derive else ()
    )
    if not last:
        return _with_hand(state, "playing", new_hand), derived
    shooter = find_moon_shooter(rules, new_hand.taken, new_hand.dead)
    if shooter is not None:
        new_hand = _replace_hand(new_hand, moon_shooter=shooter)
        if rules.moon == "shooter_chooses":
            return _with_hand(state, "moon_choice", new_hand), derived
    choice = None if shooter is None else rules.moon
    new_state, more = _score(state, new_hand, choice, derive)
    return new_state, derived + more


def _score(
    state: GameState, hand: HandState, choice: str | None, derive: bool
) -> tuple[GameState, tuple[Event, ...]]:
    rules = state.rules
    shooter = hand.moon_shooter
    points = hand_points(rules, hand.taken, shooter, choice)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    result = HandResult(
        hand.number,
        hand.dealer,
        points,
        totals,
        shooter,
        choice if shooter is not None else None,
        hand.deck,
        hand.salt,
    )
    outcome = game_outcome(rules, totals, hand.number)
    phase = "awaiting_deal" if outcome is None else "game_over"
    new_state = GameState(
        rules,
        phase,
        state.hand_number,
        state.dealer,
        totals,
        (*state.hand_results, result),
        outcome,
        hand,
    )
    derived: tuple[Event, ...] = ()
    if derive:
        derived = (
            HandScored(
                hand.number, points, totals, shooter, hand.deck, hand.salt, result.moon_choice
            ),
        )
        if outcome is not None:
            derived += (GameEnded(outcome.winners, totals),)
    return new_state, derived


def _replace_hand(hand: HandState, **changes: object) -> HandState:
    return replace_fields(hand, **changes)


def _with_hand(state: GameState, phase: str, hand: HandState) -> GameState:
    return replace_fields(state, phase=phase, hand=hand)


__all__ = ["apply", "decide", "evolve", "is_legal", "replay"]
