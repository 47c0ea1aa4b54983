from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...models.webhook_delivery_output import WebhookDeliveryOutput
from ...models.webhooks_deliveries_list_status import WebhooksDeliveriesListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    endpoint_id: UUID,
    *,
    limit: int | Unset = 50,
    status: WebhooksDeliveriesListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/me/webhooks/{endpoint_id}/deliveries/".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemDetails | list[WebhookDeliveryOutput] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = WebhookDeliveryOutput.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[ProblemDetails | list[WebhookDeliveryOutput]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    status: WebhooksDeliveriesListStatus | Unset = UNSET,
) -> Response[ProblemDetails | list[WebhookDeliveryOutput]]:
    """Deliveries of an endpoint, newest first, with every attempt

     Each delivery (one notification to this endpoint) with its state, its next attempt and every attempt
    made: HTTP status, latency, error code and text.

    Args:
        endpoint_id (UUID):
        limit (int | Unset):  Default: 50.
        status (WebhooksDeliveriesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | list[WebhookDeliveryOutput]]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        limit=limit,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    status: WebhooksDeliveriesListStatus | Unset = UNSET,
) -> ProblemDetails | list[WebhookDeliveryOutput] | None:
    """Deliveries of an endpoint, newest first, with every attempt

     Each delivery (one notification to this endpoint) with its state, its next attempt and every attempt
    made: HTTP status, latency, error code and text.

    Args:
        endpoint_id (UUID):
        limit (int | Unset):  Default: 50.
        status (WebhooksDeliveriesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | list[WebhookDeliveryOutput]
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        limit=limit,
        status=status,
    ).parsed


async def asyncio_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    status: WebhooksDeliveriesListStatus | Unset = UNSET,
) -> Response[ProblemDetails | list[WebhookDeliveryOutput]]:
    """Deliveries of an endpoint, newest first, with every attempt

     Each delivery (one notification to this endpoint) with its state, its next attempt and every attempt
    made: HTTP status, latency, error code and text.

    Args:
        endpoint_id (UUID):
        limit (int | Unset):  Default: 50.
        status (WebhooksDeliveriesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | list[WebhookDeliveryOutput]]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        limit=limit,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    status: WebhooksDeliveriesListStatus | Unset = UNSET,
) -> ProblemDetails | list[WebhookDeliveryOutput] | None:
    """Deliveries of an endpoint, newest first, with every attempt

     Each delivery (one notification to this endpoint) with its state, its next attempt and every attempt
    made: HTTP status, latency, error code and text.

    Args:
        endpoint_id (UUID):
        limit (int | Unset):  Default: 50.
        status (WebhooksDeliveriesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | list[WebhookDeliveryOutput]
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            limit=limit,
            status=status,
        )
    ).parsed
