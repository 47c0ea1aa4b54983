"""The pure table planner (matchmaking/matching.py): pools, sizes, AI fill, rating windows."""

from __future__ import annotations

from matchmaking.matching import RatingWindow, Waiting, plan_tables


def w(key, queued_at=0.0, *, pool="p", seats=4, **kw) -> Waiting:
    return Waiting(key=key, pool=pool, seats=seats, queued_at=queued_at, **kw)


def keys(plans):
    return [(p.keys, p.ai_seats) for p in plans]


def test_a_full_table_forms_in_queue_order_and_the_rest_waits():
    tickets = [w(i, queued_at=i) for i in range(6)]
    assert keys(plan_tables(tickets, now=6)) == [((0, 1, 2, 3), 0)]


def test_pools_never_mix_and_each_uses_its_own_size():
    tickets = [w("a", pool="classic"), w("b", pool="two", seats=2), w("c", pool="classic")]
    tickets += [w("d", pool="two", seats=2)]
    assert keys(plan_tables(tickets, now=1)) == [(("b", "d"), 0)]


def test_ai_fill_comes_when_the_anchor_has_waited_long_enough():
    tickets = [w("a", 0, ai_fill_after_s=20), w("b", 15, ai_fill_after_s=20)]
    assert plan_tables(tickets, now=19.9) == []
    (plan,) = plan_tables(tickets, now=20)
    assert (plan.keys, plan.ai_seats) == (("a", "b"), 2)


def test_players_who_opt_out_of_ai_fill_are_not_seated_with_ai():
    tickets = [w("a", 0), w("b", 1, ai_fill=False), w("c", 2)]
    assert keys(plan_tables(tickets, now=30)) == [(("a", "c"), 2)]
    # ... and an opted-out anchor waits, while the next player may still fill with AI
    tickets = [w("a", 0, ai_fill=False), w("b", 1)]
    assert keys(plan_tables(tickets, now=30)) == [(("b",), 3)]


def test_the_ai_level_is_the_anchors():
    tickets = [w("a", 0, ai_level="expert"), w("b", 1, ai_level="random")]
    assert plan_tables(tickets, now=25)[0].ai_level == "expert"


def test_without_ratings_the_window_is_off():
    tickets = [w(i, rating=None) for i in range(3)] + [w(9, rating=2500.0)]
    assert keys(plan_tables(tickets, now=0)) == [((0, 1, 2, 9), 0)]


def test_the_rating_window_widens_with_waiting_time():
    window = RatingWindow(base=100, per_s=10)
    tickets = [w("a", 0, rating=1500.0, ai_fill=False), w("b", 0, rating=1700.0, seats=4)]
    tickets += [w("c", 0, rating=1500.0), w("d", 0, rating=1500.0)]
    assert plan_tables(tickets, now=5, window=window) == []  # gap 200 > 150
    assert keys(plan_tables(tickets, now=10, window=window)) == [(("a", "b", "c", "d"), 0)]


def test_a_players_max_rating_gap_caps_the_window():
    window = RatingWindow(base=100, per_s=10)
    tickets = [w("a", 0, rating=1500.0, max_rating_gap=50, ai_fill=False)]
    tickets += [w(k, 0, rating=1600.0, ai_fill=False) for k in "bcd"]
    assert plan_tables(tickets, now=1000, window=window) == []
    tickets[0] = w("a", 0, rating=1540.0, max_rating_gap=50, ai_fill=False)
    assert plan_tables(tickets, now=1000, window=window) == []  # 60 > 50: still never
    tickets[0] = w("a", 0, rating=1550.0, max_rating_gap=50)
    assert keys(plan_tables(tickets, now=1000, window=window)) == [(("a", "b", "c", "d"), 0)]


def test_every_ticket_is_planned_at_most_once():
    tickets = [
        w(i, i % 7, pool=f"p{i % 3}", seats=2 + i % 3, ai_fill=bool(i % 2)) for i in range(50)
    ]
    planned = [k for plan in plan_tables(tickets, now=100) for k in plan.keys]
    assert len(planned) == len(set(planned))
