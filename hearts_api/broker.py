"""The embedded-defaults broker: kombu's filesystem transport, with atomic message writes.

kombu's filesystem transport writes a message straight into its final file name, and a worker
polling the folder can pick the file up before the write is complete: it then reads a truncated
JSON document, and the worker dies with ``Unrecoverable error: JSONDecodeError`` (seen in the
reliability soak on SQLite). Here a message is written under a temporary name that the consumer
never matches, then renamed into place; a rename within one folder is atomic, so a consumer sees
either no file or the whole message.

``hearts_api.celery`` points the ``filesystem`` transport alias at this class, so the
``filesystem://`` broker URL means this transport in every process of the project.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        """Put ``payload`` onto ``queue``: write a temporary file, then rename it into place."""
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # A name without a "." before the queue name never matches a consumer's pattern.
        partial = os.path.join(self.data_folder_out, f"writing-{uuid.uuid4().hex}-tmp")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
                f.flush()
                os.fsync(f.fileno())
            os.replace(partial, final)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
