from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.identity_rating_detail_output import IdentityRatingDetailOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    username: str,
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
        "url": "/api/v1/players/{username}/ratings/{preset}/".format(
            username=quote(str(username), safe=""),
            preset=quote(str(preset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IdentityRatingDetailOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = IdentityRatingDetailOutput.from_dict(response.json())

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
) -> Response[IdentityRatingDetailOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    username: str,
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> Response[IdentityRatingDetailOutput | ProblemDetails]:
    """A player's rating and history on a preset

     The rating and its history, one point per rated game, oldest first (paginated: limit/offset).
    Public. A preset without a rated game shows the starting rating (1500, 0 games, provisional).
    Ratings are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see
    docs/ratings.md.

    Args:
        username (str):
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityRatingDetailOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        username=username,
        preset=preset,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    username: str,
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> IdentityRatingDetailOutput | ProblemDetails | None:
    """A player's rating and history on a preset

     The rating and its history, one point per rated game, oldest first (paginated: limit/offset).
    Public. A preset without a rated game shows the starting rating (1500, 0 games, provisional).
    Ratings are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see
    docs/ratings.md.

    Args:
        username (str):
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityRatingDetailOutput | ProblemDetails
    """

    return sync_detailed(
        username=username,
        preset=preset,
        client=client,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    username: str,
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> Response[IdentityRatingDetailOutput | ProblemDetails]:
    """A player's rating and history on a preset

     The rating and its history, one point per rated game, oldest first (paginated: limit/offset).
    Public. A preset without a rated game shows the starting rating (1500, 0 games, provisional).
    Ratings are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see
    docs/ratings.md.

    Args:
        username (str):
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityRatingDetailOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        username=username,
        preset=preset,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    username: str,
    preset: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = UNSET,
) -> IdentityRatingDetailOutput | ProblemDetails | None:
    """A player's rating and history on a preset

     The rating and its history, one point per rated game, oldest first (paginated: limit/offset).
    Public. A preset without a rated game shows the starting rating (1500, 0 games, provisional).
    Ratings are Plackett-Luce skills (openskill) per preset, shown as 1500 + 30 (mu - 25); see
    docs/ratings.md.

    Args:
        username (str):
        preset (str):
        limit (int | Unset):
        offset (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityRatingDetailOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            username=username,
            preset=preset,
            client=client,
            limit=limit,
            offset=offset,
        )
    ).parsed
