"""Input and output serializers of the games API.

Names are unique (``<Thing>InputSerializer`` / ``<Thing>OutputSerializer``) so drf-spectacular
components never collide. Input serializers validate *shape*; the services and the engine validate
meaning. Card codes are parsed with the engine's notation (`CardCodeField`): an unparseable code
is a 400 ``invalid_card_code``; a parseable card that is not in the game's deck is the engine's 422
``card_not_in_deck``. Output serializers describe the views the selectors build (the engine does
all redaction); they render, they never filter.
"""

from __future__ import annotations

import functools
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import SkipField

from common.http.pagination import MAX_INT32
from games.aggregate import AI_LEVELS, Status
from games.engine import PRESETS, NotationError, Phase, parse_card
from games.errors import InvalidCardCode
from games.table_options import THINK_DELAY_MS, TURN_LIMIT_S

PRESET_CHOICES = sorted(PRESETS)
STATUSES = [status.value for status in Status]
CARD_CODE_HELP = 'Card code: rank then suit, e.g. "2C", "10H", "QS", "AS" (also "TH", lower case).'
CARD_EXAMPLE = "QS"


# ----------------------------------------------------------------------------------- render
@functools.cache
def _shared(serializer_class: type[serializers.Serializer], many: bool) -> Any:
    return serializer_class(many=True) if many else serializer_class()


def render(serializer_class: type[serializers.Serializer], value: Any, *, many: bool = False):
    """``serializer_class(value, many=many).data``, without rebuilding the serializer.

    DRF builds a serializer's fields by deep-copying its declared ones (nested serializers
    included) for every instance: for the game view that was most of the ~2.3 ms its rendering
    took, on every GET and every move. Output serializers here are context-free and keep no
    state while rendering, so one instance per class renders every value (its field tree is
    built once; ``to_representation`` only reads it, and is safe across threads). The output is
    the same as ``.data`` (``tests/api/test_render.py``).
    """
    return _shared(serializer_class, many).to_representation(value)


# ----------------------------------------------------------------------------------- fields
@extend_schema_field({"type": "string", "example": CARD_EXAMPLE, "description": CARD_CODE_HELP})
class CardCodeField(serializers.Field):
    """A card in engine notation; parsed to its canonical code (``"th"`` -> ``"10H"``)."""

    default_error_messages = {"invalid": 'A card code must be a string such as "QS".'}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            card = parse_card(data)
        except NotationError as exc:
            raise InvalidCardCode(
                f"{data!r} is not a card code ({CARD_CODE_HELP})",
                field=self.field_name,
                value=data,
            ) from exc
        return card.code

    def to_representation(self, value):
        return getattr(value, "code", value)


# Tables have 2 to 6 seats (the engine's rule); sequence numbers are 32-bit.
MAX_SEAT_INDEX = 5


class ExpectedSeqMixin(serializers.Serializer):
    expected_seq = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=MAX_INT32,
        help_text="Optimistic concurrency: the game's seq as you last saw it. When the game has "
        "moved on, the request fails with 409 concurrency_conflict and extra.current_seq "
        "(alternatively send the view's ETag in If-Match: 412 precondition_failed).",
    )


# ------------------------------------------------------------------------------ inputs
def _rule_options_schema() -> dict[str, Any]:
    """JSON schema of the rule options a game may override (documentation: the engine
    validates, and a bad value is a 400 ``invalid_ruleset`` naming the field)."""
    from games.engine import rules as engine_rules

    def enum(values: Any) -> dict[str, Any]:
        return {"type": "string", "enum": list(values)}

    boolean = {"type": "boolean"}
    properties: dict[str, Any] = {
        "seats": {"type": "integer", "minimum": 2, "maximum": 6},
        "deck": enum(sorted(engine_rules.DECK_MASKS)),
        "hand_size": {"type": "integer", "minimum": 1},
        "queen_points": {"type": "integer", "minimum": 0},
        "passing": boolean,
        "pass_cycle": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {"oneOf": [enum(engine_rules.DIRECTIONS), {"type": "integer"}]},
            },
        },
        "target": {"type": "integer", "minimum": 1},
        "moon": enum(engine_rules.MOON_RULES),
        "jack_of_diamonds": boolean,
        "queen_breaks_hearts": boolean,
        "free_first_trick": boolean,
        "hearts_or_queen_when_only_penalties": boolean,
        "tie": enum(engine_rules.TIE_RULES),
        "hearts_broken_by": enum(engine_rules.HEARTS_BROKEN_BY),
        "lead_hearts_any_time": boolean,
        "opening_lead": enum(engine_rules.OPENING_LEADS),
        "no_club_leader": enum(engine_rules.NO_CLUB_LEADERS),
        "no_trick_bonus": {
            "type": "integer",
            "minimum": 0,
            "maximum": engine_rules.MAX_NO_TRICK_BONUS,
        },
    }
    assert set(properties) == set(engine_rules.OPTION_NAMES), "document every rule option"
    return {
        "type": "object",
        "properties": {name: properties[name] for name in sorted(properties)},
        "additionalProperties": False,
        "example": {"target": 50, "moon": "shooter_chooses", "hearts_broken_by": "discard"},
    }


@extend_schema_field(_rule_options_schema())
class RuleOptionsField(serializers.DictField):
    """Rule option overrides: a JSON object; the engine validates names and values."""


class GameCreateInputSerializer(serializers.Serializer):
    preset = serializers.ChoiceField(choices=PRESET_CHOICES, help_text="Rules preset.")
    options = RuleOptionsField(
        required=False,
        default=dict,
        help_text="Rule option overrides, validated by the engine (see GET rules/presets/ for "
        "each option and its choices), e.g. "
        '{"target": 50, "moon": "shooter_chooses", "hearts_broken_by": "discard"}. Options '
        "left out take the preset's value. Unknown options and invalid values are a 400 "
        "invalid_ruleset naming the field.",
    )
    take_seat = serializers.BooleanField(
        required=False, default=True, help_text="Seat the creator at the first seat."
    )
    think_delay_ms = serializers.IntegerField(
        required=False,
        default=0,
        min_value=THINK_DELAY_MS.minimum,
        max_value=THINK_DELAY_MS.maximum,
        help_text="Pause before each AI move (for human-paced games).",
    )
    turn_limit_s = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=TURN_LIMIT_S.minimum,
        max_value=TURN_LIMIT_S.maximum,
        help_text="Seconds a human seat may take per move before the AI plays it (null: none); "
        "up to 14 days for correspondence games.",
    )


class SeatTakeInputSerializer(ExpectedSeqMixin):
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=MAX_SEAT_INDEX,
        help_text="Seat index (0-based, clockwise); omit for the first free seat. A seat the "
        "table does not have is a 422 seat_out_of_range.",
    )


class BotSeatInputSerializer(ExpectedSeqMixin):
    bot = serializers.CharField(
        max_length=150,
        help_text="The bot account's name: your own bot, or one whose owner opened it to all.",
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=MAX_SEAT_INDEX,
        help_text="Seat index; omit for the first free seat.",
    )


class AiSeatsFillInputSerializer(ExpectedSeqMixin):
    level = serializers.ChoiceField(choices=AI_LEVELS, default="heuristic")
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_SEAT_INDEX),
        max_length=MAX_SEAT_INDEX + 1,
        required=False,
        allow_null=True,
        default=None,
        help_text="Seat indices to fill; omit to fill every empty seat.",
    )


class CommandInputSerializer(ExpectedSeqMixin):
    """A command with no arguments besides the optional expected seq."""


class HandoverInputSerializer(ExpectedSeqMixin):
    level = serializers.ChoiceField(choices=AI_LEVELS, default="heuristic")


class PassCardsInputSerializer(ExpectedSeqMixin):
    cards = serializers.ListField(
        child=CardCodeField(),
        allow_empty=True,
        max_length=13,
        help_text="The cards to pass (this hand's pass count, see the view's pass_count).",
    )


class PlayCardInputSerializer(ExpectedSeqMixin):
    card = CardCodeField()

    @staticmethod
    def parse_plain(data: Any) -> dict[str, Any] | None:
        """The validated data of a well-formed body (``{"card": "QS"}``, optionally an
        ``expected_seq``) without building the serializer (the hot path of a game: ~0.1 ms);
        None for anything else, which the serializer then validates with its own errors."""
        if type(data) is not dict or not data.keys() <= {"card", "expected_seq"}:
            return None
        card = data.get("card")
        if type(card) is not str:
            return None
        try:
            out: dict[str, Any] = {"card": parse_card(card).code}
        except NotationError:
            return None
        if "expected_seq" in data:
            seq = data["expected_seq"]
            if seq is not None and not (type(seq) is int and 0 <= seq <= MAX_INT32):
                return None
            out["expected_seq"] = seq
        return out


class MoonChoiceInputSerializer(ExpectedSeqMixin):
    choice = serializers.CharField(
        max_length=32,
        help_text="add_to_others: everyone else takes the moon total; subtract_from_self: the "
        "shooter deducts it. Any other value is the engine's 422 invalid_moon_choice.",
    )


# ------------------------------------------------------------------------------ outputs
class PlainListField(serializers.ListField):
    """An output list whose items the selectors already made JSON values (ints, booleans, card
    codes, [seat, code] pairs): rendered as a copy of the list. DRF's ``ListField`` renders
    every item through its child field (~1 µs each): the revealed decks of a long game's view
    alone are 52 codes per finished hand. The child stays declared for the schema; the output is
    the same JSON (``tests/api/test_render.py`` renders every view both ways)."""

    def to_representation(self, data):
        return list(data)


class PlainRecordListSerializer(serializers.ListSerializer):
    """``many=True`` of an output serializer whose items the selectors already made JSON
    records with every declared key and plain values (the finished hands' results, the tricks
    of a hand): each rendered as the declared keys of the item, in declared order, without a
    field call per value. Same JSON as ``ListSerializer`` (``tests/api/test_render.py``)."""

    def to_representation(self, data):
        names = self.child._plain_names
        return [{name: item[name] for name in names} for item in data]


# Base of the output records rendered by ``PlainRecordListSerializer`` (``many=True``). No
# docstring: drf-spectacular would give it to every record's schema as its description.
class PlainRecordSerializer(serializers.Serializer):
    class Meta:
        list_serializer_class = PlainRecordListSerializer

    @functools.cached_property
    def _plain_names(self) -> tuple[str, ...]:
        return tuple(self.fields)


class CardCodeOutputField(serializers.CharField):
    """A card code in canonical notation (output)."""


@extend_schema_field(
    {
        "type": "array",
        "description": "[seat, card code] in play order.",
        "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
        "minItems": 2,
        "maxItems": 2,
        "example": [0, "2C"],
    }
)
class SeatCardField(PlainListField):
    pass


class SeatCurrentRatingOutputSerializer(serializers.Serializer):
    """A seat's rating on the game's preset (docs/ratings.md "What is shown")."""

    rating = serializers.IntegerField(help_text="Display rating: 1500 + 30 (mu - 25).")
    rating_deviation = serializers.IntegerField(help_text="Its uncertainty: 30 sigma.")
    conservative = serializers.IntegerField(
        help_text="Display of mu - 3 sigma (the leaderboards' order)."
    )
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games_played = serializers.IntegerField(help_text="Rated games on this preset.")
    provisional = serializers.BooleanField(help_text="Fewer than 10 rated games.")

    def get_attribute(self, instance):
        # Absent, not null, where the seats carry no ratings (a move's answer); null for an
        # empty seat of a view that has them.
        if isinstance(instance, dict) and "rating" not in instance:
            raise SkipField
        return super().get_attribute(instance)


class SeatOutputSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Seat index, 0-based, clockwise.")
    kind = serializers.ChoiceField(choices=["empty", "human", "ai"])
    display_name = serializers.CharField(
        allow_blank=True,
        allow_null=True,
        help_text="The player's public name (no account id is ever shown).",
    )
    ai_level = serializers.CharField(allow_blank=True, allow_null=True)
    handed_to_ai = serializers.BooleanField(help_text="A human seat played by the AI for now.")
    resigned = serializers.BooleanField(required=False, help_text="The AI plays it for good.")
    is_bot = serializers.BooleanField(
        required=False,
        help_text="A bot account holds the seat (a program of its owner, never a human).",
    )
    bot_owner = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="The public name of the player who owns the bot (null for other seats).",
    )
    rating = SeatCurrentRatingOutputSerializer(
        required=False,
        allow_null=True,
        help_text="In `GET games/{id}/` and the lobby only (not in a move's answer): the seat's "
        "current rating on the game's preset, its player's for a human seat (also while the AI "
        "plays it), its level's for an AI seat; null for an empty seat. What this game changed: "
        "`GET games/{id}/ratings/`.",
    )


class HandResultOutputSerializer(PlainRecordSerializer):
    hand_number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    points = PlainListField(child=serializers.IntegerField(), help_text="Per seat.")
    totals = PlainListField(child=serializers.IntegerField(), help_text="After this hand.")
    moon_shooter = serializers.IntegerField(allow_null=True)
    moon_choice = serializers.CharField(allow_null=True)
    deck = PlainListField(
        child=CardCodeOutputField(),
        allow_null=True,
        help_text="The revealed deck order of this finished hand (checks the commitment).",
    )
    salt = serializers.CharField(allow_null=True)


class TrickOutputSerializer(PlainRecordSerializer):
    number = serializers.IntegerField()
    leader = serializers.IntegerField()
    cards = PlainListField(child=SeatCardField())
    winner = serializers.IntegerField()
    points = serializers.IntegerField()


class OutcomeOutputSerializer(serializers.Serializer):
    winners = PlainListField(child=serializers.IntegerField())
    totals = PlainListField(child=serializers.IntegerField())
    hand_number = serializers.IntegerField()


class SeatViewOutputSerializer(serializers.Serializer):
    """The engine's view of the game for one seat (or for spectators: ``seat`` null, no hand)."""

    seat = serializers.IntegerField(allow_null=True)
    rules = serializers.DictField(help_text="The game's RuleSet (see rules/presets/).")
    phase = serializers.ChoiceField(choices=[phase.value for phase in Phase])
    hand_number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    totals = PlainListField(child=serializers.IntegerField(), help_text="Scores per seat.")
    hand_results = HandResultOutputSerializer(many=True, help_text="Scores per finished hand.")
    commitment = serializers.CharField(
        allow_null=True,
        help_text='Deal commitment of this hand: sha256(salt + ":" + " ".join(deck)) hex.',
    )
    to_act = PlainListField(child=serializers.IntegerField(), help_text="Whose turn.")
    pass_direction = serializers.CharField()
    pass_count = serializers.IntegerField()
    passed = PlainListField(
        child=serializers.BooleanField(), help_text="Which seats have chosen their pass (not what)."
    )
    trick_number = serializers.IntegerField()
    leader = serializers.IntegerField(allow_null=True)
    trick = PlainListField(child=SeatCardField(), help_text="The current trick.")
    tricks = TrickOutputSerializer(many=True, help_text="Completed tricks of this hand.")
    points_taken = PlainListField(
        child=serializers.IntegerField(), help_text="Points taken this hand, per seat."
    )
    hearts_broken = serializers.BooleanField()
    cards_left = PlainListField(child=serializers.IntegerField())
    moon_shooter = serializers.IntegerField(allow_null=True)
    outcome = OutcomeOutputSerializer(allow_null=True)
    hand = PlainListField(child=CardCodeOutputField(), allow_null=True)
    legal_cards = PlainListField(
        child=CardCodeOutputField(), allow_null=True, help_text="Cards you may play/pass now."
    )
    passed_cards = PlainListField(child=CardCodeOutputField(), allow_null=True)
    received_cards = PlainListField(child=CardCodeOutputField(), allow_null=True)


class GameViewOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=STATUSES)
    seq = serializers.IntegerField(help_text="Sequence number of the last stored event.")
    creator = serializers.CharField(
        allow_null=True, help_text="The creator's public name (their seat's display name)."
    )
    options = serializers.DictField(help_text="Table options (think_delay_ms, turn_limit_s).")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = SeatOutputSerializer(many=True)
    your_seat = serializers.IntegerField(
        allow_null=True, help_text="The caller's seat, or null for spectators."
    )
    to_act = PlainListField(child=serializers.IntegerField())
    view = SeatViewOutputSerializer()


class GameSummaryOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=STATUSES)
    seq = serializers.IntegerField()
    creator = serializers.CharField(
        allow_null=True, help_text="The creator's public name (their seat's display name)."
    )
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    to_act = PlainListField(child=serializers.IntegerField())
    seats = SeatOutputSerializer(many=True)
    free_seats = serializers.IntegerField()


class GamePageOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = GameSummaryOutputSerializer(many=True)


class AbsentUnlessPresentMixin:
    """Left out of the output when the value has no such key (DRF would render null)."""

    def get_attribute(self, instance):
        if isinstance(instance, dict) and self.source not in instance:
            raise SkipField
        return super().get_attribute(instance)


class AbsentUnlessPresentIntegerField(AbsentUnlessPresentMixin, serializers.IntegerField):
    pass


class AbsentUnlessPresentCharField(AbsentUnlessPresentMixin, serializers.CharField):
    pass


class EventActorOutputSerializer(serializers.Serializer):
    """Who caused an event: a kind and a seat (the seat's display name names the player)."""

    kind = serializers.ChoiceField(choices=["player", "ai", "system"])
    seat = serializers.IntegerField(allow_null=True, help_text="The seat that acted, if any.")
    player = AbsentUnlessPresentIntegerField(
        allow_null=True,
        required=False,
        help_text="Only in the log export, for staff: the stored account id. Absent everywhere "
        "else: players are known by their seats' display names.",
    )
    player_pseudonym = AbsentUnlessPresentCharField(
        allow_null=True,
        required=False,
        help_text="Only in the log export of a chain v2 game: the acting player's per-game "
        "pseudonym (`p_` + 24 hex digits; null when no player acted), the form the hash covers.",
    )


class GameEventOutputSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    created_at = serializers.DateTimeField()
    actor = EventActorOutputSerializer()
    payload = serializers.DictField(help_text="Redacted for the caller by the engine.")


class CommandResultOutputSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    seq = serializers.IntegerField(help_text="The game's seq after the command.")
    events = GameEventOutputSerializer(many=True, help_text="The events the command appended.")
    game = GameViewOutputSerializer(
        required=False,
        help_text="The caller's updated view of the game. Absent when the request asked for the "
        "short answer (`Prefer: return=minimal`: the answer says `Preference-Applied: "
        "return=minimal`); then the view is one GET of the game away (its ETag is the answer's).",
    )


class LogPublicFormOutputSerializer(serializers.Serializer):
    payload = serializers.DictField()
    actor = EventActorOutputSerializer()


class LogEventOutputSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    schema_version = serializers.IntegerField()
    payload = serializers.DictField(
        help_text="Every card, no internal account id: chain v2, the hashed public form (ids "
        "replaced by pseudonyms: `player_id` becomes `player_pseudonym`, `creator_id` "
        "becomes `creator_pseudonym`); chain v1, as stored without the ids (see `redacted`). "
        "Staff get the stored payload."
    )
    actor = EventActorOutputSerializer()
    redacted = serializers.ListField(
        child=serializers.CharField(),
        help_text="Chain v1 only: what was left out of this event for the caller (e.g. "
        "`actor.player`, `payload.player_id`: account ids). The `hash` covers them: an event "
        "with a non-empty list can be checked by its chain links, not by recomputing its hash. "
        "Always empty for chain v2 and for staff.",
    )
    created_at = serializers.DateTimeField()
    prev_hash = serializers.CharField()
    hash = serializers.CharField(
        help_text="sha256(prev_hash + canonical JSON of [game id, seq, type, schema_version, "
        "payload, actor]) with the event's `payload` and `actor` as shown here (chain v2; staff: "
        "those of `public_form`). Chain v1: the actor is {kind, player, seat}."
    )
    public_form = LogPublicFormOutputSerializer(
        required=False,
        help_text="Only for staff, chain v2: the payload and actor the hash covers (the public "
        "form, pseudonyms for account ids).",
    )


class HeadSignatureOutputSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The event whose hash is the signed head.")
    head_hash = serializers.CharField(help_text="The hash of event `seq`.")
    key_id = serializers.CharField(help_text="Which key of GET signing-keys/ signed it.")
    signature = serializers.CharField(
        help_text="base64 Ed25519 signature of `hearts-head-v1\\n<game id>\\n<seq>\\n<head_hash>`."
    )


class GameLogOutputSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    chain_version = serializers.IntegerField(
        help_text="2: every hash covers the public form shown and recomputes from this log "
        "alone; 1 (games created before chain v2): ids are left out (see `redacted`)."
    )
    preset = serializers.CharField()
    ruleset = serializers.DictField()
    events = LogEventOutputSerializer(many=True)
    signatures = HeadSignatureOutputSerializer(
        many=True,
        help_text="The server's signed heads: one after every hand_scored and game_ended event.",
    )


class SigningKeyOutputSerializer(serializers.Serializer):
    key_id = serializers.CharField(help_text="First 16 hex digits of sha256(raw public key).")
    algorithm = serializers.ChoiceField(choices=["Ed25519"])
    public_key = serializers.CharField(help_text="base64 of the raw 32-byte public key.")
    current = serializers.BooleanField(help_text="True for the key that signs new heads.")


class SigningKeysOutputSerializer(serializers.Serializer):
    algorithm = serializers.ChoiceField(choices=["Ed25519"])
    message_format = serializers.CharField(help_text="What each signature signs (UTF-8).")
    signed_after = serializers.ListField(
        child=serializers.CharField(), help_text="The event types whose head is signed."
    )
    keys = SigningKeyOutputSerializer(many=True)


class RuleOptionOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["integer", "boolean", "string", "pass_cycle"])
    choices = serializers.ListField(child=serializers.CharField(), allow_null=True)
    description = serializers.CharField()


class PresetOutputSerializer(serializers.Serializer):
    key = serializers.CharField()
    rules = serializers.DictField()


class RulesCatalogOutputSerializer(serializers.Serializer):
    presets = PresetOutputSerializer(many=True)
    options = RuleOptionOutputSerializer(many=True)
    ai_levels = serializers.ListField(child=serializers.CharField())
