"""The bitmask fast path agrees with decide/evolve: same legal cards at every step, same points."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    CardPlayed,
    RuleSet,
    apply,
    legal_cards,
    new_game,
    parse_card,
    view_for_seat,
)
from games.engine.cards import HEARTS_MASK, QS_BIT
from games.engine.fast import FastHand, cards_to_mask, mask_to_cards, random_playout
from games.engine.scoring import hand_points
from tests.strategies import play_game, random_games, random_move, rulesets
from tests.tiers import examples


def _agree(game):
    rules = game.rules
    fast = None
    checked = 0
    for step in game.steps:
        state = step.before
        if state.phase == "playing":
            if fast is None:
                fast = FastHand.from_state(state)
            (seat,) = state.to_act
            assert fast.seat_to_play == seat
            assert not fast.is_over
            assert mask_to_cards(fast.legal_mask()) == legal_cards(state, seat)
            assert fast.points_taken() == state.hand.points_taken
            if checked % 3 == 0:
                # A fresh fast hand from the state and one from the seat's view agree too, and
                # play out to the same points.
                assert FastHand.from_state(state).legal_mask() == fast.legal_mask()
                view = view_for_seat(state, seat)
                from_view = FastHand.from_view(view, state.hand.hands)
                assert from_view.legal_mask() == fast.legal_mask()
                assert from_view.seat_to_play == seat
                rng_seed = checked
                assert random_playout(from_view, random.Random(rng_seed)) == random_playout(
                    fast, random.Random(rng_seed)
                )
            fact = step.events[0]
            assert isinstance(fact, CardPlayed)
            fast.play(fact.card.index)
            checked += 1
            if step.after.phase != "playing":
                assert fast.is_over
                hand = step.after.hand
                expected = hand_points(
                    rules,
                    hand.taken,
                    hand.moon_shooter,
                    None
                    if hand.moon_shooter is None
                    else ("add_to_others" if rules.moon == "shooter_chooses" else rules.moon),
                )
                assert fast.hand_points() == expected
                # what the searches weigh: a moon as add_to_others whatever the rule
                standing = hand_points(
                    rules,
                    hand.taken,
                    hand.moon_shooter,
                    None if hand.moon_shooter is None else "add_to_others",
                )
                assert fast.standing_points() == standing
                if step.after.hand_results and step.after.phase != "moon_choice":
                    result = step.after.hand_results[-1]
                    if rules.moon != "shooter_chooses" or result.moon_shooter is None:
                        assert fast.hand_points() == result.points
                fast = None
    return checked


@settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_games(max_hands=4))
def test_fast_path_agrees_with_immutable_path(game):
    _agree(game)


@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    random_games(
        rules=rulesets(presets=("two_player_full_deck",)), max_hands=2, clubless_deals=True
    )
)
def test_fast_path_agrees_when_nobody_holds_a_club(game):
    """Deals with every club set aside: the first lead follows ``no_club_leader``."""
    assert _agree(game) > 0
    for step in game.steps:
        if step.before.phase == "playing" and step.before.hand.trick_number == 1:
            fast = FastHand.from_state(step.before)
            for seed in range(20):
                assert random_playout(fast, random.Random(seed)) == _reference_playout(
                    fast, random.Random(seed)
                )


@settings(max_examples=examples(40), deadline=None, derandomize=True)
@given(rulesets(), st.integers(0, 2**32 - 1))
def test_random_playout_does_not_change_its_input_and_scores_a_full_hand(rules, seed):
    game = play_game(rules, random.Random(seed), max_hands=1)
    start = next((s.before for s in game.steps if s.before.phase == "playing"), None)
    if start is None:
        return
    fast = FastHand.from_state(start)
    legal_before = fast.legal_mask()
    hands_before = list(fast.hands)
    points = random_playout(fast, random.Random(seed))
    assert fast.hands == hands_before
    assert fast.legal_mask() == legal_before
    assert len(points) == rules.seats
    copy = fast.copy()
    copy.play((copy.legal_mask() & -copy.legal_mask()).bit_length() - 1)
    assert fast.hands == hands_before


def test_thousands_of_fast_playouts_score_like_the_rules():
    """Cheap sweep: 3,000 fast hands; points add up to the points in play or a moon."""
    rng = random.Random(7)
    for key in PRESETS:
        rules = RuleSet.from_preset(key, {"passing": False})
        state, _ = apply(new_game(rules), random_move(new_game(rules), rng))
        fast = FastHand.from_state(state)
        in_play = rules.deck_mask & ~state.hand.dead
        penalty = (in_play & HEARTS_MASK).bit_count() + (
            rules.queen_points if in_play & QS_BIT else 0
        )
        for _ in range(500):
            points = random_playout(fast, rng)
            total = sum(points)
            assert total == penalty or total == penalty * (rules.seats - 1), (key, points)
    assert cards_to_mask(mask_to_cards(0xABCDEF)) == 0xABCDEF
    assert mask_to_cards(cards_to_mask([parse_card("QS"), parse_card("2C")]))[0].code == "2C"


def _reference_playout(fast, rng):
    """random_playout written with the public FastHand methods and the same card pick."""
    hand = fast.copy()
    while not hand.is_over:
        mask = hand.legal_mask()
        k = int(rng.random() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        hand.play((mask & -mask).bit_length() - 1)
    return hand.hand_points()


@settings(
    max_examples=examples(150),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(random_games(max_hands=1), st.integers(0, 2**32 - 1))
def test_inlined_random_playout_matches_the_methods(game, seed):
    for i, step in enumerate(game.steps):
        if step.before.phase == "playing" and i % 7 == 0:
            fast = FastHand.from_state(step.before)
            assert random_playout(fast, random.Random(seed)) == _reference_playout(
                fast, random.Random(seed)
            )
