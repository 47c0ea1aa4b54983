"""Structural checks of docker-compose.yml beyond the compose-spec schema (.ci/run validates that).

No Docker engine runs in CI, so these check what the schema cannot: cross references, health
checks, and that the stack runs what the README says.
"""

from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent


def load_compose() -> dict:
    return yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())


def test_compose_has_the_seven_services_with_health_checks():
    services = load_compose()["services"]
    assert set(services) == {"db", "redis", "proxy", "web", "stream", "worker", "beat"}
    for name, service in services.items():
        assert "healthcheck" in service, f"{name} has no healthcheck"
        assert service["healthcheck"]["test"], name


def test_compose_references_resolve():
    compose = load_compose()
    services, volumes = compose["services"], compose.get("volumes", {})
    for name, service in services.items():
        for dependency in service.get("depends_on", {}):
            assert dependency in services, f"{name} depends on unknown service {dependency}"
        for mount in service.get("volumes", []):
            source = mount.split(":", 1)[0]
            if not source.startswith((".", "/")):
                assert source in volumes, f"{name} mounts undeclared volume {source}"
    assert {"pgdata", "redisdata"} <= set(volumes)


def test_app_services_share_one_image_and_configuration():
    services = load_compose()["services"]
    app = [services[name] for name in ("web", "stream", "worker", "beat")]
    assert len({service["image"] for service in app}) == 1
    for service in app:
        env = service["environment"]
        assert env["DATABASE_URL"].startswith("postgres://")
        assert env["CELERY_BROKER_URL"].startswith("redis://redis:6379")
        assert env["DEBUG"] == "0"
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        assert service["depends_on"]["redis"]["condition"] == "service_healthy"
    for name in ("stream", "worker", "beat"):  # they start after migrations (web healthy)
        assert services[name]["depends_on"]["web"]["condition"] == "service_healthy"


def test_web_runs_migrations_then_gunicorn_sync_workers_on_wsgi():
    command = " ".join(load_compose()["services"]["web"]["command"])
    assert command.index("manage.py migrate") < command.index("gunicorn hearts_api.wsgi")
    assert "--worker-class sync" in command
    assert "asgi" not in command
    assert "uvicorn" not in command


def test_stream_runs_asgi_and_no_migrations():
    command = " ".join(load_compose()["services"]["stream"]["command"])
    assert "gunicorn hearts_api.asgi:application" in command
    assert "--worker-class uvicorn_worker.UvicornWorker" in command
    assert "migrate" not in command
    assert "MIGRATE_DATABASE_URL" not in load_compose()["services"]["stream"]["environment"]


def test_dockerfile_uses_the_pinned_constraints_and_serves_rest_on_wsgi():
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    assert "requirements/constraints.txt" in dockerfile
    cmd = dockerfile[dockerfile.index("\nCMD ") :]
    assert '"hearts_api.wsgi:application"' in cmd
    assert '"sync"' in cmd


def test_only_the_proxy_is_published_and_web_and_stream_trust_exactly_it():
    services = load_compose()["services"]
    assert services["proxy"]["image"].startswith("nginx:")
    for name in ("web", "stream"):
        assert "ports" not in services[name]
        assert services["proxy"]["depends_on"][name]["condition"] == "service_healthy"
        assert services[name]["environment"]["TRUSTED_PROXY_COUNT"] == "1"
    for name in ("worker", "beat"):  # they serve no requests
        assert "TRUSTED_PROXY_COUNT" not in services[name]["environment"]
    conf = (REPO_ROOT / "deploy" / "nginx" / "default.conf").read_text()
    mount = services["proxy"]["volumes"][0]
    assert mount.startswith("./deploy/nginx/default.conf:/etc/nginx/conf.d/")
    assert "server web:8000;" in conf
    assert "server stream:8000;" in conf
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in conf


def test_migrations_run_as_the_owner_and_the_app_connects_as_the_app_role():
    compose = load_compose()
    services = compose["services"]
    web = services["web"]
    owner_url = web["environment"]["MIGRATE_DATABASE_URL"]
    assert owner_url.startswith("postgres://hearts:")
    command = " ".join(web["command"])
    migrate = command.index('DATABASE_URL="$$MIGRATE_DATABASE_URL" python manage.py migrate')
    grant = command.index(
        'DATABASE_URL="$$MIGRATE_DATABASE_URL" python manage.py grant_app_role hearts_app'
    )
    assert migrate < grant < command.index("unset MIGRATE_DATABASE_URL") < command.index("gunicorn")
    for name in ("web", "stream", "worker", "beat"):
        env = services[name]["environment"]
        assert env["DATABASE_URL"].startswith("postgres://hearts_app:"), name
        assert env["HEARTS_SIGNING_KEY"].startswith("${HEARTS_SIGNING_KEY:?"), name
        if name != "web":
            assert "MIGRATE_DATABASE_URL" not in env, name  # no owner password in the workers
    # The db container creates the app role on its first start.
    assert "./deploy/postgres-init:/docker-entrypoint-initdb.d:ro" in services["db"]["volumes"]
    script = (REPO_ROOT / "deploy" / "postgres-init" / "10-app-role.sh").read_text()
    assert "CREATE ROLE hearts_app LOGIN PASSWORD" in script


def test_the_worker_commands_take_the_feed_syncs_queue_too():
    """The worker of compose, of the README's production commands and of ``dev.py serve`` names
    no queue: it consumes the settings' ``CELERY_TASK_QUEUES``, the default queue (AI turns,
    sweeps) and the feed syncs' own (a worker started that way takes them:
    tests/notifications/test_feed_sync_drain.py)."""
    from hearts_api import settings as production

    assert [q.name for q in production.CELERY_TASK_QUEUES] == ["celery", "feeds"]
    assert production.CELERY_TASK_ROUTES == {
        "notifications.feed_sync_game": {"queue": "feeds"},
        "notifications.feed_sync_drain": {"queue": "feeds"},
    }
    readme = (REPO_ROOT / "README.md").read_text()
    commands = [
        " ".join(load_compose()["services"]["worker"]["command"]),
        *[line for line in readme.splitlines() if line.startswith("celery -A hearts_api worker")],
    ]
    dev = (REPO_ROOT / "scripts" / "dev.py").read_text()
    commands.append(dev[dev.index("worker_cmd = [") : dev.index("]", dev.index("worker_cmd = ["))])
    assert len(commands) == 3
    for command in commands:
        assert "worker" in command
        assert "--queues" not in command, command
        assert " -Q" not in command, command
