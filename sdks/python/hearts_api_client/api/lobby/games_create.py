from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_result_output import CommandResultOutput
from ...models.game_create_input_request import GameCreateInputRequest
from ...models.games_create_prefer import GamesCreatePrefer
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GameCreateInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: GamesCreatePrefer | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(prefer, Unset):
        headers["Prefer"] = str(prefer)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandResultOutput | ProblemDetails | None:
    if response.status_code == 201:
        response_201 = CommandResultOutput.from_dict(response.json())

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
) -> Response[CommandResultOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: GameCreateInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: GamesCreatePrefer | Unset = UNSET,
) -> Response[CommandResultOutput | ProblemDetails]:
    """Create a game

     Create a game from a rules preset with option overrides (validated by the engine: 400
    invalid_ruleset names the field). The creator takes seat 0 unless `take_seat` is false. Answers 201
    with the creation events and the creator's view; `Location` names the game.

    Accepts `Idempotency-Key` and `Prefer: return=minimal` (no view in the answer).

    Args:
        idempotency_key (str | Unset):
        prefer (GamesCreatePrefer | Unset):
        body (GameCreateInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResultOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: GameCreateInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: GamesCreatePrefer | Unset = UNSET,
) -> CommandResultOutput | ProblemDetails | None:
    """Create a game

     Create a game from a rules preset with option overrides (validated by the engine: 400
    invalid_ruleset names the field). The creator takes seat 0 unless `take_seat` is false. Answers 201
    with the creation events and the creator's view; `Location` names the game.

    Accepts `Idempotency-Key` and `Prefer: return=minimal` (no view in the answer).

    Args:
        idempotency_key (str | Unset):
        prefer (GamesCreatePrefer | Unset):
        body (GameCreateInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResultOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: GameCreateInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: GamesCreatePrefer | Unset = UNSET,
) -> Response[CommandResultOutput | ProblemDetails]:
    """Create a game

     Create a game from a rules preset with option overrides (validated by the engine: 400
    invalid_ruleset names the field). The creator takes seat 0 unless `take_seat` is false. Answers 201
    with the creation events and the creator's view; `Location` names the game.

    Accepts `Idempotency-Key` and `Prefer: return=minimal` (no view in the answer).

    Args:
        idempotency_key (str | Unset):
        prefer (GamesCreatePrefer | Unset):
        body (GameCreateInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResultOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: GameCreateInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: GamesCreatePrefer | Unset = UNSET,
) -> CommandResultOutput | ProblemDetails | None:
    """Create a game

     Create a game from a rules preset with option overrides (validated by the engine: 400
    invalid_ruleset names the field). The creator takes seat 0 unless `take_seat` is false. Answers 201
    with the creation events and the creator's view; `Location` names the game.

    Accepts `Idempotency-Key` and `Prefer: return=minimal` (no view in the answer).

    Args:
        idempotency_key (str | Unset):
        prefer (GamesCreatePrefer | Unset):
        body (GameCreateInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResultOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            prefer=prefer,
        )
    ).parsed
