"""Finding the system's Chromium for the browser tests (Debian's ``chromium`` package, driven by
Playwright from PyPI: no browser is ever downloaded).

The README's test command is all CI runs, so where Chromium or a Japanese font is missing and
this is CI on a Debian machine, as root (``CI`` set, ``apt-get`` at hand), the first test to
need them installs Debian's ``chromium`` and ``fonts-ipafont-gothic`` once for every worker.
Anywhere else nothing is installed: without Chromium the browser tests are skipped, saying what
to install.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Debian's packages: the browser, and a Japanese font for it (without one Chromium draws
#: Japanese as boxes; readers' phones and computers have their own).
PACKAGES = ("chromium", "fonts-ipafont-gothic")
CANDIDATES = ("chromium", "chromium-browser")
#: Chromium's flags on a machine with no network beyond loopback and no screen (as root it
#: needs --no-sandbox; without the background-networking flags it keeps dialling Google).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_TIMEOUT = 900


def _found() -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _japanese_font() -> bool:
    if shutil.which("fc-list") is None:
        return False
    listed = subprocess.run(
        ["fc-list", ":lang=ja", "family"], capture_output=True, text=True, check=False
    )
    return bool(listed.stdout.strip())


def _may_install() -> bool:
    return bool(os.environ.get("CI")) and os.geteuid() == 0 and shutil.which("apt-get") is not None


def _install() -> str | None:
    """apt-get the packages, once across the test workers (a lock file serialises them)."""
    lock = Path(tempfile.gettempdir()) / "asobiba-chromium-install.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if _found() is not None and _japanese_font():
            return _found()
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (
            ["apt-get", "update"],
            ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES],
        ):
            subprocess.run(
                command, env=env, check=False, capture_output=True, timeout=INSTALL_TIMEOUT
            )
    return _found()


def chromium() -> tuple[str | None, str]:
    """The browser's path, or ``None`` and why there is none."""
    path = _found()
    if (path is None or not _japanese_font()) and _may_install():
        path = _install()
    if path is None:
        return None, (
            "Chromium is missing: install Debian's chromium (apt-get install chromium "
            "fonts-ipafont-gothic) to run the browser tests; CI installs it itself"
        )
    return path, ""
