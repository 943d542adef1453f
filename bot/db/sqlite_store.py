"""The hot path on SQLite: batches of reads and guarded writes on a connection of our own.

Every await on aiosqlite is a hand-off to its thread and back; an ORM action made eighteen of
them. Here the work queued at one moment runs as one batch: the reads in one read transaction,
the guarded writes in one write transaction with a savepoint each (group commit: one action's
failure never fails another's, and every caller hears of its result only after the commit that
holds it). The in-process writer lock is held for that write transaction only, never while the
rules are applied.

A batch runs on the event loop's own connection: in WAL mode with synchronous=NORMAL a commit
is a write of the log, no fsync, and the statements take microseconds — less than one hand-off
to a thread, which would moreover have to win the GIL back after every statement. What could
stall the loop goes to a thread with a connection of its own: a batch meeting another
process's lock (the loop's connection has no busy timeout; the thread's waits), and the
checkpoints that copy the log into the database file and sync it (writes wait for those,
reads do not).

The statements are plain SQL on the standard ``sqlite3`` driver (a Core execution costs ten
times the statement itself here); values are stored exactly as the ORM's column types store
them (the tests compare the two).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from bot.db.bookkeeping import Bookkeeping
from bot.db.counting import counting
from bot.db.faults import Outage
from bot.db.game_columns import (
    BUMPED_VERSION_SQL,
    CREATE_COLUMNS,
    CREATE_SEAT_COLUMNS,
    DELIVERY_COLUMNS,
    EVENT_COLUMNS,
    KEPT_UNLESS_GIVEN,
    READ_COLUMNS,
    RECORD_FIELDS,
    SEAT_COLUMNS,
    WRITE_COLUMNS,
    WRITTEN_BACK,
    Codec,
    Kind,
    decoded,
    seat_values,
)
from bot.db.marks import Mark, mark_statements, marks_of
from bot.db.records import GameRecord, GameWrite, NewGame, SeatRecord, Written

log = logging.getLogger(__name__)
T = TypeVar("T")


def _named(names: tuple[str, ...]) -> str:
    return ", ".join(f":{name}" for name in names)


READ_GAME = (
    f"SELECT {', '.join(READ_COLUMNS)}, CASE WHEN version = :known THEN NULL ELSE state END "
    "AS state FROM game WHERE id = :game_id"
)
READ_GAME_WITHOUT_STATE = f"SELECT {', '.join(READ_COLUMNS)}, NULL AS state FROM game WHERE id = ?"
READ_LOG = (
    "SELECT ply, seat, action, public_text_ja, public_text_en FROM game_event "
    "WHERE game_id = ? ORDER BY ply"
)
READ_SEATS = f"SELECT {', '.join(SEAT_COLUMNS)} FROM game_seat WHERE game_id = ? ORDER BY seat"
WRITE_GAME = (
    f"UPDATE game SET {', '.join(f'{name} = :{name}' for name in WRITE_COLUMNS)}, "
    + "".join(f"{name} = COALESCE(:{name}, {name}), " for name in KEPT_UNLESS_GIVEN)
    + f"version = {BUMPED_VERSION_SQL}, "
    "reminders_sent = CASE WHEN :reset_reminders THEN 0 ELSE reminders_sent END "
    "WHERE id = :game_id AND version = :seen_version"
)
WRITE_EVENT = (
    f"INSERT INTO game_event (game_id, created_at, {', '.join(EVENT_COLUMNS)}) "
    f"VALUES (:game_id, :created_at, {_named(EVENT_COLUMNS)})"
)
WRITE_SEATS = "UPDATE game_seat SET to_act = ((? >> seat) & 1) WHERE game_id = ?"
WRITE_SEATED = (
    "UPDATE game_seat SET user_id = ?, display_name = ?, dm_ping_message_id = NULL "
    "WHERE game_id = ? AND seat = ?"
)
READ_WRITTEN = f"SELECT {', '.join(WRITTEN_BACK)} FROM game WHERE id = ?"
CREATE_GAME = f"INSERT INTO game ({', '.join(CREATE_COLUMNS)}) VALUES ({_named(CREATE_COLUMNS)})"
CREATE_SEAT = (
    f"INSERT INTO game_seat (game_id, {', '.join(CREATE_SEAT_COLUMNS)}) "
    f"VALUES (:game_id, {_named(CREATE_SEAT_COLUMNS)})"
)
READ_MOVES = "SELECT seat, action FROM game_event WHERE game_id = ? ORDER BY ply"
READ_PUBLISHED = (
    "SELECT guild_id, web_name FROM guild_setting WHERE web_name IS NOT NULL ORDER BY guild_id"
)
SAVE_PING = "UPDATE game SET ping_message_id = ? WHERE id = ? AND ping_message_id IS ?"
WRITE_DELIVERY = (
    f"INSERT INTO delivery ({', '.join(DELIVERY_COLUMNS)}) VALUES ({_named(DELIVERY_COLUMNS)})"
)


#: Each connection's page cache, in KiB (SQLite's default is 2 000): enough to hold the upper
#: levels of the indexes a command walks (/history, /standings, a player's seats) however many
#: games the file holds, so a read costs a few pages from memory rather than from the file.
#: Pages are cached only as they are read: a small file never uses it all.
CACHE_KIB = 32_768


def configure_sqlite_connection(connection: Any, busy_timeout_ms: int) -> None:
    """What every connection to the file gets: we issue BEGIN ourselves (the driver's implicit
    BEGIN is deferred), WAL, the busy timeout, foreign keys, synchronous=NORMAL, a page cache
    of :data:`CACHE_KIB`."""
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={busy_timeout_ms}")  # first: WAL may wait for a lock
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA cache_size=-{CACHE_KIB}")  # negative: a size in KiB, not pages
    cursor.close()


def time_in(value: datetime | None) -> str | None:
    """What the ORM stores for a ``UTCDateTime`` on SQLite: naive UTC text, always with
    microseconds (so text order is time order). Checked against SQLAlchemy's own processor
    by the tests."""
    if value is None:
        return None
    return value.astimezone(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")


def time_out(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value).replace(tzinfo=UTC)


def json_in(value: Any) -> str | None:
    """What SQLAlchemy's JSON type stores (``json.dumps`` with its defaults); None is NULL."""
    return None if value is None else json.dumps(value)


def json_out(value: str | None) -> Any:
    return None if value is None else json.loads(value)


#: Each kind of column stored as the ORM's types store it, and read back.
CODEC = Codec(
    encode={Kind.JSON: json_in, Kind.TIME: time_in},
    decode={Kind.JSON: json_out, Kind.TIME: time_out, Kind.FLAG: bool},
)
VERSION_AT = RECORD_FIELDS.index("version")


@dataclass(slots=True)
class _Job:
    writes: bool
    run: Callable[[sqlite3.Connection], Any]
    future: asyncio.Future[Any]


#: Write jobs between two checkpoints of the write-ahead log: at some 6 pages each, about SQLite's
#: own default of 1000 pages. A checkpoint's pause grows with the log it copies and syncs
#: (measured: 100 writes, p99 9 ms at 500 actions/s; 600, 36 ms).
CHECKPOINT_EVERY = 100
SQLITE_BUSY = 5


class _Busy(Exception):
    """Another process holds the file: nothing was done, the batch goes to the thread."""


class SqliteGameStore(Bookkeeping):
    def __init__(
        self,
        connect: Callable[[], sqlite3.Connection],
        writer_lock: asyncio.Lock,
        outage: Outage | None = None,
    ) -> None:
        self._connect = connect
        self._writer_lock = writer_lock
        #: Told of every refusal and of each success (the database's, see ``Database.outage``).
        self._outage = outage or Outage()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="asobiba-sqlite")
        #: The event loop's own connection: never waits for a lock, never checkpoints.
        self._here: sqlite3.Connection | None = None
        #: The thread's: waits out another process's lock (the busy timeout), checkpoints.
        self._there: sqlite3.Connection | None = None
        self._reads: list[_Job] = []
        self._writes: list[_Job] = []
        self._reader: asyncio.Task[None] | None = None
        self._writer: asyncio.Task[None] | None = None
        self._since_checkpoint = 0

    # --- the interface --------------------------------------------------------------------

    async def read(
        self, game_id: int, known_version: int | None = None, *, with_state: bool = True
    ) -> GameRecord | None:
        return await self._submit(
            False, lambda conn: self._read(conn, game_id, known_version, with_state)
        )

    async def read_log(self, game_id: int) -> list[tuple[int, int | None, str, str, str]]:
        return await self._submit(False, lambda conn: conn.execute(READ_LOG, (game_id,)).fetchall())

    async def create(self, game: NewGame) -> int:
        values = CODEC.new_game(game)
        seats = [seat_values(s) for s in game.seats]

        def run(conn: sqlite3.Connection) -> int:
            game_id = conn.execute(CREATE_GAME, values).lastrowid
            assert game_id is not None
            conn.executemany(CREATE_SEAT, [{**seat, "game_id": game_id} for seat in seats])
            return game_id

        return await self._submit(True, run)

    async def write(self, change: GameWrite) -> Written | None:
        try:
            return await self._submit(True, lambda c: self._write(c, change))
        except sqlite3.IntegrityError:
            return None  # the (game, ply) already logged: a lost race, like a moved version

    async def read_published(self) -> list[tuple[int, str]]:
        return cast(
            list[tuple[int, str]],
            await self._submit(False, lambda conn: conn.execute(READ_PUBLISHED).fetchall()),
        )

    async def read_marks(self, user_ids: Sequence[int]) -> dict[int, Mark]:
        ids = [int(user_id) for user_id in user_ids]
        if not ids:
            return {}
        statements = mark_statements(f"IN ({', '.join('?' * len(ids))})")

        def run(conn: sqlite3.Connection) -> dict[int, Mark]:
            return marks_of(*(conn.execute(sql, ids).fetchall() for sql in statements))

        return await self._submit(False, run)

    async def read_moves(self, game_id: int) -> list[tuple[int | None, str]]:
        return await self._submit(
            False, lambda conn: conn.execute(READ_MOVES, (game_id,)).fetchall()
        )

    async def save_pings(self, pings: dict[int, tuple[int | None, int]]) -> set[int]:
        def run(conn: sqlite3.Connection) -> set[int]:
            saved = set()
            for game_id, (expected, new) in pings.items():
                if conn.execute(SAVE_PING, (new, game_id, expected)).rowcount == 1:
                    saved.add(game_id)
            return saved

        return await self._submit(True, run)

    async def close(self) -> None:
        for task in (self._reader, self._writer):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        if self._here is not None:
            self._here.close()
            self._here = None
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._executor, self._close_there)
        self._executor.shutdown(wait=True)

    # --- batching ---------------------------------------------------------------------------

    async def _submit(self, writes: bool, run: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        job = _Job(writes, run, loop.create_future())
        if writes:
            self._writes.append(job)
            if self._writer is None or self._writer.done():
                self._writer = loop.create_task(self._drain_writes())
        else:
            self._reads.append(job)
            if self._reader is None or self._reader.done():
                self._reader = loop.create_task(self._drain_reads())
        began_in = self._outage.since
        try:
            outcome: T = await job.future
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            raise self._outage.failed(exc) from exc
        if began_in is not None:  # begun during an outage: this answer may end it
            self._outage.answered(began_in)
        return outcome

    async def _drain_reads(self) -> None:
        """The reads queued since this task was scheduled, in one read transaction, until none
        is left. Reads never wait for the writer lock."""
        while self._reads:
            batch, self._reads = self._reads, []
            self._settle(batch, await self._run(self._read_batch, batch))

    async def _drain_writes(self) -> None:
        """The writes queued since this task was scheduled, in one write transaction under the
        writer lock, until none is left; every CHECKPOINT_EVERY writes, a checkpoint."""
        while self._writes:
            batch, self._writes = self._writes, []
            async with self._writer_lock:
                self._settle(batch, await self._run(self._write_batch, batch))
            self._since_checkpoint += len(batch)
            if self._since_checkpoint >= CHECKPOINT_EVERY:
                self._since_checkpoint = 0
                await self._checkpoint()

    async def _run(
        self, run: Callable[[sqlite3.Connection, list[_Job]], list[Any]], jobs: list[_Job]
    ) -> list[Any]:
        """On the loop's own connection: in WAL mode with synchronous=NORMAL a batch is a few
        microseconds of work per statement and a write of the log (no fsync), far less than a
        hand-off to a thread and back — and a thread would also have to win the GIL back for
        every statement. Only when another process holds the file does the batch go to the
        thread, which waits for it (the busy timeout) without stopping the loop."""
        try:
            try:
                return run(self._connection_here(), jobs)
            except _Busy:
                loop = asyncio.get_running_loop()
                try:
                    return await loop.run_in_executor(
                        self._executor, lambda: run(self._connection_there(), jobs)
                    )
                except _Busy as still:  # locked past the busy timeout
                    return [still.__cause__] * len(jobs)
        except sqlite3.Error as exc:  # could not even connect
            return [exc] * len(jobs)
        except BaseException as exc:
            for job in jobs:
                if not job.future.done():
                    job.future.set_exception(exc)
            raise

    @staticmethod
    def _settle(jobs: list[_Job], outcomes: list[Any]) -> None:
        for job, outcome in zip(jobs, outcomes, strict=True):
            if job.future.done():
                continue  # the caller gave up (cancelled); the outcome stands
            if isinstance(outcome, BaseException):
                job.future.set_exception(outcome)
            else:
                job.future.set_result(outcome)

    async def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database file and sync it, on the thread, with
        writes held back meanwhile (reads go on): a checkpoint that writes race past never
        completes, and then the log never starts over but grows without end. Syncing
        on the thread keeps the event loop running; the writes wait for it."""

        def checkpoint() -> None:
            # Read its row: a statement left unfinished would block this connection's commits.
            self._connection_there().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

        loop = asyncio.get_running_loop()
        try:
            async with self._writer_lock:
                await loop.run_in_executor(self._executor, checkpoint)
        except sqlite3.Error:
            log.warning("could not checkpoint the write-ahead log", exc_info=True)

    # --- connections --------------------------------------------------------------------------

    def _connection_here(self) -> sqlite3.Connection:
        if self._here is None:
            connection = self._connect()
            connection.execute("PRAGMA busy_timeout=0")
            connection.execute("PRAGMA wal_autocheckpoint=0")
            self._here = connection
        return self._here

    def _connection_there(self) -> sqlite3.Connection:
        if self._there is None:
            self._there = self._connect()
        return self._there

    def _close_there(self) -> None:
        if self._there is not None:
            self._there.close()
            self._there = None

    # --- one batch (on whichever connection) ------------------------------------------------

    def _read_batch(self, conn: sqlite3.Connection, jobs: list[_Job]) -> list[Any]:
        """The reads in one read transaction (one consistent snapshot)."""
        try:
            conn.execute("BEGIN")
            return [self._attempt(conn, job) for job in jobs]
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode == SQLITE_BUSY:
                raise _Busy() from exc
            return [exc] * len(jobs)
        except sqlite3.Error as exc:
            return [exc] * len(jobs)
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")

    def _write_batch(self, conn: sqlite3.Connection, jobs: list[_Job]) -> list[Any]:
        """The writes in one write transaction, each in a savepoint of its own (one job's
        failure is rolled back alone); a failed commit fails every write of the batch, since
        none of them is kept."""
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode == SQLITE_BUSY:
                raise _Busy() from exc
            return [exc] * len(jobs)
        outcomes: list[Any] = []
        try:
            if len(jobs) == 1:  # alone in its transaction: that is its savepoint
                outcomes.append(self._attempt(conn, jobs[0]))
                conn.execute("ROLLBACK" if isinstance(outcomes[0], BaseException) else "COMMIT")
                return outcomes
            for job in jobs:
                conn.execute("SAVEPOINT action")
                outcome = self._attempt(conn, job)
                if isinstance(outcome, BaseException):
                    conn.execute("ROLLBACK TO action")
                conn.execute("RELEASE action")
                outcomes.append(outcome)
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # Full, read-only, or SQLite rolled everything back itself: nothing of this batch
            # is kept, and every write in it says so.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return [exc] * len(jobs)
        return outcomes

    @staticmethod
    def _attempt(conn: sqlite3.Connection, job: _Job) -> Any:
        try:
            return job.run(conn)
        except (sqlite3.OperationalError, sqlite3.DatabaseError) as exc:
            if isinstance(exc, sqlite3.IntegrityError):
                return exc
            raise  # the database itself failed: the whole batch goes with it
        except Exception as exc:
            return exc

    def _read(
        self, conn: sqlite3.Connection, game_id: int, known: int | None, with_state: bool
    ) -> GameRecord | None:
        if with_state:
            cursor = conn.execute(READ_GAME, {"known": known, "game_id": game_id})
        else:
            known = None
            cursor = conn.execute(READ_GAME_WITHOUT_STATE, (game_id,))
        row = cursor.fetchone()
        if row is None:
            return None
        values = decoded(row, CODEC.read)
        seats = None
        if values[VERSION_AT] != known:
            seats = tuple(
                SeatRecord(*decoded(s, CODEC.seat)) for s in conn.execute(READ_SEATS, (game_id,))
            )
        # The values are the record's fields but seats, in order (mypy cannot count them).
        return GameRecord(*values, seats=seats)  # type: ignore[misc]

    def _write(self, conn: sqlite3.Connection, change: GameWrite) -> Written | None:
        values = CODEC.change(change)
        if conn.execute(WRITE_GAME, values).rowcount != 1:
            return None  # the version moved on: stale, and nothing is written
        created = values["updated_at"]
        conn.executemany(
            WRITE_EVENT,
            [CODEC.event(e, game_id=change.game_id, created_at=created) for e in change.events],
        )
        if change.to_act_mask is not None:
            conn.execute(WRITE_SEATS, (change.to_act_mask, change.game_id))
        if change.seated:
            conn.executemany(
                WRITE_SEATED,
                [(s.user_id, s.display_name, change.game_id, s.seat) for s in change.seated],
            )
        rating = None
        if change.results is not None:
            rating = self._count(conn, change, created)
        delivery_id = None
        if change.delivery is not None:
            delivery_id = conn.execute(WRITE_DELIVERY, CODEC.delivery(change)).lastrowid
        row = conn.execute(READ_WRITTEN, (change.game_id,)).fetchone()
        back = zip(WRITTEN_BACK, row, strict=True)
        return Written(**dict(back), rating=rating, delivery_id=delivery_id)

    @staticmethod
    def _count(
        conn: sqlite3.Connection, change: GameWrite, now: str | None
    ) -> dict[str, list[int]] | None:
        """Count a finished game's results in the same transaction (:mod:`bot.db.counting`):
        the write transaction holds the whole file, so the ratings read stay as read."""
        steps = counting(change, now, json_in)
        read = None
        while True:
            try:
                step = steps.send(read)
            except StopIteration as counted:
                return cast(dict[str, list[int]] | None, counted.value)
            if step.reads:
                read = [conn.execute(step.sql, params).fetchone() for params in step.params]
            else:
                conn.executemany(step.sql, step.params)
                read = None
