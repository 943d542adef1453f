"""The rules of the architecture, checked by walking every module: its imports, and who writes
the ``game`` table."""

from __future__ import annotations

import ast
import re
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


@pytest.mark.parametrize("path", modules("bot/ui"), ids=lambda p: str(p.relative_to(ROOT)))
def test_views_never_import_the_commands_and_clicks_above_them(path: Path) -> None:
    # The flows draw the controls and the clicks (bot/cogs) run the flows: one way down.
    assert not {n for n in imports_of(path) if n.startswith("bot.cogs") or n == "bot.client"}


#: Names that stand for the ``game`` table in SQLAlchemy (the mapped class and its table).
GAME_TABLE_NAMES = {"GameRow", "GAME"}
#: SQL text that changes the ``game`` table (``game_seat`` and the like are other tables).
GAME_SQL = re.compile(r"\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+game\b", re.IGNORECASE)


def _names_game(node: ast.expr) -> bool:
    """``GameRow``, ``GAME``, ``models.GameRow``, ``GameRow.__table__``."""
    if isinstance(node, ast.Name):
        return node.id in GAME_TABLE_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_TABLE_NAMES or (
            node.attr == "__table__" and _names_game(node.value)
        )
    return False


def game_writes(source: str) -> list[str]:
    """Where ``source`` changes the ``game`` table itself: an ``update``/``insert``/``delete``
    (any dialect's) of it, or SQL text doing so (docstrings aside)."""
    tree = ast.parse(source)
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and _names_game(node.args[0]):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in {"update", "delete"} or name.endswith("insert"):
                found.append((node.lineno, f"{name}({ast.unparse(node.args[0])})"))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and GAME_SQL.search(node.value)
        ):
            found.append((node.lineno, repr(node.value.strip()[:60])))
    return [f"line {n}: {what}" for n, what in sorted(found)]


def test_the_game_write_detector_sees_every_spelling() -> None:
    source = '''
"""A docstring may speak of ``UPDATE game … WHERE version``."""
from sqlalchemy import update, delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from bot.db import models
a = update(GameRow).values(version=2)
b = update(GAME).values(planners=1)
c = pg_insert(models.GameRow).values()
d = delete(GameRow.__table__)
e = "update game set ping_message_id = 1"
f = """INSERT INTO game (id) VALUES (1)"""
g = update(GameSeatRow).values(to_act=True)
h = "UPDATE game_seat SET to_act = 1"
'''
    assert [line.split(":")[0] for line in game_writes(source)] == [
        f"line {n}" for n in (6, 7, 8, 9, 10, 11)
    ]


@pytest.mark.parametrize(
    "path",
    [p for p in modules("bot") if not p.is_relative_to(ROOT / "bot" / "db")],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_only_the_store_changes_the_game_table(path: Path) -> None:
    """Every change to a ``game`` row goes through the store's named operations (its guarded
    write, for a change that moves the game on: :mod:`bot.db.records`), so the version, the
    seats and what the change owes people (the outbox) are written in one place."""
    assert not game_writes(path.read_text(encoding="utf-8")), f"{path} writes the game table"
