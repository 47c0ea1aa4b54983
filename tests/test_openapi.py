"""The committed openapi.yaml must equal the schema generated from the code.

Regenerate after changing the API:

    DEBUG=1 .venv/bin/python manage.py spectacular --file openapi.yaml --validate --fail-on-warn
"""

import difflib
from pathlib import Path

from django.core.management import call_command

REPO_ROOT = Path(__file__).resolve().parent.parent
REGENERATE = (
    "DEBUG=1 .venv/bin/python manage.py spectacular --file openapi.yaml --validate --fail-on-warn"
)


def test_committed_openapi_schema_is_up_to_date(tmp_path):
    generated_path = tmp_path / "openapi.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", file=str(generated_path))
    generated = generated_path.read_text()
    committed = (REPO_ROOT / "openapi.yaml").read_text()
    if generated != committed:
        diff = "".join(
            difflib.unified_diff(
                committed.splitlines(keepends=True),
                generated.splitlines(keepends=True),
                "openapi.yaml (committed)",
                "openapi.yaml (generated)",
            )
        )
        raise AssertionError(
            f"openapi.yaml is out of date. Regenerate it with:\n    {REGENERATE}\n"
            f"and commit it.\n{diff[:20000]}"
        )
