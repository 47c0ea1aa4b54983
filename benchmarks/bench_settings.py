"""Settings of ``benchmarks/api_bench.py`` only: production settings plus the floor endpoint.

Everything is ``hearts_api.settings`` read from the same environment (DEBUG=0, PostgreSQL,
Redis) with three differences, all needed to measure on loopback:

* ``ROOT_URLCONF`` adds ``/bench/floor/`` (``benchmarks.floor``) next to the real URLs; production
  URLs never include it;
* the Celery worker also imports ``benchmarks.floor`` for the bare round-trip task;
* throttle rates are raised (same throttle classes and Redis cache work per request, but a load
  test must not be answered 429) and HTTPS redirects are off (plain HTTP on 127.0.0.1, as the
  docker-compose default).
"""

from hearts_api.settings import *  # noqa: F403
from hearts_api.settings import REST_FRAMEWORK

ROOT_URLCONF = "benchmarks.floor"
CELERY_IMPORTS = ["benchmarks.floor"]
SECURE_SSL_REDIRECT = False
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": dict.fromkeys(
        REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "100000000/min"
    ),
}
