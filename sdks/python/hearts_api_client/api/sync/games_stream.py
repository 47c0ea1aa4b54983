from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/stream/".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ProblemDetails | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[ProblemDetails | str]:
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
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """Live stream of a game (server-sent events)

     `text/event-stream`. The first message is `event: view`, the caller's full current view (the shape
    of the game view). Then one message per stored event: `id: <seq>`, `event: <type>` (`card_played`,
    `trick_won`, ...), `data:` the event as in the events feed, redacted for the caller by the engine. A
    `: keep-alive` comment is sent after `HEARTS_STREAM_KEEPALIVE_S` seconds (default 15) without a
    message. The stream ends after the final events of a finished game.

    Resuming: send `Last-Event-ID: <seq>` (EventSource does so when it reconnects) or `?after=<seq>`;
    the view comes first (without `id`), then every event after that seq, without gaps. Without either,
    the view carries `id: <its seq>`.

    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource clients that cannot
    set headers, an OAuth2 access token (`games:read`) or the session. Anonymous callers and players
    without a seat get the public view. An open stream looks its credential up again every
    `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive period) and ends, sending nothing more,
    once the token is deleted, the OAuth2 token revoked or expired, the session logged out or the
    account deactivated; the reconnection authenticates anew (401).

    Served as a live stream by the ASGI server; under WSGI the response ends after the stored events
    with a `retry:` hint (the client reconnects with Last-Event-ID).

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        game_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """Live stream of a game (server-sent events)

     `text/event-stream`. The first message is `event: view`, the caller's full current view (the shape
    of the game view). Then one message per stored event: `id: <seq>`, `event: <type>` (`card_played`,
    `trick_won`, ...), `data:` the event as in the events feed, redacted for the caller by the engine. A
    `: keep-alive` comment is sent after `HEARTS_STREAM_KEEPALIVE_S` seconds (default 15) without a
    message. The stream ends after the final events of a finished game.

    Resuming: send `Last-Event-ID: <seq>` (EventSource does so when it reconnects) or `?after=<seq>`;
    the view comes first (without `id`), then every event after that seq, without gaps. Without either,
    the view carries `id: <its seq>`.

    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource clients that cannot
    set headers, an OAuth2 access token (`games:read`) or the session. Anonymous callers and players
    without a seat get the public view. An open stream looks its credential up again every
    `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive period) and ends, sending nothing more,
    once the token is deleted, the OAuth2 token revoked or expired, the session logged out or the
    account deactivated; the reconnection authenticates anew (401).

    Served as a live stream by the ASGI server; under WSGI the response ends after the stored events
    with a `retry:` hint (the client reconnects with Last-Event-ID).

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        game_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | str
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """Live stream of a game (server-sent events)

     `text/event-stream`. The first message is `event: view`, the caller's full current view (the shape
    of the game view). Then one message per stored event: `id: <seq>`, `event: <type>` (`card_played`,
    `trick_won`, ...), `data:` the event as in the events feed, redacted for the caller by the engine. A
    `: keep-alive` comment is sent after `HEARTS_STREAM_KEEPALIVE_S` seconds (default 15) without a
    message. The stream ends after the final events of a finished game.

    Resuming: send `Last-Event-ID: <seq>` (EventSource does so when it reconnects) or `?after=<seq>`;
    the view comes first (without `id`), then every event after that seq, without gaps. Without either,
    the view carries `id: <its seq>`.

    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource clients that cannot
    set headers, an OAuth2 access token (`games:read`) or the session. Anonymous callers and players
    without a seat get the public view. An open stream looks its credential up again every
    `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive period) and ends, sending nothing more,
    once the token is deleted, the OAuth2 token revoked or expired, the session logged out or the
    account deactivated; the reconnection authenticates anew (401).

    Served as a live stream by the ASGI server; under WSGI the response ends after the stored events
    with a `retry:` hint (the client reconnects with Last-Event-ID).

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        game_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """Live stream of a game (server-sent events)

     `text/event-stream`. The first message is `event: view`, the caller's full current view (the shape
    of the game view). Then one message per stored event: `id: <seq>`, `event: <type>` (`card_played`,
    `trick_won`, ...), `data:` the event as in the events feed, redacted for the caller by the engine. A
    `: keep-alive` comment is sent after `HEARTS_STREAM_KEEPALIVE_S` seconds (default 15) without a
    message. The stream ends after the final events of a finished game.

    Resuming: send `Last-Event-ID: <seq>` (EventSource does so when it reconnects) or `?after=<seq>`;
    the view comes first (without `id`), then every event after that seq, without gaps. Without either,
    the view carries `id: <its seq>`.

    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource clients that cannot
    set headers, an OAuth2 access token (`games:read`) or the session. Anonymous callers and players
    without a seat get the public view. An open stream looks its credential up again every
    `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive period) and ends, sending nothing more,
    once the token is deleted, the OAuth2 token revoked or expired, the session logged out or the
    account deactivated; the reconnection authenticates anew (401).

    Served as a live stream by the ASGI server; under WSGI the response ends after the stored events
    with a `retry:` hint (the client reconnects with Last-Event-ID).

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        game_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | str
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
