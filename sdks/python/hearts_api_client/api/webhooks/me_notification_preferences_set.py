from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.notification_preferences_input_request import NotificationPreferencesInputRequest
from ...models.notification_preferences_output import NotificationPreferencesOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NotificationPreferencesInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/me/notification-preferences/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NotificationPreferencesOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = NotificationPreferencesOutput.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ProblemDetails.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = ProblemDetails.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ProblemDetails.from_dict(response.json())

        return response_422

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
) -> Response[NotificationPreferencesOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationPreferencesInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[NotificationPreferencesOutput | ProblemDetails]:
    """Set your notification preferences

     Replaces your preferences: muted types (an empty list mutes nothing), `time_zone`, `quiet_start` /
    `quiet_end` (both or neither; across midnight when start is after end; pushes in quiet hours are
    dropped, webhooks and the feed still get everything) and `turn_reminder_after_s` (one
    `turn_reminder` when a game has waited that long for your move; one due in quiet hours comes when
    they end).

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (NotificationPreferencesInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationPreferencesOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NotificationPreferencesInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> NotificationPreferencesOutput | ProblemDetails | None:
    """Set your notification preferences

     Replaces your preferences: muted types (an empty list mutes nothing), `time_zone`, `quiet_start` /
    `quiet_end` (both or neither; across midnight when start is after end; pushes in quiet hours are
    dropped, webhooks and the feed still get everything) and `turn_reminder_after_s` (one
    `turn_reminder` when a game has waited that long for your move; one due in quiet hours comes when
    they end).

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (NotificationPreferencesInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationPreferencesOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationPreferencesInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[NotificationPreferencesOutput | ProblemDetails]:
    """Set your notification preferences

     Replaces your preferences: muted types (an empty list mutes nothing), `time_zone`, `quiet_start` /
    `quiet_end` (both or neither; across midnight when start is after end; pushes in quiet hours are
    dropped, webhooks and the feed still get everything) and `turn_reminder_after_s` (one
    `turn_reminder` when a game has waited that long for your move; one due in quiet hours comes when
    they end).

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (NotificationPreferencesInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationPreferencesOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NotificationPreferencesInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> NotificationPreferencesOutput | ProblemDetails | None:
    """Set your notification preferences

     Replaces your preferences: muted types (an empty list mutes nothing), `time_zone`, `quiet_start` /
    `quiet_end` (both or neither; across midnight when start is after end; pushes in quiet hours are
    dropped, webhooks and the feed still get everything) and `turn_reminder_after_s` (one
    `turn_reminder` when a game has waited that long for your move; one due in quiet hours comes when
    they end).

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (NotificationPreferencesInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationPreferencesOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
