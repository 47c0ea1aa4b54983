from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_result_output import CommandResultOutput
from ...models.games_moon_choose_prefer import GamesMoonChoosePrefer
from ...models.moon_choice_input_request import MoonChoiceInputRequest
from ...models.problem_details import ProblemDetails
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: MoonChoiceInputRequest,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: GamesMoonChoosePrefer | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(prefer, Unset):
        headers["Prefer"] = str(prefer)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/moon/".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandResultOutput | ProblemDetails | None:
    if response.status_code == 200:
        response_200 = CommandResultOutput.from_dict(response.json())

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

    if response.status_code == 412:
        response_412 = ProblemDetails.from_dict(response.json())

        return response_412

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
) -> Response[CommandResultOutput | ProblemDetails]:
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
    body: MoonChoiceInputRequest,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: GamesMoonChoosePrefer | Unset = UNSET,
) -> Response[CommandResultOutput | ProblemDetails]:
    """Choose how to score a moon

     Only with the `shooter_chooses` moon rule, by the shooter, when the view's phase is `moon_choice`.
    Rule errors (422): wrong_phase, not_moon_shooter, invalid_moon_choice. Throttle scope `moves`.

    Answers the new seq, the events appended (redacted for you) and your updated view (without the view
    when asked for `Prefer: return=minimal`). Accepts `Idempotency-Key` and `expected_seq` / `If-Match`;
    a rejected request changes nothing.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (GamesMoonChoosePrefer | Unset):
        body (MoonChoiceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResultOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoonChoiceInputRequest,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: GamesMoonChoosePrefer | Unset = UNSET,
) -> CommandResultOutput | ProblemDetails | None:
    """Choose how to score a moon

     Only with the `shooter_chooses` moon rule, by the shooter, when the view's phase is `moon_choice`.
    Rule errors (422): wrong_phase, not_moon_shooter, invalid_moon_choice. Throttle scope `moves`.

    Answers the new seq, the events appended (redacted for you) and your updated view (without the view
    when asked for `Prefer: return=minimal`). Accepts `Idempotency-Key` and `expected_seq` / `If-Match`;
    a rejected request changes nothing.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (GamesMoonChoosePrefer | Unset):
        body (MoonChoiceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResultOutput | ProblemDetails
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoonChoiceInputRequest,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: GamesMoonChoosePrefer | Unset = UNSET,
) -> Response[CommandResultOutput | ProblemDetails]:
    """Choose how to score a moon

     Only with the `shooter_chooses` moon rule, by the shooter, when the view's phase is `moon_choice`.
    Rule errors (422): wrong_phase, not_moon_shooter, invalid_moon_choice. Throttle scope `moves`.

    Answers the new seq, the events appended (redacted for you) and your updated view (without the view
    when asked for `Prefer: return=minimal`). Accepts `Idempotency-Key` and `expected_seq` / `If-Match`;
    a rejected request changes nothing.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (GamesMoonChoosePrefer | Unset):
        body (MoonChoiceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResultOutput | ProblemDetails]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoonChoiceInputRequest,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    prefer: GamesMoonChoosePrefer | Unset = UNSET,
) -> CommandResultOutput | ProblemDetails | None:
    """Choose how to score a moon

     Only with the `shooter_chooses` moon rule, by the shooter, when the view's phase is `moon_choice`.
    Rule errors (422): wrong_phase, not_moon_shooter, invalid_moon_choice. Throttle scope `moves`.

    Answers the new seq, the events appended (redacted for you) and your updated view (without the view
    when asked for `Prefer: return=minimal`). Accepts `Idempotency-Key` and `expected_seq` / `If-Match`;
    a rejected request changes nothing.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        prefer (GamesMoonChoosePrefer | Unset):
        body (MoonChoiceInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResultOutput | ProblemDetails
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
            prefer=prefer,
        )
    ).parsed
