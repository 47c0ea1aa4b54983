from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_types_ai_level_not_found import ProblemTypesAiLevelNotFound
    from ..models.problem_types_already_at_table import ProblemTypesAlreadyAtTable
    from ..models.problem_types_already_passed import ProblemTypesAlreadyPassed
    from ..models.problem_types_already_queued import ProblemTypesAlreadyQueued
    from ..models.problem_types_already_seated import ProblemTypesAlreadySeated
    from ..models.problem_types_authentication_failed import ProblemTypesAuthenticationFailed
    from ..models.problem_types_bot_account_required import ProblemTypesBotAccountRequired
    from ..models.problem_types_bot_limit_reached import ProblemTypesBotLimitReached
    from ..models.problem_types_bot_not_found import ProblemTypesBotNotFound
    from ..models.problem_types_bot_not_open import ProblemTypesBotNotOpen
    from ..models.problem_types_bots_cannot_own_bots import ProblemTypesBotsCannotOwnBots
    from ..models.problem_types_card_not_in_deck import ProblemTypesCardNotInDeck
    from ..models.problem_types_card_not_in_hand import ProblemTypesCardNotInHand
    from ..models.problem_types_concurrency_conflict import ProblemTypesConcurrencyConflict
    from ..models.problem_types_conflicting_preconditions import ProblemTypesConflictingPreconditions
    from ..models.problem_types_device_not_found import ProblemTypesDeviceNotFound
    from ..models.problem_types_duplicate_cards import ProblemTypesDuplicateCards
    from ..models.problem_types_game_already_started import ProblemTypesGameAlreadyStarted
    from ..models.problem_types_game_finished import ProblemTypesGameFinished
    from ..models.problem_types_game_full import ProblemTypesGameFull
    from ..models.problem_types_game_not_finished import ProblemTypesGameNotFinished
    from ..models.problem_types_game_not_found import ProblemTypesGameNotFound
    from ..models.problem_types_game_not_started import ProblemTypesGameNotStarted
    from ..models.problem_types_game_over import ProblemTypesGameOver
    from ..models.problem_types_hearts_not_broken import ProblemTypesHeartsNotBroken
    from ..models.problem_types_idempotency_key_reused import ProblemTypesIdempotencyKeyReused
    from ..models.problem_types_idempotency_request_in_progress import ProblemTypesIdempotencyRequestInProgress
    from ..models.problem_types_insufficient_scope import ProblemTypesInsufficientScope
    from ..models.problem_types_invalid_ai_level import ProblemTypesInvalidAiLevel
    from ..models.problem_types_invalid_card_code import ProblemTypesInvalidCardCode
    from ..models.problem_types_invalid_credentials import ProblemTypesInvalidCredentials
    from ..models.problem_types_invalid_deck import ProblemTypesInvalidDeck
    from ..models.problem_types_invalid_filter import ProblemTypesInvalidFilter
    from ..models.problem_types_invalid_game_log import ProblemTypesInvalidGameLog
    from ..models.problem_types_invalid_idempotency_key import ProblemTypesInvalidIdempotencyKey
    from ..models.problem_types_invalid_if_match import ProblemTypesInvalidIfMatch
    from ..models.problem_types_invalid_moon_choice import ProblemTypesInvalidMoonChoice
    from ..models.problem_types_invalid_option import ProblemTypesInvalidOption
    from ..models.problem_types_invalid_ruleset import ProblemTypesInvalidRuleset
    from ..models.problem_types_invite_expired import ProblemTypesInviteExpired
    from ..models.problem_types_invite_not_found import ProblemTypesInviteNotFound
    from ..models.problem_types_invite_revoked import ProblemTypesInviteRevoked
    from ..models.problem_types_method_not_allowed import ProblemTypesMethodNotAllowed
    from ..models.problem_types_mobile_push_not_configured import ProblemTypesMobilePushNotConfigured
    from ..models.problem_types_must_follow_suit import ProblemTypesMustFollowSuit
    from ..models.problem_types_must_lead_opening_card import ProblemTypesMustLeadOpeningCard
    from ..models.problem_types_no_points_on_first_trick import ProblemTypesNoPointsOnFirstTrick
    from ..models.problem_types_not_acceptable import ProblemTypesNotAcceptable
    from ..models.problem_types_not_authenticated import ProblemTypesNotAuthenticated
    from ..models.problem_types_not_found import ProblemTypesNotFound
    from ..models.problem_types_not_game_creator import ProblemTypesNotGameCreator
    from ..models.problem_types_not_moon_shooter import ProblemTypesNotMoonShooter
    from ..models.problem_types_not_queued import ProblemTypesNotQueued
    from ..models.problem_types_not_seated import ProblemTypesNotSeated
    from ..models.problem_types_not_table_creator import ProblemTypesNotTableCreator
    from ..models.problem_types_not_table_member import ProblemTypesNotTableMember
    from ..models.problem_types_not_your_turn import ProblemTypesNotYourTurn
    from ..models.problem_types_parse_error import ProblemTypesParseError
    from ..models.problem_types_permission_denied import ProblemTypesPermissionDenied
    from ..models.problem_types_player_not_found import ProblemTypesPlayerNotFound
    from ..models.problem_types_precondition_failed import ProblemTypesPreconditionFailed
    from ..models.problem_types_preset_not_found import ProblemTypesPresetNotFound
    from ..models.problem_types_push_not_configured import ProblemTypesPushNotConfigured
    from ..models.problem_types_push_subscription_not_found import ProblemTypesPushSubscriptionNotFound
    from ..models.problem_types_rematch_not_allowed import ProblemTypesRematchNotAllowed
    from ..models.problem_types_seat_handed_to_ai import ProblemTypesSeatHandedToAi
    from ..models.problem_types_seat_not_ai import ProblemTypesSeatNotAi
    from ..models.problem_types_seat_out_of_range import ProblemTypesSeatOutOfRange
    from ..models.problem_types_seat_resigned import ProblemTypesSeatResigned
    from ..models.problem_types_seat_taken import ProblemTypesSeatTaken
    from ..models.problem_types_seats_not_filled import ProblemTypesSeatsNotFilled
    from ..models.problem_types_server_error import ProblemTypesServerError
    from ..models.problem_types_service_unavailable import ProblemTypesServiceUnavailable
    from ..models.problem_types_table_closed import ProblemTypesTableClosed
    from ..models.problem_types_table_full import ProblemTypesTableFull
    from ..models.problem_types_table_not_found import ProblemTypesTableNotFound
    from ..models.problem_types_table_not_full import ProblemTypesTableNotFull
    from ..models.problem_types_throttled import ProblemTypesThrottled
    from ..models.problem_types_ticket_matched import ProblemTypesTicketMatched
    from ..models.problem_types_ticket_not_found import ProblemTypesTicketNotFound
    from ..models.problem_types_too_many_streams import ProblemTypesTooManyStreams
    from ..models.problem_types_unknown_seat import ProblemTypesUnknownSeat
    from ..models.problem_types_unsupported_media_type import ProblemTypesUnsupportedMediaType
    from ..models.problem_types_username_taken import ProblemTypesUsernameTaken
    from ..models.problem_types_validation_error import ProblemTypesValidationError
    from ..models.problem_types_weak_password import ProblemTypesWeakPassword
    from ..models.problem_types_webhook_address_forbidden import ProblemTypesWebhookAddressForbidden
    from ..models.problem_types_webhook_delivery_not_found import ProblemTypesWebhookDeliveryNotFound
    from ..models.problem_types_webhook_endpoint_disabled import ProblemTypesWebhookEndpointDisabled
    from ..models.problem_types_webhook_endpoint_not_found import ProblemTypesWebhookEndpointNotFound
    from ..models.problem_types_webhook_url_invalid import ProblemTypesWebhookUrlInvalid
    from ..models.problem_types_webhook_url_unresolvable import ProblemTypesWebhookUrlUnresolvable
    from ..models.problem_types_wrong_pass_count import ProblemTypesWrongPassCount
    from ..models.problem_types_wrong_phase import ProblemTypesWrongPhase


T = TypeVar("T", bound="ProblemTypes")


@_attrs_define
class ProblemTypes:
    """Every problem `code` the API sends (a documentation table, never a body): its HTTP status, its title, the keys of
    `extra` and an example body.

        Attributes:
            conflicting_preconditions (ProblemTypesConflictingPreconditions | Unset): 400 Conflicting preconditions.
                Example: {'type': 'https://hearts.example/problems/conflicting-preconditions', 'title': 'Conflicting
                preconditions.', 'status': 400, 'detail': 'expected_seq and If-Match name different sequence numbers.', 'code':
                'conflicting_preconditions', 'extra': {'expected_seq': 4, 'if_match_seq': 5}}.
            invalid_ai_level (ProblemTypesInvalidAiLevel | Unset): 400 Bad request. Example: {'type':
                'https://hearts.example/problems/invalid-ai-level', 'title': 'Bad request.', 'status': 400, 'detail': 'Unknown
                AI level.', 'code': 'invalid_ai_level', 'extra': {'level': 'genius', 'levels': ['random', 'heuristic', 'expert',
                'master']}}.
            invalid_card_code (ProblemTypesInvalidCardCode | Unset): 400 Invalid card code. Example: {'type':
                'https://hearts.example/problems/invalid-card-code', 'title': 'Invalid card code.', 'status': 400, 'detail':
                '\\'1X\\' is not a card code (Card code: rank then suit, e.g. "2C", "10H", "QS", "AS" (also "TH", lower
                case).)', 'code': 'invalid_card_code', 'extra': {'field': 'card', 'value': '1X'}}.
            invalid_credentials (ProblemTypesInvalidCredentials | Unset): 400 Bad request. Example: {'type':
                'https://hearts.example/problems/invalid-credentials', 'title': 'Bad request.', 'status': 400, 'detail': 'Unable
                to log in with the given username and password.', 'code': 'invalid_credentials', 'extra': {}}.
            invalid_filter (ProblemTypesInvalidFilter | Unset): 400 Bad request. Example: {'type':
                'https://hearts.example/problems/invalid-filter', 'title': 'Bad request.', 'status': 400, 'detail': 'Invalid
                query parameter: limit.', 'code': 'invalid_filter', 'extra': {'errors': {'limit': ['A valid integer is
                required.']}}}.
            invalid_idempotency_key (ProblemTypesInvalidIdempotencyKey | Unset): 400 Invalid Idempotency-Key. Example:
                {'type': 'https://hearts.example/problems/invalid-idempotency-key', 'title': 'Invalid Idempotency-Key.',
                'status': 400, 'detail': 'Idempotency-Key must be 1 to 255 characters.', 'code': 'invalid_idempotency_key',
                'extra': {}}.
            invalid_if_match (ProblemTypesInvalidIfMatch | Unset): 400 Invalid If-Match header. Example: {'type':
                'https://hearts.example/problems/invalid-if-match', 'title': 'Invalid If-Match header.', 'status': 400,
                'detail': 'If-Match must be the game ETag ("<game id>:<seq>:<viewer>") or "<seq>".', 'code': 'invalid_if_match',
                'extra': {'if_match': '"yesterday"'}}.
            invalid_option (ProblemTypesInvalidOption | Unset): 400 Bad request. Example: {'type':
                'https://hearts.example/problems/invalid-option', 'title': 'Bad request.', 'status': 400, 'detail': 'Invalid
                game option.', 'code': 'invalid_option', 'extra': {'field': 'think_delay_ms', 'value': -1}}.
            invalid_ruleset (ProblemTypesInvalidRuleset | Unset): 400 Invalid game options. Example: {'type':
                'https://hearts.example/problems/invalid-ruleset', 'title': 'Invalid game options.', 'status': 400, 'detail':
                'must be a positive int', 'code': 'invalid_ruleset', 'extra': {'field': 'target', 'message': 'must be a positive
                int'}}.
            parse_error (ProblemTypesParseError | Unset): 400 Malformed request. Example: {'type':
                'https://hearts.example/problems/parse-error', 'title': 'Malformed request.', 'status': 400, 'detail': 'JSON
                parse error - Expecting value: line 1 column 1 (char 0)', 'code': 'parse_error', 'extra': {}}.
            validation_error (ProblemTypesValidationError | Unset): 400 Invalid input. Example: {'type':
                'https://hearts.example/problems/validation-error', 'title': 'Invalid input.', 'status': 400, 'detail': 'card:
                This field is required.', 'code': 'validation_error', 'extra': {'errors': {'card': ['This field is required.']},
                'codes': {'card': ['required']}}}.
            weak_password (ProblemTypesWeakPassword | Unset): 400 Bad request. Example: {'type':
                'https://hearts.example/problems/weak-password', 'title': 'Bad request.', 'status': 400, 'detail': 'The password
                is too weak.', 'code': 'weak_password', 'extra': {'messages': ['This password is too common.']}}.
            authentication_failed (ProblemTypesAuthenticationFailed | Unset): 401 Incorrect authentication credentials.
                Example: {'type': 'https://hearts.example/problems/authentication-failed', 'title': 'Incorrect authentication
                credentials.', 'status': 401, 'detail': 'Invalid token.', 'code': 'authentication_failed', 'extra': {}}.
            not_authenticated (ProblemTypesNotAuthenticated | Unset): 401 Authentication credentials were not provided.
                Example: {'type': 'https://hearts.example/problems/not-authenticated', 'title': 'Authentication credentials were
                not provided.', 'status': 401, 'detail': 'Authentication credentials were not provided.', 'code':
                'not_authenticated', 'extra': {}}.
            bot_account_required (ProblemTypesBotAccountRequired | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/bot-account-required', 'title': 'Forbidden.', 'status': 403, 'detail': 'Only a
                bot account, with its bot token, may open the bot stream.', 'code': 'bot_account_required', 'extra': {}}.
            bot_not_open (ProblemTypesBotNotOpen | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/bot-not-open', 'title': 'Forbidden.', 'status': 403, 'detail': 'Only its owner
                may seat this bot (it is not open to all players).', 'code': 'bot_not_open', 'extra': {'bot': 'deep-hearts'}}.
            bots_cannot_own_bots (ProblemTypesBotsCannotOwnBots | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/bots-cannot-own-bots', 'title': 'Forbidden.', 'status': 403, 'detail': 'A bot
                account cannot register bots; its owner can.', 'code': 'bots_cannot_own_bots', 'extra': {}}.
            insufficient_scope (ProblemTypesInsufficientScope | Unset): 403 The access token lacks a scope this operation
                needs. Example: {'type': 'https://hearts.example/problems/insufficient-scope', 'title': 'The access token lacks
                a scope this operation needs.', 'status': 403, 'detail': 'This operation needs the scope games:play.', 'code':
                'insufficient_scope', 'extra': {'required_scopes': ['games:play'], 'granted_scopes': ['games:read']}}.
            not_game_creator (ProblemTypesNotGameCreator | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/not-game-creator', 'title': 'Forbidden.', 'status': 403, 'detail': 'Only the
                creator of the game may do this.', 'code': 'not_game_creator', 'extra': {}}.
            not_seated (ProblemTypesNotSeated | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/not-seated', 'title': 'Forbidden.', 'status': 403, 'detail': 'You do not have a
                seat in this game.', 'code': 'not_seated', 'extra': {}}.
            not_table_creator (ProblemTypesNotTableCreator | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/not-table-creator', 'title': 'Forbidden.', 'status': 403, 'detail': 'Only the
                creator of the table may do this.', 'code': 'not_table_creator', 'extra': {}}.
            not_table_member (ProblemTypesNotTableMember | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/not-table-member', 'title': 'Forbidden.', 'status': 403, 'detail': 'You are not
                invited to this table.', 'code': 'not_table_member', 'extra': {}}.
            permission_denied (ProblemTypesPermissionDenied | Unset): 403 You do not have permission to perform this action.
                Example: {'type': 'https://hearts.example/problems/permission-denied', 'title': 'You do not have permission to
                perform this action.', 'status': 403, 'detail': 'You do not have permission to perform this action.', 'code':
                'permission_denied', 'extra': {}}.
            seat_resigned (ProblemTypesSeatResigned | Unset): 403 Forbidden. Example: {'type':
                'https://hearts.example/problems/seat-resigned', 'title': 'Forbidden.', 'status': 403, 'detail': 'You resigned
                this seat; the AI plays it for good.', 'code': 'seat_resigned', 'extra': {'seat': 1}}.
            ai_level_not_found (ProblemTypesAiLevelNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/ai-level-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                AI level.', 'code': 'ai_level_not_found', 'extra': {'level': 'genius', 'levels': ['random', 'heuristic',
                'expert', 'master']}}.
            bot_not_found (ProblemTypesBotNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/bot-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No active bot
                account has that name.', 'code': 'bot_not_found', 'extra': {'bot': 'deep-hearts'}}.
            device_not_found (ProblemTypesDeviceNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/device-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                device.', 'code': 'device_not_found', 'extra': {'device_id': '00000000-0000-4000-8000-000000000000'}}.
            game_not_found (ProblemTypesGameNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/game-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                game.', 'code': 'game_not_found', 'extra': {'game_id': '00000000-0000-4000-8000-000000000000'}}.
            invite_not_found (ProblemTypesInviteNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/invite-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No table
                has this invite code.', 'code': 'invite_not_found', 'extra': {}}.
            not_found (ProblemTypesNotFound | Unset): 404 Not found. Example: {'type': 'https://hearts.example/problems/not-
                found', 'title': 'Not found.', 'status': 404, 'detail': 'Not found.', 'code': 'not_found', 'extra': {}}.
            player_not_found (ProblemTypesPlayerNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/player-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                player.', 'code': 'player_not_found', 'extra': {'username': 'nobody'}}.
            preset_not_found (ProblemTypesPresetNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/preset-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                preset.', 'code': 'preset_not_found', 'extra': {'preset': 'hearts', 'presets': ['classic', 'five_player',
                'six_player', 'three_player', 'two_player', 'two_player_full_deck']}}.
            push_subscription_not_found (ProblemTypesPushSubscriptionNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/push-subscription-not-found', 'title': 'Not found.', 'status': 404, 'detail':
                'No such push subscription.', 'code': 'push_subscription_not_found', 'extra': {'subscription_id':
                '00000000-0000-4000-8000-000000000000'}}.
            table_not_found (ProblemTypesTableNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/table-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'No such
                table.', 'code': 'table_not_found', 'extra': {'table_id': '00000000-0000-4000-8000-000000000000'}}.
            ticket_not_found (ProblemTypesTicketNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/ticket-not-found', 'title': 'Not found.', 'status': 404, 'detail': 'You have
                never queued for quick play.', 'code': 'ticket_not_found', 'extra': {}}.
            webhook_delivery_not_found (ProblemTypesWebhookDeliveryNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/webhook-delivery-not-found', 'title': 'Not found.', 'status': 404, 'detail':
                'No such webhook delivery.', 'code': 'webhook_delivery_not_found', 'extra': {'delivery_id':
                '00000000-0000-4000-8000-000000000000'}}.
            webhook_endpoint_not_found (ProblemTypesWebhookEndpointNotFound | Unset): 404 Not found. Example: {'type':
                'https://hearts.example/problems/webhook-endpoint-not-found', 'title': 'Not found.', 'status': 404, 'detail':
                'No such webhook endpoint.', 'code': 'webhook_endpoint_not_found', 'extra': {'endpoint_id':
                '00000000-0000-4000-8000-000000000000'}}.
            method_not_allowed (ProblemTypesMethodNotAllowed | Unset): 405 Method not allowed. Example: {'type':
                'https://hearts.example/problems/method-not-allowed', 'title': 'Method not allowed.', 'status': 405, 'detail':
                'Method "PUT" not allowed.', 'code': 'method_not_allowed', 'extra': {}}.
            not_acceptable (ProblemTypesNotAcceptable | Unset): 406 Could not satisfy the request Accept header. Example:
                {'type': 'https://hearts.example/problems/not-acceptable', 'title': 'Could not satisfy the request Accept
                header.', 'status': 406, 'detail': 'Could not satisfy the request Accept header.', 'code': 'not_acceptable',
                'extra': {}}.
            already_at_table (ProblemTypesAlreadyAtTable | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/already-at-table', 'title': 'Conflict.', 'status': 409, 'detail': 'You have
                already joined this table.', 'code': 'already_at_table', 'extra': {'position': 0}}.
            already_queued (ProblemTypesAlreadyQueued | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/already-queued', 'title': 'Conflict.', 'status': 409, 'detail': 'You are
                already waiting in the quick-play queue.', 'code': 'already_queued', 'extra': {'ticket_id':
                '5b0c8e8e-3f4a-4c1e-9d55-6f1d2b7a9e10'}}.
            already_seated (ProblemTypesAlreadySeated | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/already-seated', 'title': 'Conflict.', 'status': 409, 'detail': 'You already
                have a seat in this game.', 'code': 'already_seated', 'extra': {'seat': 0}}.
            bot_limit_reached (ProblemTypesBotLimitReached | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/bot-limit-reached', 'title': 'Conflict.', 'status': 409, 'detail': 'You have
                registered as many bots as a player may (revoke one first).', 'code': 'bot_limit_reached', 'extra': {'limit':
                10}}.
            concurrency_conflict (ProblemTypesConcurrencyConflict | Unset): 409 Stale expected sequence number. Example:
                {'type': 'https://hearts.example/problems/concurrency-conflict', 'title': 'Stale expected sequence number.',
                'status': 409, 'detail': 'The game has moved on since you last looked.', 'code': 'concurrency_conflict',
                'extra': {'current_seq': 7}}.
            game_already_started (ProblemTypesGameAlreadyStarted | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/game-already-started', 'title': 'Conflict.', 'status': 409, 'detail': 'The game
                has already started.', 'code': 'game_already_started', 'extra': {}}.
            game_finished (ProblemTypesGameFinished | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/game-finished', 'title': 'Conflict.', 'status': 409, 'detail': 'The game is
                over.', 'code': 'game_finished', 'extra': {}}.
            game_full (ProblemTypesGameFull | Unset): 409 Conflict. Example: {'type': 'https://hearts.example/problems/game-
                full', 'title': 'Conflict.', 'status': 409, 'detail': 'Every seat of this game is taken.', 'code': 'game_full',
                'extra': {}}.
            game_not_finished (ProblemTypesGameNotFinished | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/game-not-finished', 'title': 'Conflict.', 'status': 409, 'detail': 'The full
                log is exported only once the game is over.', 'code': 'game_not_finished', 'extra': {'status': 'lobby'}}.
            game_not_started (ProblemTypesGameNotStarted | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/game-not-started', 'title': 'Conflict.', 'status': 409, 'detail': 'The game has
                not started yet.', 'code': 'game_not_started', 'extra': {}}.
            idempotency_request_in_progress (ProblemTypesIdempotencyRequestInProgress | Unset): 409 Request in progress.
                Example: {'type': 'https://hearts.example/problems/idempotency-request-in-progress', 'title': 'Request in
                progress.', 'status': 409, 'detail': 'A request with this Idempotency-Key is still being processed.', 'code':
                'idempotency_request_in_progress', 'extra': {'key': '7d1c-lead'}}.
            mobile_push_not_configured (ProblemTypesMobilePushNotConfigured | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/mobile-push-not-configured', 'title': 'Conflict.', 'status': 409, 'detail':
                'Push to this platform is not configured on this server.', 'code': 'mobile_push_not_configured', 'extra':
                {'platform': 'apns'}}.
            not_queued (ProblemTypesNotQueued | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/not-queued', 'title': 'Conflict.', 'status': 409, 'detail': 'You are not
                waiting in the quick-play queue.', 'code': 'not_queued', 'extra': {}}.
            push_not_configured (ProblemTypesPushNotConfigured | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/push-not-configured', 'title': 'Conflict.', 'status': 409, 'detail': 'Web Push
                is not configured on this server (no VAPID key).', 'code': 'push_not_configured', 'extra': {}}.
            rematch_not_allowed (ProblemTypesRematchNotAllowed | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/rematch-not-allowed', 'title': 'Conflict.', 'status': 409, 'detail': 'A rematch
                needs a finished game in which you had a seat.', 'code': 'rematch_not_allowed', 'extra': {'status': 'active'}}.
            seat_handed_to_ai (ProblemTypesSeatHandedToAi | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/seat-handed-to-ai', 'title': 'Conflict.', 'status': 409, 'detail': 'Your seat
                is played by the AI; reclaim it first.', 'code': 'seat_handed_to_ai', 'extra': {'seat': 0}}.
            seat_not_ai (ProblemTypesSeatNotAi | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/seat-not-ai', 'title': 'Conflict.', 'status': 409, 'detail': 'That seat is not
                played by the AI.', 'code': 'seat_not_ai', 'extra': {'seat': 0}}.
            seat_taken (ProblemTypesSeatTaken | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/seat-taken', 'title': 'Conflict.', 'status': 409, 'detail': 'That seat is
                already taken.', 'code': 'seat_taken', 'extra': {'seat': 0}}.
            seats_not_filled (ProblemTypesSeatsNotFilled | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/seats-not-filled', 'title': 'Conflict.', 'status': 409, 'detail': 'Every seat
                must be filled before the game starts.', 'code': 'seats_not_filled', 'extra': {'empty_seats': [1, 2, 3]}}.
            table_closed (ProblemTypesTableClosed | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/table-closed', 'title': 'Conflict.', 'status': 409, 'detail': 'This table is no
                longer open.', 'code': 'table_closed', 'extra': {'status': 'started', 'game_id':
                '7f3e2a10-9b1c-4d2e-8f00-1a2b3c4d5e6f'}}.
            table_full (ProblemTypesTableFull | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/table-full', 'title': 'Conflict.', 'status': 409, 'detail': 'Every seat of this
                table is taken.', 'code': 'table_full', 'extra': {'seats': 4}}.
            table_not_full (ProblemTypesTableNotFull | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/table-not-full', 'title': 'Conflict.', 'status': 409, 'detail': 'The table has
                empty seats: fill them with AI players or wait.', 'code': 'table_not_full', 'extra': {'empty_seats': 2}}.
            ticket_matched (ProblemTypesTicketMatched | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/ticket-matched', 'title': 'Conflict.', 'status': 409, 'detail': 'You have
                already been seated in a game.', 'code': 'ticket_matched', 'extra': {'game_id':
                '7f3e2a10-9b1c-4d2e-8f00-1a2b3c4d5e6f', 'seat': 1}}.
            username_taken (ProblemTypesUsernameTaken | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/username-taken', 'title': 'Conflict.', 'status': 409, 'detail': 'That username
                is already taken.', 'code': 'username_taken', 'extra': {'username': 'alice'}}.
            webhook_endpoint_disabled (ProblemTypesWebhookEndpointDisabled | Unset): 409 Conflict. Example: {'type':
                'https://hearts.example/problems/webhook-endpoint-disabled', 'title': 'Conflict.', 'status': 409, 'detail': 'The
                webhook endpoint is disabled; enable it first.', 'code': 'webhook_endpoint_disabled', 'extra': {'endpoint_id':
                '00000000-0000-4000-8000-000000000000'}}.
            invite_expired (ProblemTypesInviteExpired | Unset): 410 Gone. Example: {'type':
                'https://hearts.example/problems/invite-expired', 'title': 'Gone.', 'status': 410, 'detail': 'This invite has
                expired.', 'code': 'invite_expired', 'extra': {'expired_at': '2026-01-01T12:00:00+00:00'}}.
            invite_revoked (ProblemTypesInviteRevoked | Unset): 410 Gone. Example: {'type':
                'https://hearts.example/problems/invite-revoked', 'title': 'Gone.', 'status': 410, 'detail': 'This invite was
                revoked.', 'code': 'invite_revoked', 'extra': {}}.
            precondition_failed (ProblemTypesPreconditionFailed | Unset): 412 Precondition failed. Example: {'type':
                'https://hearts.example/problems/precondition-failed', 'title': 'Precondition failed.', 'status': 412, 'detail':
                "If-Match does not match the game's current version.", 'code': 'precondition_failed', 'extra': {'current_seq':
                7, 'expected_seq': 6}}.
            unsupported_media_type (ProblemTypesUnsupportedMediaType | Unset): 415 Unsupported media type. Example: {'type':
                'https://hearts.example/problems/unsupported-media-type', 'title': 'Unsupported media type.', 'status': 415,
                'detail': 'Unsupported media type "application/x-www-form-urlencoded" in request.', 'code':
                'unsupported_media_type', 'extra': {}}.
            already_passed (ProblemTypesAlreadyPassed | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/already-passed', 'title': 'Rule violation.', 'status': 422, 'detail': 'seat 0
                has already passed', 'code': 'already_passed', 'extra': {'seat': 0}}.
            card_not_in_deck (ProblemTypesCardNotInDeck | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/card-not-in-deck', 'title': 'Rule violation.', 'status': 422, 'detail': '3C is
                not in this deck', 'code': 'card_not_in_deck', 'extra': {'card': '3C'}}.
            card_not_in_hand (ProblemTypesCardNotInHand | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/card-not-in-hand', 'title': 'Rule violation.', 'status': 422, 'detail': "AS is
                not in seat 0's hand", 'code': 'card_not_in_hand', 'extra': {'card': 'AS'}}.
            duplicate_cards (ProblemTypesDuplicateCards | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/duplicate-cards', 'title': 'Rule violation.', 'status': 422, 'detail': 'the
                same card twice in a pass', 'code': 'duplicate_cards', 'extra': {'cards': ['2C', '2C', '3C']}}.
            game_over (ProblemTypesGameOver | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/game-over', 'title': 'Rule violation.', 'status': 422, 'detail': 'the game is
                over', 'code': 'game_over', 'extra': {}}.
            hearts_not_broken (ProblemTypesHeartsNotBroken | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/hearts-not-broken', 'title': 'Rule violation.', 'status': 422, 'detail':
                'hearts are not broken', 'code': 'hearts_not_broken', 'extra': {'card': 'AH'}}.
            idempotency_key_reused (ProblemTypesIdempotencyKeyReused | Unset): 422 Idempotency-Key reused. Example: {'type':
                'https://hearts.example/problems/idempotency-key-reused', 'title': 'Idempotency-Key reused.', 'status': 422,
                'detail': 'This Idempotency-Key was already used for a different request.', 'code': 'idempotency_key_reused',
                'extra': {'key': '7d1c-lead', 'method': 'POST', 'path': '/api/v1/games/{id}/plays/'}}.
            invalid_deck (ProblemTypesInvalidDeck | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/invalid-deck', 'title': 'Rule violation.', 'status': 422, 'detail': "the deck
                must be a permutation of the ruleset's deck", 'code': 'invalid_deck', 'extra': {'deck': 'standard_52'}}.
            invalid_game_log (ProblemTypesInvalidGameLog | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/invalid-game-log', 'title': 'Rule violation.', 'status': 422, 'detail': 'The
                game log does not verify.', 'code': 'invalid_game_log', 'extra': {}}.
            invalid_moon_choice (ProblemTypesInvalidMoonChoice | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/invalid-moon-choice', 'title': 'Rule violation.', 'status': 422, 'detail':
                'choice must be one of add_to_others, subtract_from_self', 'code': 'invalid_moon_choice', 'extra': {'choice':
                'nope', 'choices': ['add_to_others', 'subtract_from_self']}}.
            must_follow_suit (ProblemTypesMustFollowSuit | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/must-follow-suit', 'title': 'Rule violation.', 'status': 422, 'detail': 'must
                follow clubs', 'code': 'must_follow_suit', 'extra': {'suit': 'C', 'card': '5D'}}.
            must_lead_opening_card (ProblemTypesMustLeadOpeningCard | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/must-lead-opening-card', 'title': 'Rule violation.', 'status': 422, 'detail':
                'the first trick must be led with 2C', 'code': 'must_lead_opening_card', 'extra': {'card': '3C', 'opening':
                '2C'}}.
            no_points_on_first_trick (ProblemTypesNoPointsOnFirstTrick | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/no-points-on-first-trick', 'title': 'Rule violation.', 'status': 422, 'detail':
                'no hearts or queen of spades on the first trick', 'code': 'no_points_on_first_trick', 'extra': {'card': '7H'}}.
            not_moon_shooter (ProblemTypesNotMoonShooter | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/not-moon-shooter', 'title': 'Rule violation.', 'status': 422, 'detail': 'seat 2
                shot the moon', 'code': 'not_moon_shooter', 'extra': {'shooter': 2}}.
            not_your_turn (ProblemTypesNotYourTurn | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/not-your-turn', 'title': 'Rule violation.', 'status': 422, 'detail': 'seat 0 is
                to play', 'code': 'not_your_turn', 'extra': {'to_act': [0]}}.
            seat_out_of_range (ProblemTypesSeatOutOfRange | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/seat-out-of-range', 'title': 'Rule violation.', 'status': 422, 'detail': 'That
                seat does not exist in this game.', 'code': 'seat_out_of_range', 'extra': {'seat': 4, 'seats': 4}}.
            unknown_seat (ProblemTypesUnknownSeat | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/unknown-seat', 'title': 'Rule violation.', 'status': 422, 'detail': 'no seat
                9', 'code': 'unknown_seat', 'extra': {'seat': 9}}.
            webhook_address_forbidden (ProblemTypesWebhookAddressForbidden | Unset): 422 Webhook URL refused. Example:
                {'type': 'https://hearts.example/problems/webhook-address-forbidden', 'title': 'Webhook URL refused.', 'status':
                422, 'detail': 'The webhook URL points to an address the server does not call.', 'code':
                'webhook_address_forbidden', 'extra': {'host': '127.0.0.1', 'address': '127.0.0.1', 'reason': 'loopback'}}.
            webhook_url_invalid (ProblemTypesWebhookUrlInvalid | Unset): 422 Webhook URL refused. Example: {'type':
                'https://hearts.example/problems/webhook-url-invalid', 'title': 'Webhook URL refused.', 'status': 422, 'detail':
                'The webhook URL must be http(s) with a host.', 'code': 'webhook_url_invalid', 'extra': {'url':
                'ftp://hooks.example/'}}.
            webhook_url_unresolvable (ProblemTypesWebhookUrlUnresolvable | Unset): 422 Webhook URL refused. Example:
                {'type': 'https://hearts.example/problems/webhook-url-unresolvable', 'title': 'Webhook URL refused.', 'status':
                422, 'detail': "The webhook URL's host does not resolve.", 'code': 'webhook_url_unresolvable', 'extra': {'host':
                'nowhere.invalid'}}.
            wrong_pass_count (ProblemTypesWrongPassCount | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/wrong-pass-count', 'title': 'Rule violation.', 'status': 422, 'detail': 'pass
                exactly 3 cards', 'code': 'wrong_pass_count', 'extra': {'expected': 3, 'got': 2}}.
            wrong_phase (ProblemTypesWrongPhase | Unset): 422 Rule violation. Example: {'type':
                'https://hearts.example/problems/wrong-phase', 'title': 'Rule violation.', 'status': 422, 'detail': 'cannot pass
                cards in phase playing', 'code': 'wrong_phase', 'extra': {'phase': 'playing'}}.
            throttled (ProblemTypesThrottled | Unset): 429 Request was throttled. Example: {'type':
                'https://hearts.example/problems/throttled', 'title': 'Request was throttled.', 'status': 429, 'detail':
                'Request was throttled. Expected available in 60 seconds.', 'code': 'throttled', 'extra': {'retry_after_s':
                60}}.
            too_many_streams (ProblemTypesTooManyStreams | Unset): 429 Too many open streams. Example: {'type':
                'https://hearts.example/problems/too-many-streams', 'title': 'Too many open streams.', 'status': 429, 'detail':
                'You have too many live streams open; close one first.', 'code': 'too_many_streams', 'extra': {'limit': 20,
                'retry_after_s': 15}}.
            server_error (ProblemTypesServerError | Unset): 500 Server error. Example: {'type':
                'https://hearts.example/problems/server-error', 'title': 'Server error.', 'status': 500, 'detail': 'An
                unexpected error occurred.', 'code': 'server_error', 'extra': {}}.
            service_unavailable (ProblemTypesServiceUnavailable | Unset): 503 Service unavailable. Example: {'type':
                'https://hearts.example/problems/service-unavailable', 'title': 'Service unavailable.', 'status': 503, 'detail':
                'The database is unreachable; retry later.', 'code': 'service_unavailable', 'extra': {'retry_after_s': 5}}.
    """

    conflicting_preconditions: ProblemTypesConflictingPreconditions | Unset = UNSET
    invalid_ai_level: ProblemTypesInvalidAiLevel | Unset = UNSET
    invalid_card_code: ProblemTypesInvalidCardCode | Unset = UNSET
    invalid_credentials: ProblemTypesInvalidCredentials | Unset = UNSET
    invalid_filter: ProblemTypesInvalidFilter | Unset = UNSET
    invalid_idempotency_key: ProblemTypesInvalidIdempotencyKey | Unset = UNSET
    invalid_if_match: ProblemTypesInvalidIfMatch | Unset = UNSET
    invalid_option: ProblemTypesInvalidOption | Unset = UNSET
    invalid_ruleset: ProblemTypesInvalidRuleset | Unset = UNSET
    parse_error: ProblemTypesParseError | Unset = UNSET
    validation_error: ProblemTypesValidationError | Unset = UNSET
    weak_password: ProblemTypesWeakPassword | Unset = UNSET
    authentication_failed: ProblemTypesAuthenticationFailed | Unset = UNSET
    not_authenticated: ProblemTypesNotAuthenticated | Unset = UNSET
    bot_account_required: ProblemTypesBotAccountRequired | Unset = UNSET
    bot_not_open: ProblemTypesBotNotOpen | Unset = UNSET
    bots_cannot_own_bots: ProblemTypesBotsCannotOwnBots | Unset = UNSET
    insufficient_scope: ProblemTypesInsufficientScope | Unset = UNSET
    not_game_creator: ProblemTypesNotGameCreator | Unset = UNSET
    not_seated: ProblemTypesNotSeated | Unset = UNSET
    not_table_creator: ProblemTypesNotTableCreator | Unset = UNSET
    not_table_member: ProblemTypesNotTableMember | Unset = UNSET
    permission_denied: ProblemTypesPermissionDenied | Unset = UNSET
    seat_resigned: ProblemTypesSeatResigned | Unset = UNSET
    ai_level_not_found: ProblemTypesAiLevelNotFound | Unset = UNSET
    bot_not_found: ProblemTypesBotNotFound | Unset = UNSET
    device_not_found: ProblemTypesDeviceNotFound | Unset = UNSET
    game_not_found: ProblemTypesGameNotFound | Unset = UNSET
    invite_not_found: ProblemTypesInviteNotFound | Unset = UNSET
    not_found: ProblemTypesNotFound | Unset = UNSET
    player_not_found: ProblemTypesPlayerNotFound | Unset = UNSET
    preset_not_found: ProblemTypesPresetNotFound | Unset = UNSET
    push_subscription_not_found: ProblemTypesPushSubscriptionNotFound | Unset = UNSET
    table_not_found: ProblemTypesTableNotFound | Unset = UNSET
    ticket_not_found: ProblemTypesTicketNotFound | Unset = UNSET
    webhook_delivery_not_found: ProblemTypesWebhookDeliveryNotFound | Unset = UNSET
    webhook_endpoint_not_found: ProblemTypesWebhookEndpointNotFound | Unset = UNSET
    method_not_allowed: ProblemTypesMethodNotAllowed | Unset = UNSET
    not_acceptable: ProblemTypesNotAcceptable | Unset = UNSET
    already_at_table: ProblemTypesAlreadyAtTable | Unset = UNSET
    already_queued: ProblemTypesAlreadyQueued | Unset = UNSET
    already_seated: ProblemTypesAlreadySeated | Unset = UNSET
    bot_limit_reached: ProblemTypesBotLimitReached | Unset = UNSET
    concurrency_conflict: ProblemTypesConcurrencyConflict | Unset = UNSET
    game_already_started: ProblemTypesGameAlreadyStarted | Unset = UNSET
    game_finished: ProblemTypesGameFinished | Unset = UNSET
    game_full: ProblemTypesGameFull | Unset = UNSET
    game_not_finished: ProblemTypesGameNotFinished | Unset = UNSET
    game_not_started: ProblemTypesGameNotStarted | Unset = UNSET
    idempotency_request_in_progress: ProblemTypesIdempotencyRequestInProgress | Unset = UNSET
    mobile_push_not_configured: ProblemTypesMobilePushNotConfigured | Unset = UNSET
    not_queued: ProblemTypesNotQueued | Unset = UNSET
    push_not_configured: ProblemTypesPushNotConfigured | Unset = UNSET
    rematch_not_allowed: ProblemTypesRematchNotAllowed | Unset = UNSET
    seat_handed_to_ai: ProblemTypesSeatHandedToAi | Unset = UNSET
    seat_not_ai: ProblemTypesSeatNotAi | Unset = UNSET
    seat_taken: ProblemTypesSeatTaken | Unset = UNSET
    seats_not_filled: ProblemTypesSeatsNotFilled | Unset = UNSET
    table_closed: ProblemTypesTableClosed | Unset = UNSET
    table_full: ProblemTypesTableFull | Unset = UNSET
    table_not_full: ProblemTypesTableNotFull | Unset = UNSET
    ticket_matched: ProblemTypesTicketMatched | Unset = UNSET
    username_taken: ProblemTypesUsernameTaken | Unset = UNSET
    webhook_endpoint_disabled: ProblemTypesWebhookEndpointDisabled | Unset = UNSET
    invite_expired: ProblemTypesInviteExpired | Unset = UNSET
    invite_revoked: ProblemTypesInviteRevoked | Unset = UNSET
    precondition_failed: ProblemTypesPreconditionFailed | Unset = UNSET
    unsupported_media_type: ProblemTypesUnsupportedMediaType | Unset = UNSET
    already_passed: ProblemTypesAlreadyPassed | Unset = UNSET
    card_not_in_deck: ProblemTypesCardNotInDeck | Unset = UNSET
    card_not_in_hand: ProblemTypesCardNotInHand | Unset = UNSET
    duplicate_cards: ProblemTypesDuplicateCards | Unset = UNSET
    game_over: ProblemTypesGameOver | Unset = UNSET
    hearts_not_broken: ProblemTypesHeartsNotBroken | Unset = UNSET
    idempotency_key_reused: ProblemTypesIdempotencyKeyReused | Unset = UNSET
    invalid_deck: ProblemTypesInvalidDeck | Unset = UNSET
    invalid_game_log: ProblemTypesInvalidGameLog | Unset = UNSET
    invalid_moon_choice: ProblemTypesInvalidMoonChoice | Unset = UNSET
    must_follow_suit: ProblemTypesMustFollowSuit | Unset = UNSET
    must_lead_opening_card: ProblemTypesMustLeadOpeningCard | Unset = UNSET
    no_points_on_first_trick: ProblemTypesNoPointsOnFirstTrick | Unset = UNSET
    not_moon_shooter: ProblemTypesNotMoonShooter | Unset = UNSET
    not_your_turn: ProblemTypesNotYourTurn | Unset = UNSET
    seat_out_of_range: ProblemTypesSeatOutOfRange | Unset = UNSET
    unknown_seat: ProblemTypesUnknownSeat | Unset = UNSET
    webhook_address_forbidden: ProblemTypesWebhookAddressForbidden | Unset = UNSET
    webhook_url_invalid: ProblemTypesWebhookUrlInvalid | Unset = UNSET
    webhook_url_unresolvable: ProblemTypesWebhookUrlUnresolvable | Unset = UNSET
    wrong_pass_count: ProblemTypesWrongPassCount | Unset = UNSET
    wrong_phase: ProblemTypesWrongPhase | Unset = UNSET
    throttled: ProblemTypesThrottled | Unset = UNSET
    too_many_streams: ProblemTypesTooManyStreams | Unset = UNSET
    server_error: ProblemTypesServerError | Unset = UNSET
    service_unavailable: ProblemTypesServiceUnavailable | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        conflicting_preconditions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.conflicting_preconditions, Unset):
            conflicting_preconditions = self.conflicting_preconditions.to_dict()

        invalid_ai_level: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_ai_level, Unset):
            invalid_ai_level = self.invalid_ai_level.to_dict()

        invalid_card_code: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_card_code, Unset):
            invalid_card_code = self.invalid_card_code.to_dict()

        invalid_credentials: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_credentials, Unset):
            invalid_credentials = self.invalid_credentials.to_dict()

        invalid_filter: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_filter, Unset):
            invalid_filter = self.invalid_filter.to_dict()

        invalid_idempotency_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_idempotency_key, Unset):
            invalid_idempotency_key = self.invalid_idempotency_key.to_dict()

        invalid_if_match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_if_match, Unset):
            invalid_if_match = self.invalid_if_match.to_dict()

        invalid_option: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_option, Unset):
            invalid_option = self.invalid_option.to_dict()

        invalid_ruleset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_ruleset, Unset):
            invalid_ruleset = self.invalid_ruleset.to_dict()

        parse_error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parse_error, Unset):
            parse_error = self.parse_error.to_dict()

        validation_error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.validation_error, Unset):
            validation_error = self.validation_error.to_dict()

        weak_password: dict[str, Any] | Unset = UNSET
        if not isinstance(self.weak_password, Unset):
            weak_password = self.weak_password.to_dict()

        authentication_failed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.authentication_failed, Unset):
            authentication_failed = self.authentication_failed.to_dict()

        not_authenticated: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_authenticated, Unset):
            not_authenticated = self.not_authenticated.to_dict()

        bot_account_required: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bot_account_required, Unset):
            bot_account_required = self.bot_account_required.to_dict()

        bot_not_open: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bot_not_open, Unset):
            bot_not_open = self.bot_not_open.to_dict()

        bots_cannot_own_bots: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bots_cannot_own_bots, Unset):
            bots_cannot_own_bots = self.bots_cannot_own_bots.to_dict()

        insufficient_scope: dict[str, Any] | Unset = UNSET
        if not isinstance(self.insufficient_scope, Unset):
            insufficient_scope = self.insufficient_scope.to_dict()

        not_game_creator: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_game_creator, Unset):
            not_game_creator = self.not_game_creator.to_dict()

        not_seated: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_seated, Unset):
            not_seated = self.not_seated.to_dict()

        not_table_creator: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_table_creator, Unset):
            not_table_creator = self.not_table_creator.to_dict()

        not_table_member: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_table_member, Unset):
            not_table_member = self.not_table_member.to_dict()

        permission_denied: dict[str, Any] | Unset = UNSET
        if not isinstance(self.permission_denied, Unset):
            permission_denied = self.permission_denied.to_dict()

        seat_resigned: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seat_resigned, Unset):
            seat_resigned = self.seat_resigned.to_dict()

        ai_level_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ai_level_not_found, Unset):
            ai_level_not_found = self.ai_level_not_found.to_dict()

        bot_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bot_not_found, Unset):
            bot_not_found = self.bot_not_found.to_dict()

        device_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.device_not_found, Unset):
            device_not_found = self.device_not_found.to_dict()

        game_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_not_found, Unset):
            game_not_found = self.game_not_found.to_dict()

        invite_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invite_not_found, Unset):
            invite_not_found = self.invite_not_found.to_dict()

        not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_found, Unset):
            not_found = self.not_found.to_dict()

        player_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.player_not_found, Unset):
            player_not_found = self.player_not_found.to_dict()

        preset_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.preset_not_found, Unset):
            preset_not_found = self.preset_not_found.to_dict()

        push_subscription_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.push_subscription_not_found, Unset):
            push_subscription_not_found = self.push_subscription_not_found.to_dict()

        table_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.table_not_found, Unset):
            table_not_found = self.table_not_found.to_dict()

        ticket_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ticket_not_found, Unset):
            ticket_not_found = self.ticket_not_found.to_dict()

        webhook_delivery_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_delivery_not_found, Unset):
            webhook_delivery_not_found = self.webhook_delivery_not_found.to_dict()

        webhook_endpoint_not_found: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_endpoint_not_found, Unset):
            webhook_endpoint_not_found = self.webhook_endpoint_not_found.to_dict()

        method_not_allowed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.method_not_allowed, Unset):
            method_not_allowed = self.method_not_allowed.to_dict()

        not_acceptable: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_acceptable, Unset):
            not_acceptable = self.not_acceptable.to_dict()

        already_at_table: dict[str, Any] | Unset = UNSET
        if not isinstance(self.already_at_table, Unset):
            already_at_table = self.already_at_table.to_dict()

        already_queued: dict[str, Any] | Unset = UNSET
        if not isinstance(self.already_queued, Unset):
            already_queued = self.already_queued.to_dict()

        already_seated: dict[str, Any] | Unset = UNSET
        if not isinstance(self.already_seated, Unset):
            already_seated = self.already_seated.to_dict()

        bot_limit_reached: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bot_limit_reached, Unset):
            bot_limit_reached = self.bot_limit_reached.to_dict()

        concurrency_conflict: dict[str, Any] | Unset = UNSET
        if not isinstance(self.concurrency_conflict, Unset):
            concurrency_conflict = self.concurrency_conflict.to_dict()

        game_already_started: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_already_started, Unset):
            game_already_started = self.game_already_started.to_dict()

        game_finished: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_finished, Unset):
            game_finished = self.game_finished.to_dict()

        game_full: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_full, Unset):
            game_full = self.game_full.to_dict()

        game_not_finished: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_not_finished, Unset):
            game_not_finished = self.game_not_finished.to_dict()

        game_not_started: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_not_started, Unset):
            game_not_started = self.game_not_started.to_dict()

        idempotency_request_in_progress: dict[str, Any] | Unset = UNSET
        if not isinstance(self.idempotency_request_in_progress, Unset):
            idempotency_request_in_progress = self.idempotency_request_in_progress.to_dict()

        mobile_push_not_configured: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mobile_push_not_configured, Unset):
            mobile_push_not_configured = self.mobile_push_not_configured.to_dict()

        not_queued: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_queued, Unset):
            not_queued = self.not_queued.to_dict()

        push_not_configured: dict[str, Any] | Unset = UNSET
        if not isinstance(self.push_not_configured, Unset):
            push_not_configured = self.push_not_configured.to_dict()

        rematch_not_allowed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rematch_not_allowed, Unset):
            rematch_not_allowed = self.rematch_not_allowed.to_dict()

        seat_handed_to_ai: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seat_handed_to_ai, Unset):
            seat_handed_to_ai = self.seat_handed_to_ai.to_dict()

        seat_not_ai: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seat_not_ai, Unset):
            seat_not_ai = self.seat_not_ai.to_dict()

        seat_taken: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seat_taken, Unset):
            seat_taken = self.seat_taken.to_dict()

        seats_not_filled: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seats_not_filled, Unset):
            seats_not_filled = self.seats_not_filled.to_dict()

        table_closed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.table_closed, Unset):
            table_closed = self.table_closed.to_dict()

        table_full: dict[str, Any] | Unset = UNSET
        if not isinstance(self.table_full, Unset):
            table_full = self.table_full.to_dict()

        table_not_full: dict[str, Any] | Unset = UNSET
        if not isinstance(self.table_not_full, Unset):
            table_not_full = self.table_not_full.to_dict()

        ticket_matched: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ticket_matched, Unset):
            ticket_matched = self.ticket_matched.to_dict()

        username_taken: dict[str, Any] | Unset = UNSET
        if not isinstance(self.username_taken, Unset):
            username_taken = self.username_taken.to_dict()

        webhook_endpoint_disabled: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_endpoint_disabled, Unset):
            webhook_endpoint_disabled = self.webhook_endpoint_disabled.to_dict()

        invite_expired: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invite_expired, Unset):
            invite_expired = self.invite_expired.to_dict()

        invite_revoked: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invite_revoked, Unset):
            invite_revoked = self.invite_revoked.to_dict()

        precondition_failed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.precondition_failed, Unset):
            precondition_failed = self.precondition_failed.to_dict()

        unsupported_media_type: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unsupported_media_type, Unset):
            unsupported_media_type = self.unsupported_media_type.to_dict()

        already_passed: dict[str, Any] | Unset = UNSET
        if not isinstance(self.already_passed, Unset):
            already_passed = self.already_passed.to_dict()

        card_not_in_deck: dict[str, Any] | Unset = UNSET
        if not isinstance(self.card_not_in_deck, Unset):
            card_not_in_deck = self.card_not_in_deck.to_dict()

        card_not_in_hand: dict[str, Any] | Unset = UNSET
        if not isinstance(self.card_not_in_hand, Unset):
            card_not_in_hand = self.card_not_in_hand.to_dict()

        duplicate_cards: dict[str, Any] | Unset = UNSET
        if not isinstance(self.duplicate_cards, Unset):
            duplicate_cards = self.duplicate_cards.to_dict()

        game_over: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game_over, Unset):
            game_over = self.game_over.to_dict()

        hearts_not_broken: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hearts_not_broken, Unset):
            hearts_not_broken = self.hearts_not_broken.to_dict()

        idempotency_key_reused: dict[str, Any] | Unset = UNSET
        if not isinstance(self.idempotency_key_reused, Unset):
            idempotency_key_reused = self.idempotency_key_reused.to_dict()

        invalid_deck: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_deck, Unset):
            invalid_deck = self.invalid_deck.to_dict()

        invalid_game_log: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_game_log, Unset):
            invalid_game_log = self.invalid_game_log.to_dict()

        invalid_moon_choice: dict[str, Any] | Unset = UNSET
        if not isinstance(self.invalid_moon_choice, Unset):
            invalid_moon_choice = self.invalid_moon_choice.to_dict()

        must_follow_suit: dict[str, Any] | Unset = UNSET
        if not isinstance(self.must_follow_suit, Unset):
            must_follow_suit = self.must_follow_suit.to_dict()

        must_lead_opening_card: dict[str, Any] | Unset = UNSET
        if not isinstance(self.must_lead_opening_card, Unset):
            must_lead_opening_card = self.must_lead_opening_card.to_dict()

        no_points_on_first_trick: dict[str, Any] | Unset = UNSET
        if not isinstance(self.no_points_on_first_trick, Unset):
            no_points_on_first_trick = self.no_points_on_first_trick.to_dict()

        not_moon_shooter: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_moon_shooter, Unset):
            not_moon_shooter = self.not_moon_shooter.to_dict()

        not_your_turn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.not_your_turn, Unset):
            not_your_turn = self.not_your_turn.to_dict()

        seat_out_of_range: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seat_out_of_range, Unset):
            seat_out_of_range = self.seat_out_of_range.to_dict()

        unknown_seat: dict[str, Any] | Unset = UNSET
        if not isinstance(self.unknown_seat, Unset):
            unknown_seat = self.unknown_seat.to_dict()

        webhook_address_forbidden: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_address_forbidden, Unset):
            webhook_address_forbidden = self.webhook_address_forbidden.to_dict()

        webhook_url_invalid: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_url_invalid, Unset):
            webhook_url_invalid = self.webhook_url_invalid.to_dict()

        webhook_url_unresolvable: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook_url_unresolvable, Unset):
            webhook_url_unresolvable = self.webhook_url_unresolvable.to_dict()

        wrong_pass_count: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wrong_pass_count, Unset):
            wrong_pass_count = self.wrong_pass_count.to_dict()

        wrong_phase: dict[str, Any] | Unset = UNSET
        if not isinstance(self.wrong_phase, Unset):
            wrong_phase = self.wrong_phase.to_dict()

        throttled: dict[str, Any] | Unset = UNSET
        if not isinstance(self.throttled, Unset):
            throttled = self.throttled.to_dict()

        too_many_streams: dict[str, Any] | Unset = UNSET
        if not isinstance(self.too_many_streams, Unset):
            too_many_streams = self.too_many_streams.to_dict()

        server_error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.server_error, Unset):
            server_error = self.server_error.to_dict()

        service_unavailable: dict[str, Any] | Unset = UNSET
        if not isinstance(self.service_unavailable, Unset):
            service_unavailable = self.service_unavailable.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if conflicting_preconditions is not UNSET:
            field_dict["conflicting_preconditions"] = conflicting_preconditions
        if invalid_ai_level is not UNSET:
            field_dict["invalid_ai_level"] = invalid_ai_level
        if invalid_card_code is not UNSET:
            field_dict["invalid_card_code"] = invalid_card_code
        if invalid_credentials is not UNSET:
            field_dict["invalid_credentials"] = invalid_credentials
        if invalid_filter is not UNSET:
            field_dict["invalid_filter"] = invalid_filter
        if invalid_idempotency_key is not UNSET:
            field_dict["invalid_idempotency_key"] = invalid_idempotency_key
        if invalid_if_match is not UNSET:
            field_dict["invalid_if_match"] = invalid_if_match
        if invalid_option is not UNSET:
            field_dict["invalid_option"] = invalid_option
        if invalid_ruleset is not UNSET:
            field_dict["invalid_ruleset"] = invalid_ruleset
        if parse_error is not UNSET:
            field_dict["parse_error"] = parse_error
        if validation_error is not UNSET:
            field_dict["validation_error"] = validation_error
        if weak_password is not UNSET:
            field_dict["weak_password"] = weak_password
        if authentication_failed is not UNSET:
            field_dict["authentication_failed"] = authentication_failed
        if not_authenticated is not UNSET:
            field_dict["not_authenticated"] = not_authenticated
        if bot_account_required is not UNSET:
            field_dict["bot_account_required"] = bot_account_required
        if bot_not_open is not UNSET:
            field_dict["bot_not_open"] = bot_not_open
        if bots_cannot_own_bots is not UNSET:
            field_dict["bots_cannot_own_bots"] = bots_cannot_own_bots
        if insufficient_scope is not UNSET:
            field_dict["insufficient_scope"] = insufficient_scope
        if not_game_creator is not UNSET:
            field_dict["not_game_creator"] = not_game_creator
        if not_seated is not UNSET:
            field_dict["not_seated"] = not_seated
        if not_table_creator is not UNSET:
            field_dict["not_table_creator"] = not_table_creator
        if not_table_member is not UNSET:
            field_dict["not_table_member"] = not_table_member
        if permission_denied is not UNSET:
            field_dict["permission_denied"] = permission_denied
        if seat_resigned is not UNSET:
            field_dict["seat_resigned"] = seat_resigned
        if ai_level_not_found is not UNSET:
            field_dict["ai_level_not_found"] = ai_level_not_found
        if bot_not_found is not UNSET:
            field_dict["bot_not_found"] = bot_not_found
        if device_not_found is not UNSET:
            field_dict["device_not_found"] = device_not_found
        if game_not_found is not UNSET:
            field_dict["game_not_found"] = game_not_found
        if invite_not_found is not UNSET:
            field_dict["invite_not_found"] = invite_not_found
        if not_found is not UNSET:
            field_dict["not_found"] = not_found
        if player_not_found is not UNSET:
            field_dict["player_not_found"] = player_not_found
        if preset_not_found is not UNSET:
            field_dict["preset_not_found"] = preset_not_found
        if push_subscription_not_found is not UNSET:
            field_dict["push_subscription_not_found"] = push_subscription_not_found
        if table_not_found is not UNSET:
            field_dict["table_not_found"] = table_not_found
        if ticket_not_found is not UNSET:
            field_dict["ticket_not_found"] = ticket_not_found
        if webhook_delivery_not_found is not UNSET:
            field_dict["webhook_delivery_not_found"] = webhook_delivery_not_found
        if webhook_endpoint_not_found is not UNSET:
            field_dict["webhook_endpoint_not_found"] = webhook_endpoint_not_found
        if method_not_allowed is not UNSET:
            field_dict["method_not_allowed"] = method_not_allowed
        if not_acceptable is not UNSET:
            field_dict["not_acceptable"] = not_acceptable
        if already_at_table is not UNSET:
            field_dict["already_at_table"] = already_at_table
        if already_queued is not UNSET:
            field_dict["already_queued"] = already_queued
        if already_seated is not UNSET:
            field_dict["already_seated"] = already_seated
        if bot_limit_reached is not UNSET:
            field_dict["bot_limit_reached"] = bot_limit_reached
        if concurrency_conflict is not UNSET:
            field_dict["concurrency_conflict"] = concurrency_conflict
        if game_already_started is not UNSET:
            field_dict["game_already_started"] = game_already_started
        if game_finished is not UNSET:
            field_dict["game_finished"] = game_finished
        if game_full is not UNSET:
            field_dict["game_full"] = game_full
        if game_not_finished is not UNSET:
            field_dict["game_not_finished"] = game_not_finished
        if game_not_started is not UNSET:
            field_dict["game_not_started"] = game_not_started
        if idempotency_request_in_progress is not UNSET:
            field_dict["idempotency_request_in_progress"] = idempotency_request_in_progress
        if mobile_push_not_configured is not UNSET:
            field_dict["mobile_push_not_configured"] = mobile_push_not_configured
        if not_queued is not UNSET:
            field_dict["not_queued"] = not_queued
        if push_not_configured is not UNSET:
            field_dict["push_not_configured"] = push_not_configured
        if rematch_not_allowed is not UNSET:
            field_dict["rematch_not_allowed"] = rematch_not_allowed
        if seat_handed_to_ai is not UNSET:
            field_dict["seat_handed_to_ai"] = seat_handed_to_ai
        if seat_not_ai is not UNSET:
            field_dict["seat_not_ai"] = seat_not_ai
        if seat_taken is not UNSET:
            field_dict["seat_taken"] = seat_taken
        if seats_not_filled is not UNSET:
            field_dict["seats_not_filled"] = seats_not_filled
        if table_closed is not UNSET:
            field_dict["table_closed"] = table_closed
        if table_full is not UNSET:
            field_dict["table_full"] = table_full
        if table_not_full is not UNSET:
            field_dict["table_not_full"] = table_not_full
        if ticket_matched is not UNSET:
            field_dict["ticket_matched"] = ticket_matched
        if username_taken is not UNSET:
            field_dict["username_taken"] = username_taken
        if webhook_endpoint_disabled is not UNSET:
            field_dict["webhook_endpoint_disabled"] = webhook_endpoint_disabled
        if invite_expired is not UNSET:
            field_dict["invite_expired"] = invite_expired
        if invite_revoked is not UNSET:
            field_dict["invite_revoked"] = invite_revoked
        if precondition_failed is not UNSET:
            field_dict["precondition_failed"] = precondition_failed
        if unsupported_media_type is not UNSET:
            field_dict["unsupported_media_type"] = unsupported_media_type
        if already_passed is not UNSET:
            field_dict["already_passed"] = already_passed
        if card_not_in_deck is not UNSET:
            field_dict["card_not_in_deck"] = card_not_in_deck
        if card_not_in_hand is not UNSET:
            field_dict["card_not_in_hand"] = card_not_in_hand
        if duplicate_cards is not UNSET:
            field_dict["duplicate_cards"] = duplicate_cards
        if game_over is not UNSET:
            field_dict["game_over"] = game_over
        if hearts_not_broken is not UNSET:
            field_dict["hearts_not_broken"] = hearts_not_broken
        if idempotency_key_reused is not UNSET:
            field_dict["idempotency_key_reused"] = idempotency_key_reused
        if invalid_deck is not UNSET:
            field_dict["invalid_deck"] = invalid_deck
        if invalid_game_log is not UNSET:
            field_dict["invalid_game_log"] = invalid_game_log
        if invalid_moon_choice is not UNSET:
            field_dict["invalid_moon_choice"] = invalid_moon_choice
        if must_follow_suit is not UNSET:
            field_dict["must_follow_suit"] = must_follow_suit
        if must_lead_opening_card is not UNSET:
            field_dict["must_lead_opening_card"] = must_lead_opening_card
        if no_points_on_first_trick is not UNSET:
            field_dict["no_points_on_first_trick"] = no_points_on_first_trick
        if not_moon_shooter is not UNSET:
            field_dict["not_moon_shooter"] = not_moon_shooter
        if not_your_turn is not UNSET:
            field_dict["not_your_turn"] = not_your_turn
        if seat_out_of_range is not UNSET:
            field_dict["seat_out_of_range"] = seat_out_of_range
        if unknown_seat is not UNSET:
            field_dict["unknown_seat"] = unknown_seat
        if webhook_address_forbidden is not UNSET:
            field_dict["webhook_address_forbidden"] = webhook_address_forbidden
        if webhook_url_invalid is not UNSET:
            field_dict["webhook_url_invalid"] = webhook_url_invalid
        if webhook_url_unresolvable is not UNSET:
            field_dict["webhook_url_unresolvable"] = webhook_url_unresolvable
        if wrong_pass_count is not UNSET:
            field_dict["wrong_pass_count"] = wrong_pass_count
        if wrong_phase is not UNSET:
            field_dict["wrong_phase"] = wrong_phase
        if throttled is not UNSET:
            field_dict["throttled"] = throttled
        if too_many_streams is not UNSET:
            field_dict["too_many_streams"] = too_many_streams
        if server_error is not UNSET:
            field_dict["server_error"] = server_error
        if service_unavailable is not UNSET:
            field_dict["service_unavailable"] = service_unavailable

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_types_ai_level_not_found import ProblemTypesAiLevelNotFound  # noqa: PLC0415
        from ..models.problem_types_already_at_table import ProblemTypesAlreadyAtTable  # noqa: PLC0415
        from ..models.problem_types_already_passed import ProblemTypesAlreadyPassed  # noqa: PLC0415
        from ..models.problem_types_already_queued import ProblemTypesAlreadyQueued  # noqa: PLC0415
        from ..models.problem_types_already_seated import ProblemTypesAlreadySeated  # noqa: PLC0415
        from ..models.problem_types_authentication_failed import ProblemTypesAuthenticationFailed  # noqa: PLC0415
        from ..models.problem_types_bot_account_required import ProblemTypesBotAccountRequired  # noqa: PLC0415
        from ..models.problem_types_bot_limit_reached import ProblemTypesBotLimitReached  # noqa: PLC0415
        from ..models.problem_types_bot_not_found import ProblemTypesBotNotFound  # noqa: PLC0415
        from ..models.problem_types_bot_not_open import ProblemTypesBotNotOpen  # noqa: PLC0415
        from ..models.problem_types_bots_cannot_own_bots import ProblemTypesBotsCannotOwnBots  # noqa: PLC0415
        from ..models.problem_types_card_not_in_deck import ProblemTypesCardNotInDeck  # noqa: PLC0415
        from ..models.problem_types_card_not_in_hand import ProblemTypesCardNotInHand  # noqa: PLC0415
        from ..models.problem_types_concurrency_conflict import ProblemTypesConcurrencyConflict  # noqa: PLC0415
        from ..models.problem_types_conflicting_preconditions import ProblemTypesConflictingPreconditions  # noqa: PLC0415
        from ..models.problem_types_device_not_found import ProblemTypesDeviceNotFound  # noqa: PLC0415
        from ..models.problem_types_duplicate_cards import ProblemTypesDuplicateCards  # noqa: PLC0415
        from ..models.problem_types_game_already_started import ProblemTypesGameAlreadyStarted  # noqa: PLC0415
        from ..models.problem_types_game_finished import ProblemTypesGameFinished  # noqa: PLC0415
        from ..models.problem_types_game_full import ProblemTypesGameFull  # noqa: PLC0415
        from ..models.problem_types_game_not_finished import ProblemTypesGameNotFinished  # noqa: PLC0415
        from ..models.problem_types_game_not_found import ProblemTypesGameNotFound  # noqa: PLC0415
        from ..models.problem_types_game_not_started import ProblemTypesGameNotStarted  # noqa: PLC0415
        from ..models.problem_types_game_over import ProblemTypesGameOver  # noqa: PLC0415
        from ..models.problem_types_hearts_not_broken import ProblemTypesHeartsNotBroken  # noqa: PLC0415
        from ..models.problem_types_idempotency_key_reused import ProblemTypesIdempotencyKeyReused  # noqa: PLC0415
        from ..models.problem_types_idempotency_request_in_progress import ProblemTypesIdempotencyRequestInProgress  # noqa: PLC0415
        from ..models.problem_types_insufficient_scope import ProblemTypesInsufficientScope  # noqa: PLC0415
        from ..models.problem_types_invalid_ai_level import ProblemTypesInvalidAiLevel  # noqa: PLC0415
        from ..models.problem_types_invalid_card_code import ProblemTypesInvalidCardCode  # noqa: PLC0415
        from ..models.problem_types_invalid_credentials import ProblemTypesInvalidCredentials  # noqa: PLC0415
        from ..models.problem_types_invalid_deck import ProblemTypesInvalidDeck  # noqa: PLC0415
        from ..models.problem_types_invalid_filter import ProblemTypesInvalidFilter  # noqa: PLC0415
        from ..models.problem_types_invalid_game_log import ProblemTypesInvalidGameLog  # noqa: PLC0415
        from ..models.problem_types_invalid_idempotency_key import ProblemTypesInvalidIdempotencyKey  # noqa: PLC0415
        from ..models.problem_types_invalid_if_match import ProblemTypesInvalidIfMatch  # noqa: PLC0415
        from ..models.problem_types_invalid_moon_choice import ProblemTypesInvalidMoonChoice  # noqa: PLC0415
        from ..models.problem_types_invalid_option import ProblemTypesInvalidOption  # noqa: PLC0415
        from ..models.problem_types_invalid_ruleset import ProblemTypesInvalidRuleset  # noqa: PLC0415
        from ..models.problem_types_invite_expired import ProblemTypesInviteExpired  # noqa: PLC0415
        from ..models.problem_types_invite_not_found import ProblemTypesInviteNotFound  # noqa: PLC0415
        from ..models.problem_types_invite_revoked import ProblemTypesInviteRevoked  # noqa: PLC0415
        from ..models.problem_types_method_not_allowed import ProblemTypesMethodNotAllowed  # noqa: PLC0415
        from ..models.problem_types_mobile_push_not_configured import ProblemTypesMobilePushNotConfigured  # noqa: PLC0415
        from ..models.problem_types_must_follow_suit import ProblemTypesMustFollowSuit  # noqa: PLC0415
        from ..models.problem_types_must_lead_opening_card import ProblemTypesMustLeadOpeningCard  # noqa: PLC0415
        from ..models.problem_types_no_points_on_first_trick import ProblemTypesNoPointsOnFirstTrick  # noqa: PLC0415
        from ..models.problem_types_not_acceptable import ProblemTypesNotAcceptable  # noqa: PLC0415
        from ..models.problem_types_not_authenticated import ProblemTypesNotAuthenticated  # noqa: PLC0415
        from ..models.problem_types_not_found import ProblemTypesNotFound  # noqa: PLC0415
        from ..models.problem_types_not_game_creator import ProblemTypesNotGameCreator  # noqa: PLC0415
        from ..models.problem_types_not_moon_shooter import ProblemTypesNotMoonShooter  # noqa: PLC0415
        from ..models.problem_types_not_queued import ProblemTypesNotQueued  # noqa: PLC0415
        from ..models.problem_types_not_seated import ProblemTypesNotSeated  # noqa: PLC0415
        from ..models.problem_types_not_table_creator import ProblemTypesNotTableCreator  # noqa: PLC0415
        from ..models.problem_types_not_table_member import ProblemTypesNotTableMember  # noqa: PLC0415
        from ..models.problem_types_not_your_turn import ProblemTypesNotYourTurn  # noqa: PLC0415
        from ..models.problem_types_parse_error import ProblemTypesParseError  # noqa: PLC0415
        from ..models.problem_types_permission_denied import ProblemTypesPermissionDenied  # noqa: PLC0415
        from ..models.problem_types_player_not_found import ProblemTypesPlayerNotFound  # noqa: PLC0415
        from ..models.problem_types_precondition_failed import ProblemTypesPreconditionFailed  # noqa: PLC0415
        from ..models.problem_types_preset_not_found import ProblemTypesPresetNotFound  # noqa: PLC0415
        from ..models.problem_types_push_not_configured import ProblemTypesPushNotConfigured  # noqa: PLC0415
        from ..models.problem_types_push_subscription_not_found import ProblemTypesPushSubscriptionNotFound  # noqa: PLC0415
        from ..models.problem_types_rematch_not_allowed import ProblemTypesRematchNotAllowed  # noqa: PLC0415
        from ..models.problem_types_seat_handed_to_ai import ProblemTypesSeatHandedToAi  # noqa: PLC0415
        from ..models.problem_types_seat_not_ai import ProblemTypesSeatNotAi  # noqa: PLC0415
        from ..models.problem_types_seat_out_of_range import ProblemTypesSeatOutOfRange  # noqa: PLC0415
        from ..models.problem_types_seat_resigned import ProblemTypesSeatResigned  # noqa: PLC0415
        from ..models.problem_types_seat_taken import ProblemTypesSeatTaken  # noqa: PLC0415
        from ..models.problem_types_seats_not_filled import ProblemTypesSeatsNotFilled  # noqa: PLC0415
        from ..models.problem_types_server_error import ProblemTypesServerError  # noqa: PLC0415
        from ..models.problem_types_service_unavailable import ProblemTypesServiceUnavailable  # noqa: PLC0415
        from ..models.problem_types_table_closed import ProblemTypesTableClosed  # noqa: PLC0415
        from ..models.problem_types_table_full import ProblemTypesTableFull  # noqa: PLC0415
        from ..models.problem_types_table_not_found import ProblemTypesTableNotFound  # noqa: PLC0415
        from ..models.problem_types_table_not_full import ProblemTypesTableNotFull  # noqa: PLC0415
        from ..models.problem_types_throttled import ProblemTypesThrottled  # noqa: PLC0415
        from ..models.problem_types_ticket_matched import ProblemTypesTicketMatched  # noqa: PLC0415
        from ..models.problem_types_ticket_not_found import ProblemTypesTicketNotFound  # noqa: PLC0415
        from ..models.problem_types_too_many_streams import ProblemTypesTooManyStreams  # noqa: PLC0415
        from ..models.problem_types_unknown_seat import ProblemTypesUnknownSeat  # noqa: PLC0415
        from ..models.problem_types_unsupported_media_type import ProblemTypesUnsupportedMediaType  # noqa: PLC0415
        from ..models.problem_types_username_taken import ProblemTypesUsernameTaken  # noqa: PLC0415
        from ..models.problem_types_validation_error import ProblemTypesValidationError  # noqa: PLC0415
        from ..models.problem_types_weak_password import ProblemTypesWeakPassword  # noqa: PLC0415
        from ..models.problem_types_webhook_address_forbidden import ProblemTypesWebhookAddressForbidden  # noqa: PLC0415
        from ..models.problem_types_webhook_delivery_not_found import ProblemTypesWebhookDeliveryNotFound  # noqa: PLC0415
        from ..models.problem_types_webhook_endpoint_disabled import ProblemTypesWebhookEndpointDisabled  # noqa: PLC0415
        from ..models.problem_types_webhook_endpoint_not_found import ProblemTypesWebhookEndpointNotFound  # noqa: PLC0415
        from ..models.problem_types_webhook_url_invalid import ProblemTypesWebhookUrlInvalid  # noqa: PLC0415
        from ..models.problem_types_webhook_url_unresolvable import ProblemTypesWebhookUrlUnresolvable  # noqa: PLC0415
        from ..models.problem_types_wrong_pass_count import ProblemTypesWrongPassCount  # noqa: PLC0415
        from ..models.problem_types_wrong_phase import ProblemTypesWrongPhase  # noqa: PLC0415

        d = dict(src_dict)
        _conflicting_preconditions = d.pop("conflicting_preconditions", UNSET)
        conflicting_preconditions: ProblemTypesConflictingPreconditions | Unset
        if isinstance(_conflicting_preconditions, Unset):
            conflicting_preconditions = UNSET
        else:
            conflicting_preconditions = ProblemTypesConflictingPreconditions.from_dict(_conflicting_preconditions)

        _invalid_ai_level = d.pop("invalid_ai_level", UNSET)
        invalid_ai_level: ProblemTypesInvalidAiLevel | Unset
        if isinstance(_invalid_ai_level, Unset):
            invalid_ai_level = UNSET
        else:
            invalid_ai_level = ProblemTypesInvalidAiLevel.from_dict(_invalid_ai_level)

        _invalid_card_code = d.pop("invalid_card_code", UNSET)
        invalid_card_code: ProblemTypesInvalidCardCode | Unset
        if isinstance(_invalid_card_code, Unset):
            invalid_card_code = UNSET
        else:
            invalid_card_code = ProblemTypesInvalidCardCode.from_dict(_invalid_card_code)

        _invalid_credentials = d.pop("invalid_credentials", UNSET)
        invalid_credentials: ProblemTypesInvalidCredentials | Unset
        if isinstance(_invalid_credentials, Unset):
            invalid_credentials = UNSET
        else:
            invalid_credentials = ProblemTypesInvalidCredentials.from_dict(_invalid_credentials)

        _invalid_filter = d.pop("invalid_filter", UNSET)
        invalid_filter: ProblemTypesInvalidFilter | Unset
        if isinstance(_invalid_filter, Unset):
            invalid_filter = UNSET
        else:
            invalid_filter = ProblemTypesInvalidFilter.from_dict(_invalid_filter)

        _invalid_idempotency_key = d.pop("invalid_idempotency_key", UNSET)
        invalid_idempotency_key: ProblemTypesInvalidIdempotencyKey | Unset
        if isinstance(_invalid_idempotency_key, Unset):
            invalid_idempotency_key = UNSET
        else:
            invalid_idempotency_key = ProblemTypesInvalidIdempotencyKey.from_dict(_invalid_idempotency_key)

        _invalid_if_match = d.pop("invalid_if_match", UNSET)
        invalid_if_match: ProblemTypesInvalidIfMatch | Unset
        if isinstance(_invalid_if_match, Unset):
            invalid_if_match = UNSET
        else:
            invalid_if_match = ProblemTypesInvalidIfMatch.from_dict(_invalid_if_match)

        _invalid_option = d.pop("invalid_option", UNSET)
        invalid_option: ProblemTypesInvalidOption | Unset
        if isinstance(_invalid_option, Unset):
            invalid_option = UNSET
        else:
            invalid_option = ProblemTypesInvalidOption.from_dict(_invalid_option)

        _invalid_ruleset = d.pop("invalid_ruleset", UNSET)
        invalid_ruleset: ProblemTypesInvalidRuleset | Unset
        if isinstance(_invalid_ruleset, Unset):
            invalid_ruleset = UNSET
        else:
            invalid_ruleset = ProblemTypesInvalidRuleset.from_dict(_invalid_ruleset)

        _parse_error = d.pop("parse_error", UNSET)
        parse_error: ProblemTypesParseError | Unset
        if isinstance(_parse_error, Unset):
            parse_error = UNSET
        else:
            parse_error = ProblemTypesParseError.from_dict(_parse_error)

        _validation_error = d.pop("validation_error", UNSET)
        validation_error: ProblemTypesValidationError | Unset
        if isinstance(_validation_error, Unset):
            validation_error = UNSET
        else:
            validation_error = ProblemTypesValidationError.from_dict(_validation_error)

        _weak_password = d.pop("weak_password", UNSET)
        weak_password: ProblemTypesWeakPassword | Unset
        if isinstance(_weak_password, Unset):
            weak_password = UNSET
        else:
            weak_password = ProblemTypesWeakPassword.from_dict(_weak_password)

        _authentication_failed = d.pop("authentication_failed", UNSET)
        authentication_failed: ProblemTypesAuthenticationFailed | Unset
        if isinstance(_authentication_failed, Unset):
            authentication_failed = UNSET
        else:
            authentication_failed = ProblemTypesAuthenticationFailed.from_dict(_authentication_failed)

        _not_authenticated = d.pop("not_authenticated", UNSET)
        not_authenticated: ProblemTypesNotAuthenticated | Unset
        if isinstance(_not_authenticated, Unset):
            not_authenticated = UNSET
        else:
            not_authenticated = ProblemTypesNotAuthenticated.from_dict(_not_authenticated)

        _bot_account_required = d.pop("bot_account_required", UNSET)
        bot_account_required: ProblemTypesBotAccountRequired | Unset
        if isinstance(_bot_account_required, Unset):
            bot_account_required = UNSET
        else:
            bot_account_required = ProblemTypesBotAccountRequired.from_dict(_bot_account_required)

        _bot_not_open = d.pop("bot_not_open", UNSET)
        bot_not_open: ProblemTypesBotNotOpen | Unset
        if isinstance(_bot_not_open, Unset):
            bot_not_open = UNSET
        else:
            bot_not_open = ProblemTypesBotNotOpen.from_dict(_bot_not_open)

        _bots_cannot_own_bots = d.pop("bots_cannot_own_bots", UNSET)
        bots_cannot_own_bots: ProblemTypesBotsCannotOwnBots | Unset
        if isinstance(_bots_cannot_own_bots, Unset):
            bots_cannot_own_bots = UNSET
        else:
            bots_cannot_own_bots = ProblemTypesBotsCannotOwnBots.from_dict(_bots_cannot_own_bots)

        _insufficient_scope = d.pop("insufficient_scope", UNSET)
        insufficient_scope: ProblemTypesInsufficientScope | Unset
        if isinstance(_insufficient_scope, Unset):
            insufficient_scope = UNSET
        else:
            insufficient_scope = ProblemTypesInsufficientScope.from_dict(_insufficient_scope)

        _not_game_creator = d.pop("not_game_creator", UNSET)
        not_game_creator: ProblemTypesNotGameCreator | Unset
        if isinstance(_not_game_creator, Unset):
            not_game_creator = UNSET
        else:
            not_game_creator = ProblemTypesNotGameCreator.from_dict(_not_game_creator)

        _not_seated = d.pop("not_seated", UNSET)
        not_seated: ProblemTypesNotSeated | Unset
        if isinstance(_not_seated, Unset):
            not_seated = UNSET
        else:
            not_seated = ProblemTypesNotSeated.from_dict(_not_seated)

        _not_table_creator = d.pop("not_table_creator", UNSET)
        not_table_creator: ProblemTypesNotTableCreator | Unset
        if isinstance(_not_table_creator, Unset):
            not_table_creator = UNSET
        else:
            not_table_creator = ProblemTypesNotTableCreator.from_dict(_not_table_creator)

        _not_table_member = d.pop("not_table_member", UNSET)
        not_table_member: ProblemTypesNotTableMember | Unset
        if isinstance(_not_table_member, Unset):
            not_table_member = UNSET
        else:
            not_table_member = ProblemTypesNotTableMember.from_dict(_not_table_member)

        _permission_denied = d.pop("permission_denied", UNSET)
        permission_denied: ProblemTypesPermissionDenied | Unset
        if isinstance(_permission_denied, Unset):
            permission_denied = UNSET
        else:
            permission_denied = ProblemTypesPermissionDenied.from_dict(_permission_denied)

        _seat_resigned = d.pop("seat_resigned", UNSET)
        seat_resigned: ProblemTypesSeatResigned | Unset
        if isinstance(_seat_resigned, Unset):
            seat_resigned = UNSET
        else:
            seat_resigned = ProblemTypesSeatResigned.from_dict(_seat_resigned)

        _ai_level_not_found = d.pop("ai_level_not_found", UNSET)
        ai_level_not_found: ProblemTypesAiLevelNotFound | Unset
        if isinstance(_ai_level_not_found, Unset):
            ai_level_not_found = UNSET
        else:
            ai_level_not_found = ProblemTypesAiLevelNotFound.from_dict(_ai_level_not_found)

        _bot_not_found = d.pop("bot_not_found", UNSET)
        bot_not_found: ProblemTypesBotNotFound | Unset
        if isinstance(_bot_not_found, Unset):
            bot_not_found = UNSET
        else:
            bot_not_found = ProblemTypesBotNotFound.from_dict(_bot_not_found)

        _device_not_found = d.pop("device_not_found", UNSET)
        device_not_found: ProblemTypesDeviceNotFound | Unset
        if isinstance(_device_not_found, Unset):
            device_not_found = UNSET
        else:
            device_not_found = ProblemTypesDeviceNotFound.from_dict(_device_not_found)

        _game_not_found = d.pop("game_not_found", UNSET)
        game_not_found: ProblemTypesGameNotFound | Unset
        if isinstance(_game_not_found, Unset):
            game_not_found = UNSET
        else:
            game_not_found = ProblemTypesGameNotFound.from_dict(_game_not_found)

        _invite_not_found = d.pop("invite_not_found", UNSET)
        invite_not_found: ProblemTypesInviteNotFound | Unset
        if isinstance(_invite_not_found, Unset):
            invite_not_found = UNSET
        else:
            invite_not_found = ProblemTypesInviteNotFound.from_dict(_invite_not_found)

        _not_found = d.pop("not_found", UNSET)
        not_found: ProblemTypesNotFound | Unset
        if isinstance(_not_found, Unset):
            not_found = UNSET
        else:
            not_found = ProblemTypesNotFound.from_dict(_not_found)

        _player_not_found = d.pop("player_not_found", UNSET)
        player_not_found: ProblemTypesPlayerNotFound | Unset
        if isinstance(_player_not_found, Unset):
            player_not_found = UNSET
        else:
            player_not_found = ProblemTypesPlayerNotFound.from_dict(_player_not_found)

        _preset_not_found = d.pop("preset_not_found", UNSET)
        preset_not_found: ProblemTypesPresetNotFound | Unset
        if isinstance(_preset_not_found, Unset):
            preset_not_found = UNSET
        else:
            preset_not_found = ProblemTypesPresetNotFound.from_dict(_preset_not_found)

        _push_subscription_not_found = d.pop("push_subscription_not_found", UNSET)
        push_subscription_not_found: ProblemTypesPushSubscriptionNotFound | Unset
        if isinstance(_push_subscription_not_found, Unset):
            push_subscription_not_found = UNSET
        else:
            push_subscription_not_found = ProblemTypesPushSubscriptionNotFound.from_dict(_push_subscription_not_found)

        _table_not_found = d.pop("table_not_found", UNSET)
        table_not_found: ProblemTypesTableNotFound | Unset
        if isinstance(_table_not_found, Unset):
            table_not_found = UNSET
        else:
            table_not_found = ProblemTypesTableNotFound.from_dict(_table_not_found)

        _ticket_not_found = d.pop("ticket_not_found", UNSET)
        ticket_not_found: ProblemTypesTicketNotFound | Unset
        if isinstance(_ticket_not_found, Unset):
            ticket_not_found = UNSET
        else:
            ticket_not_found = ProblemTypesTicketNotFound.from_dict(_ticket_not_found)

        _webhook_delivery_not_found = d.pop("webhook_delivery_not_found", UNSET)
        webhook_delivery_not_found: ProblemTypesWebhookDeliveryNotFound | Unset
        if isinstance(_webhook_delivery_not_found, Unset):
            webhook_delivery_not_found = UNSET
        else:
            webhook_delivery_not_found = ProblemTypesWebhookDeliveryNotFound.from_dict(_webhook_delivery_not_found)

        _webhook_endpoint_not_found = d.pop("webhook_endpoint_not_found", UNSET)
        webhook_endpoint_not_found: ProblemTypesWebhookEndpointNotFound | Unset
        if isinstance(_webhook_endpoint_not_found, Unset):
            webhook_endpoint_not_found = UNSET
        else:
            webhook_endpoint_not_found = ProblemTypesWebhookEndpointNotFound.from_dict(_webhook_endpoint_not_found)

        _method_not_allowed = d.pop("method_not_allowed", UNSET)
        method_not_allowed: ProblemTypesMethodNotAllowed | Unset
        if isinstance(_method_not_allowed, Unset):
            method_not_allowed = UNSET
        else:
            method_not_allowed = ProblemTypesMethodNotAllowed.from_dict(_method_not_allowed)

        _not_acceptable = d.pop("not_acceptable", UNSET)
        not_acceptable: ProblemTypesNotAcceptable | Unset
        if isinstance(_not_acceptable, Unset):
            not_acceptable = UNSET
        else:
            not_acceptable = ProblemTypesNotAcceptable.from_dict(_not_acceptable)

        _already_at_table = d.pop("already_at_table", UNSET)
        already_at_table: ProblemTypesAlreadyAtTable | Unset
        if isinstance(_already_at_table, Unset):
            already_at_table = UNSET
        else:
            already_at_table = ProblemTypesAlreadyAtTable.from_dict(_already_at_table)

        _already_queued = d.pop("already_queued", UNSET)
        already_queued: ProblemTypesAlreadyQueued | Unset
        if isinstance(_already_queued, Unset):
            already_queued = UNSET
        else:
            already_queued = ProblemTypesAlreadyQueued.from_dict(_already_queued)

        _already_seated = d.pop("already_seated", UNSET)
        already_seated: ProblemTypesAlreadySeated | Unset
        if isinstance(_already_seated, Unset):
            already_seated = UNSET
        else:
            already_seated = ProblemTypesAlreadySeated.from_dict(_already_seated)

        _bot_limit_reached = d.pop("bot_limit_reached", UNSET)
        bot_limit_reached: ProblemTypesBotLimitReached | Unset
        if isinstance(_bot_limit_reached, Unset):
            bot_limit_reached = UNSET
        else:
            bot_limit_reached = ProblemTypesBotLimitReached.from_dict(_bot_limit_reached)

        _concurrency_conflict = d.pop("concurrency_conflict", UNSET)
        concurrency_conflict: ProblemTypesConcurrencyConflict | Unset
        if isinstance(_concurrency_conflict, Unset):
            concurrency_conflict = UNSET
        else:
            concurrency_conflict = ProblemTypesConcurrencyConflict.from_dict(_concurrency_conflict)

        _game_already_started = d.pop("game_already_started", UNSET)
        game_already_started: ProblemTypesGameAlreadyStarted | Unset
        if isinstance(_game_already_started, Unset):
            game_already_started = UNSET
        else:
            game_already_started = ProblemTypesGameAlreadyStarted.from_dict(_game_already_started)

        _game_finished = d.pop("game_finished", UNSET)
        game_finished: ProblemTypesGameFinished | Unset
        if isinstance(_game_finished, Unset):
            game_finished = UNSET
        else:
            game_finished = ProblemTypesGameFinished.from_dict(_game_finished)

        _game_full = d.pop("game_full", UNSET)
        game_full: ProblemTypesGameFull | Unset
        if isinstance(_game_full, Unset):
            game_full = UNSET
        else:
            game_full = ProblemTypesGameFull.from_dict(_game_full)

        _game_not_finished = d.pop("game_not_finished", UNSET)
        game_not_finished: ProblemTypesGameNotFinished | Unset
        if isinstance(_game_not_finished, Unset):
            game_not_finished = UNSET
        else:
            game_not_finished = ProblemTypesGameNotFinished.from_dict(_game_not_finished)

        _game_not_started = d.pop("game_not_started", UNSET)
        game_not_started: ProblemTypesGameNotStarted | Unset
        if isinstance(_game_not_started, Unset):
            game_not_started = UNSET
        else:
            game_not_started = ProblemTypesGameNotStarted.from_dict(_game_not_started)

        _idempotency_request_in_progress = d.pop("idempotency_request_in_progress", UNSET)
        idempotency_request_in_progress: ProblemTypesIdempotencyRequestInProgress | Unset
        if isinstance(_idempotency_request_in_progress, Unset):
            idempotency_request_in_progress = UNSET
        else:
            idempotency_request_in_progress = ProblemTypesIdempotencyRequestInProgress.from_dict(
                _idempotency_request_in_progress
            )

        _mobile_push_not_configured = d.pop("mobile_push_not_configured", UNSET)
        mobile_push_not_configured: ProblemTypesMobilePushNotConfigured | Unset
        if isinstance(_mobile_push_not_configured, Unset):
            mobile_push_not_configured = UNSET
        else:
            mobile_push_not_configured = ProblemTypesMobilePushNotConfigured.from_dict(_mobile_push_not_configured)

        _not_queued = d.pop("not_queued", UNSET)
        not_queued: ProblemTypesNotQueued | Unset
        if isinstance(_not_queued, Unset):
            not_queued = UNSET
        else:
            not_queued = ProblemTypesNotQueued.from_dict(_not_queued)

        _push_not_configured = d.pop("push_not_configured", UNSET)
        push_not_configured: ProblemTypesPushNotConfigured | Unset
        if isinstance(_push_not_configured, Unset):
            push_not_configured = UNSET
        else:
            push_not_configured = ProblemTypesPushNotConfigured.from_dict(_push_not_configured)

        _rematch_not_allowed = d.pop("rematch_not_allowed", UNSET)
        rematch_not_allowed: ProblemTypesRematchNotAllowed | Unset
        if isinstance(_rematch_not_allowed, Unset):
            rematch_not_allowed = UNSET
        else:
            rematch_not_allowed = ProblemTypesRematchNotAllowed.from_dict(_rematch_not_allowed)

        _seat_handed_to_ai = d.pop("seat_handed_to_ai", UNSET)
        seat_handed_to_ai: ProblemTypesSeatHandedToAi | Unset
        if isinstance(_seat_handed_to_ai, Unset):
            seat_handed_to_ai = UNSET
        else:
            seat_handed_to_ai = ProblemTypesSeatHandedToAi.from_dict(_seat_handed_to_ai)

        _seat_not_ai = d.pop("seat_not_ai", UNSET)
        seat_not_ai: ProblemTypesSeatNotAi | Unset
        if isinstance(_seat_not_ai, Unset):
            seat_not_ai = UNSET
        else:
            seat_not_ai = ProblemTypesSeatNotAi.from_dict(_seat_not_ai)

        _seat_taken = d.pop("seat_taken", UNSET)
        seat_taken: ProblemTypesSeatTaken | Unset
        if isinstance(_seat_taken, Unset):
            seat_taken = UNSET
        else:
            seat_taken = ProblemTypesSeatTaken.from_dict(_seat_taken)

        _seats_not_filled = d.pop("seats_not_filled", UNSET)
        seats_not_filled: ProblemTypesSeatsNotFilled | Unset
        if isinstance(_seats_not_filled, Unset):
            seats_not_filled = UNSET
        else:
            seats_not_filled = ProblemTypesSeatsNotFilled.from_dict(_seats_not_filled)

        _table_closed = d.pop("table_closed", UNSET)
        table_closed: ProblemTypesTableClosed | Unset
        if isinstance(_table_closed, Unset):
            table_closed = UNSET
        else:
            table_closed = ProblemTypesTableClosed.from_dict(_table_closed)

        _table_full = d.pop("table_full", UNSET)
        table_full: ProblemTypesTableFull | Unset
        if isinstance(_table_full, Unset):
            table_full = UNSET
        else:
            table_full = ProblemTypesTableFull.from_dict(_table_full)

        _table_not_full = d.pop("table_not_full", UNSET)
        table_not_full: ProblemTypesTableNotFull | Unset
        if isinstance(_table_not_full, Unset):
            table_not_full = UNSET
        else:
            table_not_full = ProblemTypesTableNotFull.from_dict(_table_not_full)

        _ticket_matched = d.pop("ticket_matched", UNSET)
        ticket_matched: ProblemTypesTicketMatched | Unset
        if isinstance(_ticket_matched, Unset):
            ticket_matched = UNSET
        else:
            ticket_matched = ProblemTypesTicketMatched.from_dict(_ticket_matched)

        _username_taken = d.pop("username_taken", UNSET)
        username_taken: ProblemTypesUsernameTaken | Unset
        if isinstance(_username_taken, Unset):
            username_taken = UNSET
        else:
            username_taken = ProblemTypesUsernameTaken.from_dict(_username_taken)

        _webhook_endpoint_disabled = d.pop("webhook_endpoint_disabled", UNSET)
        webhook_endpoint_disabled: ProblemTypesWebhookEndpointDisabled | Unset
        if isinstance(_webhook_endpoint_disabled, Unset):
            webhook_endpoint_disabled = UNSET
        else:
            webhook_endpoint_disabled = ProblemTypesWebhookEndpointDisabled.from_dict(_webhook_endpoint_disabled)

        _invite_expired = d.pop("invite_expired", UNSET)
        invite_expired: ProblemTypesInviteExpired | Unset
        if isinstance(_invite_expired, Unset):
            invite_expired = UNSET
        else:
            invite_expired = ProblemTypesInviteExpired.from_dict(_invite_expired)

        _invite_revoked = d.pop("invite_revoked", UNSET)
        invite_revoked: ProblemTypesInviteRevoked | Unset
        if isinstance(_invite_revoked, Unset):
            invite_revoked = UNSET
        else:
            invite_revoked = ProblemTypesInviteRevoked.from_dict(_invite_revoked)

        _precondition_failed = d.pop("precondition_failed", UNSET)
        precondition_failed: ProblemTypesPreconditionFailed | Unset
        if isinstance(_precondition_failed, Unset):
            precondition_failed = UNSET
        else:
            precondition_failed = ProblemTypesPreconditionFailed.from_dict(_precondition_failed)

        _unsupported_media_type = d.pop("unsupported_media_type", UNSET)
        unsupported_media_type: ProblemTypesUnsupportedMediaType | Unset
        if isinstance(_unsupported_media_type, Unset):
            unsupported_media_type = UNSET
        else:
            unsupported_media_type = ProblemTypesUnsupportedMediaType.from_dict(_unsupported_media_type)

        _already_passed = d.pop("already_passed", UNSET)
        already_passed: ProblemTypesAlreadyPassed | Unset
        if isinstance(_already_passed, Unset):
            already_passed = UNSET
        else:
            already_passed = ProblemTypesAlreadyPassed.from_dict(_already_passed)

        _card_not_in_deck = d.pop("card_not_in_deck", UNSET)
        card_not_in_deck: ProblemTypesCardNotInDeck | Unset
        if isinstance(_card_not_in_deck, Unset):
            card_not_in_deck = UNSET
        else:
            card_not_in_deck = ProblemTypesCardNotInDeck.from_dict(_card_not_in_deck)

        _card_not_in_hand = d.pop("card_not_in_hand", UNSET)
        card_not_in_hand: ProblemTypesCardNotInHand | Unset
        if isinstance(_card_not_in_hand, Unset):
            card_not_in_hand = UNSET
        else:
            card_not_in_hand = ProblemTypesCardNotInHand.from_dict(_card_not_in_hand)

        _duplicate_cards = d.pop("duplicate_cards", UNSET)
        duplicate_cards: ProblemTypesDuplicateCards | Unset
        if isinstance(_duplicate_cards, Unset):
            duplicate_cards = UNSET
        else:
            duplicate_cards = ProblemTypesDuplicateCards.from_dict(_duplicate_cards)

        _game_over = d.pop("game_over", UNSET)
        game_over: ProblemTypesGameOver | Unset
        if isinstance(_game_over, Unset):
            game_over = UNSET
        else:
            game_over = ProblemTypesGameOver.from_dict(_game_over)

        _hearts_not_broken = d.pop("hearts_not_broken", UNSET)
        hearts_not_broken: ProblemTypesHeartsNotBroken | Unset
        if isinstance(_hearts_not_broken, Unset):
            hearts_not_broken = UNSET
        else:
            hearts_not_broken = ProblemTypesHeartsNotBroken.from_dict(_hearts_not_broken)

        _idempotency_key_reused = d.pop("idempotency_key_reused", UNSET)
        idempotency_key_reused: ProblemTypesIdempotencyKeyReused | Unset
        if isinstance(_idempotency_key_reused, Unset):
            idempotency_key_reused = UNSET
        else:
            idempotency_key_reused = ProblemTypesIdempotencyKeyReused.from_dict(_idempotency_key_reused)

        _invalid_deck = d.pop("invalid_deck", UNSET)
        invalid_deck: ProblemTypesInvalidDeck | Unset
        if isinstance(_invalid_deck, Unset):
            invalid_deck = UNSET
        else:
            invalid_deck = ProblemTypesInvalidDeck.from_dict(_invalid_deck)

        _invalid_game_log = d.pop("invalid_game_log", UNSET)
        invalid_game_log: ProblemTypesInvalidGameLog | Unset
        if isinstance(_invalid_game_log, Unset):
            invalid_game_log = UNSET
        else:
            invalid_game_log = ProblemTypesInvalidGameLog.from_dict(_invalid_game_log)

        _invalid_moon_choice = d.pop("invalid_moon_choice", UNSET)
        invalid_moon_choice: ProblemTypesInvalidMoonChoice | Unset
        if isinstance(_invalid_moon_choice, Unset):
            invalid_moon_choice = UNSET
        else:
            invalid_moon_choice = ProblemTypesInvalidMoonChoice.from_dict(_invalid_moon_choice)

        _must_follow_suit = d.pop("must_follow_suit", UNSET)
        must_follow_suit: ProblemTypesMustFollowSuit | Unset
        if isinstance(_must_follow_suit, Unset):
            must_follow_suit = UNSET
        else:
            must_follow_suit = ProblemTypesMustFollowSuit.from_dict(_must_follow_suit)

        _must_lead_opening_card = d.pop("must_lead_opening_card", UNSET)
        must_lead_opening_card: ProblemTypesMustLeadOpeningCard | Unset
        if isinstance(_must_lead_opening_card, Unset):
            must_lead_opening_card = UNSET
        else:
            must_lead_opening_card = ProblemTypesMustLeadOpeningCard.from_dict(_must_lead_opening_card)

        _no_points_on_first_trick = d.pop("no_points_on_first_trick", UNSET)
        no_points_on_first_trick: ProblemTypesNoPointsOnFirstTrick | Unset
        if isinstance(_no_points_on_first_trick, Unset):
            no_points_on_first_trick = UNSET
        else:
            no_points_on_first_trick = ProblemTypesNoPointsOnFirstTrick.from_dict(_no_points_on_first_trick)

        _not_moon_shooter = d.pop("not_moon_shooter", UNSET)
        not_moon_shooter: ProblemTypesNotMoonShooter | Unset
        if isinstance(_not_moon_shooter, Unset):
            not_moon_shooter = UNSET
        else:
            not_moon_shooter = ProblemTypesNotMoonShooter.from_dict(_not_moon_shooter)

        _not_your_turn = d.pop("not_your_turn", UNSET)
        not_your_turn: ProblemTypesNotYourTurn | Unset
        if isinstance(_not_your_turn, Unset):
            not_your_turn = UNSET
        else:
            not_your_turn = ProblemTypesNotYourTurn.from_dict(_not_your_turn)

        _seat_out_of_range = d.pop("seat_out_of_range", UNSET)
        seat_out_of_range: ProblemTypesSeatOutOfRange | Unset
        if isinstance(_seat_out_of_range, Unset):
            seat_out_of_range = UNSET
        else:
            seat_out_of_range = ProblemTypesSeatOutOfRange.from_dict(_seat_out_of_range)

        _unknown_seat = d.pop("unknown_seat", UNSET)
        unknown_seat: ProblemTypesUnknownSeat | Unset
        if isinstance(_unknown_seat, Unset):
            unknown_seat = UNSET
        else:
            unknown_seat = ProblemTypesUnknownSeat.from_dict(_unknown_seat)

        _webhook_address_forbidden = d.pop("webhook_address_forbidden", UNSET)
        webhook_address_forbidden: ProblemTypesWebhookAddressForbidden | Unset
        if isinstance(_webhook_address_forbidden, Unset):
            webhook_address_forbidden = UNSET
        else:
            webhook_address_forbidden = ProblemTypesWebhookAddressForbidden.from_dict(_webhook_address_forbidden)

        _webhook_url_invalid = d.pop("webhook_url_invalid", UNSET)
        webhook_url_invalid: ProblemTypesWebhookUrlInvalid | Unset
        if isinstance(_webhook_url_invalid, Unset):
            webhook_url_invalid = UNSET
        else:
            webhook_url_invalid = ProblemTypesWebhookUrlInvalid.from_dict(_webhook_url_invalid)

        _webhook_url_unresolvable = d.pop("webhook_url_unresolvable", UNSET)
        webhook_url_unresolvable: ProblemTypesWebhookUrlUnresolvable | Unset
        if isinstance(_webhook_url_unresolvable, Unset):
            webhook_url_unresolvable = UNSET
        else:
            webhook_url_unresolvable = ProblemTypesWebhookUrlUnresolvable.from_dict(_webhook_url_unresolvable)

        _wrong_pass_count = d.pop("wrong_pass_count", UNSET)
        wrong_pass_count: ProblemTypesWrongPassCount | Unset
        if isinstance(_wrong_pass_count, Unset):
            wrong_pass_count = UNSET
        else:
            wrong_pass_count = ProblemTypesWrongPassCount.from_dict(_wrong_pass_count)

        _wrong_phase = d.pop("wrong_phase", UNSET)
        wrong_phase: ProblemTypesWrongPhase | Unset
        if isinstance(_wrong_phase, Unset):
            wrong_phase = UNSET
        else:
            wrong_phase = ProblemTypesWrongPhase.from_dict(_wrong_phase)

        _throttled = d.pop("throttled", UNSET)
        throttled: ProblemTypesThrottled | Unset
        if isinstance(_throttled, Unset):
            throttled = UNSET
        else:
            throttled = ProblemTypesThrottled.from_dict(_throttled)

        _too_many_streams = d.pop("too_many_streams", UNSET)
        too_many_streams: ProblemTypesTooManyStreams | Unset
        if isinstance(_too_many_streams, Unset):
            too_many_streams = UNSET
        else:
            too_many_streams = ProblemTypesTooManyStreams.from_dict(_too_many_streams)

        _server_error = d.pop("server_error", UNSET)
        server_error: ProblemTypesServerError | Unset
        if isinstance(_server_error, Unset):
            server_error = UNSET
        else:
            server_error = ProblemTypesServerError.from_dict(_server_error)

        _service_unavailable = d.pop("service_unavailable", UNSET)
        service_unavailable: ProblemTypesServiceUnavailable | Unset
        if isinstance(_service_unavailable, Unset):
            service_unavailable = UNSET
        else:
            service_unavailable = ProblemTypesServiceUnavailable.from_dict(_service_unavailable)

        problem_types = cls(
            conflicting_preconditions=conflicting_preconditions,
            invalid_ai_level=invalid_ai_level,
            invalid_card_code=invalid_card_code,
            invalid_credentials=invalid_credentials,
            invalid_filter=invalid_filter,
            invalid_idempotency_key=invalid_idempotency_key,
            invalid_if_match=invalid_if_match,
            invalid_option=invalid_option,
            invalid_ruleset=invalid_ruleset,
            parse_error=parse_error,
            validation_error=validation_error,
            weak_password=weak_password,
            authentication_failed=authentication_failed,
            not_authenticated=not_authenticated,
            bot_account_required=bot_account_required,
            bot_not_open=bot_not_open,
            bots_cannot_own_bots=bots_cannot_own_bots,
            insufficient_scope=insufficient_scope,
            not_game_creator=not_game_creator,
            not_seated=not_seated,
            not_table_creator=not_table_creator,
            not_table_member=not_table_member,
            permission_denied=permission_denied,
            seat_resigned=seat_resigned,
            ai_level_not_found=ai_level_not_found,
            bot_not_found=bot_not_found,
            device_not_found=device_not_found,
            game_not_found=game_not_found,
            invite_not_found=invite_not_found,
            not_found=not_found,
            player_not_found=player_not_found,
            preset_not_found=preset_not_found,
            push_subscription_not_found=push_subscription_not_found,
            table_not_found=table_not_found,
            ticket_not_found=ticket_not_found,
            webhook_delivery_not_found=webhook_delivery_not_found,
            webhook_endpoint_not_found=webhook_endpoint_not_found,
            method_not_allowed=method_not_allowed,
            not_acceptable=not_acceptable,
            already_at_table=already_at_table,
            already_queued=already_queued,
            already_seated=already_seated,
            bot_limit_reached=bot_limit_reached,
            concurrency_conflict=concurrency_conflict,
            game_already_started=game_already_started,
            game_finished=game_finished,
            game_full=game_full,
            game_not_finished=game_not_finished,
            game_not_started=game_not_started,
            idempotency_request_in_progress=idempotency_request_in_progress,
            mobile_push_not_configured=mobile_push_not_configured,
            not_queued=not_queued,
            push_not_configured=push_not_configured,
            rematch_not_allowed=rematch_not_allowed,
            seat_handed_to_ai=seat_handed_to_ai,
            seat_not_ai=seat_not_ai,
            seat_taken=seat_taken,
            seats_not_filled=seats_not_filled,
            table_closed=table_closed,
            table_full=table_full,
            table_not_full=table_not_full,
            ticket_matched=ticket_matched,
            username_taken=username_taken,
            webhook_endpoint_disabled=webhook_endpoint_disabled,
            invite_expired=invite_expired,
            invite_revoked=invite_revoked,
            precondition_failed=precondition_failed,
            unsupported_media_type=unsupported_media_type,
            already_passed=already_passed,
            card_not_in_deck=card_not_in_deck,
            card_not_in_hand=card_not_in_hand,
            duplicate_cards=duplicate_cards,
            game_over=game_over,
            hearts_not_broken=hearts_not_broken,
            idempotency_key_reused=idempotency_key_reused,
            invalid_deck=invalid_deck,
            invalid_game_log=invalid_game_log,
            invalid_moon_choice=invalid_moon_choice,
            must_follow_suit=must_follow_suit,
            must_lead_opening_card=must_lead_opening_card,
            no_points_on_first_trick=no_points_on_first_trick,
            not_moon_shooter=not_moon_shooter,
            not_your_turn=not_your_turn,
            seat_out_of_range=seat_out_of_range,
            unknown_seat=unknown_seat,
            webhook_address_forbidden=webhook_address_forbidden,
            webhook_url_invalid=webhook_url_invalid,
            webhook_url_unresolvable=webhook_url_unresolvable,
            wrong_pass_count=wrong_pass_count,
            wrong_phase=wrong_phase,
            throttled=throttled,
            too_many_streams=too_many_streams,
            server_error=server_error,
            service_unavailable=service_unavailable,
        )

        problem_types.additional_properties = d
        return problem_types

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
