from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_created_output import BotCreatedOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    name: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/me/bots/{name}/rotate-token/".format(
            name=quote(str(name), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BotCreatedOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = BotCreatedOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemDetails.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ProblemDetails.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ProblemDetails.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ProblemDetails.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ProblemDetails.from_dict(response.json())

        return response_409

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
    name: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[BotCreatedOutput | ProblemDetails]:
    """Rotate a bot's token

     Issues a new `bot_` token for your bot, in this answer only, and deletes the old one at once: every
    request with the old token is a 401 authentication_failed from then on, and a bot stream it opened
    ends within `HEARTS_BOT_STREAM_RESCAN_S` (2) seconds (its reconnection with the old token is a 401).
    The bot's account, games, seats and ratings do not change. 404 bot_not_found when you own no active
    bot of that name (someone else's bot answers the same). Accepts `Idempotency-Key` (a replay answers
    the same new token and rotates nothing).

    Args:
        name (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotCreatedOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        name=name,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> BotCreatedOutput | ProblemDetails | None:
    """Rotate a bot's token

     Issues a new `bot_` token for your bot, in this answer only, and deletes the old one at once: every
    request with the old token is a 401 authentication_failed from then on, and a bot stream it opened
    ends within `HEARTS_BOT_STREAM_RESCAN_S` (2) seconds (its reconnection with the old token is a 401).
    The bot's account, games, seats and ratings do not change. 404 bot_not_found when you own no active
    bot of that name (someone else's bot answers the same). Accepts `Idempotency-Key` (a replay answers
    the same new token and rotates nothing).

    Args:
        name (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotCreatedOutput | ProblemDetails
    """

    return sync_detailed(
        name=name,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[BotCreatedOutput | ProblemDetails]:
    """Rotate a bot's token

     Issues a new `bot_` token for your bot, in this answer only, and deletes the old one at once: every
    request with the old token is a 401 authentication_failed from then on, and a bot stream it opened
    ends within `HEARTS_BOT_STREAM_RESCAN_S` (2) seconds (its reconnection with the old token is a 401).
    The bot's account, games, seats and ratings do not change. 404 bot_not_found when you own no active
    bot of that name (someone else's bot answers the same). Accepts `Idempotency-Key` (a replay answers
    the same new token and rotates nothing).

    Args:
        name (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotCreatedOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        name=name,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> BotCreatedOutput | ProblemDetails | None:
    """Rotate a bot's token

     Issues a new `bot_` token for your bot, in this answer only, and deletes the old one at once: every
    request with the old token is a 401 authentication_failed from then on, and a bot stream it opened
    ends within `HEARTS_BOT_STREAM_RESCAN_S` (2) seconds (its reconnection with the old token is a 401).
    The bot's account, games, seats and ratings do not change. 404 bot_not_found when you own no active
    bot of that name (someone else's bot answers the same). Accepts `Idempotency-Key` (a replay answers
    the same new token and rotates nothing).

    Args:
        name (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotCreatedOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
