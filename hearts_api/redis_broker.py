"""kombu's Redis transport, with one fix: a worker must survive a Redis restart.

Seen in the fault tests (``tests/reliability/test_restarts.py``) and by the operator in issue 13:
Redis stopped while a worker held unacknowledged messages (``acks_late`` tasks and countdown
tasks, e.g. an AI chain's backup) made the worker exit with ``CRITICAL Unrecoverable error:
AttributeError("'NoneType' object has no attribute 'hostname'")``. The path (kombu 5.7):
the consumer loses its connection and closes it (``on_connection_error_after_connected`` ->
``Connection.close``); closing its channel restores the unacknowledged messages
(``QoS.restore_unacked_once`` -> ``Channel.conn_or_acquire``); the channel's pool was already
dropped, so it builds a new one from ``Channel._connparams``, which reads the broker address from
``self.connection.client``: the transport's link back to its ``kombu.Connection``, which kombu
sets to ``None`` when that connection closes its transport. ``None.hostname`` is an
``AttributeError``, not one of the connection errors that the worker's retry loop catches, so
the whole worker stops instead of reconnecting.

Here each channel remembers the ``kombu.Connection`` it was opened for, and ``_connparams`` falls
back to it when the transport's link is gone. The restore then fails as it should while Redis is
down, with a connection error that kombu ignores on close and the worker's loop retries (and the
messages stay in Redis's unacked set, restored after the visibility timeout; lost AI turns are
rescued sooner by the beat's rescue sweep, see docs/architecture.md).

``hearts_api.celery`` points the ``redis`` transport alias at this class.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(redis.Channel):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        connection = args[0] if args else kwargs.get("connection")
        self._opened_for = getattr(connection, "client", None)
        super().__init__(*args, **kwargs)

    def _connparams(self, asynchronous: bool = False) -> dict:
        transport = self.connection
        if transport is None:  # the channel itself is closed: a connection error, retried
            raise RedisConnectionError("the broker channel is closed")
        if transport is not None and transport.client is None and self._opened_for is not None:
            transport.client = self._opened_for
            try:
                return super()._connparams(asynchronous=asynchronous)
            finally:
                transport.client = None
        return super()._connparams(asynchronous=asynchronous)


class Transport(redis.Transport):
    Channel = Channel
