from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.leaderboard_page_output import LeaderboardPageOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    preset: str,
    *,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/leaderboards/{preset}/".format(
            preset=quote(str(preset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LeaderboardPageOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = LeaderboardPageOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ProblemDetails.from_dict(response.json())

        return response_400

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
) -> Response[LeaderboardPageOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> Response[LeaderboardPageOutput | ProblemDetails]:
    """Leaderboard of a preset

     Players and AI levels with at least one rated game on this preset, best conservative rating (mu - 3
    sigma) first, with games played and the provisional flag. Paginated (limit/offset). Public. Ratings
    are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardPageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        preset=preset,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> LeaderboardPageOutput | ProblemDetails | None:
    """Leaderboard of a preset

     Players and AI levels with at least one rated game on this preset, best conservative rating (mu - 3
    sigma) first, with games played and the provisional flag. Paginated (limit/offset). Public. Ratings
    are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardPageOutput | ProblemDetails
    """

    return sync_detailed(
        preset=preset,
        client=client,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> Response[LeaderboardPageOutput | ProblemDetails]:
    """Leaderboard of a preset

     Players and AI levels with at least one rated game on this preset, best conservative rating (mu - 3
    sigma) first, with games played and the provisional flag. Paginated (limit/offset). Public. Ratings
    are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardPageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        preset=preset,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> LeaderboardPageOutput | ProblemDetails | None:
    """Leaderboard of a preset

     Players and AI levels with at least one rated game on this preset, best conservative rating (mu - 3
    sigma) first, with games played and the provisional flag. Paginated (limit/offset). Public. Ratings
    are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see docs/ratings.md.

    Args:
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardPageOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            preset=preset,
            client=client,
            limit=limit,
            offset=offset,
        )
    ).parsed
