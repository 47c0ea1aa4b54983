"""The floor of the stack, mounted only by ``benchmarks.bench_settings``.

``POST /bench/floor/``: a plain sync DRF ``APIView`` (DRF's own ``TokenAuthentication``,
``IsAuthenticated`` and ``JSONRenderer``, no throttle) that, in one transaction, locks the
caller's counter row (``SELECT ... FOR UPDATE``) and inserts one event-shaped row (counter, seq,
type, JSON payload): the least work a move can do on this stack (issue 18). Its tables are created
by the benchmarks (``wrk_bench.py``, ``api_bench.py``) in the benchmark database only (no model,
no migration, no app). ``wrk_bench.py`` serves it from gunicorn sync workers, the cheapest server
of the stack.

``bench.touch``: a Celery task that inserts one row, for the bare task round trip.
"""

from __future__ import annotations

import json

from celery import shared_task
from django.db import connection, transaction
from django.urls import include, path
from rest_framework.authentication import TokenAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

FLOOR_TABLES_SQL = """
CREATE TABLE IF NOT EXISTS bench_floor_counter (id bigint PRIMARY KEY, hits bigint NOT NULL);
CREATE TABLE IF NOT EXISTS bench_floor_hit (
    id bigserial PRIMARY KEY, counter_id bigint NOT NULL, seq bigint NOT NULL,
    type text NOT NULL, payload jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS bench_touch (token text PRIMARY KEY, at timestamptz DEFAULT now());
"""


class FloorApi(APIView):
    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer]  # DRF's own, not the API's (common/http/renderers.py)
    throttle_classes = ()

    def post(self, request):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT hits FROM bench_floor_counter WHERE id = %s FOR UPDATE", [request.user.pk]
            )
            hits = cursor.fetchone()[0]
            cursor.execute(
                "INSERT INTO bench_floor_hit (counter_id, seq, type, payload)"
                " VALUES (%s, %s, 'card_played', %s) RETURNING id",
                [request.user.pk, hits + 1, json.dumps({"card": request.data.get("card")})],
            )
            hit = cursor.fetchone()[0]
        return Response({"hits": hits, "hit": hit})


@shared_task(name="bench.touch", ignore_result=True)
def touch(token: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_touch (token) VALUES (%s)", [token])


urlpatterns = [
    path("bench/floor/", FloorApi.as_view()),
    path("", include("hearts_api.urls")),
]
