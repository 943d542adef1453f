"""``python -m bot web`` as a process: it serves the pages over a migrated database and stops
cleanly on SIGTERM (exit code 0), as ``docker stop`` asks it to."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


#: A hang guard, not a time to keep: a quiet machine starts and stops the process in seconds.
HANG_GUARD = 600.0


def test_the_web_process_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SQLITE_PATH": str(tmp_path / "asobiba.sqlite3"),
        "WEB_PORT": str(free_port()),
        "WEB_CACHE_DIR": str(tmp_path / "web-cache"),  # not the checkout's data folder
        "LOG_LEVEL": "WARNING",
        # At the suite's own priority: niced, on two busy cores, its start (drawing processes
        # spawned, templates compiled) waits behind every other test.
        "WEB_NICE": "0",
    }
    env.pop("DATABASE_URL", None)
    subprocess.run(
        [sys.executable, "-m", "bot", "migrate"], cwd=ROOT, env=env, check=True, timeout=120
    )
    web = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"], cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    try:
        address = f"http://127.0.0.1:{env['WEB_PORT']}/robots.txt"
        deadline = time.monotonic() + HANG_GUARD
        while True:
            try:
                with urllib.request.urlopen(address, timeout=5) as response:
                    assert b"Disallow: /g/" in response.read()
                break
            except OSError:
                assert web.poll() is None, web.stderr.read() if web.stderr else ""
                assert time.monotonic() < deadline, "the web process never answered"
                time.sleep(0.2)
        web.send_signal(signal.SIGTERM)
        assert web.wait(timeout=HANG_GUARD) == 0
    finally:
        if web.poll() is None:
            web.kill()
            web.wait()
