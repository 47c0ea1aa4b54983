from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_log_output import GameLogOutput
from ...models.problem_details import ProblemDetails
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/log/".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameLogOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = GameLogOutput.from_dict(response.json())

        return response_200

    if response.status_code == 403:
        response_403 = ProblemDetails.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ProblemDetails.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ProblemDetails.from_dict(response.json())

        return response_409

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
) -> Response[GameLogOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GameLogOutput | ProblemDetails]:
    """Export the full log of a finished game

     Every stored event with every card (deals with deck and salt, every pass), the sha256 hash chain and
    the server's Ed25519 signed heads (check them with GET signing-keys/), so anyone can verify the
    deals against their commitments and replay the game. Players are named by their seats' display
    names: internal account ids are left out for everyone but staff (each event's `redacted` lists them;
    their hashes cover those ids). Only once the game is over (409 game_not_finished before).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLogOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameLogOutput | ProblemDetails | None:
    """Export the full log of a finished game

     Every stored event with every card (deals with deck and salt, every pass), the sha256 hash chain and
    the server's Ed25519 signed heads (check them with GET signing-keys/), so anyone can verify the
    deals against their commitments and replay the game. Players are named by their seats' display
    names: internal account ids are left out for everyone but staff (each event's `redacted` lists them;
    their hashes cover those ids). Only once the game is over (409 game_not_finished before).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLogOutput | ProblemDetails
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GameLogOutput | ProblemDetails]:
    """Export the full log of a finished game

     Every stored event with every card (deals with deck and salt, every pass), the sha256 hash chain and
    the server's Ed25519 signed heads (check them with GET signing-keys/), so anyone can verify the
    deals against their commitments and replay the game. Players are named by their seats' display
    names: internal account ids are left out for everyone but staff (each event's `redacted` lists them;
    their hashes cover those ids). Only once the game is over (409 game_not_finished before).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameLogOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameLogOutput | ProblemDetails | None:
    """Export the full log of a finished game

     Every stored event with every card (deals with deck and salt, every pass), the sha256 hash chain and
    the server's Ed25519 signed heads (check them with GET signing-keys/), so anyone can verify the
    deals against their commitments and replay the game. Players are named by their seats' display
    names: internal account ids are left out for everyone but staff (each event's `redacted` lists them;
    their hashes cover those ids). Only once the game is over (409 game_not_finished before).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameLogOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
