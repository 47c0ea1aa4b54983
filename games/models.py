"""Storage of games: the append-only event log (the truth), snapshots (a cache) and read models.

* ``GameEvent`` is one stored fact, numbered 1, 2, 3... per game, chained by sha256 hashes. It is
  append-only: instances refuse ``save`` after creation and ``delete``; the queryset refuses
  ``update`` and ``delete``; on PostgreSQL a trigger rejects UPDATE and DELETE (migration 0002).
* ``HeadSignature`` is the server's Ed25519 signature of a chain head (every hand end and game
  end), append-only like the events (games/signing.py).
* ``GameSnapshot`` caches the aggregate at a sequence number; deleting every snapshot changes
  nothing but speed.
* ``Game`` and ``Seat`` are read models, updated by ``games.services`` in the transaction that
  appends the events; ``manage.py verify_games`` checks that they agree with the log.
* ``IdempotencyRecord`` backs the API's Idempotency-Key handling (``games/idempotency.py``).

Game ids are UUIDs (``uuid4``): they appear in URLs and must not be guessable or enumerable.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from games.aggregate import Status

# (value, label) of every game status: the aggregate's enum owns the values.
STATUS_CHOICES = [(status.value, status.label) for status in Status]


class AppendOnlyError(Exception):
    """Raised when code tries to change or delete a stored event."""


class Game(models.Model):
    Status = Status  # ``Game.Status.ACTIVE``: the aggregate's ``Status`` (a str enum)

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    preset = models.CharField(max_length=32, db_index=True)
    ruleset = models.JSONField()
    status = models.CharField(
        max_length=16, choices=STATUS_CHOICES, default=Status.LOBBY, db_index=True
    )
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    options = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Head of the log (denormalised so an append needs no extra query).
    last_seq = models.PositiveIntegerField(default=0)
    last_hash = models.CharField(max_length=64, default="")
    last_event_at = models.DateTimeField(null=True, blank=True)
    # Whose turn: the seats that may act now, and whether one of them is played by the AI.
    to_act = models.JSONField(default=list, blank=True)
    awaiting_ai = models.BooleanField(default=False, db_index=True)
    # The per-game secret of chain version 2 (docs/event-store.md): the key of the pseudonyms
    # that stand for account ids in the hashed (public) form of its events. Blank: chain
    # version 1 (games created before it). Never in the log nor in any API response.
    id_salt = models.CharField(max_length=64, blank=True, default="", editable=False)
    # Read model of the results (kept by store.sync_read_model, checked by verify_games): the
    # number of hands scored so far. Each seat's total and result are on its Seat row.
    hands_scored = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["awaiting_ai", "last_event_at"], name="games_awaiting_ai_idx")
        ]

    def __str__(self) -> str:
        return f"{self.preset} game {self.id}"

    @property
    def chain_version(self) -> int:
        return 2 if self.id_salt else 1


class Seat(models.Model):
    class Kind(models.TextChoices):
        EMPTY = "empty", "Empty"
        HUMAN = "human", "Human"
        AI = "ai", "AI"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.EMPTY)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hearts_seats",
    )
    display_name = models.CharField(max_length=150, blank=True, default="")
    ai_level = models.CharField(max_length=16, blank=True, default="")
    handed_to_ai = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)
    # A bot account's seat: the public name of the player who owns the bot (empty for humans
    # and AI seats), from the ``seat_taken`` event.
    bot_owner = models.CharField(max_length=150, blank=True, default="")
    # The seat's running total (its points so far, lower is better) and, once the game is
    # finished, whether it is among the winners (None before): the players' statistics read
    # these instead of replaying each game.
    total = models.IntegerField(default=0)
    won = models.BooleanField(null=True, default=None)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_seat_unique_index")
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.game_id}"


class BotAccount(models.Model):
    """A bot account: a player account of its own (rated as itself, seated like a player, moving
    through the same endpoints) that a human player owns and that is shown as a bot everywhere.

    Registered by its owner (``players.services.bot_register``); its only credential is a bot
    token (``common.bot_tokens``: the key says it is a bot, no password). Revoking it deletes the
    token and deactivates the account; its finished games and ratings stay.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="bot"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_bots"
    )
    description = models.CharField(max_length=200, blank=True, default="")
    # Whether players other than the owner may seat it at their tables.
    open_to_all = models.BooleanField(default=True)
    created_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "user_id"]

    def __str__(self) -> str:
        return f"bot {self.user_id} of {self.owner_id}"


class GameEventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("Stored game events are append-only: update is refused.")

    def delete(self):
        raise AppendOnlyError("Stored game events are append-only: delete is refused.")

    def _raw_delete(self, using):
        raise AppendOnlyError("Stored game events are append-only: delete is refused.")


class GameEvent(models.Model):
    class ActorKind(models.TextChoices):
        PLAYER = "player", "Player"
        AI = "ai", "AI seat"
        SYSTEM = "system", "System"

    # PROTECT: a game with events can never be deleted through the ORM.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=48)
    schema_version = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    actor_kind = models.CharField(max_length=8, choices=ActorKind.choices)
    actor_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = GameEventQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_event_unique_seq"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="games_event_seq_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.seq} {self.type}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError(
                "Stored game events are append-only: save of an existing row is refused."
            )
        kwargs["force_insert"] = True
        return super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Stored game events are append-only: delete is refused.")


class HeadSignatureQuerySet(GameEventQuerySet):
    """Signed heads are append-only too."""


class HeadSignature(models.Model):
    """The server's Ed25519 signature of a game's chain head (``hash`` of event ``seq``).

    Written in the transaction that appends a ``hand_scored`` or ``game_ended`` event (and by
    ``manage.py sign_heads`` for older logs). Append-only like the events (model, queryset and a
    PostgreSQL trigger, migration 0003). The private key is never stored: see games/signing.py.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="head_signatures")
    seq = models.PositiveIntegerField()
    head_hash = models.CharField(max_length=64)
    key_id = models.CharField(max_length=32)
    signature = models.CharField(max_length=128)  # base64 of the 64-byte Ed25519 signature
    created_at = models.DateTimeField()

    objects = HeadSignatureQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_headsig_unique_seq")
        ]

    def __str__(self) -> str:
        return f"signed head of {self.game_id} at {self.seq} ({self.key_id})"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError(
                "Signed heads are append-only: save of an existing row is refused."
            )
        kwargs["force_insert"] = True
        return super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Signed heads are append-only: delete is refused.")


class GameSnapshot(models.Model):
    """A cache of the aggregate after event ``seq``. Never the truth."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    version = models.CharField(max_length=64)  # engine version + aggregate version
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="games_snapshot_unique_seq")
        ]

    def __str__(self) -> str:
        return f"snapshot of {self.game_id} at {self.seq}"


class IdempotencyRecord(models.Model):
    """The stored response of a request made with an Idempotency-Key (logic in the API layer)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=512)
    fingerprint = models.CharField(max_length=64)  # sha256 of method + path + body
    status_code = models.PositiveSmallIntegerField()
    response_body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="games_idempotency_unique_key")
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key}"
