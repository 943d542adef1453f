"""The import rules of the architecture, checked by walking every module's imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def top(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.parametrize("path", modules("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_use_the_standard_library_only(path: Path) -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    foreign = {name for name in imports_of(path) if top(name) not in allowed}
    assert not foreign, f"{path} imports {foreign}"


@pytest.mark.parametrize("path", modules("rules"), ids=lambda p: str(p.relative_to(ROOT)))
def test_games_share_code_only_through_core_and_cards(path: Path) -> None:
    parts = path.relative_to(ROOT / "rules").parts
    if len(parts) < 2 or parts[0] in {"core", "cards"}:
        return
    own = parts[0]
    for name in imports_of(path):
        bits = name.split(".")
        if bits[0] == "rules" and len(bits) > 1:
            assert bits[1] in {"core", "cards", own}, f"{path} imports {name}"


@pytest.mark.parametrize(
    "path",
    modules("bot/services") + modules("bot/db"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_services_and_db_never_import_discord(path: Path) -> None:
    assert not {
        n
        for n in imports_of(path)
        if top(n) == "discord" or n.startswith("bot.ui") or n.startswith("bot.cogs")
    }


@pytest.mark.parametrize(
    "path", modules("bot/ui") + modules("bot/cogs"), ids=lambda p: str(p.relative_to(ROOT))
)
def test_cogs_and_views_never_touch_sqlalchemy(path: Path) -> None:
    bad = {
        n for n in imports_of(path) if top(n) in {"sqlalchemy", "alembic"} or n.startswith("bot.db")
    }
    assert not bad, f"{path} imports {bad}"
