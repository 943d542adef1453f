"""The hot path (bot/db/*_store.py, GuardedWriter.change): what an ordinary action costs the
database, group commit on SQLite, held copies gone stale, turn pings recorded with the next
write — on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import event, func, select, text
from sqlalchemy.engine import Connection

from bot.db import Database, GameEventRow, GameRow
from bot.db.faults import DatabaseUnavailable
from bot.db.records import GameWrite
from bot.db.sqlite_store import SqliteGameStore, configure_sqlite_connection, time_in
from bot.services.errors import GameNotFound, StaleVersion
from bot.services.games import GameService
from bot.services.snapshots import GameSnapshot, Player
from bot.services.standings import StandingsService
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")


async def started(service: GameService) -> GameSnapshot:
    challenge = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    return (await service.starts.accept(challenge.game.id, BOB.user_id)).game


def first_move(game: GameSnapshot) -> tuple[int, str]:
    """Who is to move, and their first legal action's code."""
    seat = game.rules.to_act(game.state)[0]
    code = game.rules.format(game.rules.legal_actions(game.state, seat)[0])
    return game.player(seat).user_id, code


def orm_transactions(db: Database) -> list[int]:
    """A counter of the ORM's transactions (the hot path has none)."""
    begun = [0]

    @event.listens_for(db.engine.sync_engine, "begin")
    def _begin(_conn: Connection) -> None:
        begun[0] += 1

    return begun


async def ply_of(db: Database, game_id: int) -> tuple[int, int]:
    """The game row's ply and version, and no more events than plies."""
    async with db.read() as session:
        ply, version = (
            await session.execute(select(GameRow.ply, GameRow.version).where(GameRow.id == game_id))
        ).one()
        events = await session.scalar(
            select(func.count()).select_from(GameEventRow).where(GameEventRow.game_id == game_id)
        )
    assert events == ply
    return ply, version


async def test_an_ordinary_action_is_one_write_and_nothing_else(
    db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(1))
    game = await started(service)
    calls: list[str] = []
    store = db.store
    for name in ("read", "write", "create", "read_moves", "save_pings"):
        monkeypatch.setattr(store, name, counting(getattr(store, name), name, calls))
    begun = orm_transactions(db)
    sent = count_asyncpg_calls(monkeypatch) if not db.is_sqlite else None
    for _ in range(3):
        user, code = first_move(game)
        game = (await service.actions.act(game.id, user, game.version, code)).game
    # The game was held at the version each player saw: no read, one write each.
    assert calls == ["write"] * 3
    assert begun[0] == 0
    if sent is not None:
        assert sent == [1, 1, 1]  # PostgreSQL: one statement (one round trip) per action
    assert await ply_of(db, game.id) == (3, game.version)


def counting(method: Callable[..., Any], name: str, calls: list[str]) -> Callable[..., Any]:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return await method(*args, **kwargs)

    return counted


def count_asyncpg_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry per store write: how many statements it sent."""
    sent: list[int] = []
    for name in ("fetchrow", "fetch", "fetchval", "execute", "executemany"):
        original = getattr(asyncpg.Connection, name)

        def wrap(original: Any) -> Any:
            async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
                if "UPDATE game SET state" in str(args[0]):
                    sent.append(0)
                if sent:
                    sent[-1] += 1
                return await original(self, *args, **kwargs)

            return counted

        monkeypatch.setattr(asyncpg.Connection, name, wrap(original))
    return sent


async def test_a_held_copy_gone_stale_is_caught_by_the_guarded_write(
    db: Database, clock: FakeClock
) -> None:
    """Two processes on one database: each holds decoded games, neither knows of the other's
    writes. The version guard makes that safe."""
    here = GameService(db, clock=clock, seed_source=Rng.from_seed(2))
    there = GameService(db, clock=clock)
    game = await started(here)
    user, code = first_move(game)
    moved = (await there.actions.act(game.id, user, game.version, code)).game
    # `here` still holds the game as it was; a player acting on that old board is refused…
    user, code = first_move(game)
    with pytest.raises(StaleVersion):
        await here.actions.act(game.id, user, game.version, code)
    assert await ply_of(db, game.id) == (1, moved.version)
    # … and one acting on the current board goes through, after a fresh read.
    user, code = first_move(moved)
    after = (await here.actions.act(game.id, user, moved.version, code)).game
    assert after.version == moved.version + 1 and after.ply == 2
    assert await here.queries.rebuild_state(game.id) == after.state


async def test_racing_services_exactly_one_wins(db: Database, clock: FakeClock) -> None:
    services = [GameService(db, clock=clock, seed_source=Rng.from_seed(3)) for _ in range(3)]
    game = await started(services[0])
    for service in services:
        await service.queries.get(game.id)  # each holds it
    user, code = first_move(game)
    outcomes = await asyncio.gather(
        *(s.actions.act(game.id, user, game.version, code) for s in services for _ in range(2)),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
    assert all(isinstance(o, StaleVersion) for o in outcomes if isinstance(o, BaseException))
    assert (await ply_of(db, game.id))[0] == 1


async def test_a_turn_ping_is_recorded_with_the_next_write(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(4))
    game = await started(service)
    assert (
        await service.messages.swap_ping(game.id, 500) is None
    )  # not known here yet: its own write
    user, code = first_move(game)
    game = (await service.actions.act(game.id, user, game.version, code)).game
    begun = orm_transactions(db)
    # After an action the previous ping is known: swapping costs no transaction.
    assert await service.messages.swap_ping(game.id, 501) == 500
    assert begun[0] == 0
    assert await stored_ping(db, game.id) == 500
    user, code = first_move(game)
    game = (await service.actions.act(game.id, user, game.version, code)).game
    assert await stored_ping(db, game.id) == 501  # recorded by that action's write
    assert await service.messages.swap_ping(game.id, 502) == 501
    await service.messages.flush_pings()  # what the clock tick does
    assert await stored_ping(db, game.id) == 502
    # Another process recorded a ping meanwhile: ours does not overwrite it.
    assert await service.messages.swap_ping(game.id, 503) == 502
    await GameService(db, clock=clock).messages.swap_ping(game.id, 900)
    await service.messages.flush_pings()
    assert await stored_ping(db, game.id) == 900
    assert (await service.queries.get(game.id)).version == game.version  # pings never bump it


async def stored_ping(db: Database, game_id: int) -> int | None:
    async with db.read() as session:
        return await session.scalar(select(GameRow.ping_message_id).where(GameRow.id == game_id))


async def test_preferences_are_held_and_a_change_shows_at_once(
    db: Database, clock: FakeClock
) -> None:
    standings = StandingsService(db, clock)
    assert (await standings.prefs_for([1, 2]))[1].notify == "channel"
    begun = orm_transactions(db)
    assert (await standings.prefs_for([1, 2]))[2].notify == "channel"
    assert begun[0] == 0  # held: no transaction
    await standings.set_prefs(1, notify="dm")
    assert (await standings.prefs(1)).notify == "dm"


# --- SQLite: group commit ------------------------------------------------------------------


class FailingCommits(sqlite3.Connection):
    """A connection whose COMMIT can be made to fail (a full disk at the worst moment)."""

    fail = False

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "COMMIT" and FailingCommits.fail:
            raise sqlite3.OperationalError("disk I/O error")
        return super().execute(sql, *args)


async def test_group_commit_one_failure_never_fails_another(
    db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writes made at once go in one transaction (SQLite: savepoints; PostgreSQL: one
    statement, each action on its own if it is refused) and each gets its own answer."""
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(5))
    games = [await started(service) for _ in range(4)]
    store = db.store
    batches: list[int] = []
    if isinstance(store, SqliteGameStore):
        write_batch = store._write_batch

        def recording(conn: sqlite3.Connection, jobs: list[Any]) -> list[Any]:
            batches.append(len(jobs))
            return write_batch(conn, jobs)

        store._write_batch = recording  # type: ignore[method-assign]
    else:
        pg_batch = store._write_batch  # type: ignore[attr-defined]

        async def pg_recording(changes: list[GameWrite]) -> Any:
            batches.append(len(changes))
            return await pg_batch(changes)

        store._writes._run = pg_recording  # type: ignore[attr-defined]
    writes = [service_write(service, game) for game in games]
    stale = writes[1].__class__(**{**field_values(writes[1]), "seen_version": 99})
    duplicate = writes[2].__class__(  # its event's ply is taken: the unique key refuses it
        **{**field_values(writes[2]), "events": (*writes[2].events, writes[2].events[0])}
    )
    results = await asyncio.gather(
        store.write(writes[0]), store.write(stale), store.write(duplicate), store.write(writes[3])
    )
    assert batches == [4]  # one transaction, one commit
    assert [r is not None for r in results] == [True, False, False, True]
    assert [(await ply_of(db, g.id))[0] for g in games] == [1, 0, 0, 1]


def service_write(service: GameService, game: GameSnapshot) -> GameWrite:
    user, code = first_move(game)
    return service.actions._plan(game, game.version, [(None, code)], user_id=user).write


def field_values(write: GameWrite) -> dict[str, Any]:
    return {name: getattr(write, name) for name in write.__dataclass_fields__}


async def test_a_failed_group_commit_reports_every_write_in_it_and_keeps_none(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "c.sqlite3"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(6))
    games = [await started(service) for _ in range(3)]
    writes = [service_write(service, game) for game in games]

    def connect() -> sqlite3.Connection:
        connection = sqlite3.connect(path, factory=FailingCommits)
        configure_sqlite_connection(connection, 1000)
        return connection

    store = SqliteGameStore(connect, asyncio.Lock())
    FailingCommits.fail = True
    try:
        results = await asyncio.gather(*(store.write(w) for w in writes), return_exceptions=True)
    finally:
        FailingCommits.fail = False
    assert all(isinstance(r, DatabaseUnavailable) for r in results), results
    assert [(await ply_of(db, g.id))[0] for g in games] == [0, 0, 0]
    assert all(r is not None for r in await asyncio.gather(*(store.write(w) for w in writes)))
    assert [(await ply_of(db, g.id))[0] for g in games] == [1, 1, 1]
    await store.close()
    await db.dispose()


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2026, 11, 22, 12, 0, tzinfo=UTC),
        datetime(2026, 11, 22, 12, 0, 5, 123456, tzinfo=UTC),
        datetime(2026, 11, 22, 21, 0, 5, 7, tzinfo=timezone(timedelta(hours=9))),
    ],
)
def test_times_are_stored_as_the_orm_stores_them(moment: datetime) -> None:
    """Text order is time order in SQLite only if every writer uses one format."""
    dialect = Database("sqlite+aiosqlite:///unused.sqlite3").engine.dialect
    column = GameRow.__table__.c.updated_at  # type: ignore[attr-defined]
    orm = column.type.dialect_impl(dialect).bind_processor(dialect)
    assert time_in(moment) == orm(moment)


async def test_logs_and_replays_read_only_what_they_show(
    db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(7))
    game = await started(service)
    for _ in range(4):
        user, code = first_move(game)
        game = (await service.actions.act(game.id, user, game.version, code)).game
    game = (await service.actions.act(game.id, ALICE.user_id, None, "resign")).game
    reads: list[tuple[str, bool]] = []
    store = db.store
    read, read_log = store.read, store.read_log

    async def read_recorded(game_id: int, known: int | None = None, **kw: bool) -> Any:
        reads.append(("read", kw.get("with_state", True)))
        return await read(game_id, known, **kw)

    async def log_recorded(game_id: int) -> Any:
        reads.append(("log", False))
        return await read_log(game_id)

    monkeypatch.setattr(store, "read", read_recorded)
    monkeypatch.setattr(store, "read_log", log_recorded)
    begun = orm_transactions(db)
    shown, entries = await service.queries.log_download(game.id)
    assert [e.ply for e in entries] == [1, 2, 3, 4, 5] and shown.state is None
    assert shown.outcome is not None and shown.outcome.reason == "resign"
    _, state, entry, steps = await service.queries.state_at(game.id, 2)
    assert steps == 5 and entry is not None and entry.ply == 2
    assert state == game.rules.replay(
        game.settings, game.seed, [(s, c) for s, c in moves(entries[:2])]
    )
    # The game without its state (nothing decoded), then the log's shown columns only.
    assert reads == [("read", False), ("log", False)] * 2
    assert begun[0] == 0


def moves(entries: Any) -> list[tuple[int | None, str]]:
    return [(e.seat, e.action) for e in entries]


async def test_reads_made_at_once_each_get_their_own_game(db: Database, clock: FakeClock) -> None:
    """Reads arriving together share a statement (PostgreSQL) or a read transaction (SQLite);
    each caller gets its own game, held copies or not, and a missing game is still missing."""
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(8))
    games = [await started(service) for _ in range(3)]
    user, code = first_move(games[0])
    moved = (
        await GameService(db, clock=clock).actions.act(games[0].id, user, games[0].version, code)
    ).game
    fresh = GameService(db, clock=clock)
    await fresh.queries.get(games[1].id)  # held at its version: its state is not sent again
    got = await asyncio.gather(
        service.queries.get(games[0].id),  # held at an older version: read in full
        fresh.queries.get(games[1].id),
        fresh.queries.get(games[2].id),
        fresh.queries.get(games[0].id),
        fresh.queries.get(10_000),
        return_exceptions=True,
    )
    assert [g.id for g in got[:4]] == [games[0].id, games[1].id, games[2].id, games[0].id]  # type: ignore[union-attr]
    assert got[0].version == got[3].version == moved.version  # type: ignore[union-attr]
    assert got[0].state == moved.state and got[1].state == games[1].state  # type: ignore[union-attr]
    assert isinstance(got[4], GameNotFound)


def test_the_ping_book_forgets_only_recorded_pings() -> None:
    from bot.services.pings import PingBook

    book = PingBook(capacity=2)
    book.written(1, 10)
    assert book.swap(1, 11) == (True, 10)  # unrecorded from now on
    book.written(2, 20)
    book.written(3, 30)  # over capacity: game 2 goes, game 1's unrecorded ping stays
    assert book.swap(2, 21) == (False, None)
    assert book.pending() == {1: (10, 11)}
    book.flushed(book.pending(), {1})
    assert book.to_write(1) is None


async def test_the_sqlite_log_starts_over_under_steady_writes(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checkpoints hold writes back while they run, so each completes and the write-ahead log
    starts over: it stays the size of a few checkpoints' worth, however long the writes go on."""
    from bot.db import sqlite_store

    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 10)
    path = tmp_path / "w.sqlite3"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(9))
    games = [await started(service) for _ in range(8)]

    async def play(game: GameSnapshot) -> None:
        for _ in range(40):
            if game.status != "active":
                return
            user, code = first_move(game)
            game = (await service.actions.act(game.id, user, game.version, code)).game

    await asyncio.gather(*(play(g) for g in games))
    played = sum([(await ply_of(db, g.id))[0] for g in games])
    assert played > 200
    wal, page = log_size(path)
    assert wal < 400 * page  # each write adds some 6 pages: without starting over, > 1200
    await db.dispose()


def log_size(path: Path) -> tuple[int, int]:
    """The write-ahead log's size in bytes, and the page size."""
    page = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    return Path(f"{path}-wal").stat().st_size, int(page)


async def test_every_sqlite_connection_gets_the_page_cache(tmp_path: Path) -> None:
    """The ORM's connections and the store's alike: SQLite's default of 2 000 KiB holds too
    little of a big file's indexes (bench.scale's /standings and /history at a million
    games)."""
    from bot.db.sqlite_store import CACHE_KIB

    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'c.sqlite3'}")
    await db.migrate()
    try:
        async with db.read() as session:
            orm = (await session.execute(text("PRAGMA cache_size"))).scalar()
        store = db.store
        assert isinstance(store, SqliteGameStore)
        here = store._connection_here().execute("PRAGMA cache_size").fetchone()[0]
        assert orm == here == -CACHE_KIB
    finally:
        await db.dispose()
