from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...models.webhook_endpoint_output import WebhookEndpointOutput
from ...models.webhook_rotate_input_request import WebhookRotateInputRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    endpoint_id: UUID,
    *,
    body: WebhookRotateInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/me/webhooks/{endpoint_id}/rotate-secret/".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemDetails | WebhookEndpointOutput | None:
    if response.status_code == 200:
        response_200 = WebhookEndpointOutput.from_dict(response.json())

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
) -> Response[ProblemDetails | WebhookEndpointOutput]:
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
    body: WebhookRotateInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemDetails | WebhookEndpointOutput]:
    """Rotate an endpoint's signing secret

     A new secret signs every delivery from now on; the old one signs too (a second `v1,` signature in
    `webhook-signature`) until `previous_secret_expires_at`.

    Accepts `Idempotency-Key`.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (WebhookRotateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | WebhookEndpointOutput]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRotateInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ProblemDetails | WebhookEndpointOutput | None:
    """Rotate an endpoint's signing secret

     A new secret signs every delivery from now on; the old one signs too (a second `v1,` signature in
    `webhook-signature`) until `previous_secret_expires_at`.

    Accepts `Idempotency-Key`.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (WebhookRotateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | WebhookEndpointOutput
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRotateInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ProblemDetails | WebhookEndpointOutput]:
    """Rotate an endpoint's signing secret

     A new secret signs every delivery from now on; the old one signs too (a second `v1,` signature in
    `webhook-signature`) until `previous_secret_expires_at`.

    Accepts `Idempotency-Key`.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (WebhookRotateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | WebhookEndpointOutput]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRotateInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ProblemDetails | WebhookEndpointOutput | None:
    """Rotate an endpoint's signing secret

     A new secret signs every delivery from now on; the old one signs too (a second `v1,` signature in
    `webhook-signature`) until `previous_secret_expires_at`.

    Accepts `Idempotency-Key`.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (WebhookRotateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | WebhookEndpointOutput
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
