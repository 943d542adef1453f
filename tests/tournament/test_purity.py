"""The tournament package stays pure: the standard library and itself, nothing else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "bot" / "tournament"


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_imports_only_the_standard_library_and_itself(path: Path) -> None:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    foreign = {n for n in names if n.split(".")[0] not in allowed}
    assert {n for n in foreign if not n.startswith("bot.tournament")} == set()
