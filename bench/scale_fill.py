"""Writing :mod:`bench.scale_shape`'s plans into a migrated database, fast: COPY on PostgreSQL,
one ``executemany`` transaction on SQLite.

Each template's rows are encoded for the driver once (its state's JSON is most of a game's
bytes); a game copies them and sets what is its own — ids, players, server, times. Only the
measured players' games and the games in play keep their whole log; the other finished games
keep the first :data:`FILLER_STEPS` steps of theirs (a million whole logs would be a hundred
million rows, and nothing measured reads them).
"""

from __future__ import annotations

import importlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import Table

from bench.scale_shape import Planned, Shaper
from bench.scale_templates import Template
from bot.db import GameEventRow, GameRow, GameSeatRow, PlayerStatRow, UserPrefRow
from bot.db.game_columns import Kind, kind_of
from bot.statuses import OPEN_GAME_STATUSES

FILLER_STEPS = 2
#: The trigger summing up a finished game's seats as each is inserted (migration 0026).
SUMMED_ON_INSERT = "game_seat_summary_on_insert"
#: The triggers counting each result row, and each player hiding theirs, into their tables'
#: sizes as each is inserted (migration 0023): the fill counts them once at the end instead.
COUNTED_ON_INSERT = {
    "player_stat": "standings_size_on_stat_insert",
    "user_pref": "standings_size_on_pref_insert",
}
#: Games per COPY or executemany.
CHUNK = 5_000

GAME: Table = GameRow.__table__  # type: ignore[assignment]
SEAT: Table = GameSeatRow.__table__  # type: ignore[assignment]
EVENT: Table = GameEventRow.__table__  # type: ignore[assignment]
STAT: Table = PlayerStatRow.__table__  # type: ignore[assignment]
PREF: Table = UserPrefRow.__table__  # type: ignore[assignment]

Encode = Callable[[Any], Any]


def _sqlite_time(value: datetime | None) -> str | None:
    """As the bot's SQLite store writes a time (naive UTC text; every time here is UTC)."""
    if value is None:
        return None
    return value.isoformat(" ", "microseconds")[:26]


def _encoder(kind: Kind, sqlite: bool) -> Encode:
    if kind is Kind.JSON:
        return lambda v: None if v is None else json.dumps(v, ensure_ascii=False)
    if kind is Kind.TIME:
        return _sqlite_time if sqlite else lambda v: v
    if kind is Kind.STATUS:
        return lambda v: None if v is None else str(getattr(v, "value", v))
    return lambda v: v


class Rows:
    """A table's rows as tuples in its columns' order, each value encoded for the driver."""

    def __init__(self, table: Table, sqlite: bool) -> None:
        self.table = table
        self.columns = [c.name for c in table.columns]
        self.at = {name: n for n, name in enumerate(self.columns)}
        self.encode = {c.name: _encoder(kind_of(c), sqlite) for c in table.columns}

    def row(self, values: dict[str, Any]) -> list[Any]:
        """``values`` encoded in column order (a column not given is NULL)."""
        return [self.encode[name](values.get(name)) for name in self.columns]


class Encoded:
    """One template's rows, encoded once."""

    def __init__(self, template: Template, games: Rows, seats: Rows, events: Rows) -> None:
        self.created = template.game["created_at"]
        self.game = games.row(template.game)
        self.finished = template.game["finished_at"]
        self.updated = template.game["updated_at"]
        self.over = template.game["status"] not in OPEN_GAME_STATUSES
        self.seats = [seats.row(s) for s in template.seats]
        self.events = [(events.row(e), e["created_at"] - self.created) for e in template.events]


class Encoder:
    """Plans to rows of ``game``, ``game_seat`` and ``game_event``."""

    def __init__(self, sqlite: bool) -> None:
        self.games, self.seats = Rows(GAME, sqlite), Rows(SEAT, sqlite)
        self.events = Rows(EVENT, sqlite)
        self._templates: dict[int, Encoded] = {}
        self._event_id = 0
        self._time = _sqlite_time if sqlite else lambda v: v

    def _of(self, template: Template) -> Encoded:
        found = self._templates.get(id(template))
        if found is None:
            found = self._templates[id(template)] = Encoded(
                template, self.games, self.seats, self.events
            )
        return found

    def add(self, plan: Planned, out: dict[str, list[tuple[Any, ...]]]) -> None:
        base = self._of(plan.template)
        shift = plan.created - base.created
        finished = None if base.finished is None else base.finished + shift
        game, at, time = list(base.game), self.games.at, self._time
        game[at["id"]] = plan.game_id
        game[at["guild_id"]] = plan.guild
        game[at["channel_id"]] = None if plan.guild is None else plan.guild + 1
        game[at["message_id"]] = None if plan.guild is None else plan.guild + 1000 + plan.game_id
        game[at["created_at"]] = time(plan.created)
        game[at["updated_at"]] = time(plan.updated or base.updated + shift)
        game[at["finished_at"]] = time(finished)
        if plan.updated is not None:  # in play: its clock runs from now
            game[at["deadline_at"]] = time(plan.deadline)
        out["game"].append(tuple(game))
        at = self.seats.at
        # Where the schema keeps it on the seat: when the game ended (``None``: open).
        ended = at.get("ended_at")
        for seat_row, user in zip(base.seats, plan.players, strict=True):
            seat = list(seat_row)
            seat[at["game_id"]] = plan.game_id
            seat[at["user_id"]] = user
            seat[at["display_name"]] = f"player{user % 1_000_000}"
            if ended is not None:
                seat[ended] = time(finished) if base.over else None
            out["game_seat"].append(tuple(seat))
        at = self.events.at
        steps = base.events if plan.whole_log else base.events[:FILLER_STEPS]
        for event_row, after in steps:
            self._event_id += 1
            event = list(event_row)
            event[at["id"]] = self._event_id
            event[at["game_id"]] = plan.game_id
            event[at["created_at"]] = time(plan.created + after)
            out["game_event"].append(tuple(event))

    def chunks(self, plans: Iterable[Planned]) -> Iterator[dict[str, list[tuple[Any, ...]]]]:
        out: dict[str, list[tuple[Any, ...]]] = {"game": [], "game_seat": [], "game_event": []}
        for plan in plans:
            self.add(plan, out)
            if len(out["game"]) >= CHUNK:
                yield out
                out = {"game": [], "game_seat": [], "game_event": []}
        if out["game"]:
            yield out

    def columns(self, name: str) -> list[str]:
        return {"game": self.games, "game_seat": self.seats, "game_event": self.events}[
            name
        ].columns


def other_rows(shaper: Shaper, sqlite: bool) -> Iterator[tuple[Rows, list[tuple[Any, ...]]]]:
    """The results and settings rows (after the games' plans have run)."""
    for table, rows in ((STAT, shaper.stat_rows()), (PREF, shaper.pref_rows())):
        encoder = Rows(table, sqlite)
        yield encoder, [tuple(encoder.row(r)) for r in rows]


#: Indexes the COPY fills faster when built afterwards (all but the keys' and constraints').
SECONDARY_INDEXES = """
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
"""


def _sizes_counted() -> str:
    """Every table's size counted from its result rows at once: the migration's own backfill
    (0023), the count its triggers keep."""
    migration = importlib.import_module("migrations.versions.0023_standings_size")
    backfill: str = migration.BACKFILL
    return backfill


async def fill_postgres(dsn: str, shaper: Shaper) -> None:
    """COPY every row in, the secondary indexes dropped meanwhile and built again after (as
    the migrations made them); the sequences moved past the ids given; vacuumed and analysed
    (as autovacuum would have by then: its statistics for the planner, and its map of pages
    all visible, without which no scan reads an index alone)."""
    conn = await asyncpg.connect(dsn)
    try:
        encoder = Encoder(sqlite=False)
        tables = ["game", "game_seat", "game_event", STAT.name, PREF.name]
        async with conn.transaction():
            indexes = await conn.fetch(SECONDARY_INDEXES, tables)
            for index in indexes:
                await conn.execute(f'DROP INDEX "{index["indexname"]}"')
            # A finished game's seats are summed up once at the end (the database's own
            # function, 0026), not again for each seat as it is copied in.
            await conn.execute(f"ALTER TABLE game_seat DISABLE TRIGGER {SUMMED_ON_INSERT}")
            # Every result row's insert would add it to one of a hundred size rows, all in
            # this transaction: each row's versions pile up (none can be cleaned before the
            # commit) and every update walks them — at a million games it ran for over an hour.
            for table, trigger in COUNTED_ON_INSERT.items():
                await conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER {trigger}")
            for chunk in encoder.chunks(shaper.plans()):
                for name, records in chunk.items():
                    await conn.copy_records_to_table(
                        name, records=records, columns=encoder.columns(name)
                    )
            for rows, records in other_rows(shaper, sqlite=False):
                await conn.copy_records_to_table(
                    rows.table.name, records=records, columns=rows.columns
                )
            await conn.execute(_sizes_counted())
            for table, trigger in COUNTED_ON_INSERT.items():
                await conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER {trigger}")
            await conn.execute("SET LOCAL maintenance_work_mem = '256MB'")
            await conn.execute("UPDATE game_seat SET summary = game_summary(game_id)")
            await conn.execute(f"ALTER TABLE game_seat ENABLE TRIGGER {SUMMED_ON_INSERT}")
            for index in indexes:
                await conn.execute(index["indexdef"])
            for name in ("game", "game_event"):
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                    f"(SELECT max(id) FROM {name}))"
                )
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()


def fill_sqlite(path: Path, shaper: Shaper) -> None:
    """One transaction, written without a journal or waiting for the disk (a crash would only
    lose the bench's own new file); no ANALYZE (the bot never runs one)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        # No journal while filling a new file (it is thrown away if this fails), then WAL as
        # the bot has it.
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("PRAGMA cache_size=-1000000")  # a gigabyte: the indexes stay in memory
        encoder = Encoder(sqlite=True)

        def insert(name: str, columns: list[str], records: list[tuple[Any, ...]]) -> None:
            marks = ", ".join("?" for _ in columns)
            conn.executemany(f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({marks})", records)

        conn.execute("BEGIN")
        for chunk in encoder.chunks(shaper.plans()):
            for name, records in chunk.items():
                insert(name, encoder.columns(name), records)
        for rows, records in other_rows(shaper, sqlite=True):
            insert(rows.table.name, rows.columns, records)
        conn.execute("COMMIT")
        conn.execute("PRAGMA journal_mode=WAL")
    finally:
        conn.close()
