from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...models.push_subscription_input_request import PushSubscriptionInputRequest
from ...models.push_subscription_output import PushSubscriptionOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PushSubscriptionInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/me/push-subscriptions/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemDetails | PushSubscriptionOutput | None:
    if response.status_code == 201:
        response_201 = PushSubscriptionOutput.from_dict(response.json())

        return response_201

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
) -> Response[ProblemDetails | PushSubscriptionOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemDetails | PushSubscriptionOutput]:
    """Register a Web Push subscription

     The body is the browser's `PushSubscription.toJSON()`. The endpoint gets the SSRF check of webhook
    URLs (422 `webhook_address_forbidden`...). 409 `push_not_configured` when the server has no VAPID
    key. A subscription the push service answers 404 or 410 for is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionInputRequest): The browser's ``PushSubscription.toJSON()``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | PushSubscriptionOutput]
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
    body: PushSubscriptionInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> ProblemDetails | PushSubscriptionOutput | None:
    """Register a Web Push subscription

     The body is the browser's `PushSubscription.toJSON()`. The endpoint gets the SSRF check of webhook
    URLs (422 `webhook_address_forbidden`...). 409 `push_not_configured` when the server has no VAPID
    key. A subscription the push service answers 404 or 410 for is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionInputRequest): The browser's ``PushSubscription.toJSON()``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | PushSubscriptionOutput
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemDetails | PushSubscriptionOutput]:
    """Register a Web Push subscription

     The body is the browser's `PushSubscription.toJSON()`. The endpoint gets the SSRF check of webhook
    URLs (422 `webhook_address_forbidden`...). 409 `push_not_configured` when the server has no VAPID
    key. A subscription the push service answers 404 or 410 for is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionInputRequest): The browser's ``PushSubscription.toJSON()``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | PushSubscriptionOutput]
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
    body: PushSubscriptionInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> ProblemDetails | PushSubscriptionOutput | None:
    """Register a Web Push subscription

     The body is the browser's `PushSubscription.toJSON()`. The endpoint gets the SSRF check of webhook
    URLs (422 `webhook_address_forbidden`...). 409 `push_not_configured` when the server has no VAPID
    key. A subscription the push service answers 404 or 410 for is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionInputRequest): The browser's ``PushSubscription.toJSON()``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | PushSubscriptionOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
