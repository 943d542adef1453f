"""The test command's report: without PostgreSQL, its tests are skipped and said in one line
(how many, and what to set), not one line each in ``-ra``'s short summary."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_tests_skipped_for_want_of_postgresql_are_one_line() -> None:
    env = {
        name: value
        for name, value in os.environ.items()
        if name != "TEST_DATABASE_URL" and not name.startswith("PYTEST_")
    }
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2"),
            *("tests/test_migrations.py", "tests/test_operator_errors.py", "tests/test_backups.py"),
            *("-k", "postgres or second_process"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr  # skipped: still a success
    lines = done.stdout.splitlines()
    (said,) = [line for line in lines if "TEST_DATABASE_URL" in line]
    wanting = re.fullmatch(
        r"SKIPPED (\d+) tests? for want of PostgreSQL: to run them, set "
        r"TEST_DATABASE_URL=postgresql://postgres@127\.0\.0\.1:5432/test \(\.ci/run sets it\)",
        said,
    )
    assert wanting, said
    # Still counted as skipped; and the SQLite twin of a PostgreSQL test ran.
    final = re.search(r"(\d+) passed, (\d+) skipped", lines[-1])
    assert final and final[2] == wanting[1] and int(final[1]) >= 1, lines[-1]
