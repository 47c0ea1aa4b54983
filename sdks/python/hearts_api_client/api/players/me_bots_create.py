from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_created_output import BotCreatedOutput
from ...models.bot_register_input_request import BotRegisterInputRequest
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BotRegisterInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/me/bots/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BotCreatedOutput | ProblemDetails | None:
    if response.status_code == 201:
        response_201 = BotCreatedOutput.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ProblemDetails.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ProblemDetails.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ProblemDetails.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = ProblemDetails.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = ProblemDetails.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ProblemDetails.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ProblemDetails.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ProblemDetails.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BotCreatedOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BotRegisterInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[BotCreatedOutput | ProblemDetails]:
    """Register a bot account

     A bot account is a player account of its own that you own: it is shown as a bot everywhere
    (`is_bot`, `bot_owner`), rated as itself, seated by invites, by quick play when the human allows
    bots, or by a game's creator, and plays through the same move endpoints with its token. It follows
    all its games on one event stream (`GET /api/v1/bot/stream/`, docs/bots-api.md). The token is in
    this answer only. At most `HEARTS_BOTS_PER_PLAYER` (10) active bots each (409 bot_limit_reached); a
    bot cannot register bots (403 bots_cannot_own_bots); the name is unique among players and bots (409
    username_taken). Accepts `Idempotency-Key` (a replay answers the same token).

    Args:
        idempotency_key (str | Unset):
        body (BotRegisterInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotCreatedOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BotRegisterInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> BotCreatedOutput | ProblemDetails | None:
    """Register a bot account

     A bot account is a player account of its own that you own: it is shown as a bot everywhere
    (`is_bot`, `bot_owner`), rated as itself, seated by invites, by quick play when the human allows
    bots, or by a game's creator, and plays through the same move endpoints with its token. It follows
    all its games on one event stream (`GET /api/v1/bot/stream/`, docs/bots-api.md). The token is in
    this answer only. At most `HEARTS_BOTS_PER_PLAYER` (10) active bots each (409 bot_limit_reached); a
    bot cannot register bots (403 bots_cannot_own_bots); the name is unique among players and bots (409
    username_taken). Accepts `Idempotency-Key` (a replay answers the same token).

    Args:
        idempotency_key (str | Unset):
        body (BotRegisterInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotCreatedOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BotRegisterInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[BotCreatedOutput | ProblemDetails]:
    """Register a bot account

     A bot account is a player account of its own that you own: it is shown as a bot everywhere
    (`is_bot`, `bot_owner`), rated as itself, seated by invites, by quick play when the human allows
    bots, or by a game's creator, and plays through the same move endpoints with its token. It follows
    all its games on one event stream (`GET /api/v1/bot/stream/`, docs/bots-api.md). The token is in
    this answer only. At most `HEARTS_BOTS_PER_PLAYER` (10) active bots each (409 bot_limit_reached); a
    bot cannot register bots (403 bots_cannot_own_bots); the name is unique among players and bots (409
    username_taken). Accepts `Idempotency-Key` (a replay answers the same token).

    Args:
        idempotency_key (str | Unset):
        body (BotRegisterInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotCreatedOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BotRegisterInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> BotCreatedOutput | ProblemDetails | None:
    """Register a bot account

     A bot account is a player account of its own that you own: it is shown as a bot everywhere
    (`is_bot`, `bot_owner`), rated as itself, seated by invites, by quick play when the human allows
    bots, or by a game's creator, and plays through the same move endpoints with its token. It follows
    all its games on one event stream (`GET /api/v1/bot/stream/`, docs/bots-api.md). The token is in
    this answer only. At most `HEARTS_BOTS_PER_PLAYER` (10) active bots each (409 bot_limit_reached); a
    bot cannot register bots (403 bots_cannot_own_bots); the name is unique among players and bots (409
    username_taken). Accepts `Idempotency-Key` (a replay answers the same token).

    Args:
        idempotency_key (str | Unset):
        body (BotRegisterInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotCreatedOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
