"""Install a missing Debian package the way every tool of this project does (stdlib only).

`scripts/dev.py` (Chromium and nginx for the tests, Node.js for the SDKs) and
`benchmarks/wrk_bench.py` (wrk, nginx) need system programs that a fresh Debian machine may not
have. When the process runs as root and `apt-get` exists, they install the package; otherwise they
say what to install. dev.py runs before the virtualenv exists, so this module uses the standard
library only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable


def apt_install(*packages: str, why: str, say: Callable[[str], None] = print) -> bool:
    """``apt-get install -y`` the ``packages`` when apt-get is on PATH and this process runs as
    root; if that fails (package lists missing or stale, as on a fresh image), ``apt-get
    update`` and try once more.

    ``why`` says what needs them ("needed by tests/e2e"); ``say`` prints the line announcing the
    install. Returns whether apt-get reported success; False without trying when it cannot
    install. The caller looks for the program again either way and says what to do if it is still
    missing."""
    apt = shutil.which("apt-get")
    if not apt or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    names = " ".join(packages)
    say(f"{names} missing ({why}): apt-get install -y {names}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [apt, "install", "-y", "-q", *packages]
    if subprocess.call(install, env=env) == 0:
        return True
    subprocess.call([apt, "update", "-q"], env=env)
    return subprocess.call(install, env=env) == 0
