"""``common.broker``: the hot path's task messages pushed to Redis without kombu's per-message
work, and the live wake-up in the same pipeline (issue 18).

Against a real Redis server (``redis_url``): the message ``broker.send_task`` pushes is the one
Celery's own ``send_task`` pushes for the same task (same headers, body, envelope; only the ids,
the delivery tag and the eta's instant differ), so a worker runs it as any other; a batch sends
the commit's LPUSH and PUBLISH in one pipeline; a move's commit sends its feed sync and its
live wake-up that way, after the commit and never before it."""

from __future__ import annotations

import base64
import json
import time
import uuid

import pytest
import redis
from celery import current_app

from common import broker

pytestmark = pytest.mark.redis


@pytest.fixture
def redis_broker(redis_url, monkeypatch):
    """The run's Redis broker (CELERY_BROKER_URL, which Celery's settings prefer), else the
    test's Redis database; messages go to a queue of the test's own, removed afterwards (the
    server may be shared: nothing else is touched)."""
    url = current_app.conf.broker_url
    overridden = not url.startswith("redis://")
    if overridden:
        monkeypatch.setattr(current_app.conf, "broker_url", redis_url)
        url = redis_url
    assert current_app.conf.broker_url == url
    client = redis.Redis.from_url(url)
    queue = f"hearts-lean-{uuid.uuid4().hex}"
    yield url, client, queue
    client.delete(queue)
    if overridden:
        _forget_connections()


def _forget_connections():
    """Celery keeps the connection and producer pools it made for the first message it sent; one
    made while the broker was overridden would send the later tests' tasks to this Redis."""
    pool = current_app._pool
    if pool is not None:
        pool.force_close_all()
    current_app._pool = None
    current_app.amqp._producer_pool = None


def _pop(client, queue):
    raw = client.rpop(queue)
    assert raw is not None, f"nothing in {queue}"
    message = json.loads(raw)
    message["body"] = json.loads(base64.b64decode(message["body"]))
    return message


def _without_ids(message):
    headers = dict(message["headers"])
    ids = headers.pop("id"), headers.pop("root_id"), headers.pop("eta")
    properties = dict(message["properties"])
    assert properties.pop("correlation_id") == ids[0]
    properties.pop("delivery_tag")
    return {**message, "headers": headers, "properties": properties}, ids


@pytest.mark.parametrize("name", ["games.ai_take_turn", "notifications.feed_sync_game"])
@pytest.mark.parametrize("countdown", [None, 2.5])
@pytest.mark.parametrize("coalesced", [False, True])
def test_the_lean_message_is_celerys_message(redis_broker, name, countdown, coalesced):
    """In a web process and in a worker (the task registered and bound: its time limits are
    sent, its serializer is JSON's); pushed by LPUSH or by the coalescing script."""
    import games.tasks  # noqa: F401 - registered here, as in a worker
    import notifications.tasks  # noqa: F401

    current_app.tasks[name]  # bound to the app (its exec options set), as in a worker

    url, client, queue = redis_broker
    assert broker._lean_url() == url
    with current_app.connection_for_write(url) as connection:
        current_app.send_task(name, args=["g", 1, 7], countdown=countdown,
                              queue=queue, ignore_result=True, connection=connection)  # fmt: skip
    mark = f"{queue}-pending" if coalesced else None
    broker.send_task(name, ["g", 1, 7], countdown=countdown, queue=queue, unless_pending=mark)
    if mark:
        client.delete(mark)
    listed = queue
    assert client.llen(listed) == 2
    celerys, (celery_id, _, celery_eta) = _without_ids(_pop(client, listed))
    lean, (lean_id, lean_root, lean_eta) = _without_ids(_pop(client, listed))
    assert lean == celerys
    assert lean_id != celery_id
    assert lean_root == lean_id
    assert (lean_eta is None) == (countdown is None) == (celery_eta is None)
    assert lean["body"] == [["g", 1, 7], {}, {"callbacks": None, "errbacks": None,
                                              "chain": None, "chord": None}]  # fmt: skip


def test_a_batch_is_one_pipeline_with_the_live_wake_up(redis_broker, redis_url, monkeypatch):
    url, client, queue = redis_broker
    live = redis_url  # the live bus on the broker's server (pub/sub ignores the database)
    channel = f"{queue}-wake"
    subscriber = redis.Redis.from_url(live).pubsub()
    subscriber.subscribe(channel)
    assert subscriber.get_message(timeout=2)["type"] == "subscribe"
    real = type(broker.client(url).pipeline())
    sent = []
    original = real.execute

    def spy(self, *args, **kwargs):
        sent.append([c[0][0] for c in self.command_stack])
        return original(self, *args, **kwargs)

    monkeypatch.setattr(real, "execute", spy)
    with broker.batch():
        broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue)
        assert broker.publish(live, channel, "42")
        assert client.llen(queue) == 0  # nothing before the end
    assert sent == [["LPUSH", "PUBLISH"]]
    assert _pop(client, queue)["headers"]["task"] == ("notifications.feed_sync_game")
    deadline = time.monotonic() + 5
    message = None
    while message is None and time.monotonic() < deadline:
        message = subscriber.get_message(timeout=0.5)
    assert message is not None
    assert message["data"] == b"42"
    subscriber.close()


def test_a_publish_to_another_server_is_not_joined(redis_broker):
    with broker.batch():
        assert not broker.publish("redis://127.0.0.2:1/0", "hearts-lean-wake", "1")
    assert not broker.publish(redis_broker[0], "hearts-lean-wake", "1")  # no batch open


def test_ai_turns_go_to_the_default_queue_and_feed_syncs_to_theirs(redis_broker, settings):
    default, feeds = current_app.conf.task_default_queue, settings.HEARTS_FEED_SYNC_QUEUE
    assert feeds
    assert feeds != default
    assert broker._route("games.ai_take_turn", None) == ("", default)
    assert broker._route("notifications.feed_sync_game", feeds) == ("", feeds)
    # and Celery's router (a retry, Celery's own send_task) sends a feed sync there too
    assert broker._route("notifications.feed_sync_game", None) == ("", feeds)
    assert broker._route("notifications.feed_sync_drain", None) == ("", feeds)
    assert [q.name for q in current_app.conf.task_queues] == [default, feeds]  # a worker's


def test_a_coalesced_send_pushes_only_when_its_work_is_not_pending(redis_broker):
    _, client, queue = redis_broker
    mark = f"{queue}-pending"
    try:
        with broker.batch():
            broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue,
                             unless_pending=mark, pending_ttl=20)  # fmt: skip
            broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue,
                             unless_pending=mark, pending_ttl=20)  # fmt: skip
        broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue, unless_pending=mark)
        assert client.llen(queue) == 1
        assert 0 < client.ttl(mark) <= 20
        broker.clear_pending(mark)  # what the task does first
        assert not client.exists(mark)
        broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue, unless_pending=mark)
        assert client.llen(queue) == 2
        broker.send_task("notifications.feed_sync_game", ["g2"], queue=queue)  # not coalesced
        assert client.llen(queue) == 3
    finally:
        client.delete(mark)


def test_the_lean_drain_message_is_celerys_message(redis_broker):
    """The drain's message (no arguments), pushed by the drain script, in a worker."""
    import notifications.tasks  # noqa: F401 - registered here, as in a worker

    name = "notifications.feed_sync_drain"
    current_app.tasks[name]
    url, client, queue = redis_broker
    with current_app.connection_for_write(url) as connection:
        current_app.send_task(name, args=[], queue=queue, ignore_result=True,
                              connection=connection)  # fmt: skip
    dirty, mark = f"{queue}-dirty", f"{queue}-pending"
    try:
        assert broker.send_drain(name, dirty=dirty, item="g1", pending=mark, queue=queue)
        celerys, _ = _without_ids(_pop(client, queue))
        lean, _ = _without_ids(_pop(client, queue))
        assert lean == celerys
        assert lean["headers"]["timelimit"] == [60, 30]
    finally:
        client.delete(dirty, mark)


def test_a_drain_send_marks_its_item_and_pushes_only_when_no_drain_is_pending(redis_broker):
    _, client, queue = redis_broker
    dirty, mark = f"{queue}-dirty", f"{queue}-pending"
    name = "notifications.feed_sync_drain"

    def send(item):
        return broker.send_drain(name, dirty=dirty, item=item, pending=mark, pending_ttl=20,
                                 queue=queue)  # fmt: skip

    try:
        with broker.batch():
            assert send("g1")
            assert send("g1")
            assert send("g2")
            assert client.llen(queue) == 0  # nothing before the end
        assert client.llen(queue) == 1
        assert 0 < client.ttl(mark) <= 20
        assert set(client.hgetall(dirty)) == {b"g1", b"g2"}
        taken = broker.drain_take(dirty, mark, 10, first=True)  # the mark deleted first
        assert not client.exists(mark)
        assert taken == {k.decode(): v.decode() for k, v in client.hgetall(dirty).items()}
        assert send("g1")  # g1 moves again while it is drained: the next drain is pushed
        assert client.llen(queue) == 2
        assert client.exists(mark)
        # the next step: the items done leave (g2 only: g1 was stamped anew), then a take
        stamp = client.hget(dirty, "g1").decode()
        assert stamp != taken["g1"]
        assert broker.drain_take(dirty, mark, 10, done=taken) == {"g1": stamp}
        assert client.exists(mark)  # not the first step: the mark stays
        assert set(client.hgetall(dirty)) == {b"g1"}
        # a stale stamp removes nothing: a second drain that read g1 before its removal
        assert broker.drain_done(dirty, mark, {"g1": taken["g1"]}) == 0
        # a drain's re-send (no item): pushed only if items are left and no drain is pending
        assert send(None)
        assert client.llen(queue) == 2  # the one g1's move pushed is pending
        broker.clear_pending(mark)
        assert send(None)
        assert client.llen(queue) == 3
        broker.clear_pending(mark)
        assert broker.drain_done(dirty, mark, {"g1": stamp}) == 1
        assert send(None)
        assert client.llen(queue) == 3  # nothing left: nothing pushed, no mark set
        assert not client.exists(mark)
        assert broker.drain_take(dirty, mark, 10) == {}
    finally:
        client.delete(dirty, mark)


@pytest.mark.parametrize("batched", [False, True])
def test_a_server_without_the_drain_script_gets_it_by_eval(redis_broker, monkeypatch, batched):
    _, client, queue = redis_broker
    dirty, mark = f"{queue}-dirty", f"{queue}-pending"
    monkeypatch.setattr(broker, "DRAIN_SHA", "0" * 40)
    monkeypatch.setattr(broker, "TAKE_SHA", "1" * 40)
    monkeypatch.setattr(broker, "_failing", False)
    try:
        if batched:
            with broker.batch():
                broker.send_task("games.ai_take_turn", ["g1", 1, 7], queue=queue)
                broker.send_drain("notifications.feed_sync_drain", dirty=dirty, item="g1",
                                  pending=mark, queue=queue, lazy=True)  # fmt: skip
        else:
            broker.send_drain("notifications.feed_sync_drain", dirty=dirty, item="g1",
                              pending=mark, queue=queue)  # fmt: skip
        assert not broker._failing
        tasks = [_pop(client, queue)["headers"]["task"] for _ in range(client.llen(queue))]
        expected = ["games.ai_take_turn"] if batched else []
        assert tasks == [*expected, "notifications.feed_sync_drain"]
        stamp = client.hget(dirty, "g1").decode()
        assert broker.drain_take(dirty, mark, 5, first=True) == {"g1": stamp}
        assert broker.drain_done(dirty, mark, {"g1": stamp}) == 1
        assert not client.exists(dirty)
    finally:
        client.delete(dirty, mark)


def test_without_the_lean_sender_a_drain_is_not_sent(monkeypatch):
    """The caller sends its work another way (the feed sync: a per-game task)."""
    monkeypatch.setattr(broker, "_lean_url", lambda: None)
    assert not broker.send_drain("notifications.feed_sync_drain", dirty="d", item="g1",
                                 pending="p")  # fmt: skip
    assert broker.drain_take("d", "p", 10, first=True) == {}
    assert broker.drain_done("d", "p", {"g1": "s"}) == 0


@pytest.mark.parametrize("batched", [False, True])
def test_a_server_without_the_script_gets_it_by_eval(redis_broker, monkeypatch, batched):
    """NOSCRIPT (a restarted or flushed server): the script again by EVAL, the message pushed
    once; the other commands of the pipeline are not sent twice."""
    _, client, queue = redis_broker
    mark = f"{queue}-pending"
    unknown = "0" * 40  # a script no server has
    monkeypatch.setattr(broker, "COALESCE_SHA", unknown)
    monkeypatch.setattr(broker, "_failing", False)
    try:
        if batched:
            with broker.batch():
                broker.send_task("games.ai_take_turn", ["g1", 1, 7], queue=queue)
                broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue,
                                 unless_pending=mark, lazy=True)  # fmt: skip
        else:
            broker.send_task("notifications.feed_sync_game", ["g1"], queue=queue,
                             unless_pending=mark)  # fmt: skip
        assert not broker._failing
        tasks = [_pop(client, queue)["headers"]["task"] for _ in range(client.llen(queue))]
        expected = ["games.ai_take_turn"] if batched else []
        assert tasks == [*expected, "notifications.feed_sync_game"]
        assert client.exists(mark)
    finally:
        client.delete(mark)


def test_a_broker_down_is_logged_not_raised(redis_broker, monkeypatch, caplog):
    monkeypatch.setattr(broker, "_lean_url", lambda: "redis://127.0.0.1:1/0")
    monkeypatch.setattr(broker, "_failing", False)  # logged once per outage: this one is new
    with broker.batch():
        broker.send_task("notifications.feed_sync_game", ["g1"])
    assert "could not send" in caplog.text
    broker._report(None, "")  # the next success logs the recovery
