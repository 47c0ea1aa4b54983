"""The middleware chain under ASGI: one thread hop per request, not one per middleware method."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx
import pytest
from asgiref import sync
from django.core.asgi import get_asgi_application


def _hops_of_one_get(monkeypatch, path: str) -> tuple[int, Counter]:
    hops: Counter = Counter()
    original = sync.SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        hops[getattr(self.func, "__qualname__", repr(self.func))] += 1
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counting)
    application = get_asgi_application()

    async def get() -> int:
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            await client.get(path)  # warm (first-request work is not the point)
            hops.clear()
            return (await client.get(path)).status_code

    return asyncio.run(get()), hops


@pytest.mark.django_db(transaction=True)
def test_the_chain_crosses_into_a_thread_once_per_request(monkeypatch):
    status, hops = _hops_of_one_get(monkeypatch, "/api/v1/rules/presets/")
    assert status == 200
    # no process_request / process_response in a hop of its own (without SyncChainMiddleware:
    # ten of them; views' process_view still go through Django's async base handler)
    per_method = [n for n in hops if n.endswith((".process_request", ".process_response"))]
    assert not per_method, hops
    assert sum(hops.values()) <= 8, hops
