import random

from games.engine import PRESETS, HandScored, TrickWon, apply, legal_moves, parse_cards
from games.engine.cards import HEARTS_MASK, JD_BIT, QS_BIT, mask_of
from games.engine.scoring import hand_points, mask_points
from tests.engine.helpers import deal_around, rules_of


def _expected(rules, taken):
    out = []
    for mask in taken:
        points = (mask & HEARTS_MASK).bit_count()
        points += rules.queen_points if mask & QS_BIT else 0
        points -= 10 if rules.jack_of_diamonds and mask & JD_BIT else 0
        out.append(points)
    return tuple(out)


def test_two_player_three_hearts_and_queen_is_ten():
    rules = PRESETS["two_player"]
    taken = mask_of(parse_cards("2H 4H AH QS 2C 4C"))
    assert mask_points(rules, taken) == 3 + 7 == 10
    assert hand_points(rules, [taken, 0], None, None) == (10, 0)


def test_two_player_three_hearts_and_queen_is_ten_in_a_played_hand():
    rules = PRESETS["two_player"]
    seen = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = deal_around(rules, {}, rng)
        events = ()
        while state.phase == "playing":
            (seat,) = state.to_act
            state, events = apply(state, rng.choice(legal_moves(state, seat)))
        for seat, mask in enumerate(state.hand.taken):
            if (mask & HEARTS_MASK).bit_count() == 3 and mask & QS_BIT:
                scored = next(e for e in events if isinstance(e, HandScored))
                assert scored.points[seat] == 10
                assert state.hand_results[-1].points[seat] == 10
                seen += 1
    assert seen >= 5


def test_points_per_hand_and_per_trick_in_random_hands():
    for key in PRESETS:
        for jd in [False, True] if key != "two_player" else [False]:
            rules = rules_of(key, passing=False, jack_of_diamonds=jd)
            for seed in range(15):
                rng = random.Random(seed)
                state = deal_around(rules, {}, rng)
                while state.phase == "playing":
                    (seat,) = state.to_act
                    state, events = apply(state, rng.choice(legal_moves(state, seat)))
                    for event in events:
                        if isinstance(event, TrickWon):
                            assert event.points == mask_points(rules, mask_of(event.cards))
                hand = state.hand
                assert hand.points_taken == _expected(rules, hand.taken)
                result = state.hand_results[-1]
                if result.moon_shooter is None:
                    assert result.points == _expected(rules, hand.taken)
                assert result.totals == state.totals == result.points


def test_totals_accumulate_over_hands():
    rules = rules_of("classic", passing=False)
    rng = random.Random(3)
    state = None
    results = []
    for _ in range(3):
        state = deal_around(rules, {}, rng, state=state)
        while state.phase == "playing":
            (seat,) = state.to_act
            state, _ = apply(state, rng.choice(legal_moves(state, seat)))
        results.append(state.hand_results[-1].points)
    assert [r.hand_number for r in state.hand_results] == [1, 2, 3]
    assert state.totals == tuple(sum(col) for col in zip(*results, strict=True))
    assert all(sum(points) in (26, 78) for points in results)
