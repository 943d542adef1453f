"""docs/operating.md and what it describes: the systemd unit (checked by ``systemd-analyze
verify`` where systemd's tools are installed), Docker's stop settings, the stop's time budget
and the exit codes, as the code has them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot import __main__ as cli
from bot.output import DRAIN_SECONDS
from bot.ui.context import SHUTDOWN_GRACE_SECONDS

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
UNIT = (ROOT / "docs" / "asobiba.service").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: What the guide promises for a first SIGTERM/SIGINT at worst: the interactions' grace, a
#: second for closing, and the last lines' drain.
STOP_AT_WORST = SHUTDOWN_GRACE_SECONDS + 1 + DRAIN_SECONDS
#: What supervisors are told to give it before a SIGKILL.
SUPERVISOR_SECONDS = 30


def unit_setting(name: str) -> str:
    (value,) = re.findall(rf"^{name}=(.*)$", UNIT, re.MULTILINE)
    return value


def test_the_guide_states_the_stop_budget_the_code_has() -> None:
    assert f"within about {STOP_AT_WORST:g} s at worst" in GUIDE
    assert f"up to {SHUTDOWN_GRACE_SECONDS:g} s for running" in GUIDE
    assert f"{DRAIN_SECONDS:g} s to be read" in GUIDE
    assert f"Give it {SUPERVISOR_SECONDS} s before a SIGKILL" in GUIDE
    assert SUPERVISOR_SECONDS >= STOP_AT_WORST + 10


def test_the_guide_tells_a_supervisor_what_to_do_with_every_exit_code() -> None:
    codes = {v for k, v in vars(cli).items() if k.startswith("EXIT_")}
    (table,) = re.findall(r"\| code \| restart\? \|\n\|---\|---\|\n((?:\|.*\n)+)", GUIDE)
    listed = {int(c) for row in table.splitlines() for c in re.findall(r"\d+", row.split("|")[1])}
    assert listed == codes


def test_the_systemd_unit_stops_and_restarts_as_the_guide_says() -> None:
    assert unit_setting("ExecStart").endswith("/.venv/bin/python -m bot")
    assert unit_setting("KillMode") == "mixed" and unit_setting("KillSignal") == "SIGTERM"
    assert int(unit_setting("TimeoutStopSec")) == SUPERVISOR_SECONDS
    assert unit_setting("Restart") == "on-failure"
    refused = {cli.EXIT_CONFIG, cli.EXIT_LOGIN_REFUSED, cli.EXIT_NO_TOKEN}
    assert {int(c) for c in unit_setting("RestartPreventExitStatus").split()} == refused
    assert "`RestartPreventExitStatus=2 3 5`" in GUIDE


def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (systemd's tools): the unit is unverified")
    # Where this checkout and its interpreter are, instead of /opt/asobiba (verify checks that
    # the command exists).
    unit = UNIT.replace("/opt/asobiba/.venv/bin/python", sys.executable)
    unit = unit.replace("/opt/asobiba", str(ROOT))
    path = tmp_path / "asobiba.service"
    path.write_text(unit, encoding="utf-8")
    done = subprocess.run(
        [analyze, "verify", str(path)], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    # A setting it cannot parse is only a warning: nothing may be said at all.
    assert done.returncode == 0 and not done.stderr.strip() and not done.stdout.strip(), (
        done.stdout + done.stderr
    )


def test_docker_gives_the_graceful_stop_its_time() -> None:
    bot = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"][
        "bot"
    ]
    assert bot["stop_grace_period"] == f"{SUPERVISOR_SECONDS}s"
    assert bot["init"] is True
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "\nSTOPSIGNAL SIGTERM\n" in dockerfile
    assert '\nCMD ["python", "-m", "bot"]\n' in dockerfile  # exec form: the bot gets the signal
    assert f"--stop-timeout {SUPERVISOR_SECONDS}" in GUIDE


def test_the_readme_links_the_guide() -> None:
    """(Every link of the guide and the README resolving: tests/test_docs_links.py.)"""
    assert "(docs/operating.md)" in README
