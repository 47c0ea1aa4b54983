from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_ratings_output import GameRatingsOutput
from ...models.problem_details import ProblemDetails
from ...types import Response


def _get_kwargs(
    game_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/ratings/".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameRatingsOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = GameRatingsOutput.from_dict(response.json())

        return response_200

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
) -> Response[GameRatingsOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[GameRatingsOutput | ProblemDetails]:
    """Ratings of a game's seats

     The current rating, on the game's preset, of each seated player and AI level (lobby, active or
    finished games), and once the finished game is rated what it changed for each. Public (seats are
    named by their display names). Ratings are Plackett-Luce skills (openskill) per preset, shown as
    1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRatingsOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> GameRatingsOutput | ProblemDetails | None:
    """Ratings of a game's seats

     The current rating, on the game's preset, of each seated player and AI level (lobby, active or
    finished games), and once the finished game is rated what it changed for each. Public (seats are
    named by their display names). Ratings are Plackett-Luce skills (openskill) per preset, shown as
    1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRatingsOutput | ProblemDetails
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[GameRatingsOutput | ProblemDetails]:
    """Ratings of a game's seats

     The current rating, on the game's preset, of each seated player and AI level (lobby, active or
    finished games), and once the finished game is rated what it changed for each. Public (seats are
    named by their display names). Ratings are Plackett-Luce skills (openskill) per preset, shown as
    1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRatingsOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> GameRatingsOutput | ProblemDetails | None:
    """Ratings of a game's seats

     The current rating, on the game's preset, of each seated player and AI level (lobby, active or
    finished games), and once the finished game is rated what it changed for each. Public (seats are
    named by their display names). Ratings are Plackett-Luce skills (openskill) per preset, shown as
    1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRatingsOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
