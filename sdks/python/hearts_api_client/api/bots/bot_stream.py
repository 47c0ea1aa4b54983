from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
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
        "url": "/api/v1/bot/stream/",
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
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """The bot event stream: every game of a bot account (server-sent events)

     `text/event-stream` for a **bot account** (its `bot_` token; anyone else: 403 bot_account_required).
    One connection follows every game of the bot:

    * `game_started` `{game_id, seat, seq}`: a game the bot sits in has started;
    * `your_turn` `{game_id, seat, seq, view}`: the bot's seat must act (pass, play or choose the moon);
    `view` is the game view exactly as `GET /api/v1/games/{id}/` shows it to the bot's seat (its own
    hand only). Answer with the same move endpoints as everyone (`passes/`, `plays/`, `moon/`, with
    `expected_seq`: the turn's `seq`);
    * `game_over` `{game_id, seat, seq, winners, totals}`.

    Every message has `id:` the bot's feed position. Resume with `Last-Event-ID` (or `?after=`): every
    `game_started` / `game_over` after it is sent again, in order; `your_turn` is state, not history:
    each turn pending now is sent on every (re)connection (once per game and seq on one connection). A
    `: keep-alive` comment follows `HEARTS_STREAM_KEEPALIVE_S` (15) seconds of silence. The stream does
    not end by itself, except when its token is rotated or the bot revoked (within
    `HEARTS_BOT_STREAM_RESCAN_S`, 2 s): the reconnection with that token is a 401. Rate limits: every
    request of a bot account also counts against the `bot` throttle scope (429 with `Retry-After`).
    Under WSGI the stream sends what is there and ends with a `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """The bot event stream: every game of a bot account (server-sent events)

     `text/event-stream` for a **bot account** (its `bot_` token; anyone else: 403 bot_account_required).
    One connection follows every game of the bot:

    * `game_started` `{game_id, seat, seq}`: a game the bot sits in has started;
    * `your_turn` `{game_id, seat, seq, view}`: the bot's seat must act (pass, play or choose the moon);
    `view` is the game view exactly as `GET /api/v1/games/{id}/` shows it to the bot's seat (its own
    hand only). Answer with the same move endpoints as everyone (`passes/`, `plays/`, `moon/`, with
    `expected_seq`: the turn's `seq`);
    * `game_over` `{game_id, seat, seq, winners, totals}`.

    Every message has `id:` the bot's feed position. Resume with `Last-Event-ID` (or `?after=`): every
    `game_started` / `game_over` after it is sent again, in order; `your_turn` is state, not history:
    each turn pending now is sent on every (re)connection (once per game and seq on one connection). A
    `: keep-alive` comment follows `HEARTS_STREAM_KEEPALIVE_S` (15) seconds of silence. The stream does
    not end by itself, except when its token is rotated or the bot revoked (within
    `HEARTS_BOT_STREAM_RESCAN_S`, 2 s): the reconnection with that token is a 401. Rate limits: every
    request of a bot account also counts against the `bot` throttle scope (429 with `Retry-After`).
    Under WSGI the stream sends what is there and ends with a `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):
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
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ProblemDetails | str]:
    """The bot event stream: every game of a bot account (server-sent events)

     `text/event-stream` for a **bot account** (its `bot_` token; anyone else: 403 bot_account_required).
    One connection follows every game of the bot:

    * `game_started` `{game_id, seat, seq}`: a game the bot sits in has started;
    * `your_turn` `{game_id, seat, seq, view}`: the bot's seat must act (pass, play or choose the moon);
    `view` is the game view exactly as `GET /api/v1/games/{id}/` shows it to the bot's seat (its own
    hand only). Answer with the same move endpoints as everyone (`passes/`, `plays/`, `moon/`, with
    `expected_seq`: the turn's `seq`);
    * `game_over` `{game_id, seat, seq, winners, totals}`.

    Every message has `id:` the bot's feed position. Resume with `Last-Event-ID` (or `?after=`): every
    `game_started` / `game_over` after it is sent again, in order; `your_turn` is state, not history:
    each turn pending now is sent on every (re)connection (once per game and seq on one connection). A
    `: keep-alive` comment follows `HEARTS_STREAM_KEEPALIVE_S` (15) seconds of silence. The stream does
    not end by itself, except when its token is rotated or the bot revoked (within
    `HEARTS_BOT_STREAM_RESCAN_S`, 2 s): the reconnection with that token is a 401. Rate limits: every
    request of a bot account also counts against the `bot` throttle scope (429 with `Retry-After`).
    Under WSGI the stream sends what is there and ends with a `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | str]
    """

    kwargs = _get_kwargs(
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ProblemDetails | str | None:
    """The bot event stream: every game of a bot account (server-sent events)

     `text/event-stream` for a **bot account** (its `bot_` token; anyone else: 403 bot_account_required).
    One connection follows every game of the bot:

    * `game_started` `{game_id, seat, seq}`: a game the bot sits in has started;
    * `your_turn` `{game_id, seat, seq, view}`: the bot's seat must act (pass, play or choose the moon);
    `view` is the game view exactly as `GET /api/v1/games/{id}/` shows it to the bot's seat (its own
    hand only). Answer with the same move endpoints as everyone (`passes/`, `plays/`, `moon/`, with
    `expected_seq`: the turn's `seq`);
    * `game_over` `{game_id, seat, seq, winners, totals}`.

    Every message has `id:` the bot's feed position. Resume with `Last-Event-ID` (or `?after=`): every
    `game_started` / `game_over` after it is sent again, in order; `your_turn` is state, not history:
    each turn pending now is sent on every (re)connection (once per game and seq on one connection). A
    `: keep-alive` comment follows `HEARTS_STREAM_KEEPALIVE_S` (15) seconds of silence. The stream does
    not end by itself, except when its token is rotated or the bot revoked (within
    `HEARTS_BOT_STREAM_RESCAN_S`, 2 s): the reconnection with that token is a 401. Rate limits: every
    request of a bot account also counts against the `bot` throttle scope (429 with `Retry-After`).
    Under WSGI the stream sends what is there and ends with a `retry:` hint.

    Open streams per user: at most `HEARTS_STREAM_MAX_PER_USER` (default 20) game, feed and bot streams
    together, across the servers; one more answers 429 `too_many_streams` (`extra.limit`, `Retry-
    After`). A stream's slot is freed when it ends or its client disconnects.

    Args:
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
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
