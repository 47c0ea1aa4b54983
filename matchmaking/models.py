"""Matchmaking state: quick-play tickets, private and rematch tables, and their histories.

This is not a game's event log (that lives in ``games``): it is the state of who waits for
whom. Rows change status, but every change is also written as an append-only history row
(``TicketEvent``, ``TableEvent``) in the same transaction, so each ticket and table can be
audited: when it was queued, matched (into which game and seat), cancelled, joined, declined.

* ``Ticket``: one player waiting in the quick-play queue for a preset with options. A partial
  unique index allows at most one *waiting* ticket per player (on SQLite and PostgreSQL), so
  queueing twice is refused by the database itself, not only by a check.
* ``Table``: a private table (creator, invite code) or a rematch offer (the players of a
  finished game); the game is created only when the table starts.
* ``TableMember``: a player joined to / invited to a table, with a seat once the game exists.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class AppendOnlyError(Exception):
    """Raised when code tries to change or delete a history row."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("Matchmaking history is append-only: update is refused.")

    def delete(self):
        raise AppendOnlyError("Matchmaking history is append-only: delete is refused.")


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("Matchmaking history is append-only: save is refused.")
        kwargs["force_insert"] = True
        return super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Matchmaking history is append-only: delete is refused.")


class Ticket(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting"
        MATCHED = "matched", "Matched"
        CANCELLED = "cancelled", "Cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hearts_tickets"
    )
    preset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)  # rule overrides, as sent
    # Tickets match only tickets of the same pool: the same resolved ruleset (a hash of it).
    pool = models.CharField(max_length=64)
    seats = models.PositiveSmallIntegerField()  # the preset's table size
    ai_fill = models.BooleanField(default=True)
    ai_level = models.CharField(max_length=16, default="heuristic")
    ai_fill_after_s = models.PositiveIntegerField()
    # Bot accounts (docs/bots-api.md): whether the ticket is a bot's, and whether its human
    # accepts bots at the table.
    is_bot = models.BooleanField(default=False)
    allow_bots = models.BooleanField(default=False)
    max_rating_gap = models.PositiveIntegerField(null=True, blank=True)
    rating = models.FloatField(null=True, blank=True)  # the player's rating when queued
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(status="waiting"),
                name="matchmaking_one_waiting_ticket",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="matched") | models.Q(game__isnull=False),
                name="matchmaking_matched_has_game",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "created_at"], name="matchmaking_waiting_idx"),
            models.Index(fields=["player", "created_at"], name="matchmaking_player_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.preset} ticket {self.id} ({self.status})"


class TicketEvent(AppendOnlyModel):
    class Type(models.TextChoices):
        QUEUED = "queued", "Queued"
        MATCHED = "matched", "Matched"
        CANCELLED = "cancelled", "Cancelled"

    ticket = models.ForeignKey(Ticket, on_delete=models.CASCADE, related_name="history")
    type = models.CharField(max_length=16, choices=Type.choices)
    at = models.DateTimeField()
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["ticket", "id"]

    def __str__(self) -> str:
        return f"{self.ticket_id} {self.type} at {self.at:%H:%M:%S}"


class Table(models.Model):
    class Kind(models.TextChoices):
        PRIVATE = "private", "Private table"
        REMATCH = "rematch", "Rematch"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        STARTED = "started", "Started"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    preset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField()
    ai_level = models.CharField(max_length=16, default="heuristic")
    # Table options of the game to create (think_delay_ms, turn_limit_s): a rematch keeps them.
    game_options = models.JSONField(default=dict, blank=True)
    # Rematch: the AI seats of the previous game, {seat: level} in the new seating.
    ai_seats = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    invite_code = models.CharField(max_length=64, null=True, blank=True, unique=True)
    invite_expires_at = models.DateTimeField(null=True, blank=True)
    invite_revoked_at = models.DateTimeField(null=True, blank=True)
    previous_game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["previous_game"],
                condition=models.Q(status="open"),
                name="matchmaking_one_open_rematch",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} table {self.id} ({self.status})"


class TableMember(models.Model):
    class Status(models.TextChoices):
        INVITED = "invited", "Invited"  # rematch: asked, not answered yet
        JOINED = "joined", "Joined"  # joined a private table / accepted a rematch
        DECLINED = "declined", "Declined"
        LEFT = "left", "Left"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    display_name = models.CharField(max_length=150, blank=True, default="")
    status = models.CharField(max_length=16, choices=Status.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # rematch: the rotated seat
    joined_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="matchmaking_member_once")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} at {self.table_id} ({self.status})"


class TableEvent(AppendOnlyModel):
    """created, joined, declined, left, invite_renewed, invite_revoked, started, cancelled."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="history")
    type = models.CharField(max_length=24)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField()
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["table", "id"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.type} at {self.at:%H:%M:%S}"
