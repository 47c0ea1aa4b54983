"""Live game streams: how clients follow a game as it is played (docs/live-sync.md).

* ``backends``: cross-process wake-ups (Redis pub/sub, PostgreSQL LISTEN/NOTIFY or polling the
  store): ``publish_game_event`` after a commit, ``subscribe`` / ``wait_for_game_event`` in a
  stream. The services use this part only; it imports nothing of the project but the models and
  ``common.broker`` (a wake-up joins the commit's broker pipeline).
* ``feed``: what a client is sent: a page of the gap-free events feed, and the bodies of a
  stream (``catch_up`` under WSGI, ``follow_game`` under ASGI), read through the selectors.
* ``sse``: server-sent events framing and the ``text/event-stream`` renderer.
* ``auth``: ``?token=`` authentication for EventSource clients, and its OpenAPI scheme.
* ``credentials``: an open stream's credential, looked up again every recheck period; the
  stream ends once it fails (a deleted token, a revoked OAuth2 token, an ended session).
* ``serializers``: the query parameters and the events page (DRF).
* ``views``: the two endpoints, ``urls``: their routes (included by ``games/urls.py``).

Kept empty of imports so that ``games.streams.backends`` can be imported by the services
without the views.
"""
