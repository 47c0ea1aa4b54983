"""``manage.py matchmaking_match [--loop-s N] [--interval-s S]``: run the matcher once, or in a
loop for N seconds (the exactly-once tests run two of these processes at once)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from matchmaking import services


class Command(BaseCommand):
    help = "Form quick-play tables from the waiting tickets (once, or in a loop)."

    def add_arguments(self, parser):
        parser.add_argument("--loop-s", type=float, default=0.0)
        parser.add_argument("--interval-s", type=float, default=0.01)

    def handle(self, *args, loop_s: float = 0.0, interval_s: float = 0.01, **options):
        deadline = time.monotonic() + loop_s
        formed = 0
        while True:
            formed += len(services.matchmaking_match())
            if time.monotonic() >= deadline:
                break
            time.sleep(interval_s)
        self.stdout.write(f"formed {formed}")
