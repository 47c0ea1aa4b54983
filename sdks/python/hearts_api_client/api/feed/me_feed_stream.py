from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: int | Unset = 0,
    token: str | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)

    params: dict[str, Any] = {}

    params["after"] = after

    params["token"] = token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/me/feed/stream/",
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
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    token: str | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """Your feed as a live stream (server-sent events)

     `text/event-stream`: `event: awaiting` (the games waiting for your move, as in the feed page; first,
    then whenever it changes), then one `event: feed_item` per item with `id: <position>`, as the page's
    items (redacted for your seat), and `: keep-alive` comments. Resume with `Last-Event-ID`
    (EventSource sends it when it reconnects) or `?after=`: no item is skipped or repeated.
    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource. The open stream
    looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive
    period) and ends once it no longer works (token deleted, OAuth2 token revoked or expired, session
    logged out, account deactivated). Under WSGI the response ends after the stored items with a
    `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):  Default: 0.
        token (str | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        after=after,
        token=token,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    token: str | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """Your feed as a live stream (server-sent events)

     `text/event-stream`: `event: awaiting` (the games waiting for your move, as in the feed page; first,
    then whenever it changes), then one `event: feed_item` per item with `id: <position>`, as the page's
    items (redacted for your seat), and `: keep-alive` comments. Resume with `Last-Event-ID`
    (EventSource sends it when it reconnects) or `?after=`: no item is skipped or repeated.
    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource. The open stream
    looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive
    period) and ends once it no longer works (token deleted, OAuth2 token revoked or expired, session
    logged out, account deactivated). Under WSGI the response ends after the stored items with a
    `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):  Default: 0.
        token (str | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | str
    """

    return sync_detailed(
        client=client,
        after=after,
        token=token,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    token: str | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """Your feed as a live stream (server-sent events)

     `text/event-stream`: `event: awaiting` (the games waiting for your move, as in the feed page; first,
    then whenever it changes), then one `event: feed_item` per item with `id: <position>`, as the page's
    items (redacted for your seat), and `: keep-alive` comments. Resume with `Last-Event-ID`
    (EventSource sends it when it reconnects) or `?after=`: no item is skipped or repeated.
    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource. The open stream
    looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive
    period) and ends once it no longer works (token deleted, OAuth2 token revoked or expired, session
    logged out, account deactivated). Under WSGI the response ends after the stored items with a
    `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):  Default: 0.
        token (str | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        after=after,
        token=token,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    token: str | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """Your feed as a live stream (server-sent events)

     `text/event-stream`: `event: awaiting` (the games waiting for your move, as in the feed page; first,
    then whenever it changes), then one `event: feed_item` per item with `id: <position>`, as the page's
    items (redacted for your seat), and `: keep-alive` comments. Resume with `Last-Event-ID`
    (EventSource sends it when it reconnects) or `?after=`: no item is skipped or repeated.
    Authentication: `Authorization: Token <key>`, or `?token=<key>` for EventSource. The open stream
    looks its credential up again every `HEARTS_STREAM_RECHECK_S` seconds (default: the keep-alive
    period) and ends once it no longer works (token deleted, OAuth2 token revoked or expired, session
    logged out, account deactivated). Under WSGI the response ends after the stored items with a
    `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):  Default: 0.
        token (str | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | str
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            token=token,
            last_event_id=last_event_id,
        )
    ).parsed
