from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem_details import ProblemDetails
from ...models.signing_keys_output import SigningKeysOutput
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/signing-keys/",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ProblemDetails | SigningKeysOutput | None:
    if response.status_code == 200:
        response_200 = SigningKeysOutput.from_dict(response.json())

        return response_200

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
) -> Response[ProblemDetails | SigningKeysOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ProblemDetails | SigningKeysOutput]:
    """Public keys of the signed log heads

     The Ed25519 public keys that verify the signed heads of a game's log (GET games/{id}/log/
    `signatures`): the current key first, then older keys still accepted after a rotation. A log
    rewritten in the database, even with every sha256 recomputed, no longer matches its signatures
    unless the writer also held the private key, which is never stored in the database.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | SigningKeysOutput]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> ProblemDetails | SigningKeysOutput | None:
    """Public keys of the signed log heads

     The Ed25519 public keys that verify the signed heads of a game's log (GET games/{id}/log/
    `signatures`): the current key first, then older keys still accepted after a rotation. A log
    rewritten in the database, even with every sha256 recomputed, no longer matches its signatures
    unless the writer also held the private key, which is never stored in the database.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | SigningKeysOutput
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ProblemDetails | SigningKeysOutput]:
    """Public keys of the signed log heads

     The Ed25519 public keys that verify the signed heads of a game's log (GET games/{id}/log/
    `signatures`): the current key first, then older keys still accepted after a rotation. A log
    rewritten in the database, even with every sha256 recomputed, no longer matches its signatures
    unless the writer also held the private key, which is never stored in the database.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ProblemDetails | SigningKeysOutput]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> ProblemDetails | SigningKeysOutput | None:
    """Public keys of the signed log heads

     The Ed25519 public keys that verify the signed heads of a game's log (GET games/{id}/log/
    `signatures`): the current key first, then older keys still accepted after a rotation. A log
    rewritten in the database, even with every sha256 recomputed, no longer matches its signatures
    unless the writer also held the private key, which is never stored in the database.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ProblemDetails | SigningKeysOutput
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
