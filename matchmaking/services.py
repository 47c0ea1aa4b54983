"""Matchmaking services: one command, one transaction (HackSoft style).

Matchmaking never writes a game's rows: it calls ``games.services`` (``game_create``,
``seat_take``, ``seat_fill_with_ai``, ``game_start``) inside its own transaction, so a table is
formed, its game created, seated and started, and its tickets marked matched all at once or not
at all.

Exactly once (docs/matchmaking.md has the full argument): a ticket leaves ``waiting`` only by a
guarded ``UPDATE ... WHERE status = 'waiting'`` whose row count is checked, in the transaction
that seats its game. The matcher reads the waiting tickets with ``SELECT ... FOR UPDATE SKIP
LOCKED`` (PostgreSQL), so two matchers never propose the same ticket and a cancel waits for the
matcher's commit; on SQLite every write transaction is ``BEGIN IMMEDIATE`` and so serialised.
The guard holds on both: a table whose tickets are not all still waiting rolls back (savepoint)
with its game. A partial unique index allows one waiting ticket per player.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import engine
from games import services as game_services
from games.aggregate import AI_LEVELS
from games.errors import InvalidAiLevel, NotSeated
from matchmaking import selectors, signals, strength
from matchmaking.errors import (
    AlreadyAtTable,
    AlreadyQueued,
    InviteExpired,
    InviteNotFound,
    InviteRevoked,
    NotQueued,
    NotTableCreator,
    NotTableMember,
    RematchNotAllowed,
    TableClosed,
    TableFull,
    TableNotFound,
    TableNotFull,
    TicketAlreadyMatched,
)
from matchmaking.matching import RatingWindow, TablePlan, Waiting, plan_tables
from matchmaking.models import Table, TableEvent, TableMember, Ticket, TicketEvent

logger = logging.getLogger(__name__)

WAITING = Ticket.Status.WAITING
MATCHED = Ticket.Status.MATCHED
CANCELLED = Ticket.Status.CANCELLED


class _TableLost(Exception):
    """A planned table's tickets are not all waiting any more: its savepoint rolls back."""


# ---------------------------------------------------------------------- helpers
def _rules(preset: Any, options: Mapping[str, Any] | None) -> Any:
    return engine.RuleSet.from_preset(preset, dict(options) if options else None)


def pool_of(rules: Any) -> str:
    """Tickets match within a pool: the same resolved ruleset."""
    canonical = json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def _check_level(level: str) -> None:
    if level not in AI_LEVELS:
        raise InvalidAiLevel(level=level, levels=list(AI_LEVELS))


def _window() -> RatingWindow:
    return RatingWindow(
        base=float(settings.MATCHMAKING_RATING_WINDOW_BASE),
        per_s=float(settings.MATCHMAKING_RATING_WINDOW_PER_S),
    )


# matchmaking/tasks.py, sent by name with ``send_task``: no import cycle (the task calls the
# services), and a web process, which never imports the tasks modules, can send it.
MATCH_TASK = "matchmaking.match"


def _wake_matcher(countdowns: Iterable[float]) -> None:
    """After commit: run the matcher now (a table may be full) and when the new ticket's AI
    fill is due. Beat's sweep covers a lost message."""
    for countdown in countdowns:
        current_app.send_task(
            MATCH_TASK, countdown=countdown if countdown > 0 else None, ignore_result=True
        )


def _start_game(
    *,
    creator: Any,
    preset: str,
    overrides: Mapping[str, Any] | None,
    humans: list[tuple[int, Any]],
    ai_seats: Mapping[int, str],
    think_delay_ms: int = 0,
    turn_limit_s: int | None = None,
) -> str:
    """Create, seat and start a game through the games services (inside the caller's
    transaction). ``humans``: (seat, user); ``ai_seats``: seat -> level. Returns the game id."""
    created = game_services.game_create(
        user=creator,
        preset=preset,
        overrides=dict(overrides) if overrides else None,
        take_seat=False,
        think_delay_ms=think_delay_ms,
        turn_limit_s=turn_limit_s,
    )
    game_id = created.game_id
    for seat, user in humans:
        game_services.seat_take(game_id=game_id, user=user, seat=seat)
    levels: dict[str, list[int]] = {}
    for seat, level in sorted(ai_seats.items()):
        levels.setdefault(level, []).append(seat)
    for level, seats in levels.items():
        game_services.seat_fill_with_ai(game_id=game_id, user=creator, level=level, seats=seats)
    game_services.game_start(game_id=game_id, user=creator)
    return game_id


def _users(ids: Iterable[int]) -> dict[int, Any]:
    return get_user_model().objects.in_bulk(list(ids))


# ---------------------------------------------------------------------- quick play
def ticket_create(
    *,
    user: Any,
    preset: str,
    options: Mapping[str, Any] | None = None,
    ai_fill: bool = True,
    ai_level: str = "heuristic",
    ai_fill_after_s: int | None = None,
    max_rating_gap: int | None = None,
    allow_bots: bool = False,
    now: datetime | None = None,
    wake: bool = True,
) -> Ticket:
    """Queue ``user`` for quick play. ``AlreadyQueued`` when a ticket of theirs is waiting."""
    rules = _rules(preset, options)  # InvalidRuleSet: unknown preset or option
    _check_level(ai_level)
    wait_s = settings.MATCHMAKING_AI_FILL_AFTER_S if ai_fill_after_s is None else ai_fill_after_s
    rating = strength.rating_of(player_id=user.pk, preset=preset)
    is_bot = game_services.bot_owner_of(user) is not None
    now = now or timezone.now()
    with transaction.atomic():
        waiting = Ticket.objects.filter(player=user, status=WAITING).values_list("pk", flat=True)
        existing = waiting.first()
        if existing is not None:
            raise AlreadyQueued(ticket_id=str(existing))
        try:
            with transaction.atomic():  # the partial unique index decides a race
                ticket = Ticket.objects.create(
                    player=user,
                    preset=preset,
                    options=dict(options or {}),
                    pool=pool_of(rules),
                    seats=rules.seats,
                    ai_fill=ai_fill,
                    ai_level=ai_level,
                    ai_fill_after_s=wait_s,
                    max_rating_gap=max_rating_gap,
                    rating=rating,
                    is_bot=is_bot,
                    allow_bots=allow_bots,
                    created_at=now,
                    updated_at=now,
                )
        except IntegrityError:
            raise AlreadyQueued(ticket_id=str(waiting.first() or "")) from None
        TicketEvent.objects.create(
            ticket=ticket,
            type=TicketEvent.Type.QUEUED,
            at=now,
            data={
                "preset": preset,
                "ai_fill": ai_fill,
                "rating": rating,
                "is_bot": is_bot,
                "allow_bots": allow_bots,
            },
        )
        if wake:
            countdowns = [0.0] + ([wait_s + 0.2] if ai_fill else [])
            transaction.on_commit(lambda: _wake_matcher(countdowns), robust=True)
    return ticket


def ticket_cancel(*, user: Any, now: datetime | None = None) -> Ticket:
    """Leave the queue. ``NotQueued`` when no ticket waits; ``TicketAlreadyMatched`` (with the
    game) when the matcher seated it first."""
    with transaction.atomic():
        # Blocks while a matcher holds the ticket, then reads what it committed.
        ticket = (
            Ticket.objects.select_for_update().filter(player=user).order_by("-created_at").first()
        )
        now = now or timezone.now()  # after the lock: the history's times follow its order
        if ticket is None or ticket.status == CANCELLED:
            raise NotQueued()
        if ticket.status == MATCHED:
            raise TicketAlreadyMatched(game_id=str(ticket.game_id), seat=ticket.seat)
        changed = Ticket.objects.filter(pk=ticket.pk, status=WAITING).update(
            status=CANCELLED, updated_at=now
        )
        if changed != 1:  # never with the lock above; the guard is the rule on any database
            ticket.refresh_from_db()
            raise TicketAlreadyMatched(game_id=str(ticket.game_id), seat=ticket.seat)
        TicketEvent.objects.create(ticket=ticket, type=TicketEvent.Type.CANCELLED, at=now)
        ticket.status, ticket.updated_at = CANCELLED, now
    return ticket


def _waiting(ticket: Ticket) -> Waiting:
    return Waiting(
        key=ticket.pk,
        pool=ticket.pool,
        seats=ticket.seats,
        queued_at=ticket.created_at.timestamp(),
        ai_fill=ticket.ai_fill,
        ai_fill_after_s=ticket.ai_fill_after_s,
        ai_level=ticket.ai_level,
        rating=ticket.rating,
        max_rating_gap=ticket.max_rating_gap,
        is_bot=ticket.is_bot,
        allow_bots=ticket.allow_bots,
    )


def matchmaking_match(*, now: datetime | None = None, limit: int | None = None) -> list[str]:
    """Form every table that can form now (``matching.plan_tables``) and seat it: one game per
    table, created, seated and started through the games services. Returns the new game ids.

    One transaction per table (``_match_one``): the queue's row locks are held for one table's
    seating at a time, so a cancel waits for at most that, a second matcher takes turns, and a
    worker lost mid-run keeps the tables it already committed. Safe to run any number of times
    at once (Celery task, beat sweep, two workers): each run locks the waiting tickets it reads
    and skips those another run holds."""
    formed: list[str] = []
    for _ in range(limit or settings.MATCHMAKING_BATCH):  # a bound: one table per round
        game_id, more = _match_one(now=now, limit=limit)
        if game_id is not None:
            formed.append(game_id)
        if not more:
            break
    return formed


def _match_one(*, now: datetime | None, limit: int | None) -> tuple[str | None, bool]:
    """Lock the waiting tickets, plan, seat the first table. Returns (its game id or None,
    whether another table may form now)."""
    with transaction.atomic():
        tickets = list(
            Ticket.objects.select_for_update(skip_locked=True)
            .filter(status=WAITING)
            .order_by("created_at", "id")[: limit or settings.MATCHMAKING_BATCH]
        )
        if not tickets:
            return None, False
        now = now or timezone.now()  # after the read: no ticket it sees is younger
        plans = plan_tables((_waiting(t) for t in tickets), now=now.timestamp(), window=_window())
        if not plans:
            return None, False
        plan, by_key = plans[0], {t.pk: t for t in tickets}
        users = _users(by_key[key].player_id for key in plan.keys)
        try:
            with transaction.atomic():
                return _seat_plan(plan, by_key, users, now), len(plans) > 1
        except _TableLost:
            logger.info("matchmaking: a ticket of %s left the queue first", plan.keys)
            return None, True


def _seat_plan(
    plan: TablePlan, by_key: dict[Any, Ticket], users: dict[int, Any], now: datetime
) -> str:
    tickets = [by_key[key] for key in plan.keys]
    first = tickets[0]
    humans = [(seat, users[t.player_id]) for seat, t in enumerate(tickets)]
    ai_seats = dict.fromkeys(range(len(tickets), first.seats), plan.ai_level)
    turn_limit = settings.MATCHMAKING_TURN_LIMIT_S or None
    game_id = _start_game(
        creator=users[first.player_id],
        preset=first.preset,
        overrides=first.options,
        humans=humans,
        ai_seats=ai_seats,
        turn_limit_s=turn_limit,
    )
    for seat, ticket in enumerate(tickets):
        changed = Ticket.objects.filter(pk=ticket.pk, status=WAITING).update(
            status=MATCHED, game_id=game_id, seat=seat, updated_at=now
        )
        if changed != 1:
            raise _TableLost(ticket.pk)
    TicketEvent.objects.bulk_create(
        TicketEvent(
            ticket=ticket,
            type=TicketEvent.Type.MATCHED,
            at=now,
            data={"game_id": game_id, "seat": seat, "humans": len(tickets), "ai": len(ai_seats)},
        )
        for seat, ticket in enumerate(tickets)
    )
    for seat, ticket in enumerate(tickets):
        ticket.status, ticket.game_id, ticket.seat = MATCHED, game_id, seat

    def announce() -> None:
        for seat, ticket in enumerate(tickets):
            signals.player_matched.send(
                sender=Ticket,
                player_id=ticket.player_id,
                ticket_id=str(ticket.pk),
                game_id=game_id,
                seat=seat,
            )

    transaction.on_commit(announce, robust=True)
    return game_id


# ---------------------------------------------------------------------- private tables
def _new_invite(table: Table, now: datetime, ttl_s: int | None) -> None:
    ttl = settings.MATCHMAKING_INVITE_TTL_S if ttl_s is None else ttl_s
    table.invite_code = secrets.token_urlsafe(18)  # 144 random bits
    table.invite_expires_at = now + timedelta(seconds=ttl)
    table.invite_revoked_at = None


def _event(table: Table, type_: str, now: datetime, player: Any = None, **data: Any) -> None:
    TableEvent.objects.create(table=table, type=type_, player=player, at=now, data=data)


def _lock_table(table_id: Any, user: Any) -> Table:
    """The table, locked, if ``user`` created it or is one of its players; anyone else gets
    ``TableNotFound`` whatever they ask (a table's id reveals nothing)."""
    table = Table.objects.select_for_update().filter(pk=selectors.parse_id(table_id)).first()
    if table is None or (
        table.creator_id != user.pk and not table.members.filter(player=user).exists()
    ):
        raise TableNotFound(table_id=str(table_id))
    return table


def _require_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise TableClosed(status=table.status, game_id=str(table.game_id or "") or None)


def _require_creator(table: Table, user: Any) -> None:
    if table.creator_id != user.pk:
        raise NotTableCreator()


def _joined(table: Table) -> list[TableMember]:
    return list(table.members.filter(status=TableMember.Status.JOINED).order_by("joined_at", "id"))


def table_create(
    *,
    user: Any,
    preset: str,
    options: Mapping[str, Any] | None = None,
    ai_level: str = "heuristic",
    invite_ttl_s: int | None = None,
    now: datetime | None = None,
) -> Table:
    """A private table: the creator sits, anyone with the invite code may join until it starts."""
    rules = _rules(preset, options)
    _check_level(ai_level)
    now = now or timezone.now()
    with transaction.atomic():
        table = Table(
            kind=Table.Kind.PRIVATE,
            creator=user,
            preset=preset,
            options=dict(options or {}),
            seats=rules.seats,
            ai_level=ai_level,
            created_at=now,
            updated_at=now,
        )
        _new_invite(table, now, invite_ttl_s)
        table.save()
        TableMember.objects.create(
            table=table,
            player=user,
            display_name=game_services.display_name_of(user),
            status=TableMember.Status.JOINED,
            joined_at=now,
            updated_at=now,
        )
        _event(
            table,
            "created",
            now,
            user,
            preset=preset,
            expires_at=table.invite_expires_at.isoformat(),
        )
    return table


def _table_by_code(code: str) -> Table:
    table = Table.objects.select_for_update().filter(invite_code=str(code)).first()
    if table is None:
        raise InviteNotFound()
    return table


def _check_invite(table: Table, now: datetime) -> None:
    if table.invite_revoked_at is not None:
        raise InviteRevoked()
    if table.invite_expires_at is not None and table.invite_expires_at <= now:
        raise InviteExpired(expired_at=table.invite_expires_at.isoformat())


def invite_accept(*, user: Any, code: str, now: datetime | None = None) -> Table:
    """Join the private table of an invite code."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _table_by_code(code)
        _check_invite(table, now)
        _require_open(table)
        joined = _joined(table)
        for index, member in enumerate(joined):
            if member.player_id == user.pk:
                raise AlreadyAtTable(position=index)
        if len(joined) >= table.seats:
            raise TableFull(seats=table.seats)
        TableMember.objects.update_or_create(
            table=table,
            player=user,
            defaults={
                "display_name": game_services.display_name_of(user),
                "status": TableMember.Status.JOINED,
                "joined_at": now,
                "updated_at": now,
            },
        )
        _event(table, "joined", now, user)
        Table.objects.filter(pk=table.pk).update(updated_at=now)
    return table


def invite_decline(*, user: Any, code: str, now: datetime | None = None) -> Table:
    """Say no to an invite (recorded, so the creator sees it)."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _table_by_code(code)
        _check_invite(table, now)
        _require_open(table)
        member = table.members.filter(player=user).first()
        if member is not None and member.status == TableMember.Status.JOINED:
            raise AlreadyAtTable(position=[m.pk for m in _joined(table)].index(member.pk))
        TableMember.objects.update_or_create(
            table=table,
            player=user,
            defaults={
                "display_name": game_services.display_name_of(user),
                "status": TableMember.Status.DECLINED,
                "updated_at": now,
            },
        )
        _event(table, "declined", now, user)
    return table


def invite_revoke(*, user: Any, table_id: Any, now: datetime | None = None) -> Table:
    """The creator revokes the invite code: it joins nobody any more."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id, user)
        _require_creator(table, user)
        _require_open(table)
        if table.kind != Table.Kind.PRIVATE:
            raise TableClosed(status=table.status, game_id=None)
        if table.invite_revoked_at is None:
            table.invite_revoked_at = now
            table.updated_at = now
            table.save(update_fields=["invite_revoked_at", "updated_at"])
            _event(table, "invite_revoked", now, user)
    return table


def invite_renew(
    *, user: Any, table_id: Any, invite_ttl_s: int | None = None, now: datetime | None = None
) -> Table:
    """The creator replaces the invite code (the old one stops working) with a new expiry."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id, user)
        _require_creator(table, user)
        _require_open(table)
        if table.kind != Table.Kind.PRIVATE:
            raise TableClosed(status=table.status, game_id=None)
        _new_invite(table, now, invite_ttl_s)
        table.updated_at = now
        table.save(
            update_fields=["invite_code", "invite_expires_at", "invite_revoked_at", "updated_at"]
        )
        _event(table, "invite_renewed", now, user, expires_at=table.invite_expires_at.isoformat())
    return table


def table_leave(*, user: Any, table_id: Any, now: datetime | None = None) -> Table:
    """Leave a table before it starts; the creator leaving cancels it."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id, user)
        member = table.members.get(player=user)
        _require_open(table)
        if member.status != TableMember.Status.JOINED:
            raise NotTableMember()
        member.status, member.updated_at = TableMember.Status.LEFT, now
        member.save(update_fields=["status", "updated_at"])
        _event(table, "left", now, user)
        if table.creator_id == user.pk:
            table.status, table.updated_at = Table.Status.CANCELLED, now
            table.save(update_fields=["status", "updated_at"])
            _event(table, "cancelled", now, user, reason="creator_left")
    return table


def table_start(
    *, user: Any, table_id: Any, fill_with_ai: bool = False, now: datetime | None = None
) -> Table:
    """The creator starts a private table: its game is created with the joined players in join
    order (creator first) and, with ``fill_with_ai``, AI players in the empty seats."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id, user)
        _require_creator(table, user)
        _require_open(table)
        joined = _joined(table)
        empty = table.seats - len(joined)
        if empty and not fill_with_ai:
            raise TableNotFull(empty_seats=empty)
        users = _users(m.player_id for m in joined)
        seating = [(seat, m) for seat, m in enumerate(joined)]
        ai_seats = dict.fromkeys(range(len(joined), table.seats), table.ai_level)
        _begin(table, seating, users, ai_seats, now)
    return table


def _begin(
    table: Table,
    seating: list[tuple[int, TableMember]],
    users: dict[int, Any],
    ai_seats: Mapping[int, str],
    now: datetime,
    *,
    think_delay_ms: int = 0,
    turn_limit_s: int | None = None,
) -> None:
    game_id = _start_game(
        creator=users.get(table.creator_id) or table.creator,
        preset=table.preset,
        overrides=table.options,
        humans=[(seat, users[m.player_id]) for seat, m in seating],
        ai_seats=ai_seats,
        think_delay_ms=think_delay_ms,
        turn_limit_s=turn_limit_s,
    )
    for seat, member in seating:
        member.seat, member.updated_at = seat, now
        member.save(update_fields=["seat", "updated_at"])
    table.status, table.game_id, table.updated_at = Table.Status.STARTED, game_id, now
    table.save(update_fields=["status", "game", "updated_at"])
    _event(table, "started", now, None, game_id=game_id, ai_seats=len(ai_seats))
    player_ids = [m.player_id for _, m in seating]
    transaction.on_commit(
        lambda: signals.table_started.send(
            sender=Table, table_id=str(table.pk), game_id=game_id, player_ids=player_ids
        ),
        robust=True,
    )


# ---------------------------------------------------------------------- rematch
def rematch_offer(*, user: Any, game_id: Any, now: datetime | None = None) -> Table:
    """Offer the players of a finished game the next game: same players and AI levels, seats
    rotated one place (seat s sits at s + 1). The offerer accepts by offering; when a rematch
    is already open, offering again is accepting it. Starts when every human accepted."""
    seating = selectors.game_seating(game_id=game_id)  # GameNotFound
    if seating["status"] != "finished":
        raise RematchNotAllowed(status=seating["status"])
    humans = [s for s in seating["seats"] if s["player_id"] is not None]
    if user.pk not in {s["player_id"] for s in humans}:
        raise NotSeated()
    now = now or timezone.now()
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .filter(previous_game_id=seating["game_id"], status=Table.Status.OPEN)
            .first()
        )
        if table is None:
            try:
                with transaction.atomic():
                    table = _rematch_table(user, seating, humans, now)
            except IntegrityError:  # someone offered at the same moment: accept theirs
                table = Table.objects.select_for_update().get(
                    previous_game_id=seating["game_id"], status=Table.Status.OPEN
                )
        _rematch_answer(table, user, accept=True, now=now)
    return table


def _rematch_table(user: Any, seating: dict[str, Any], humans: list[dict], now: datetime) -> Table:
    n = len(seating["seats"])
    rotate = {s["seat"]: (s["seat"] + 1) % n for s in seating["seats"]}
    table = Table.objects.create(
        kind=Table.Kind.REMATCH,
        creator=user,
        preset=seating["preset"],
        options=seating["overrides"],
        game_options=seating["options"],
        seats=n,
        ai_seats={
            str(rotate[s["seat"]]): s["ai_level"] or "heuristic"
            for s in seating["seats"]
            if s["player_id"] is None
        },
        previous_game_id=seating["game_id"],
        created_at=now,
        updated_at=now,
    )
    TableMember.objects.bulk_create(
        TableMember(
            table=table,
            player_id=s["player_id"],
            display_name=s["display_name"],
            status=TableMember.Status.INVITED,
            seat=rotate[s["seat"]],
            updated_at=now,
        )
        for s in humans
    )
    _event(table, "created", now, user, previous_game_id=str(seating["game_id"]))
    invited = [s["player_id"] for s in humans if s["player_id"] != user.pk]
    transaction.on_commit(
        lambda: signals.rematch_offered.send_robust(
            sender=Table,
            table_id=str(table.pk),
            game_id=str(seating["game_id"]),
            offered_by=user.pk,
            player_ids=invited,
        ),
        robust=True,
    )
    return table


def _rematch_answer(table: Table, user: Any, *, accept: bool, now: datetime) -> None:
    _require_open(table)
    member = table.members.filter(player=user).first()
    if member is None:
        raise NotTableMember()
    if member.status == TableMember.Status.JOINED and accept:
        return  # accepting twice changes nothing
    member.status = TableMember.Status.JOINED if accept else TableMember.Status.DECLINED
    member.joined_at = now if accept else None
    member.updated_at = now
    member.save(update_fields=["status", "joined_at", "updated_at"])
    _event(table, "accepted" if accept else "declined", now, user)
    if not accept:
        table.status, table.updated_at = Table.Status.DECLINED, now
        table.save(update_fields=["status", "updated_at"])
        return
    members = list(table.members.all())
    if all(m.status == TableMember.Status.JOINED for m in members):
        users = _users(m.player_id for m in members)
        game = table.game_options or {}
        _begin(
            table,
            sorted(((m.seat, m) for m in members), key=lambda pair: pair[0]),
            users,
            {int(seat): level for seat, level in table.ai_seats.items()},
            now,
            think_delay_ms=int(game.get("think_delay_ms") or 0),
            turn_limit_s=game.get("turn_limit_s"),
        )


def table_answer(*, user: Any, table_id: Any, accept: bool, now: datetime | None = None) -> Table:
    """Accept or decline a rematch offer (by the table's id). A decline closes the offer."""
    now = now or timezone.now()
    with transaction.atomic():
        table = _lock_table(table_id, user)
        if table.kind != Table.Kind.REMATCH:
            raise NotTableMember()
        _rematch_answer(table, user, accept=accept, now=now)
    return table
