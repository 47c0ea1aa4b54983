import hashlib
import json
import random

import pytest

from games.engine import (
    PRESETS,
    CardPlayed,
    CardsPassed,
    DealHand,
    HandDealt,
    PassCards,
    apply,
    deck_for,
    event_to_payload,
    legal_cards,
    legal_moves,
    new_game,
    public_view,
    redact_event,
    view_for_seat,
)
from games.engine.cards import cards_of
from tests.engine.helpers import rules_of


def _deal(key="classic", seed=0, **overrides):
    rules = rules_of(key, **overrides)
    deck = list(deck_for(rules))
    random.Random(seed).shuffle(deck)
    state, events = apply(new_game(rules), DealHand(tuple(deck), "salt-1"))
    return state, events


def _text(view):
    return json.dumps(view.to_dict())


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_seat_view_shows_own_cards_only(key):
    state, _ = _deal(key)
    hand = state.hand
    for seat in range(state.rules.seats):
        view = view_for_seat(state, seat)
        text = _text(view)
        assert view.hand == cards_of(hand.hands[seat])
        for other in range(state.rules.seats):
            if other != seat:
                for card in cards_of(hand.hands[other]):
                    assert f'"{card.code}"' not in text
        for card in cards_of(hand.dead):
            assert f'"{card.code}"' not in text
    spectator = _text(public_view(state))
    for card in deck_for(state.rules):
        assert f'"{card.code}"' not in spectator


def test_view_contents_while_playing():
    state, _ = _deal("classic", passing=False)
    (seat,) = state.to_act
    view = view_for_seat(state, seat)
    assert view.legal_cards == legal_cards(state, seat)
    assert view.to_act == (seat,)
    assert view.cards_left == (13, 13, 13, 13)
    assert view.commitment == state.hand.commitment
    text = "salt-1:" + " ".join(c.code for c in state.hand.deck)
    assert view.commitment == hashlib.sha256(text.encode()).hexdigest()
    other = view_for_seat(state, (seat + 1) % 4)
    assert other.legal_cards == ()
    assert public_view(state).hand is None


def test_pass_choices_are_secret_until_the_exchange():
    state, _ = _deal("classic")
    chosen = legal_cards(state, 0)[-3:]
    state, _ = apply(state, PassCards(0, frozenset(chosen)))
    mine = view_for_seat(state, 0)
    assert mine.passed_cards == tuple(sorted(chosen))
    assert mine.received_cards is None
    for seat in (1, 2, 3):
        view = view_for_seat(state, seat)
        assert view.passed == (True, False, False, False)
        assert view.passed_cards is None
        text = _text(view)
        for card in chosen:
            assert f'"{card.code}"' not in text
    for seat in (1, 2, 3):
        state, _ = apply(state, PassCards(seat, frozenset(legal_cards(state, seat)[:3])))
    receiver = view_for_seat(state, 1)
    assert receiver.received_cards == tuple(sorted(chosen))
    assert set(chosen) <= set(receiver.hand)
    # Seat 2 never sees what 0 gave 1.
    text = _text(view_for_seat(state, 2))
    for card in chosen:
        assert f'"{card.code}"' not in text


def test_dead_cards_revealed_only_after_the_hand():
    rules = PRESETS["two_player"]
    state, _ = _deal("two_player")
    dead = cards_of(state.hand.dead)
    rng = random.Random(0)
    while state.phase == "playing":
        for seat in (0, 1, None):
            text = _text(view_for_seat(state, seat))
            for card in dead:
                assert f'"{card.code}"' not in text
        (seat,) = state.to_act
        state, _ = apply(state, rng.choice(legal_moves(state, seat)))
    assert state.rules == rules
    view = public_view(state)
    assert view.hand_results[-1].deck == state.hand.deck
    assert view.hand_results[-1].salt == "salt-1"
    text = _text(view)
    for card in dead:
        assert f'"{card.code}"' in text


def test_redact_hand_dealt():
    state, events = _deal("classic")
    (dealt,) = events
    assert isinstance(dealt, HandDealt)
    for seat in range(4):
        payload = redact_event(state.rules, dealt, seat)
        assert set(payload) == {"hand_number", "commitment", "cards"}
        assert payload["commitment"] == state.hand.commitment
        assert payload["cards"] == [c.code for c in cards_of(state.hand.hands[seat])]
        assert "salt" not in json.dumps(payload)
    assert redact_event(state.rules, dealt, None) == {
        "hand_number": 1,
        "commitment": state.hand.commitment,
    }


def test_redact_passes():
    state, _ = _deal("classic")
    passes = {}
    events = []
    for seat in range(4):
        passes[seat] = frozenset(legal_cards(state, seat)[:3])
        state, new = apply(state, PassCards(seat, passes[seat]))
        events.extend(new)
    passed = events[0]
    assert isinstance(passed, CardsPassed)
    assert redact_event(state.rules, passed, 1) == {"seat": 0}
    assert redact_event(state.rules, passed, None) == {"seat": 0}
    assert redact_event(state.rules, passed, 0)["cards"] == sorted(c.code for c in passes[0])
    exchanged = events[-1]
    payload = redact_event(state.rules, exchanged, 1)
    assert payload == {
        "hand_number": 1,
        "gave": [c.code for c in sorted(passes[1])],
        "received": [c.code for c in sorted(passes[0])],
    }
    assert redact_event(state.rules, exchanged, None) == {"hand_number": 1}


def test_public_events_are_not_redacted():
    state, _ = _deal("classic", passing=False)
    (seat,) = state.to_act
    event = CardPlayed(seat, legal_cards(state, seat)[0])
    for viewer in (None, 0, 1):
        assert redact_event(state.rules, event, viewer) == event_to_payload(event)[2]


def test_view_for_unknown_seat_raises():
    state, _ = _deal("classic")
    with pytest.raises(ValueError, match="no seat"):
        view_for_seat(state, 4)
