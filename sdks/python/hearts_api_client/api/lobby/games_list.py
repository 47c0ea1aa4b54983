from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_page_output import GamePageOutput
from ...models.games_list_status import GamesListStatus
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    has_open_seat: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["has_open_seat"] = has_open_seat

    params["limit"] = limit

    params["offset"] = offset

    params["preset"] = preset

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GamePageOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = GamePageOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemDetails.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ProblemDetails.from_dict(response.json())

        return response_403

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
) -> Response[GamePageOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    has_open_seat: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[GamePageOutput | ProblemDetails]:
    """List games (the lobby)

     Games newest first, filtered by `preset`, `status` (lobby, active, finished) and `has_open_seat`.
    Paginated with `limit` / `offset`. Public. A malformed or out-of-range parameter is a 400
    invalid_filter naming it (`extra.errors`).

    Args:
        has_open_seat (bool | Unset):
        limit (int | Unset):
        offset (int | Unset):
        preset (str | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        has_open_seat=has_open_seat,
        limit=limit,
        offset=offset,
        preset=preset,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    has_open_seat: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> GamePageOutput | ProblemDetails | None:
    """List games (the lobby)

     Games newest first, filtered by `preset`, `status` (lobby, active, finished) and `has_open_seat`.
    Paginated with `limit` / `offset`. Public. A malformed or out-of-range parameter is a 400
    invalid_filter naming it (`extra.errors`).

    Args:
        has_open_seat (bool | Unset):
        limit (int | Unset):
        offset (int | Unset):
        preset (str | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePageOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        has_open_seat=has_open_seat,
        limit=limit,
        offset=offset,
        preset=preset,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    has_open_seat: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[GamePageOutput | ProblemDetails]:
    """List games (the lobby)

     Games newest first, filtered by `preset`, `status` (lobby, active, finished) and `has_open_seat`.
    Paginated with `limit` / `offset`. Public. A malformed or out-of-range parameter is a 400
    invalid_filter naming it (`extra.errors`).

    Args:
        has_open_seat (bool | Unset):
        limit (int | Unset):
        offset (int | Unset):
        preset (str | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        has_open_seat=has_open_seat,
        limit=limit,
        offset=offset,
        preset=preset,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    has_open_seat: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
    preset: str | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> GamePageOutput | ProblemDetails | None:
    """List games (the lobby)

     Games newest first, filtered by `preset`, `status` (lobby, active, finished) and `has_open_seat`.
    Paginated with `limit` / `offset`. Public. A malformed or out-of-range parameter is a 400
    invalid_filter naming it (`extra.errors`).

    Args:
        has_open_seat (bool | Unset):
        limit (int | Unset):
        offset (int | Unset):
        preset (str | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePageOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            has_open_seat=has_open_seat,
            limit=limit,
            offset=offset,
            preset=preset,
            status=status,
        )
    ).parsed
