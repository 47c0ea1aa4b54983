from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.identity_ratings_output import IdentityRatingsOutput
from ...models.problem_details import ProblemDetails
from ...types import Response


def _get_kwargs(
    level: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ai-levels/{level}/ratings/".format(
            level=quote(str(level), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IdentityRatingsOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = IdentityRatingsOutput.from_dict(response.json())

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
) -> Response[IdentityRatingsOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    level: str,
    *,
    client: AuthenticatedClient,
) -> Response[IdentityRatingsOutput | ProblemDetails]:
    """An AI level's ratings

     The AI level's rating on every preset's ladder (one identity per level per preset, rated from its
    games against players and other levels). Public. A preset without a rated game shows the starting
    rating (1500, 0 games, provisional).

    Args:
        level (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityRatingsOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        level=level,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    level: str,
    *,
    client: AuthenticatedClient,
) -> IdentityRatingsOutput | ProblemDetails | None:
    """An AI level's ratings

     The AI level's rating on every preset's ladder (one identity per level per preset, rated from its
    games against players and other levels). Public. A preset without a rated game shows the starting
    rating (1500, 0 games, provisional).

    Args:
        level (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityRatingsOutput | ProblemDetails
    """

    return sync_detailed(
        level=level,
        client=client,
    ).parsed


async def asyncio_detailed(
    level: str,
    *,
    client: AuthenticatedClient,
) -> Response[IdentityRatingsOutput | ProblemDetails]:
    """An AI level's ratings

     The AI level's rating on every preset's ladder (one identity per level per preset, rated from its
    games against players and other levels). Public. A preset without a rated game shows the starting
    rating (1500, 0 games, provisional).

    Args:
        level (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdentityRatingsOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        level=level,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    level: str,
    *,
    client: AuthenticatedClient,
) -> IdentityRatingsOutput | ProblemDetails | None:
    """An AI level's ratings

     The AI level's rating on every preset's ladder (one identity per level per preset, rated from its
    games against players and other levels). Public. A preset without a rated game shows the starting
    rating (1500, 0 games, provisional).

    Args:
        level (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdentityRatingsOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            level=level,
            client=client,
        )
    ).parsed
