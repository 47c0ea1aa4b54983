"""Django settings for the Hearts API.

Everything an operator may change comes from the environment (12-factor). With nothing set, the
project runs on *embedded defaults* that need no server: SQLite at ``var/db.sqlite3`` and Celery's
kombu ``filesystem://`` broker under ``var/broker`` (results under ``var/celery-results``), so a
fresh machine still runs AI seats in a real, separate worker process. Set ``DATABASE_URL`` and
``CELERY_BROKER_URL`` (and optionally ``REDIS_URL``) to run the same code on PostgreSQL and Redis.
The README has the full configuration table; keep it in sync with this file.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- env helpers
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_path(name: str, default: Path) -> Path:
    raw = os.environ.get(name)
    return Path(raw).expanduser().resolve() if raw else default


# --------------------------------------------------------------------------- core
DEBUG = env_bool("DEBUG", False)

# Everything the embedded defaults write (SQLite files, broker folders, results) lives here.
VAR_DIR = env_path("HEARTS_VAR_DIR", BASE_DIR / "var")

_DEV_SECRET_KEY = "django-insecure-dev-only-key-never-use-in-production"
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set SECRET_KEY in the environment, or DEBUG=1 for development "
            "(python3 scripts/dev.py serve does that for you)."
        )
    SECRET_KEY = _DEV_SECRET_KEY

# Ed25519 key that signs the event log's chain heads (games/signing.py, docs/event-store.md).
# HEARTS_SIGNING_KEY: base64 of the 32-byte seed, or a PKCS#8 PEM; or HEARTS_SIGNING_KEY_FILE, a
# file holding either. Never in the database. DEBUG=1 with neither: a development key generated
# once at var/signing-key. DEBUG=0 with neither: refuse to start (an unsigned production log
# would quietly lose its tamper evidence; an operator must decide on the key, as for SECRET_KEY).
# HEARTS_SIGNING_PUBLIC_KEYS: older public keys (base64, comma-separated) that still verify.
HEARTS_SIGNING_KEY = env_str("HEARTS_SIGNING_KEY")
HEARTS_SIGNING_KEY_FILE = env_str("HEARTS_SIGNING_KEY_FILE")
HEARTS_SIGNING_PUBLIC_KEYS = env_list("HEARTS_SIGNING_PUBLIC_KEYS")
if not HEARTS_SIGNING_KEY and not HEARTS_SIGNING_KEY_FILE:
    if not DEBUG:
        raise ImproperlyConfigured(
            "HEARTS_SIGNING_KEY is not set. Set HEARTS_SIGNING_KEY (or HEARTS_SIGNING_KEY_FILE) "
            "to an Ed25519 key (python3 -c 'import base64,os; print(base64.b64encode(os.urandom"
            "(32)).decode())' prints one), or DEBUG=1 for development (a key is generated under "
            "var/)."
        )
    HEARTS_SIGNING_KEY_FILE = str(VAR_DIR / "signing-key")

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "oauth2_provider",
    "corsheaders",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "common",
    "players",
    "games",
    "notifications",
    "matchmaking",
    "ratings",
    "webclient",
]

MIDDLEWARE = [
    # First: answers CORS preflights and adds the CORS headers (nothing without an allow-list).
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "hearts_api.middleware.SyncChainMiddleware",  # last: one thread hop per request under ASGI
]

ROOT_URLCONF = "hearts_api.urls"
WSGI_APPLICATION = "hearts_api.wsgi.application"
ASGI_APPLICATION = "hearts_api.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "hearts_api" / "templates"],  # the API docs pages
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --------------------------------------------------------------------------- database
# DATABASE_URL, e.g. postgres://user:pass@host:5432/hearts. Default: SQLite file under var/.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        # 0 by default: under ASGI, Django's persistent connections are per thread, and the
        # async views' thread pool leaves one open per thread (the benchmark saw PostgreSQL
        # run out of connections). Celery workers reuse theirs via CELERY_DB_REUSE_MAX.
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
        conn_health_checks=True,
    )
}
_db = DATABASES["default"]
if _db["ENGINE"] == "django.db.backends.sqlite3":
    # WAL + a busy timeout let the web process and the worker process share the file; the test
    # database is a FILE too (not :memory:) so a separate celery worker process can see it.
    _db["CONN_MAX_AGE"] = 0
    _db["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **_db.get("OPTIONS", {}),
    }
    _db["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
    Path(_db["NAME"]).parent.mkdir(parents=True, exist_ok=True)
else:
    # Django's default test name, spelled out so the test worker process can use the same one.
    _db["TEST"] = {"NAME": env_str("DATABASE_TEST_NAME") or f"test_{_db['NAME']}"}
    # psycopg's connection pool (Django's "pool" option): up to DB_POOL_MAX connections per
    # process, kept open between requests and tasks. Opening a PostgreSQL connection costs ~5 ms
    # (measured here), about what a whole move costs otherwise; and under ASGI each request runs
    # in a thread of its own, so persistent connections (CONN_MAX_AGE) would leak one per
    # thread. DB_POOL_MAX=0 turns it off (then DB_CONN_MAX_AGE applies).
    DB_POOL_MAX = env_int("DB_POOL_MAX", 10)
    if DB_POOL_MAX > 0:
        _db["CONN_MAX_AGE"] = 0  # the pool keeps the connections; Django must not
        _db["OPTIONS"] = {
            **_db.get("OPTIONS", {}),
            "pool": {
                "min_size": env_int("DB_POOL_MIN", 1),
                "max_size": DB_POOL_MAX,
                # How long a request waits for a connection before it is a 503.
                "timeout": env_int("DB_POOL_TIMEOUT_S", 5),
                # psycopg retries a failed connection with backoff (1, 2, 4, 8... s) for this long,
                # then frees the slot and the next request tries at once: after a database outage
                # the pool reconnects within seconds, not after a backoff grown during the outage.
                "reconnect_timeout": env_int("DB_POOL_RECONNECT_S", 5),
                # No "check" here: with conn_health_checks (above) Django gives the pool
                # ConnectionPool.check_connection, so every connection handed out is checked
                # first (one empty round trip) and a dead one (a database restart) replaced.
            },
        }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --------------------------------------------------------------------------- static files
STATIC_URL = "static/"
STATIC_ROOT = env_path("STATIC_ROOT", BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# In development whitenoise serves straight from the apps' static folders (no collectstatic).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# --------------------------------------------------------------------------- cache
# REDIS_URL (optional) is used for the cache (throttling) and live-sync pub/sub. Empty: none.
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "hearts_api.cache.RedisCache",  # Django's, one client per pool
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "hearts",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --------------------------------------------------------------------------- Celery
# Default broker: kombu's filesystem transport (no server). Folders are created on startup.
CELERY_BROKER_DIR = env_path("CELERY_BROKER_DIR", VAR_DIR / "broker")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or "filesystem://"
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIR / "queue"),
        "data_folder_out": str(CELERY_BROKER_DIR / "queue"),
        "processed_folder": str(CELERY_BROKER_DIR / "processed"),
        "control_folder": str(CELERY_BROKER_DIR / "control"),
        "store_processed": False,
        "polling_interval": 0.1,  # seconds; the default 1 s makes every AI move feel slow
    }
    for _folder in CELERY_BROKER_TRANSPORT_OPTIONS.values():
        if isinstance(_folder, str):
            Path(_folder).mkdir(parents=True, exist_ok=True)
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
        "socket_keepalive": True,
        "socket_connect_timeout": 5,
        "health_check_interval": 10,
        "retry_on_timeout": True,
    }

_default_result_backend = (
    CELERY_BROKER_URL
    if CELERY_BROKER_URL.startswith(("redis://", "rediss://"))
    else f"file://{env_path('CELERY_RESULTS_DIR', VAR_DIR / 'celery-results')}"
)
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND") or _default_result_backend
if CELERY_RESULT_BACKEND.startswith("file://"):
    Path(CELERY_RESULT_BACKEND.removeprefix("file://")).mkdir(parents=True, exist_ok=True)
CELERY_RESULT_EXPIRES = env_int("CELERY_RESULT_EXPIRES", 3600)


def celery_queues(default: str, *others: str) -> list:
    """The queues a worker started without ``--queues`` consumes: the default one and the
    others named (empty names skipped), each on its direct exchange as Celery declares its
    default queue (a message goes through the anonymous exchange to the queue of its name)."""
    from kombu import Exchange, Queue

    names = dict.fromkeys(name for name in (default, *others) if name)
    return [Queue(name, Exchange(name, type="direct"), routing_key=name) for name in names]


def celery_routes(feed_sync_queue: str) -> dict:
    """Tasks on a queue of their own (retries too: Celery routes a retry by these)."""
    if not feed_sync_queue:
        return {}
    feeds = ("notifications.feed_sync_game", "notifications.feed_sync_drain")
    return {name: {"queue": feed_sync_queue} for name in feeds}


# Celery's default queue (AI turns, matchmaking, sweeps), and the players' feed projections on a
# queue of their own (empty: the default queue), so an AI turn never waits behind a backlog of
# them. A worker started without --queues consumes both (CELERY_TASK_QUEUES, round robin); give
# each its own workers with `--queues celery` and `--queues feeds` (docs/notifications.md).
CELERY_TASK_DEFAULT_QUEUE = "celery"
HEARTS_FEED_SYNC_QUEUE = env_str("HEARTS_FEED_SYNC_QUEUE", "feeds")
CELERY_TASK_QUEUES = celery_queues(CELERY_TASK_DEFAULT_QUEUE, HEARTS_FEED_SYNC_QUEUE)
CELERY_TASK_ROUTES = celery_routes(HEARTS_FEED_SYNC_QUEUE)
# A move's feed sync is sent only when none of the game's is pending (common/broker.py, on a
# Redis broker): the pending mark outlives a lost task this long, then the next move sends again
# (and beat's notifications sweep catches up a feed behind in the meantime).
HEARTS_FEED_SYNC_PENDING_TTL_S = env_int("HEARTS_FEED_SYNC_PENDING_TTL_S", 30)
# On a Redis broker a move marks its game due and one drain task projects every game due
# (notifications/queue.py): this many games a round (one script to Redis a round), rounds
# while they come full and until this many seconds are spent (then it sends itself again).
HEARTS_FEED_DRAIN_BATCH = env_int("HEARTS_FEED_DRAIN_BATCH", 50)
HEARTS_FEED_DRAIN_BUDGET_S = env_int("HEARTS_FEED_DRAIN_BUDGET_S", 5)

CELERY_TIMEZONE = TIME_ZONE
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# How long a worker waits for the result of a pool child that died before it gives the child's
# task up (WorkerLostError) and takes new messages: our tasks ignore results and are guarded, so
# 2 s instead of Celery's 10 (with one child, an AI chain's backup waited on it).
CELERY_WORKER_LOST_WAIT = float(env_str("CELERY_WORKER_LOST_WAIT", "2"))
CELERY_TASK_ALWAYS_EAGER = False  # never eager: AI seats move in a real worker process
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Survive a broker (Redis) restart without a supervisor: reconnect forever (Celery's default
# gives up after 100 tries), retry channel errors too, detect a dead socket (keepalive, periodic
# PING) instead of waiting on it, and keep the result backend retrying rather than raising.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CHANNEL_ERROR_RETRY = True
CELERY_REDIS_SOCKET_KEEPALIVE = True
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 5
CELERY_REDIS_SOCKET_TIMEOUT = 10
CELERY_REDIS_RETRY_ON_TIMEOUT = True
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = 10
CELERY_RESULT_BACKEND_ALWAYS_RETRY = True
CELERY_RESULT_BACKEND_MAX_RETRIES = 10
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BEAT_SCHEDULE: dict = {
    # Re-enqueue AI turns that waited longer than HEARTS_AI_STALL_AFTER_S (lost task, dead worker).
    "games-sweep-stalled-ai-turns": {
        "task": "games.sweep_stalled_ai_turns",
        "schedule": float(env_int("HEARTS_AI_SWEEP_EVERY_S", 15)),
    },
    # Re-enqueue AI turns of games whose AI chain went quiet for longer than its backup delay
    # (a worker killed mid chain: the backup it sent may sit in that worker's memory).
    "games-rescue-ai-chains": {
        "task": "games.rescue_ai_chains",
        "schedule": float(env_str("HEARTS_AI_RESCUE_EVERY_S", "1")),
        "options": {"expires": 5},
    },
    # Delete Idempotency-Keys older than HEARTS_IDEMPOTENCY_KEY_TTL_S (games/idempotency.py).
    "games-expire-idempotency-keys": {
        "task": "games.expire_idempotency_keys",
        "schedule": float(env_int("HEARTS_IDEMPOTENCY_EXPIRE_EVERY_S", 3600)),
        "options": {"expires": 600},
    },
    # Quick play: the matcher also runs on every enqueue; this sweep forms the tables whose
    # waiting time (rating window, AI fill) has come, and recovers from a worker lost mid match.
    "matchmaking-match": {
        "task": "matchmaking.match",
        "schedule": float(env_str("MATCHMAKING_SWEEP_EVERY_S", "2")),
        "options": {"expires": 5},
    },
    # Ratings (docs/ratings.md): finished games whose rating task was lost.
    "ratings-sweep-unrated-games": {
        "task": "ratings.sweep_unrated_games",
        "schedule": float(env_int("RATINGS_SWEEP_EVERY_S", 60)),
        "options": {"expires": 55},
    },
}
# Where the players' feeds are projected after a commit: "task" (a worker; the move pays one
# broker send) or "inline" (in the committing process: about ten statements per move).
NOTIFICATIONS_FEED_SYNC = env_str("NOTIFICATIONS_FEED_SYNC") or "task"
CELERY_BEAT_SCHEDULE["notifications-sweep"] = {
    # Feeds behind their games (a process lost after a commit), webhook deliveries whose task
    # was lost or whose backoff outlived it.
    "task": "notifications.sweep",
    "schedule": float(env_int("HEARTS_NOTIFICATIONS_SWEEP_EVERY_S", 10)),
    "options": {"expires": 60},
}
CELERY_BEAT_SCHEDULE["notifications-prune"] = {
    # Notifications past HEARTS_NOTIFICATION_RETENTION_DAYS, with their deliveries and attempts.
    "task": "notifications.prune",
    "schedule": float(env_int("HEARTS_NOTIFICATION_PRUNE_EVERY_S", 3600)),
    "options": {"expires": 600},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Celery's Django fixup closes the DB connection around every task unless this is set
# (~11 ms vs ~2 ms per task round trip, see shared PERFORMANCE_NOTES).
CELERY_DB_REUSE_MAX = env_int("CELERY_DB_REUSE_MAX", 10000)

# --------------------------------------------------------------------------- app settings
HEARTS_AI_THINK_DELAY_MS = env_int("HEARTS_AI_THINK_DELAY_MS", 0)
# An Idempotency-Key (and the response it replays) is kept this long, then deleted by beat.
HEARTS_IDEMPOTENCY_KEY_TTL_S = env_int("HEARTS_IDEMPOTENCY_KEY_TTL_S", 86_400)
HEARTS_AI_STALL_AFTER_S = env_int("HEARTS_AI_STALL_AFTER_S", 30)
# One AI task plays the AI seats' turns up to the next human turn (no think delay), at most this
# many moves, stored in one transaction: three AI seats after a human play cost one broker round
# trip and one commit, not three. It commits early at a deal, or after this much bot thinking.
HEARTS_AI_CHAIN_MAX = env_int("HEARTS_AI_CHAIN_MAX", 16)
HEARTS_AI_COMMIT_EVERY_MS = env_int("HEARTS_AI_COMMIT_EVERY_MS", 100)
# A chain's next turn is also sent to the broker, delayed by this much: it plays only if the
# worker running the chain was lost (else it finds the game moved on and does nothing).
HEARTS_AI_CHAIN_BACKUP_MS = env_int("HEARTS_AI_CHAIN_BACKUP_MS", 2000)
# Event store: snapshot after every deal and whenever this many events passed since the last one.
HEARTS_SNAPSHOT_EVERY = env_int("HEARTS_SNAPSHOT_EVERY", 100)
# ... and each process keeps the newest aggregate of the games it served last (this many games; 0:
# off).
HEARTS_AGGREGATE_CACHE_SIZE = env_int("HEARTS_AGGREGATE_CACHE_SIZE", 512)
# Ratings: the beat sweep applies finished games unrated after this long; a rating with fewer
# games than RATINGS_PROVISIONAL_GAMES is provisional.
RATINGS_SWEEP_AFTER_S = env_int("RATINGS_SWEEP_AFTER_S", 30)
RATINGS_PROVISIONAL_GAMES = env_int("RATINGS_PROVISIONAL_GAMES", 10)
HEARTS_HEALTH_TIMEOUT_S = env_int("HEARTS_HEALTH_TIMEOUT_S", 3)
# Matchmaking (docs/matchmaking.md): quick play fills the seats nobody took with AI players after
# this wait (a ticket may ask for another wait or opt out); the rating window starts at BASE
# points and widens by PER_S points per second waited; quick-play games hand a human seat to the
# AI after TURN_LIMIT_S per move (0: no limit); invites expire after INVITE_TTL_S.
MATCHMAKING_AI_FILL_AFTER_S = env_int("MATCHMAKING_AI_FILL_AFTER_S", 20)
MATCHMAKING_RATING_WINDOW_BASE = env_int("MATCHMAKING_RATING_WINDOW_BASE", 100)
MATCHMAKING_RATING_WINDOW_PER_S = float(env_str("MATCHMAKING_RATING_WINDOW_PER_S", "10"))
MATCHMAKING_RATING_SELECTOR = env_str("MATCHMAKING_RATING_SELECTOR", "")
MATCHMAKING_TURN_LIMIT_S = env_int("MATCHMAKING_TURN_LIMIT_S", 60)
MATCHMAKING_INVITE_TTL_S = env_int("MATCHMAKING_INVITE_TTL_S", 86_400)
MATCHMAKING_BATCH = env_int("MATCHMAKING_BATCH", 500)
# Live sync (games/streams/, docs/live-sync.md): SSE keep-alive comment period; wake-up backend
# ("redis", "postgres" LISTEN/NOTIFY or "polling" the database; empty: redis when REDIS_URL is
# set, else postgres on PostgreSQL, else polling, the single-machine dev fallback).
# Webhooks (docs/notifications.md). Networks (CIDRs, comma-separated) that webhooks may reach
# although they are loopback / private / link-local: empty in production.
HEARTS_WEBHOOK_ALLOWED_NETWORKS = env_str("HEARTS_WEBHOOK_ALLOWED_NETWORKS")
HEARTS_WEBHOOK_CONNECT_TIMEOUT_S = float(env_str("HEARTS_WEBHOOK_CONNECT_TIMEOUT_S", "3"))
HEARTS_WEBHOOK_TIMEOUT_S = float(env_str("HEARTS_WEBHOOK_TIMEOUT_S", "10"))
HEARTS_WEBHOOK_MAX_ATTEMPTS = env_int("HEARTS_WEBHOOK_MAX_ATTEMPTS", 8)
HEARTS_WEBHOOK_BACKOFF_BASE_S = float(env_str("HEARTS_WEBHOOK_BACKOFF_BASE_S", "10"))
HEARTS_WEBHOOK_BACKOFF_MAX_S = float(env_str("HEARTS_WEBHOOK_BACKOFF_MAX_S", "3600"))
HEARTS_WEBHOOK_DISABLE_AFTER = env_int("HEARTS_WEBHOOK_DISABLE_AFTER", 50)
# The Celery queue of webhook deliveries (empty: the default queue). A queue of its own, with
# workers of its own, keeps slow receivers from delaying the AI seats.
HEARTS_WEBHOOK_QUEUE = env_str("HEARTS_WEBHOOK_QUEUE")
HEARTS_WEBHOOK_ROTATION_GRACE_S = env_int("HEARTS_WEBHOOK_ROTATION_GRACE_S", 86400)
# Web Push (docs/notifications.md#web-push): the VAPID private key (base64url of the raw 32-byte
# P-256 key, or of its DER form) and the contact the push services see. No key: push is off.
HEARTS_VAPID_PRIVATE_KEY = env_str("HEARTS_VAPID_PRIVATE_KEY")
HEARTS_VAPID_SUBJECT = env_str("HEARTS_VAPID_SUBJECT", "mailto:admin@hearts.example")
# Push retries (Web Push, FCM, APNs; docs/notifications.md#push-retries): attempts per target,
# jittered backoff base x 2^(n-1) capped, the cap on a provider's Retry-After, and the age past
# which a notification is not retried.
HEARTS_PUSH_MAX_ATTEMPTS = env_int("HEARTS_PUSH_MAX_ATTEMPTS", 5)
HEARTS_PUSH_BACKOFF_BASE_S = float(env_str("HEARTS_PUSH_BACKOFF_BASE_S", "5"))
HEARTS_PUSH_BACKOFF_MAX_S = float(env_str("HEARTS_PUSH_BACKOFF_MAX_S", "300"))
HEARTS_PUSH_RETRY_AFTER_MAX_S = float(env_str("HEARTS_PUSH_RETRY_AFTER_MAX_S", "600"))
HEARTS_PUSH_MAX_AGE_S = float(env_str("HEARTS_PUSH_MAX_AGE_S", "3600"))
# How long notifications (and their webhook deliveries, attempts and push deliveries) are kept
# (days; 0: forever). Beat's notifications.prune deletes older ones that nothing still waits on.
HEARTS_NOTIFICATION_RETENTION_DAYS = float(env_str("HEARTS_NOTIFICATION_RETENTION_DAYS", "30"))
# A CA bundle that outbound TLS (webhooks, Web Push) trusts instead of the system's store, e.g.
# the private CA of receivers inside an allow-listed network; empty: the system's store.
HEARTS_OUTBOUND_CA_FILE = env_str("HEARTS_OUTBOUND_CA_FILE")
# Mobile push (docs/notifications.md#mobile-push-fcm-and-apns); empty: off.
HEARTS_FCM_CREDENTIALS_FILE = env_str("HEARTS_FCM_CREDENTIALS_FILE")
HEARTS_FCM_CREDENTIALS_JSON = env_str("HEARTS_FCM_CREDENTIALS_JSON")
HEARTS_FCM_PROJECT_ID = env_str("HEARTS_FCM_PROJECT_ID")
HEARTS_FCM_API_URL = env_str("HEARTS_FCM_API_URL", "https://fcm.googleapis.com")
HEARTS_APNS_KEY_FILE = env_str("HEARTS_APNS_KEY_FILE")
HEARTS_APNS_KEY = env_str("HEARTS_APNS_KEY")
HEARTS_APNS_KEY_ID = env_str("HEARTS_APNS_KEY_ID")
HEARTS_APNS_TEAM_ID = env_str("HEARTS_APNS_TEAM_ID")
HEARTS_APNS_TOPIC = env_str("HEARTS_APNS_TOPIC")
HEARTS_APNS_API_URL = env_str("HEARTS_APNS_API_URL", "https://api.push.apple.com")
HEARTS_APNS_CA_FILE = env_str("HEARTS_APNS_CA_FILE")
# Reminders before a turn limit runs out (correspondence games): a quarter of the limit before,
# at most this long; none for games whose limit is under the minimum (live games).
HEARTS_TURN_REMINDER_BEFORE_S = env_int("HEARTS_TURN_REMINDER_BEFORE_S", 3600)
HEARTS_TURN_REMINDER_MIN_LIMIT_S = env_int("HEARTS_TURN_REMINDER_MIN_LIMIT_S", 600)
HEARTS_FEED_BACKFILL_DAYS = float(env_str("HEARTS_FEED_BACKFILL_DAYS", "7"))
HEARTS_STREAM_KEEPALIVE_S = float(env_str("HEARTS_STREAM_KEEPALIVE_S", "15"))
# How often an open live stream looks its credential up again (token deleted, OAuth2 token
# revoked or expired, session ended, account deactivated: the stream ends); empty or 0: the
# keep-alive period (games/streams/credentials.py).
HEARTS_STREAM_RECHECK_S = float(env_str("HEARTS_STREAM_RECHECK_S", "0")) or None
# Bot accounts (docs/bots-api.md): how many active bots a player may own, and how often an idle
# bot stream looks for games it was newly seated in.
HEARTS_BOTS_PER_PLAYER = int(env_str("HEARTS_BOTS_PER_PLAYER", "10"))
HEARTS_BOT_STREAM_RESCAN_S = float(env_str("HEARTS_BOT_STREAM_RESCAN_S", "2"))
HEARTS_LIVE_BACKEND = env_str("HEARTS_LIVE_BACKEND")
HEARTS_LIVE_POLL_INTERVAL_S = float(env_str("HEARTS_LIVE_POLL_INTERVAL_S", "0.5"))
# Stream openings (auth + first view, each with its own DB connection) run at once per process.
HEARTS_STREAM_OPEN_CONCURRENCY = env_int("HEARTS_STREAM_OPEN_CONCURRENCY", 8)
# Open live streams (game, feed, bot) per user, across the servers when REDIS_URL is set (0: no
# cap); one more is 429 too_many_streams. Each holds a lease renewed as it sends (empty: 60 s or
# four keep-alives), so a crashed process's slots expire (games/streams/limits.py).
HEARTS_STREAM_MAX_PER_USER = env_int("HEARTS_STREAM_MAX_PER_USER", 20)
HEARTS_STREAM_LEASE_S = float(env_str("HEARTS_STREAM_LEASE_S", "0")) or None

# --------------------------------------------------------------------------- DRF / OpenAPI
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's TokenAuthentication with its lookup as one SQL join (common/http/authentication.py)
        "common.http.authentication.SqlTokenAuthentication",
        # OAuth2 access tokens of third-party apps, held to each view's required_scopes
        # (common/http/oauth.py): looked up only for `Authorization: Bearer`.
        "common.http.oauth.ScopedOAuth2Authentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "common.http.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": env_int("API_PAGE_SIZE", 50),
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.http.problems.problem_exception_handler",
    # JSON bodies only: one request content type in the schema (and for generated clients).
    "DEFAULT_PARSER_CLASSES": ["common.http.parsers.SafeJSONParser"],
    # DRF's JSON rendering through orjson (the same bytes, common/http/renderers.py), then DRF's
    # browsable API as before.
    "DEFAULT_RENDERER_CLASSES": [
        "common.http.renderers.FastJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # Every limit of a request (anon or user, plus the view's throttle_scope) in one atomic cache
    # operation, rates read per request (common/http/throttles.py).
    "DEFAULT_THROTTLE_CLASSES": ["common.http.throttles.RequestThrottle"],
    # Client identity of the anon/signup/token limits: how many proxies in front of the app append
    # to X-Forwarded-For (0: ignore the header, use REMOTE_ADDR; docker-compose's nginx: 1).
    "NUM_PROXIES": env_int("TRUSTED_PROXY_COUNT", 0),
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/min"),
        "user": env_str("THROTTLE_USER", "1200/min"),
        "signup": env_str("THROTTLE_SIGNUP", "20/hour"),
        "token": env_str("THROTTLE_TOKEN", "60/hour"),
        "moves": env_str("THROTTLE_MOVES", "240/min"),
        # Every request of a bot account (its bot token), per bot: docs/bots-api.md.
        "bot": env_str("THROTTLE_BOT", "300/min"),
    },
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Hearts API",
    "DESCRIPTION": (
        "Play Hearts (classic and variants) against people and AI seats. Games are event-sourced: "
        "every move is a stored event; AI seats move asynchronously in Celery workers. "
        "Errors use one problem-details shape (application/problem+json).\n\n"
        "**Outages.** Every operation may answer `429 throttled` and `503 service_unavailable`, "
        "both with a `Retry-After` header (seconds). The database down or restarting: every "
        "operation that needs it answers 503 until it is back (retry with the same "
        "`Idempotency-Key`: a move is stored at most once). Redis down (cache, live sync, "
        "broker): no operation answers 503 or 500 because of it; reads, moves, the lobby and "
        "sign-up keep working, requests are not throttled until it is back, the events feed's "
        "long poll and the stream fall back to polling the database, and AI seats move once the "
        "broker is back."
    ),
    "VERSION": "0.1.0",
    # Three "kind" enums (a seat's, an event actor's, a rated identity's), named explicitly.
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # System fonts: ReDoc's default theme names Roboto and Montserrat, which drf-spectacular's
    # page loads from Google Fonts (our page does not: hearts_api/templates/docs/redoc.html).
    "REDOC_UI_SETTINGS": {
        "theme": {
            "typography": {
                "fontFamily": "system-ui, -apple-system, 'Segoe UI', sans-serif",
                "headings": {"fontFamily": "system-ui, -apple-system, 'Segoe UI', sans-serif"},
                "code": {"fontFamily": "ui-monospace, 'DejaVu Sans Mono', monospace"},
            }
        }
    },
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "SeatOutputKindEnum": ["empty", "human", "ai"],
        "EventActorOutputKindEnum": ["player", "ai", "system"],
        "RatedIdentityKindEnum": ["human", "bot", "ai"],
        "AiLevelEnum": "games.aggregate.AI_LEVELS",
        "StatusEnum": ["lobby", "active", "finished"],  # a game's status (the name it had)
        "TicketStatusEnum": "matchmaking.serializers.TICKET_STATUSES",
        "TableStatusEnum": "matchmaking.serializers.TABLE_STATUSES",
        "TableMemberStatusEnum": "matchmaking.serializers.TABLE_MEMBER_STATUSES",
        "WebhookDeliveryStatusEnum": "notifications.models.WebhookDelivery.Status",
        "NotificationTypeEnum": "notifications.models.EventType",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.http.problems.add_problem_types",
        "common.http.oauth.add_insufficient_scope_responses",
    ],
}

# --------------------------------------------------------------------------- OAuth2, CORS
# Third-party apps (docs/api.md, "Third-party apps: OAuth2"): django-oauth-toolkit at /o/, the
# authorization-code grant with PKCE (S256 only, every client), refresh tokens (rotated),
# revocation and introspection. The scopes and what each view needs: common/http/scopes.py.
# Players sign in for the consent page at LOGIN_URL (a session: Django's login form).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/play/"
OAUTH2_PROVIDER = {
    "SCOPES": {},  # filled below from common.http.scopes.SCOPES
    "DEFAULT_SCOPES": ["games:read"],  # what an authorization request without `scope` asks for
    "PKCE_REQUIRED": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": env_int("OAUTH2_ACCESS_TOKEN_EXPIRE_S", 3600),
    "REFRESH_TOKEN_EXPIRE_SECONDS": env_int("OAUTH2_REFRESH_TOKEN_EXPIRE_S", 30 * 86_400),
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 60,
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,  # a refresh token used twice revokes its family
    # Redirect URIs: https, plus http for loopback clients (native apps, RFC 8252) in DEBUG.
    "ALLOWED_REDIRECT_URI_SCHEMES": env_list(
        "OAUTH2_REDIRECT_URI_SCHEMES", ["http", "https"] if DEBUG else ["https"]
    ),
    "ERROR_RESPONSE_WITH_SCOPES": True,
    # What the RFC 8414 metadata (/.well-known/oauth-authorization-server) advertises: the
    # grants whose tokens the API takes (a client-credentials token stands for no player).
    "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token"],
    # RFC 9700 (OAuth 2.0 Security Best Current Practice): no implicit or password grant, no
    # "plain" PKCE, no access token in a query string, `iss` in the authorization response,
    # tokens stored as checksums only.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
}


def _oauth2_scopes() -> dict[str, str]:
    from common.scopes import SCOPES

    return dict(SCOPES)


OAUTH2_PROVIDER["SCOPES"] = _oauth2_scopes()

# CORS for third-party browser apps (django-cors-headers): the origins allowed to call the API
# and the token endpoints, comma-separated (https://app.example.com). Empty (the default): CORS
# is off, no Access-Control-* header is sent and browsers refuse cross-origin calls.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", [])
CORS_URLS_REGEX = r"^/(api/v1/|o/(token|revoke_token)/)"  # the API and the token endpoints
CORS_ALLOW_CREDENTIALS = False  # tokens in Authorization, never the session cookie
CORS_EXPOSE_HEADERS = ["ETag", "Location", "Retry-After", "WWW-Authenticate"]
CORS_ALLOW_HEADERS = [
    "accept",
    "authorization",
    "content-type",
    "idempotency-key",
    "if-match",
    "last-event-id",
    "prefer",
]

# --------------------------------------------------------------------------- security
# Production-safe when DEBUG is off; each knob can be overridden (e.g. behind a TLS proxy).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # load balancers / compose probe over plain HTTP
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("USE_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --------------------------------------------------------------------------- logging (stdout)
LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"},
    },
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stdout"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": env_str("DB_LOG_LEVEL", "WARNING").upper()},
    },
}
