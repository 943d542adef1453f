"""Helpers the fixture makers share: a fixed clock, seeded move choice and the file's last steps.

Only the standard library and the rules packages' oldest, unchanged API (``to_act``,
``legal_actions``, ``apply``, ``format``) are used here, so every release's maker can import it
(the makers run from an old release's checkout with this folder on ``sys.path``).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import os
import random
import sqlite3
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

#: Every fixture starts at the same instant, so its timestamps are reproducible.
EPOCH = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@dataclass
class FixedClock:
    """The services' clock: returns ``now`` until a maker moves it on."""

    now: datetime = EPOCH

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class Chooser:
    """Seeded move choice: a winning move when asked to prefer one, else a random legal one.

    Each choice draws from its own generator, seeded by the game and ply, so a game's moves
    do not depend on which games were played before it."""

    seed: int

    def move(
        self, rules: Any, state: Any, seat: int, *, game: int, ply: int, prefer_win: bool = False
    ) -> str:
        legal = list(rules.legal_actions(state, seat))
        if prefer_win:
            for action in legal:
                after, _ = rules.apply(state, seat, action)
                outcome = after.outcome
                if outcome is not None and outcome.winner == seat:
                    return str(rules.format(action))
        rng = random.Random(f"{self.seed}:{game}:{ply}:{seat}")
        return str(rules.format(rng.choice(legal)))


class CountingSecrets:
    """Stands in for the ``secrets`` module: the same bytes every run (counted, hashed)."""

    def __init__(self) -> None:
        self.count = 0

    def token_bytes(self, n: int) -> bytes:
        self.count += 1
        return hashlib.sha256(f"asobiba-fixture:{self.count}".encode()).digest()[:n]

    def randbits(self, k: int) -> int:
        return int.from_bytes(self.token_bytes(8), "big") >> (64 - k)


def reproducibly() -> None:
    """Make this run repeatable: string hashing fixed (set orders), 戦列札's AI unhurried,
    the deployment secret and the seals' salts (0007 on) counted instead of drawn.

    Re-executes the maker with ``PYTHONHASHSEED=0`` if it is not set; replaces the AI's clock
    with one that stands still, so its time cap never cuts its sampling short."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        os.execve(sys.executable, [sys.executable, *sys.argv], env)
    with contextlib.suppress(ImportError):  # releases before 戦列札 have no AI
        from rules.senretsu import ai

        ai.time = SimpleNamespace(monotonic=lambda: 0.0)
    fake = CountingSecrets()
    for name in ("rules.core.fairness", "bot.services.secrets"):
        with contextlib.suppress(ImportError):  # releases before 0007
            importlib.import_module(name).secrets = fake


def output_path(default_name: str) -> Path:
    """The file to write: the first argument, else ``default_name`` beside the makers' folder."""
    if len(sys.argv) > 1:
        return Path(sys.argv[1]).resolve()
    return Path(__file__).resolve().parent.parent / default_name


def fresh(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def finalize(path: Path, revision: str) -> dict[str, int]:
    """One self-contained file: WAL folded in, rollback journal mode, vacuumed; checked."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
        (version,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        assert version == revision, (version, revision)
        problems = conn.execute("PRAGMA foreign_key_check").fetchall()
        assert not problems, problems
        (ok,) = conn.execute("PRAGMA integrity_check").fetchone()
        assert ok == "ok", ok
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
                "ORDER BY name"
            )
        ]
        counts = {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
    finally:
        conn.close()
    for suffix in ("-wal", "-shm", "-journal"):
        assert not Path(f"{path}{suffix}").exists(), suffix
    return counts


def report(path: Path, counts: dict[str, int]) -> None:
    print(f"{path} ({path.stat().st_size} bytes)")
    for table, count in counts.items():
        print(f"  {table}: {count}")


#: Two servers with a game channel each, six people (two with Japanese names) and the bot.
GUILDS = (710_000_000_000_000_001, 710_000_000_000_000_002)
CHANNELS = (720_000_000_000_000_001, 720_000_000_000_000_002)
PEOPLE = tuple(
    (730_000_000_000_000_000 + i, name)
    for i, name in enumerate(("alice", "bob", "carol", "dave", "瑛太", "ゆい"), start=1)
)
BOT_ID = 739_999_999_999_999_999
MESSAGE_BASE = 740_000_000_000_000_000
