"""Webhook transport: HTTPS to a loopback receiver with a self-signed certificate (trusted by
``HEARTS_OUTBOUND_CA_FILE``, checked against the URL's host name), the IPv6 loopback refused at
registration and at delivery (a real receiver listens on ``[::1]`` and gets nothing), and a
redirect to a private or link-local address never followed."""

from __future__ import annotations

import socket
import ssl

import pytest
from django.utils import timezone

from notifications.models import WebhookAttempt
from tests.api.conftest import assert_problem, seated_table
from tests.notifications.certs import self_signed
from tests.notifications.receiver import Receiver
from tests.notifications.test_webhooks import register, run_due

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fake_dns(monkeypatch):
    """Names the tests resolve themselves ({name: address}); the rest as usual."""
    real = socket.getaddrinfo
    answers: dict[str, str] = {}

    def resolve(host, port, *args, **kwargs):
        if host in answers:
            address = answers[host]
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            sockaddr = (address, port, 0, 0) if ":" in address else (address, port)
            return [(family, socket.SOCK_STREAM, 6, "", sockaddr)]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    return answers


@pytest.fixture
def tls_receiver(tmp_path):
    cert, key = self_signed(tmp_path, names=("hooks.test",), ips=("127.0.0.1",))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    receiver = Receiver(tls=context).start()
    receiver.ca_file = cert
    yield receiver
    receiver.stop()


@pytest.fixture
def ipv6_receiver():
    receiver = Receiver(host="::1").start()
    yield receiver
    receiver.stop()


@pytest.fixture
def allow(settings):
    settings.HEARTS_WEBHOOK_TIMEOUT_S = 2
    settings.HEARTS_WEBHOOK_CONNECT_TIMEOUT_S = 2

    def set_networks(value: str) -> None:
        settings.HEARTS_WEBHOOK_ALLOWED_NETWORKS = value

    return set_networks


def test_https_delivery_to_a_receiver_whose_certificate_is_trusted_by_the_setting(
    player, tls_receiver, fake_dns, allow, settings, enqueued
):
    allow("127.0.0.1/32")
    fake_dns["hooks.test"] = "127.0.0.1"
    alice = player()
    url = f"https://hooks.test:{tls_receiver.port}/hooks/hearts"
    tls_receiver.secret = register(alice, url, ["game_started"])["secret"]
    # Without the setting, the system's trust store does not know the certificate: refused.
    settings.HEARTS_OUTBOUND_CA_FILE = ""
    seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    first = WebhookAttempt.objects.get()
    assert (first.ok, first.status_code, first.error_code) == (False, None, "connection_error")
    assert "CERTIFICATE_VERIFY_FAILED" in first.error
    assert tls_receiver.received == []
    # Trusted: delivered over TLS, signed, with the URL's host as Host (and SNI).
    settings.HEARTS_OUTBOUND_CA_FILE = tls_receiver.ca_file
    run_due(timezone.now() + timezone.timedelta(hours=1))
    assert [r.answered for r in tls_receiver.received] == [204]
    assert tls_receiver.delivered[0].headers["host"] == f"hooks.test:{tls_receiver.port}"
    assert tls_receiver.verify(tls_receiver.delivered[0])["type"] == "game_started"


def test_https_refuses_a_certificate_for_another_name(
    player, tls_receiver, fake_dns, allow, settings, enqueued
):
    allow("127.0.0.1/32")
    settings.HEARTS_OUTBOUND_CA_FILE = tls_receiver.ca_file
    fake_dns["other.test"] = "127.0.0.1"  # same server, a name its certificate does not carry
    alice = player()
    register(alice, f"https://other.test:{tls_receiver.port}/hooks/hearts", ["game_started"])
    seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    attempt = WebhookAttempt.objects.get()
    assert attempt.error_code == "connection_error"
    assert "other.test" in attempt.error or "CERTIFICATE_VERIFY_FAILED" in attempt.error
    assert tls_receiver.received == []


def test_the_ipv6_loopback_is_refused_at_registration(player, ipv6_receiver, fake_dns, allow):
    allow("127.0.0.1/32")  # the IPv4 loopback allowed does not allow ::1
    fake_dns["v6.hooks.test"] = "::1"
    alice = player()
    for url in (ipv6_receiver.url, f"http://v6.hooks.test:{ipv6_receiver.port}/hooks/hearts"):
        response = alice.client.post(
            "/api/v1/me/webhooks/", {"url": url, "event_types": ["game_started"]}, format="json"
        )
        body = assert_problem(response, 422, "webhook_address_forbidden")
        assert (body["extra"]["address"], body["extra"]["reason"]) == ("::1", "loopback")
    assert ipv6_receiver.received == []


def test_the_ipv6_loopback_is_refused_at_delivery(player, ipv6_receiver, fake_dns, allow, enqueued):
    """A name that resolved to a public address at registration and to ::1 at delivery: no
    connection is made; once ::1 is allowed, the same receiver gets it (it was listening)."""
    allow("")
    fake_dns["v6.hooks.test"] = "2606:4700:4700::1111"
    alice = player()
    url = f"http://v6.hooks.test:{ipv6_receiver.port}/hooks/hearts"
    ipv6_receiver.secret = register(alice, url, ["game_started"])["secret"]
    fake_dns["v6.hooks.test"] = "::1"
    seated_table(lambda: alice, humans=1)
    run_due(timezone.now())
    attempt = WebhookAttempt.objects.get()
    assert (attempt.error_code, attempt.status_code) == ("webhook_address_forbidden", None)
    assert "loopback" in attempt.error
    assert ipv6_receiver.received == []
    allow("::1/128")
    run_due(timezone.now() + timezone.timedelta(hours=1))
    assert [r.answered for r in ipv6_receiver.received] == [204]
    assert ipv6_receiver.delivered[0].headers["host"] == f"v6.hooks.test:{ipv6_receiver.port}"


@pytest.mark.parametrize(
    "location",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/admin",
        "http://[::1]:9/",
        "http://192.168.1.1/",
    ],
)
def test_a_redirect_to_an_internal_address_is_not_followed(
    player, fake_dns, allow, enqueued, location
):
    allow("127.0.0.1/32")
    receiver = Receiver(redirect_to=location).start()
    try:
        alice = player()
        receiver.secret = register(alice, receiver.url, ["game_started"])["secret"]
        seated_table(lambda: alice, humans=1)
        run_due(timezone.now())
    finally:
        receiver.stop()
    attempt = WebhookAttempt.objects.get()
    assert (attempt.status_code, attempt.error_code, attempt.ok) == (
        302,
        "redirect_not_followed",
        False,
    )
    assert [r.path for r in receiver.received] == ["/hooks/hearts"]  # one request, no follow
