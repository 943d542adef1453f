"""The code stays ruff- and mypy-clean: the test suite is the one command CI runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    path = BIN / name
    found = str(path) if path.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[dev]')")
    return found


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lint() -> None:
    result = run(tool("ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run(tool("ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict() -> None:
    result = run(tool("mypy"))
    assert result.returncode == 0, result.stdout + result.stderr
