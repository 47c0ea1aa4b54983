"""Player commands: sign up, obtain and revoke an API token. Each runs in one transaction."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from common.bot_tokens import new_bot_token_key
from games.errors import BotNotFound
from games.models import BotAccount
from players.errors import (
    BotLimitReached,
    BotsCannotOwnBots,
    InvalidCredentials,
    UsernameTaken,
    WeakPassword,
)


@transaction.atomic
def player_sign_up(*, username: str, password: str, email: str = "") -> tuple[object, Token]:
    """Create a player account and its API token."""
    user_model = get_user_model()
    if user_model.objects.filter(username__iexact=username).exists():
        raise UsernameTaken(username=username)
    candidate = user_model(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except DjangoValidationError as exc:
        raise WeakPassword(messages=list(exc.messages)) from exc
    try:
        with transaction.atomic():
            user = user_model.objects.create_user(username=username, password=password, email=email)
    except IntegrityError as exc:  # a concurrent sign-up with the same name won the race
        raise UsernameTaken(username=username) from exc
    token = Token.objects.create(user=user)
    return user, token


@transaction.atomic
def token_obtain(*, username: str, password: str) -> Token:
    """The player's API token (created on first use; the same token until revoked)."""
    user = authenticate(username=username, password=password)
    if user is None or not user.is_active:
        raise InvalidCredentials()
    token, _created = Token.objects.get_or_create(user=user)
    return token


@transaction.atomic
def token_revoke(*, user) -> None:
    """Delete the player's API token; the next obtain issues a new one."""
    Token.objects.filter(user=user).delete()


# ---------------------------------------------------------------------- bot accounts
def bot_limit() -> int:
    return int(getattr(settings, "HEARTS_BOTS_PER_PLAYER", 10))


@transaction.atomic
def bot_register(
    *, owner, name: str, description: str = "", open_to_all: bool = True
) -> tuple[BotAccount, Token]:
    """Register a bot account owned by ``owner``: a player account of its own (no password, so
    no session and no password token) and its bot token (``common.bot_tokens``), shown once."""
    if BotAccount.objects.filter(user_id=owner.pk).exists():
        raise BotsCannotOwnBots()
    # The owner's row is locked: two registrations at once cannot both pass the limit.
    user_model = get_user_model()
    user_model.objects.select_for_update().filter(pk=owner.pk).first()
    limit = bot_limit()
    if BotAccount.objects.filter(owner_id=owner.pk, revoked_at__isnull=True).count() >= limit:
        raise BotLimitReached(limit=limit)
    if user_model.objects.filter(username__iexact=name).exists():
        raise UsernameTaken(username=name)
    try:
        with transaction.atomic():
            user = user_model.objects.create_user(username=name, password=None)
    except IntegrityError as exc:
        raise UsernameTaken(username=name) from exc
    bot = BotAccount.objects.create(
        user=user,
        owner=owner,
        description=description,
        open_to_all=open_to_all,
        created_at=timezone.now(),
    )
    token = Token.objects.create(user=user, key=new_bot_token_key())
    return bot, token


def _owned_active_bot(*, owner, name: str) -> BotAccount:
    """The owner's active bot of that name, locked; otherwise 404 ``bot_not_found`` (someone
    else's bot, a revoked one and an unknown name are told apart by nothing)."""
    bot = (
        BotAccount.objects.select_for_update()
        .select_related("user")
        .filter(owner_id=owner.pk, user__username=name, revoked_at__isnull=True)
        .first()
    )
    if bot is None:
        raise BotNotFound(bot=name)
    return bot


@transaction.atomic
def bot_revoke(*, owner, name: str) -> BotAccount:
    """Revoke the owner's bot: its token is deleted and its account deactivated (it can no
    longer sign in or be seated); its games and ratings stay, still shown as a bot's."""
    bot = _owned_active_bot(owner=owner, name=name)
    Token.objects.filter(user_id=bot.user_id).delete()
    get_user_model().objects.filter(pk=bot.user_id).update(is_active=False)
    bot.revoked_at = timezone.now()
    bot.save(update_fields=["revoked_at"])
    return bot


@transaction.atomic
def bot_token_rotate(*, owner, name: str) -> tuple[BotAccount, Token]:
    """A new bot token for the owner's active bot, shown once; the old token is deleted in the
    same transaction, so it fails every request from the commit on (and the bot stream it
    opened ends: ``notifications.live.follow_bot``). Someone else's bot, a revoked one or an
    unknown name is the same 404 ``bot_not_found``: nothing tells them apart."""
    bot = _owned_active_bot(owner=owner, name=name)
    Token.objects.filter(user_id=bot.user_id).delete()
    token = Token.objects.create(user=bot.user, key=new_bot_token_key())
    return bot, token
