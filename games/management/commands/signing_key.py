"""Signing keys: print a new private key, or the public keys this server verifies with."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from games import signing


class Command(BaseCommand):
    help = (
        "Print a new Ed25519 private key for HEARTS_SIGNING_KEY (--generate), or the public keys "
        "(current first) as JSON."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--generate", action="store_true", help="print a new private key (base64 seed)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["generate"]:
            self.stdout.write(signing.generate_private_key_text())
            return
        keys = [k.to_dict() for k in signing.public_keys()]
        self.stdout.write(json.dumps(keys, indent=2))
