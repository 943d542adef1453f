"""Statuses are enum members, never strings spelled out: every comparison, assignment, default
and group of a stored vocabulary's value in ``bot/`` names the member (``GameStatus.ACTIVE``),
so a misspelling fails at import or in mypy instead of silently matching nothing; and the
columns typed by them read back members and refuse anything else on every path."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import StatementError

from bot.db import Database, GameRow
from bot.statuses import (
    OPEN_GAME_STATUSES,
    OVER_GAME_STATUSES,
    OVER_TOURNAMENT_STATUSES,
    PAIRED_TOURNAMENT_FORMATS,
    DeliveryKind,
    GameStatus,
    TournamentFormat,
    TournamentStatus,
)
from bot.tournament import Format

ROOT = Path(__file__).resolve().parent.parent
VOCABULARIES = (GameStatus, TournamentStatus, DeliveryKind, TournamentFormat)
STORED = frozenset(member.value for vocabulary in VOCABULARIES for member in vocabulary)
#: Names that hold a vocabulary's value (``status=…``, ``kind: … = …``, ``OVER_STATUSES = …``).
HOLDERS = ("status", "kind", "format")
#: Where the values are spelled once, as the members' values.
HOME = ROOT / "bot" / "statuses.py"


def _stored(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in STORED


def _group(node: ast.AST | None) -> bool:
    """A tuple, list or set literal of nothing but stored values (``("active", "finished")``)."""
    return (
        isinstance(node, ast.Tuple | ast.List | ast.Set)
        and bool(node.elts)
        and all(_stored(e) for e in node.elts)
    )


def _spelled(node: ast.AST | None) -> bool:
    return _stored(node) or _group(node)


def _holds(name: str) -> bool:
    return any(word in name.lower() for word in HOLDERS)


def _target_name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return ""


def spelled_out(source: str) -> list[tuple[int, str]]:
    """(line, what) for every stored vocabulary value spelled as a string where a member
    belongs: compared, assigned or defaulted to a status/kind/format, passed as one, keyed
    by one in a dict, or grouped (a tuple of values, a dict keyed by values)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if _spelled(side):
                    found.append((node.lineno, "compared"))
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            pairs: list[tuple[ast.AST, ast.AST]] = []
            for target in targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs += zip(target.elts, node.value.elts, strict=False)  # a, b = "x", y
                else:
                    pairs.append((target, node.value))
            if _group(node.value) or any(_holds(_target_name(t)) and _spelled(v) for t, v in pairs):
                found.append((node.lineno, "assigned"))
        elif isinstance(node, ast.keyword) and node.arg and _holds(node.arg):
            if _spelled(node.value):
                found.append((node.value.lineno, f"passed as {node.arg}"))
        elif isinstance(node, ast.Call):
            if any(_group(arg) for arg in node.args):
                found.append((node.lineno, "passed as a group"))
        elif isinstance(node, ast.arguments):
            named = [*node.posonlyargs, *node.args]
            defaults = zip(named[len(named) - len(node.defaults) :], node.defaults, strict=True)
            kw_defaults = zip(node.kwonlyargs, node.kw_defaults, strict=True)
            for arg, default in (*defaults, *kw_defaults):
                if _holds(arg.arg) and _spelled(default):
                    found.append((default.lineno, f"default of {arg.arg}"))
        elif isinstance(node, ast.Dict):
            if node.keys and all(_stored(k) for k in node.keys):
                found.append((node.lineno, "dict keyed by values"))
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and _holds(str(key.value)) and _spelled(value):
                    found.append((node.lineno, f"keyed {key.value}"))
    return found


def test_the_scan_finds_every_way_a_status_is_spelled_out() -> None:
    source = """
if game.status == "active": pass
if row.status in ("signup", "running"): pass
x = "finished" if a else b
game.status = "declined"
status, outcome = "finished", None
update(GameRow).values(status="expired")
owe = DeliveryWrite(kind="timeout")
resolve(guild, name, ("signup",))
def write(status: str = "challenge"): pass
def make(*, format: str = "swiss"): pass
ACCENTS = {"challenge": 1, "active": 2}
values = {"status": "cancelled"}
DONE = ("finished", "aborted")
"""
    lines = [line for line, _ in spelled_out(source)]
    # Line 4 (``x = "finished" if …``) names no holder and compares nothing: not a status.
    assert sorted(set(lines)) == [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]


def test_the_scan_leaves_other_strings_alone() -> None:
    source = """
CHALLENGE = Text("挑戦", "challenge")
seconds = values.get("signup")
option("signup", SIGNUP, SIGNUP_HELP)
if event.kind == "draw_offer": pass
def forfeit(reason: str = "timeout"): pass
if game.status == GameStatus.ACTIVE: pass
"""
    assert spelled_out(source) == []


@pytest.mark.parametrize(
    "path",
    [p for p in sorted((ROOT / "bot").rglob("*.py")) if p != HOME],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_status_is_spelled_as_a_string_in_bot(path: Path) -> None:
    found = spelled_out(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)}: spelled out, not a member: {found}"


def test_members_are_the_stored_text_and_groups_are_frozensets_of_members() -> None:
    assert GameStatus.ACTIVE == "active" and str(TournamentStatus.SIGNUP) == "signup"
    for group in (OPEN_GAME_STATUSES, OVER_GAME_STATUSES, OVER_TOURNAMENT_STATUSES):
        assert isinstance(group, frozenset) and group
    assert OPEN_GAME_STATUSES.isdisjoint(OVER_GAME_STATUSES)
    assert set(GameStatus) == OPEN_GAME_STATUSES | OVER_GAME_STATUSES
    # The paired formats are exactly those the pairing package plays.
    assert {Format(f) for f in PAIRED_TOURNAMENT_FORMATS} == set(Format)


NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)


async def _a_game(db: Database) -> int:
    async with db.transaction() as session:
        row = GameRow(
            game_type="bushi",
            rules_version=1,
            schema_version=1,
            status="challenge",  # plain text is taken (it is the stored form)
            settings={},
            seed=1,
            state={},
            rated=False,
            challenger_seat=0,
            locale="en",
            created_at=NOW,
            updated_at=NOW,
        )
        session.add(row)
        await session.flush()
        return row.id


async def test_a_status_column_reads_back_members_and_refuses_a_misspelling(db: Database) -> None:
    game_id = await _a_game(db)
    async with db.read() as session:
        status = await session.scalar(select(GameRow.status).where(GameRow.id == game_id))
    assert status is GameStatus.CHALLENGE
    with pytest.raises(StatementError, match="actve"):
        async with db.transaction() as session:
            await session.execute(
                update(GameRow).where(GameRow.id == game_id).values(status="actve")
            )
    async with db.read() as session:
        still = await session.scalar(select(GameRow.status).where(GameRow.id == game_id))
    assert still is GameStatus.CHALLENGE, "the refused write changed nothing"
