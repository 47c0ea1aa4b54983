"""Application services of the games app: one command, one transaction.

Shape of every command (HackSoft style, eventsourcing's application service):
atomic block -> lock the game row -> load the aggregate (snapshot + tail) -> check
``expected_seq`` -> decide (lobby rules in ``games.aggregate``, moves in ``engine.decide``) ->
deal the next hand if one is due -> append with the hash chain -> update the read models ->
snapshot if due -> enqueue AI turns with ``transaction.on_commit`` -> return a ``CommandResult``.

All functions are keyword-only and typed: ``user`` is a Django user (`User`), ``game_id`` a UUID
or its string (`GameId`), cards are engine ``Card`` values or their codes (`CardLike`).
Domain errors come from ``games.errors``; engine errors (``RuleViolation``, ``NotationError``,
``InvalidRuleSet``) pass through unchanged.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from common import broker
from games import aggregate as agg_mod
from games import ai_queue, engine, signals, store, table_options
from games.aggregate import GameAggregate
from games.errors import BotNotFound, BotNotOpen, ConcurrencyConflict, GameNotFound
from games.lobby_events import SeatHandedToAi
from games.models import BotAccount, Game, Seat
from games.store import Actor, NewEvent
from games.streams import backends as streams

logger = logging.getLogger(__name__)

GameId = UUID | str  # a game's id: the UUID of an API path, or its string (tasks, admin)
User = AbstractBaseUser  # the authenticated player (``request.user``)
CardLike = engine.Card | str  # a card, or its code ("QS", "10H")


@dataclass(frozen=True)
class CommandResult:
    game_id: str
    seq: int
    events: list[dict[str, Any]] = field(default_factory=list)  # {seq, type, payload}
    # What the command left in memory (the game row, the aggregate after it, the stored rows with
    # actor and time), so the API renders its answer in the same transaction without reading the
    # game back and replaying it again. Not part of the result's value.
    game: Game | None = field(default=None, compare=False, repr=False)
    aggregate: GameAggregate | None = field(default=None, compare=False, repr=False)
    stored: list[dict[str, Any]] = field(default_factory=list, compare=False, repr=False)
    snapshot_seq: int = field(default=0, compare=False, repr=False)  # newest snapshot after it

    @property
    def loaded(self) -> store.Loaded | None:
        """The state after the command as the store would load it (for the AI chain)."""
        if self.aggregate is None:
            return None
        return store.Loaded(aggregate=self.aggregate, snapshot_seq=self.snapshot_seq)


Decider = Callable[[GameAggregate], list[NewEvent]]


# ---------------------------------------------------------------------- helpers
def display_name_of(user: User) -> str:
    name = getattr(user, "display_name", "") or ""
    if not name:
        profile = getattr(user, "profile", None)
        name = getattr(profile, "display_name", "") or ""
    return name or user.get_username()


def _card(value: CardLike) -> engine.Card:
    return engine.parse_card(value) if isinstance(value, str) else value


def _lobby(events: list[agg_mod.LobbyEvent], actor: Actor) -> list[NewEvent]:
    return [store.lobby_event(e, actor) for e in events]


def _decide_move(agg: GameAggregate, move: engine.Move, actor: Actor) -> list[NewEvent]:
    return [store.engine_event(e, actor) for e in engine.decide(agg.state, move)]


def shuffled_deal(rules: engine.RuleSet) -> engine.DealHand:
    """A cryptographically secure shuffle of the ruleset's deck and a fresh secret salt."""
    deck = list(engine.deck_for(rules))
    secrets.SystemRandom().shuffle(deck)
    return engine.DealHand(deck=tuple(deck), salt=secrets.token_hex(16))


def _player_actor(agg: GameAggregate, user: User) -> Actor:
    return Actor.player(user.pk, agg.seat_of(user.pk))


def _check_expected(game: Game, expected_seq: int | None) -> None:
    if expected_seq is not None and expected_seq != game.last_seq:
        raise ConcurrencyConflict(current_seq=game.last_seq)


def _result(
    game: Game,
    stored: list[dict[str, Any]],
    agg: GameAggregate | None = None,
    snapshot_seq: int = 0,
) -> CommandResult:
    return CommandResult(
        game_id=str(game.pk),
        seq=game.last_seq,
        events=[{"seq": e["seq"], "type": e["type"], "payload": e["payload"]} for e in stored],
        game=game,
        aggregate=agg,
        stored=stored,
        snapshot_seq=snapshot_seq,
    )


def _execute(
    *,
    game_id: GameId,
    expected_seq: int | None,
    decide: Decider,
    preloaded: store.Loaded | None = None,
    chain_moves_left: int = 0,
) -> CommandResult:
    with transaction.atomic():
        game, current = store.fast.lock_game_with_tail(game_id, held=preloaded)
        _check_expected(game, expected_seq)
        if current is None and preloaded is not None and preloaded.aggregate.seq == game.last_seq:
            current = preloaded  # (the lock read no state: not PostgreSQL)
        loaded = current or store.load(game)
        new_events = decide(loaded.aggregate)
        return _commit(game, loaded, new_events, chain_moves_left=chain_moves_left)


def _commit(
    game: Game,
    loaded: store.Loaded,
    new_events: list[NewEvent],
    now: datetime | None = None,
    chain_moves_left: int = 0,
) -> CommandResult:
    now = now or timezone.now()
    before = loaded.aggregate
    events = list(new_events)
    agg = before
    for ev in events:
        agg = agg_mod.evolve(agg, ev.type, ev.payload)
    # Deal the next hand (or the first one) in the same transaction when one is due.
    while agg.needs_deal:
        for ev in _decide_move(agg, shuffled_deal(agg.rules), Actor.system()):
            events.append(ev)
            agg = agg_mod.evolve(agg, ev.type, ev.payload)
    if not events:
        return _result(game, [], before, loaded.snapshot_seq)
    # the commit's broker messages (feed sync, AI turn) and live wake-up: one pipeline after it
    broker.on_commit_batch()
    try:
        stored = store.fast.append_and_sync(game, before=before, agg=agg, events=events, now=now)
        saved = store.maybe_snapshot(game.pk, loaded, agg, (e.type for e in events))
        result = _result(game, stored, agg, agg.seq if saved else loaded.snapshot_seq)
        store.recent.put_on_commit(game.pk, result.loaded)  # the next command starts from it
        chained = chain_moves_left > 0 and _chain_seat(agg) is not None
        _enqueue_ai_turns(game.pk, agg, backup=chained)
        streams.on_commit_publish(game.pk, game.last_seq)  # wake the live streams after commit
        if agg.status == agg_mod.FINISHED and before.status != agg_mod.FINISHED:
            signals.send_game_finished_on_commit(game_id=game.pk, preset=game.preset)
    finally:  # registered even if a caller swallows an error in this transaction
        broker.end_on_commit_batch()
    return result


def _think_delay_ms(agg: GameAggregate) -> int:
    delay = agg.options.get("think_delay_ms") or 0
    return int(delay or getattr(settings, "HEARTS_AI_THINK_DELAY_MS", 0) or 0)


def _chain_seat(agg: GameAggregate) -> int | None:
    """The seat an AI chain plays next in ``agg``: the first AI seat that must act, when the table
    has no think delay; else None (the chain stops and the broker takes over)."""
    if _think_delay_ms(agg):
        return None
    seats = agg.ai_seats_to_act()
    return seats[0] if seats else None


def _enqueue_ai_turns(game_id: GameId, agg: GameAggregate, *, backup: bool = False) -> None:
    """After commit, the AI turns that are due. Without a think delay one task is enough: its
    chain plays every AI seat that must act (``ai_take_turns``); with one, each seat gets its
    own task, delayed. ``backup``: the chain that made this commit goes on at once, so the task
    is only insurance against a worker lost mid-chain and waits ``HEARTS_AI_CHAIN_BACKUP_MS``
    (then it finds the game moved on and does nothing: one query) instead of racing the chain."""
    seats = agg.ai_seats_to_act()
    if not seats:
        return
    seq, delay_ms = agg.seq, _think_delay_ms(agg)
    if not delay_ms:
        seats = seats[:1]
    if backup:
        delay_ms = max(delay_ms, int(getattr(settings, "HEARTS_AI_CHAIN_BACKUP_MS", 2000)))

    def send() -> None:
        for seat in seats:
            ai_queue.enqueue_ai_turn(
                game_id=str(game_id), seat=seat, expected_seq=seq, delay_ms=delay_ms
            )

    if backup:
        # Sent NOW, inside the transaction, so that no instant exists in which the move is
        # committed and its backup not yet sent (a worker lost right after its commit left the
        # game to the slow sweeper). If the transaction rolls back, the backup finds the game
        # at an older seq and does nothing (the guard). A broker error is logged, not raised:
        # the chain itself goes on, and the rescue sweep covers a lost chain.
        try:
            send()
        except Exception:
            logger.warning("AI chain backup for game %s seq %s not sent", game_id, seq,
                           exc_info=True)  # fmt: skip
        return
    # robust: a broker hiccup after commit is logged, and the beat sweeper re-enqueues later.
    transaction.on_commit(send, robust=True)


# ---------------------------------------------------------------------- lobby
def game_create(
    *,
    user: User,
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    take_seat: bool = True,
    think_delay_ms: int = 0,
    turn_limit_s: int | None = None,
    expected_seq: int | None = None,
) -> CommandResult:
    rules = engine.RuleSet.from_preset(preset, overrides)
    options = table_options.validated(think_delay_ms=think_delay_ms, turn_limit_s=turn_limit_s)
    if expected_seq not in (None, 0):
        raise ConcurrencyConflict(current_seq=0)
    now = timezone.now()
    with transaction.atomic():
        game = store.create_game_row(rules=rules, creator_id=user.pk, options=options, now=now)
        Seat.objects.bulk_create([Seat(game=game, index=i) for i in range(rules.seats)])
        actor = Actor.player(user.pk)
        events = _lobby(
            agg_mod.decide_create(rules=rules, creator_id=user.pk, options=options), actor
        )
        agg = agg_mod.evolve(None, events[0].type, events[0].payload)
        if take_seat:
            taken = agg_mod.decide_seat_take(
                agg, player_id=user.pk, display_name=display_name_of(user)
            )
            events += _lobby(taken, Actor.player(user.pk, taken[0].seat))
            agg = agg_mod.replay(((e.type, e.payload) for e in events[1:]), start=agg)
        stored = store.append(game, expected_seq=0, events=events, now=now)
        store.sync_read_model(game, None, agg, now=now)
        streams.on_commit_publish(game.pk, game.last_seq)
        return _result(game, stored, agg)


def bot_owner_of(user: User) -> str | None:
    """The public name of the owner of ``user`` when it is a bot account, else None (one
    query). A bot takes a seat as a bot whichever door seats it (an open seat, an invite, quick
    play, the creator): the seat's ``seat_taken`` event says so."""
    return (
        BotAccount.objects.filter(user_id=user.pk).values_list("owner__username", flat=True).first()
    )


def seat_take(
    *, game_id: GameId, user: User, seat: int | None = None, expected_seq: int | None = None
) -> CommandResult:
    bot_owner = bot_owner_of(user)

    def decide(agg: GameAggregate) -> list[NewEvent]:
        taken = agg_mod.decide_seat_take(
            agg,
            player_id=user.pk,
            display_name=display_name_of(user),
            seat=seat,
            bot_owner=bot_owner,
        )
        return _lobby(taken, Actor.player(user.pk, taken[0].seat))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def seat_add_bot(
    *,
    game_id: GameId,
    user: User,
    bot: str,
    seat: int | None = None,
    expected_seq: int | None = None,
) -> CommandResult:
    """The game's creator seats the bot account named ``bot`` (their own, or one open to all)."""
    account = (
        BotAccount.objects.select_related("user", "owner")
        .filter(user__username=bot, revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    if account is None:
        raise BotNotFound(bot=bot)
    if account.owner_id != user.pk and not account.open_to_all:
        raise BotNotOpen(bot=bot)
    bot_user = account.user

    def decide(agg: GameAggregate) -> list[NewEvent]:
        taken = agg_mod.decide_seat_bot(
            agg,
            player_id=user.pk,
            bot_id=bot_user.pk,
            bot_name=display_name_of(bot_user),
            bot_owner=account.owner.get_username(),
            seat=seat,
        )
        return _lobby(taken, _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def seat_leave(*, game_id: GameId, user: User, expected_seq: int | None = None) -> CommandResult:
    def decide(agg: GameAggregate) -> list[NewEvent]:
        return _lobby(agg_mod.decide_seat_leave(agg, player_id=user.pk), _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def seat_fill_with_ai(
    *,
    game_id: GameId,
    user: User,
    level: str = "heuristic",
    seats: Iterable[int] | None = None,
    expected_seq: int | None = None,
) -> CommandResult:
    seats = None if seats is None else list(seats)

    def decide(agg: GameAggregate) -> list[NewEvent]:
        added = agg_mod.decide_fill_with_ai(agg, player_id=user.pk, level=level, seats=seats)
        return _lobby(added, _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def game_start(*, game_id: GameId, user: User, expected_seq: int | None = None) -> CommandResult:
    """``game_started`` followed by the first ``hand_dealt`` (dealt by the system)."""

    def decide(agg: GameAggregate) -> list[NewEvent]:
        return _lobby(agg_mod.decide_start(agg, player_id=user.pk), _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


# ---------------------------------------------------------------------- moves
def game_pass_cards(
    *, game_id: GameId, user: User, cards: Iterable[CardLike], expected_seq: int | None = None
) -> CommandResult:
    """``cards``: engine ``Card`` values or card codes (``"QS"``)."""
    chosen = [_card(c) for c in cards]

    def decide(agg: GameAggregate) -> list[NewEvent]:
        seat = agg_mod.require_human_move(agg, player_id=user.pk)
        if len(set(chosen)) != len(chosen):  # a frozenset would hide the duplicate
            raise engine.DuplicateCards(
                "the same card twice in a pass", cards=[c.code for c in chosen]
            )
        move = engine.PassCards(seat=seat, cards=frozenset(chosen))
        return _decide_move(agg, move, Actor.player(user.pk, seat))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def game_play_card(
    *, game_id: GameId, user: User, card: CardLike, expected_seq: int | None = None
) -> CommandResult:
    chosen = _card(card)

    def decide(agg: GameAggregate) -> list[NewEvent]:
        seat = agg_mod.require_human_move(agg, player_id=user.pk)
        return _decide_move(
            agg, engine.PlayCard(seat=seat, card=chosen), Actor.player(user.pk, seat)
        )

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def game_choose_moon(
    *, game_id: GameId, user: User, choice: str, expected_seq: int | None = None
) -> CommandResult:
    def decide(agg: GameAggregate) -> list[NewEvent]:
        seat = agg_mod.require_human_move(agg, player_id=user.pk)
        return _decide_move(
            agg, engine.ChooseMoon(seat=seat, choice=choice), Actor.player(user.pk, seat)
        )

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def game_auto_moon(*, game_id: GameId, expected_seq: int | None = None) -> CommandResult | None:
    """The system makes the automatic moon choice for a shooter who did not choose (turn limit).
    Returns None when no moon choice is pending."""

    def decide(agg: GameAggregate) -> list[NewEvent]:
        if agg.status != agg_mod.Status.ACTIVE or agg.phase != engine.Phase.MOON_CHOICE:
            return []
        seat = agg.to_act[0]
        move = engine.ChooseMoon(seat=seat, choice=engine.auto_moon_choice(agg.state))
        return _decide_move(agg, move, Actor.system())

    result = _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)
    return result if result.events else None


# ---------------------------------------------------------------------- seats during play
def seat_hand_to_ai(
    *, game_id: GameId, user: User, level: str = "heuristic", expected_seq: int | None = None
) -> CommandResult:
    def decide(agg: GameAggregate) -> list[NewEvent]:
        events = agg_mod.decide_hand_to_ai(agg, player_id=user.pk, level=level, reason="requested")
        return _lobby(events, _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def seat_reclaim(*, game_id: GameId, user: User, expected_seq: int | None = None) -> CommandResult:
    def decide(agg: GameAggregate) -> list[NewEvent]:
        return _lobby(agg_mod.decide_reclaim(agg, player_id=user.pk), _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


def game_resign(*, game_id: GameId, user: User, expected_seq: int | None = None) -> CommandResult:
    """The seat goes to the heuristic bot for good (no reclaim)."""

    def decide(agg: GameAggregate) -> list[NewEvent]:
        events = agg_mod.decide_hand_to_ai(
            agg, player_id=user.pk, level="heuristic", reason="resigned"
        )
        return _lobby(events, _player_actor(agg, user))

    return _execute(game_id=game_id, expected_seq=expected_seq, decide=decide)


# ---------------------------------------------------------------------- AI seats
def _ai_move(game_id: str, agg: GameAggregate, seat: int) -> list[NewEvent]:
    """The bot of ``seat`` decides from the seat's own view (what a human there would see),
    seeded by (game, seq, seat): a redelivered task chooses the same move."""
    from games import bots

    view = engine.view_for_seat(agg.state, seat)
    rng = random.Random(f"{game_id}:{agg.seq}:{seat}")
    move = bots.choose_move(view, agg.ai_level_of(seat), rng)
    if getattr(move, "seat", seat) != seat:
        raise RuntimeError(f"bot answered for seat {move.seat} instead of {seat}")
    return _decide_move(agg, move, Actor.ai(seat))


def _plan_ai_moves(
    game_id: str, agg: GameAggregate, seat: int, *, max_moves: int
) -> tuple[list[NewEvent], int]:
    """The AI moves from ``agg`` on, decided in memory: ``seat`` first, then whichever AI seat
    must act next, until a human must act, a hand needs its deal, the game has a think delay,
    ``max_moves`` moves, or the bots have thought for ``HEARTS_AI_COMMIT_EVERY_MS`` (so slow
    bots still show their moves as they go). Returns the events and the number of moves."""
    budget_s = int(getattr(settings, "HEARTS_AI_COMMIT_EVERY_MS", 100)) / 1000
    started = time.monotonic()
    events: list[NewEvent] = []
    moves = 0
    while True:
        decided = _ai_move(game_id, agg, seat)
        for ev in decided:
            agg = agg_mod.evolve(agg, ev.type, ev.payload)
        events += decided
        moves += 1
        if moves >= max_moves or agg.needs_deal or time.monotonic() - started >= budget_s:
            return events, moves
        next_seat = _chain_seat(agg)
        if next_seat is None:
            return events, moves
        seat = next_seat


def ai_take_turn(
    *,
    game_id: GameId,
    seat: int,
    expected_seq: int,
    max_moves: int = 1,
    preloaded: store.Loaded | None = None,
    chained: bool = False,
) -> CommandResult | None:
    """Play the turn of an AI-controlled seat and, with ``max_moves`` > 1, the AI turns that
    follow it (``_plan_ai_moves``), in one transaction. Idempotent by guard: returns None (and
    changes nothing) unless the game is at ``expected_seq`` and ``seat`` is an AI seat that must
    act. The bots think outside the transaction; the append re-checks ``expected_seq`` under the
    game's lock (``ConcurrencyConflict`` when someone moved meanwhile).

    ``preloaded``: the state the previous commit of an AI chain left (skips reading the game and
    its log). ``chained``: an AI chain goes on after this commit when it can (see
    ``_enqueue_ai_turns``)."""
    if preloaded is None:
        try:
            game = store.get_game(game_id)
        except GameNotFound:  # deleted or never existed: nothing to do
            logger.info("ai_take_turn: game %s not found", game_id)
            return None
        if game.last_seq != expected_seq:
            logger.info(
                "ai_take_turn: game %s at seq %s, not %s", game_id, game.last_seq, expected_seq
            )
            return None
        game_id = game.pk
        preloaded = store.load(game)
    agg = preloaded.aggregate
    if agg.seq != expected_seq or seat not in agg.ai_seats_to_act():
        logger.info("ai_take_turn: seat %s of game %s has nothing to do", seat, game_id)
        return None
    events, moves = _plan_ai_moves(str(game_id), agg, seat, max_moves=max_moves)
    return _execute(
        game_id=game_id,
        expected_seq=expected_seq,
        decide=lambda current: events,  # decided on this very state; the lock checked its seq
        preloaded=preloaded,
        chain_moves_left=max_moves - moves if chained else 0,
    )


def ai_moves_of(result: CommandResult) -> int:
    """How many AI moves (not derived facts, not deals) a command stored."""
    return sum(
        1 for e in result.stored if e["actor"]["kind"] == "ai" and e["type"] in store.INPUT_TYPES
    )


def ai_take_turns(*, game_id: GameId, seat: int, expected_seq: int, max_moves: int = 16) -> int:
    """The AI turns from ``seat`` at ``expected_seq`` on, as long as AI seats must act and the
    table has no think delay, at most ``max_moves`` moves. Returns the number of moves played.

    This is what makes the AI answer fast: the moves up to the next human turn are decided in
    memory, each from its seat's own view, and stored in one transaction (one broker round trip,
    one read of the log, one commit). The chain commits early when a hand needs its deal or the
    bots think long (``HEARTS_AI_COMMIT_EVERY_MS``), then goes on from the state it committed
    (the game row's lock checks that nobody moved in between). Such a commit still enqueues the
    next AI turn, as a backup that waits ``HEARTS_AI_CHAIN_BACKUP_MS``: a worker lost mid-chain
    delays the game by that much, and a backup that arrives after the chain moved on finds
    another seq and does nothing (the guard)."""
    moves = 0
    loaded: store.Loaded | None = None
    while moves < max_moves:
        result = ai_take_turn(
            game_id=game_id,
            seat=seat,
            expected_seq=expected_seq,
            max_moves=max_moves - moves,
            preloaded=loaded,
            chained=True,
        )
        if result is None:
            break
        moves += ai_moves_of(result)
        game_id, loaded = result.game_id, result.loaded
        next_seat = None if loaded is None else _chain_seat(loaded.aggregate)
        if next_seat is None:
            break
        seat, expected_seq = next_seat, loaded.aggregate.seq
    return moves


def games_enqueue_stalled_ai_turns(*, older_than_s: float = 30.0, limit: int = 200) -> int:
    """Re-enqueue AI turns of games that have waited on an AI seat for longer than
    ``older_than_s`` (lost tasks, worker crashes). Returns the number of tasks enqueued."""
    cutoff = timezone.now() - timedelta(seconds=older_than_s)
    stalled = list(
        Game.objects.filter(status=Game.Status.ACTIVE, awaiting_ai=True, last_event_at__lt=cutoff)
        .order_by("last_event_at")
        .values_list("pk", flat=True)[:limit]
    )
    count = 0
    for game_id in stalled:
        agg = store.load(game_id).aggregate
        for seat in agg.ai_seats_to_act():
            ai_queue.enqueue_ai_turn(
                game_id=str(game_id), seat=seat, expected_seq=agg.seq, delay_ms=0
            )
            count += 1
    return count


def games_rescue_ai_chains(*, now: datetime | None = None, limit: int = 200) -> int:
    """Re-enqueue the AI turn of every active game that has waited on an AI seat for longer than
    ``HEARTS_AI_CHAIN_BACKUP_MS`` (plus the table's think delay): its chain's worker was most
    likely lost. Run by beat every ``HEARTS_AI_RESCUE_EVERY_S`` (1 s): one indexed query.

    Why not rely on the chain's own backup task: it is a countdown (ETA) message, which the Redis
    transport delivers at once to a worker that holds it in memory until it is due. When that
    worker is the one killed (``kill -9`` of the whole worker, not only a pool child), the backup
    comes back only after the broker's visibility timeout (an hour), and the chain's own
    ``acks_late`` message too. This sweep looks at the database instead, from whichever worker
    takes it. Each (game, seq) is rescued once (a cache key), so a busy queue is not flooded; a
    rescue that arrives after the game moved on does nothing (the guard)."""
    from django.core.cache import cache

    now = now or timezone.now()
    backup_s = int(getattr(settings, "HEARTS_AI_CHAIN_BACKUP_MS", 2000)) / 1000
    rows = list(
        Game.objects.filter(
            status=Game.Status.ACTIVE,
            awaiting_ai=True,
            last_event_at__lt=now - timedelta(seconds=backup_s),
        )
        .order_by("last_event_at")
        .values_list("pk", "last_seq", "last_event_at", "options")[:limit]
    )
    count = 0
    for game_id, last_seq, last_event_at, options in rows:
        think_ms = (options or {}).get("think_delay_ms") or settings.HEARTS_AI_THINK_DELAY_MS
        think_s = int(think_ms or 0) / 1000
        if last_event_at > now - timedelta(seconds=backup_s + think_s):
            continue
        key = f"ai-rescue:{game_id}:{last_seq}"
        try:
            first = cache.add(key, 1, timeout=300)
        except Exception:  # the cache is down: rescue anyway (duplicates are harmless)
            first = True
        if not first:
            continue
        agg = store.load(game_id).aggregate
        seats = agg.ai_seats_to_act()
        try:
            for seat in seats if think_s else seats[:1]:  # no think delay: one chain plays all
                ai_queue.enqueue_ai_turn(game_id=str(game_id), seat=seat, expected_seq=agg.seq)
                count += 1
        except Exception:
            # Not sent (the broker went away again): the next tick must try this (game, seq) again.
            with contextlib.suppress(Exception):
                cache.delete(key)
            raise
    return count


def games_enforce_turn_limits(*, now: datetime | None = None, limit: int = 200) -> int:
    """For games with a ``turn_limit_s`` option: when the humans to act have let it pass since
    the last event, the system makes the automatic moon choice (moon phase) or hands their seats
    to the heuristic AI (reason ``turn_limit``; they may reclaim). Returns the games changed."""
    now = now or timezone.now()
    candidates = list(
        Game.objects.filter(status=Game.Status.ACTIVE, last_event_at__lt=now - timedelta(seconds=1))
        .exclude(options__turn_limit_s=None)
        .order_by("last_event_at")
        .values_list("pk", "last_event_at", "options")[:limit]
    )
    changed = 0
    for game_id, last_event_at, options in candidates:
        limit_s = (options or {}).get("turn_limit_s")
        if not limit_s or last_event_at > now - timedelta(seconds=limit_s):
            continue
        agg = store.load(game_id).aggregate
        if not [s for s in agg.to_act if not agg.seats[s].ai_controlled]:
            continue

        def decide(current: GameAggregate) -> list[NewEvent]:
            humans = [s for s in current.to_act if not current.seats[s].ai_controlled]
            if current.phase == engine.Phase.MOON_CHOICE:
                choice = engine.auto_moon_choice(current.state)
                move = engine.ChooseMoon(seat=current.to_act[0], choice=choice)
                return _decide_move(current, move, Actor.system())
            return [
                store.lobby_event(
                    SeatHandedToAi(seat=s, level="heuristic", reason="turn_limit"), Actor.system()
                )
                for s in humans
            ]

        try:
            _execute(game_id=game_id, expected_seq=agg.seq, decide=decide)
        except ConcurrencyConflict:
            continue  # someone moved meanwhile: the clock restarts
        changed += 1
    return changed
