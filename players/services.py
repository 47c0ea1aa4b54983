"""Player commands: sign up, obtain and revoke an API token. Each runs in one transaction."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from players.errors import InvalidCredentials, UsernameTaken, WeakPassword


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
