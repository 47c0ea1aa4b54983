from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.mobile_device_input_request import MobileDeviceInputRequest
from ...models.mobile_device_output import MobileDeviceOutput
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MobileDeviceInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/me/devices/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MobileDeviceOutput | ProblemDetails | None:
    if response.status_code == 201:
        response_201 = MobileDeviceOutput.from_dict(response.json())

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
) -> Response[MobileDeviceOutput | ProblemDetails]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MobileDeviceInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[MobileDeviceOutput | ProblemDetails]:
    """Register a mobile app's push token

     `platform` `fcm` with the app's FCM registration token, or `apns` with its APNs device token (hex).
    The same token again updates it (and moves it to you if another player had it). 409
    `mobile_push_not_configured` when the server has no credentials for that platform. A token the
    provider calls dead (FCM `UNREGISTERED`, APNs 410 or `BadDeviceToken`) is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (MobileDeviceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MobileDeviceOutput | ProblemDetails]
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
    body: MobileDeviceInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> MobileDeviceOutput | ProblemDetails | None:
    """Register a mobile app's push token

     `platform` `fcm` with the app's FCM registration token, or `apns` with its APNs device token (hex).
    The same token again updates it (and moves it to you if another player had it). 409
    `mobile_push_not_configured` when the server has no credentials for that platform. A token the
    provider calls dead (FCM `UNREGISTERED`, APNs 410 or `BadDeviceToken`) is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (MobileDeviceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MobileDeviceOutput | ProblemDetails
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MobileDeviceInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[MobileDeviceOutput | ProblemDetails]:
    """Register a mobile app's push token

     `platform` `fcm` with the app's FCM registration token, or `apns` with its APNs device token (hex).
    The same token again updates it (and moves it to you if another player had it). 409
    `mobile_push_not_configured` when the server has no credentials for that platform. A token the
    provider calls dead (FCM `UNREGISTERED`, APNs 410 or `BadDeviceToken`) is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (MobileDeviceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MobileDeviceOutput | ProblemDetails]
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
    body: MobileDeviceInputRequest,
    idempotency_key: str | Unset = UNSET,
) -> MobileDeviceOutput | ProblemDetails | None:
    """Register a mobile app's push token

     `platform` `fcm` with the app's FCM registration token, or `apns` with its APNs device token (hex).
    The same token again updates it (and moves it to you if another player had it). 409
    `mobile_push_not_configured` when the server has no credentials for that platform. A token the
    provider calls dead (FCM `UNREGISTERED`, APNs 410 or `BadDeviceToken`) is removed.

    Accepts `Idempotency-Key`.

    Args:
        idempotency_key (str | Unset):
        body (MobileDeviceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MobileDeviceOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
