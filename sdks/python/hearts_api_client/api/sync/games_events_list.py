from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...models.sync_events_page_output import SyncEventsPageOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
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
        "url": "/api/v1/games/{game_id}/events/".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemDetails | SyncEventsPageOutput | None:
    if response.status_code == 200:
        response_200 = SyncEventsPageOutput.from_dict(response.json())

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
) -> Response[ProblemDetails | SyncEventsPageOutput]:
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
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> Response[ProblemDetails | SyncEventsPageOutput]:
    """Events since a sequence number (gap-free, redacted, paginated)

     Every event after `after`, in order and without gaps, each payload redacted by the engine for the
    caller: a seated player sees what their seat may see, anyone else the public form. Page with
    `next_after` until `has_more` is false. A client that was offline resumes from the last seq it
    applied. With `wait`, an empty page is held open (long-poll) until an event is stored or `wait`
    seconds pass.

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | SyncEventsPageOutput]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> ProblemDetails | SyncEventsPageOutput | None:
    """Events since a sequence number (gap-free, redacted, paginated)

     Every event after `after`, in order and without gaps, each payload redacted by the engine for the
    caller: a seated player sees what their seat may see, anyone else the public form. Page with
    `next_after` until `has_more` is false. A client that was offline resumes from the last seq it
    applied. With `wait`, an empty page is held open (long-poll) until an event is stored or `wait`
    seconds pass.

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | SyncEventsPageOutput
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> Response[ProblemDetails | SyncEventsPageOutput]:
    """Events since a sequence number (gap-free, redacted, paginated)

     Every event after `after`, in order and without gaps, each payload redacted by the engine for the
    caller: a seated player sees what their seat may see, anyone else the public form. Page with
    `next_after` until `has_more` is false. A client that was offline resumes from the last seq it
    applied. With `wait`, an empty page is held open (long-poll) until an event is stored or `wait`
    seconds pass.

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | SyncEventsPageOutput]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    wait: int | Unset = 0,
) -> ProblemDetails | SyncEventsPageOutput | None:
    """Events since a sequence number (gap-free, redacted, paginated)

     Every event after `after`, in order and without gaps, each payload redacted by the engine for the
    caller: a seated player sees what their seat may see, anyone else the public form. Page with
    `next_after` until `has_more` is false. A client that was offline resumes from the last seq it
    applied. With `wait`, an empty page is held open (long-poll) until an event is stored or `wait`
    seconds pass.

    Args:
        game_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        wait (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | SyncEventsPageOutput
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
            wait=wait,
        )
    ).parsed
