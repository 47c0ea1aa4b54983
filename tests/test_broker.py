"""The embedded broker writes each message atomically: a consumer never reads half a message."""

from __future__ import annotations

import os
from queue import Empty

import pytest
from kombu import Connection
from kombu.transport import resolve_transport

from hearts_api import broker


@pytest.fixture
def channel(tmp_path):
    folder = tmp_path / "broker"
    folder.mkdir()
    options = {"data_folder_in": str(folder), "data_folder_out": str(folder)}
    with Connection("filesystem://", transport_options=options) as connection:
        yield connection.default_channel, folder


def test_the_filesystem_url_means_the_atomic_transport():
    assert resolve_transport("filesystem") is broker.Transport
    with Connection("filesystem://") as connection:
        assert isinstance(connection.transport, broker.Transport)


def test_a_message_is_invisible_until_it_is_complete(channel, monkeypatch):
    chan, folder = channel
    seen_while_writing = {}
    real_replace = os.replace

    def replace(src, dst):
        # The whole message is on disk under a name no consumer matches; nothing to read yet.
        seen_while_writing["files"] = sorted(os.listdir(folder))
        with pytest.raises(Empty):
            chan._get("hearts")
        return real_replace(src, dst)

    monkeypatch.setattr(broker.os, "replace", replace)
    chan._put("hearts", {"body": "x" * 100_000})
    (partial,) = seen_while_writing["files"]
    assert "." not in partial
    assert chan._get("hearts") == {"body": "x" * 100_000}
    assert os.listdir(folder) == []


def test_a_failed_write_leaves_no_file(channel, monkeypatch):
    chan, folder = channel

    def fail(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(broker.os, "replace", fail)
    from kombu.exceptions import ChannelError

    with pytest.raises(ChannelError):
        chan._put("hearts", {"body": "lost"})
    assert os.listdir(folder) == []
