from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.feed_page_output import FeedPageOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/me/feed/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FeedPageOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = FeedPageOutput.from_dict(response.json())

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
) -> Response[FeedPageOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> Response[FeedPageOutput | ProblemDetails]:
    """Your feed: games awaiting your move and events of all your games

     `awaiting`: the active games in which your seat must act now. `items`: every event of every game you
    sit in, in one order of your own (`position`), each redacted by the engine for your seat: never
    another seat's cards. Resume with `after=<next_after>`: no item is skipped or repeated. With `wait`,
    an empty page is held open (long-poll) until one of your games moves or `wait` seconds pass.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedPageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> FeedPageOutput | ProblemDetails | None:
    """Your feed: games awaiting your move and events of all your games

     `awaiting`: the active games in which your seat must act now. `items`: every event of every game you
    sit in, in one order of your own (`position`), each redacted by the engine for your seat: never
    another seat's cards. Resume with `after=<next_after>`: no item is skipped or repeated. With `wait`,
    an empty page is held open (long-poll) until one of your games moves or `wait` seconds pass.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedPageOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        after=after,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> Response[FeedPageOutput | ProblemDetails]:
    """Your feed: games awaiting your move and events of all your games

     `awaiting`: the active games in which your seat must act now. `items`: every event of every game you
    sit in, in one order of your own (`position`), each redacted by the engine for your seat: never
    another seat's cards. Resume with `after=<next_after>`: no item is skipped or repeated. With `wait`,
    an empty page is held open (long-poll) until one of your games moves or `wait` seconds pass.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedPageOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> FeedPageOutput | ProblemDetails | None:
    """Your feed: games awaiting your move and events of all your games

     `awaiting`: the active games in which your seat must act now. `items`: every event of every game you
    sit in, in one order of your own (`position`), each redacted by the engine for your seat: never
    another seat's cards. Resume with `after=<next_after>`: no item is skipped or repeated. With `wait`,
    an empty page is held open (long-poll) until one of your games moves or `wait` seconds pass.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedPageOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            limit=limit,
            wait=wait,
        )
    ).parsed
