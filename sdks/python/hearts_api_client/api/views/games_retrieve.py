from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_view_output import GameViewOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameViewOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = GameViewOutput.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 403:
        response_403 = ProblemDetails.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ProblemDetails.from_dict(response.json())

        return response_404

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
) -> Response[Any | GameViewOutput | ProblemDetails]:
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
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameViewOutput | ProblemDetails]:
    """The game as you see it

     Seated players see their hand, legal cards now, what they passed and received; everyone else
    (spectators, anonymous) sees public information only. Every view has the current trick, completed
    tricks, points this hand, scores per hand, whose turn, pass direction, the deal commitment and the
    revealed decks of finished hands. `ETag` is `"{game id}:{seq}:{your seat or public}"`; send it in
    `If-None-Match` for a 304, or in `If-Match` on a command.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameViewOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GameViewOutput | ProblemDetails | None:
    """The game as you see it

     Seated players see their hand, legal cards now, what they passed and received; everyone else
    (spectators, anonymous) sees public information only. Every view has the current trick, completed
    tricks, points this hand, scores per hand, whose turn, pass direction, the deal commitment and the
    revealed decks of finished hands. `ETag` is `"{game id}:{seq}:{your seat or public}"`; send it in
    `If-None-Match` for a 304, or in `If-Match` on a command.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameViewOutput | ProblemDetails
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameViewOutput | ProblemDetails]:
    """The game as you see it

     Seated players see their hand, legal cards now, what they passed and received; everyone else
    (spectators, anonymous) sees public information only. Every view has the current trick, completed
    tricks, points this hand, scores per hand, whose turn, pass direction, the deal commitment and the
    revealed decks of finished hands. `ETag` is `"{game id}:{seq}:{your seat or public}"`; send it in
    `If-None-Match` for a 304, or in `If-Match` on a command.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameViewOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GameViewOutput | ProblemDetails | None:
    """The game as you see it

     Seated players see their hand, legal cards now, what they passed and received; everyone else
    (spectators, anonymous) sees public information only. Every view has the current trick, completed
    tricks, points this hand, scores per hand, whose turn, pass direction, the deal commitment and the
    revealed decks of finished hands. `ETag` is `"{game id}:{seq}:{your seat or public}"`; send it in
    `If-None-Match` for a 304, or in `If-Match` on a command.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameViewOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
