"""The hot path on PostgreSQL: one round trip per read and one per ordinary action.

An action's guarded update, its event rows and its seats are one statement (data-modifying
CTEs that all hang on the guarded UPDATE: no row, nothing else happens either), run in
autocommit on a connection of our own small pool (:mod:`bot.db.pg_pool`): no BEGIN, no
COMMIT, no pre-ping, no reset on release — one round trip. asyncpg keeps each statement
prepared per connection.

A connection found closed before anything was sent (the server restarted) is replaced and the
statement sent again; one lost in the middle of a write is a friendly refusal, since whether it
committed is unknown (a retry by the player then meets the version guard).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

import asyncpg

from bot.db.batcher import Batcher
from bot.db.bookkeeping import Bookkeeping
from bot.db.counting import counting
from bot.db.faults import DatabaseUnavailable, Outage, cannot_reach
from bot.db.game_columns import (
    CREATE_SEAT_COLUMNS,
    DELIVERY_COLUMNS,
    RECORD_FIELDS,
    WRITTEN_BACK,
    Codec,
    Kind,
    decoded,
    event_values,
    seat_values,
)
from bot.db.marks import Mark, mark_statements, marks_of
from bot.db.pg_pool import ConnectionPool
from bot.db.postgres_sql import (
    COUNTING,
    CREATE_GAME,
    READ_GAME,
    READ_GAMES,
    READ_LOG,
    READ_MOVES,
    READ_PUBLISHED,
    SAVE_PINGS,
    WRITE_ACTION,
    WRITE_ACTIONS,
    WRITE_SEATED,
)
from bot.db.records import GameRecord, GameWrite, NewGame, SeatRecord, Written

log = logging.getLogger(__name__)

#: A player's web page's mark (:mod:`bot.db.marks`), for players by id.
MARKS = mark_statements("= ANY($1::bigint[])")
T = TypeVar("T")

#: Connections of the hot path's own pool (the ORM's engine keeps its own for the rest).
POOL_SIZE = 10


def _json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _json_in(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


#: JSON travels as text both ways (the statements cast it): ``json`` is faster than the codec.
CODEC = Codec(encode={Kind.JSON: _json_in}, decode={Kind.JSON: _json})
SEATS_AT = RECORD_FIELDS.index("seats")


def _record(row: Sequence[Any]) -> GameRecord:
    """A game read by READ_GAME or READ_GAMES: the record's fields in its order (seats last, a
    JSON array of objects by column)."""
    values, seats = decoded(row[:SEATS_AT], CODEC.read), row[SEATS_AT]
    if seats is not None:
        seats = tuple(SeatRecord(**s) for s in json.loads(seats))
    # The values are the record's fields but seats, in order (mypy cannot count them).
    return GameRecord(*values, seats=seats)  # type: ignore[misc]


def _arrays(
    prefix: str, rows: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> dict[str, list[Any]]:
    """``rows`` as one list per column (``prefix`` + name), the arrays ``unnest`` takes."""
    return {prefix + name: [row[name] for row in rows] for name in names}


#: Events travel as one JSON text (``json_to_recordset``): a document column goes as it is.
_events_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _events(changes: Sequence[GameWrite]) -> dict[str, str]:
    """The events of ``changes`` as one JSON array, ``idx`` the place of each one's change."""
    events = [
        {**event_values(e), "idx": n} for n, change in enumerate(changes) for e in change.events
    ]
    return {"events": _events_json(events)}


#: A change that owes nothing: its delivery's values all ``None`` (the statement skips it).
_NOTHING_OWED = dict.fromkeys(f"delivery_{name}" for name in DELIVERY_COLUMNS)


def _delivery(change: GameWrite) -> dict[str, Any]:
    """The change's delivery row as values by ``delivery_`` and its column."""
    if change.delivery is None:
        return _NOTHING_OWED
    return {f"delivery_{name}": value for name, value in CODEC.delivery(change).items()}


def _deliveries(changes: Sequence[GameWrite]) -> dict[str, list[Any]]:
    """The deliveries of ``changes`` as arrays, ``delivery_idx`` the place of each one's
    change."""
    rows = [
        {**CODEC.delivery(c), "idx": n} for n, c in enumerate(changes) if c.delivery is not None
    ]
    return _arrays("delivery_", rows, ("idx", *DELIVERY_COLUMNS))


def _batch_args(changes: Sequence[GameWrite]) -> list[Any]:
    """WRITE_ACTIONS' arrays: one entry per action (``idx`` its place), one per event, one
    per delivery."""
    rows = [{**CODEC.change(c), "idx": n} for n, c in enumerate(changes)]
    values = {**_arrays("", rows, list(rows[0])), **_events(changes), **_deliveries(changes)}
    return WRITE_ACTIONS.args(values)


class PostgresGameStore(Bookkeeping):
    def __init__(
        self,
        connect_kwargs: dict[str, Any],
        pool_size: int = POOL_SIZE,
        outage: Outage | None = None,
    ) -> None:
        self._connections = ConnectionPool(connect_kwargs, pool_size)
        #: Told of every refusal and of each success (the database's, see ``Database.outage``).
        self._outage = outage or Outage()
        self._reads: Batcher[tuple[int, int | None], GameRecord | None] = Batcher(
            self._read_batch, inline=True
        )
        self._writes: Batcher[GameWrite, Written | None] = Batcher(self._write_batch)

    async def read(
        self, game_id: int, known_version: int | None = None, *, with_state: bool = True
    ) -> GameRecord | None:
        if not with_state:
            args = READ_GAME.args({"game_id": game_id, "known": None, "without_state": True})
            row = await self._run(lambda c: c.fetchrow(READ_GAME.sql, *args), retry=True)
            return None if row is None else _record(row)
        return await self._reads.submit((game_id, known_version))

    async def _read_batch(
        self, requests: list[tuple[int, int | None]]
    ) -> list[GameRecord | BaseException | None]:
        """The games asked for meanwhile, in one statement (one alone: its own, cheaper one)."""
        if len(requests) == 1:
            [(game_id, known)] = requests
            args = READ_GAME.args({"game_id": game_id, "known": known, "without_state": False})
            row = await self._run(lambda c: c.fetchrow(READ_GAME.sql, *args), retry=True)
            return [None if row is None else _record(row)]
        ids = [game_id for game_id, _ in requests]
        held = [version for _, version in requests]
        args = READ_GAMES.args({"game_ids": ids, "known": held})
        rows = await self._run(lambda c: c.fetch(READ_GAMES.sql, *args), retry=True)
        out: list[GameRecord | BaseException | None] = [None] * len(requests)
        for row in rows:
            out[row["ord"] - 1] = _record(row)
        return out

    async def create(self, game: NewGame) -> int:
        seats = [seat_values(s) for s in game.seats]
        values = CODEC.new_game(game)
        args = CREATE_GAME.args({**values, **_arrays("seat_", seats, CREATE_SEAT_COLUMNS)})
        return int(await self._run(lambda c: c.fetchval(CREATE_GAME.sql, *args), retry=False))

    async def write(self, change: GameWrite) -> Written | None:
        if change.results is not None or change.seated:
            return await self._write_one(change)  # more than one statement: its own transaction
        return await self._writes.submit(change)

    async def _write_batch(self, changes: list[GameWrite]) -> list[Written | BaseException | None]:
        """The ordinary actions written meanwhile, in one statement (group commit: PostgreSQL
        commits them together). A second action on a game already in the batch goes after it
        on its own; if the statement is refused (a deadlock with another process's batch, a
        ply already logged), each action goes on its own, so no action fails another."""
        if len(changes) == 1:
            return [await self._write_alone(changes[0])]
        now: list[int] = []
        later: list[int] = []
        games: set[int] = set()
        for n, change in enumerate(changes):
            (later if change.game_id in games else now).append(n)
            games.add(change.game_id)
        outcomes: list[Written | BaseException | None] = [None] * len(changes)
        args = _batch_args([changes[n] for n in now])
        try:
            rows = await self._run(lambda c: c.fetch(WRITE_ACTIONS.sql, *args), retry=False)
        except asyncpg.PostgresError:
            later = now + later
        else:
            written = {
                row["idx"]: Written(
                    **{name: row[name] for name in WRITTEN_BACK}, delivery_id=row["delivery_id"]
                )
                for row in rows
            }
            for k, n in enumerate(now):
                outcomes[n] = written.get(k)
        for n in sorted(later):
            outcomes[n] = await self._write_alone(changes[n])
        return outcomes

    async def _write_alone(self, change: GameWrite) -> Written | BaseException | None:
        try:
            return await self._write_one(change)
        except DatabaseUnavailable as exc:
            return exc

    async def _write_one(self, change: GameWrite) -> Written | None:
        args = WRITE_ACTION.args({**CODEC.change(change), **_events([change]), **_delivery(change)})
        try:
            if change.results is None and not change.seated:
                # An ordinary action: one statement, one round trip.
                row = await self._run(lambda c: c.fetchrow(WRITE_ACTION.sql, *args), retry=False)
                rating = None
            else:
                row, rating = await self._run(
                    lambda c: self._transaction(c, change, args), retry=False
                )
        except asyncpg.UniqueViolationError:
            return None  # the (game, ply) already logged: a lost race, like a moved version
        if row is None:
            return None
        back = {name: row[name] for name in WRITTEN_BACK}
        return Written(**back, rating=rating, delivery_id=row["delivery_id"])

    @staticmethod
    async def _transaction(
        connection: asyncpg.Connection, change: GameWrite, args: list[Any]
    ) -> tuple[Any, dict[str, list[int]] | None]:
        """A change of more than the one statement: the same guarded statement, then the seats
        someone new holds, the results a finishing change counts and (rated) the new ratings
        (:mod:`bot.db.counting`), in one transaction — so they are counted exactly once."""
        async with connection.transaction():
            row = await connection.fetchrow(WRITE_ACTION.sql, *args)
            if row is None:
                return None, None
            if change.seated:
                await connection.executemany(
                    WRITE_SEATED,
                    [(change.game_id, s.seat, s.user_id, s.display_name) for s in change.seated],
                )
            if change.results is None:
                return row, None
            steps = counting(change, change.updated_at, json.dumps)
            read = None
            while True:
                try:
                    step = steps.send(read)
                except StopIteration as counted:
                    return row, counted.value
                statement = COUNTING[step.sql]
                rows = [statement.args(params) for params in step.params]
                if step.reads:
                    read = [await connection.fetchrow(statement.sql, *values) for values in rows]
                else:
                    await connection.executemany(statement.sql, rows)
                    read = None

    async def read_log(self, game_id: int) -> list[tuple[int, int | None, str, str, str]]:
        rows = await self._run(lambda c: c.fetch(READ_LOG, game_id), retry=True)
        return [(row[0], row[1], row[2], row[3], row[4]) for row in rows]

    async def read_published(self) -> list[tuple[int, str]]:
        rows = await self._run(lambda c: c.fetch(READ_PUBLISHED), retry=True)
        return [(row[0], row[1]) for row in rows]

    async def read_marks(self, user_ids: Sequence[int]) -> dict[int, Mark]:
        ids = [int(user_id) for user_id in user_ids]
        if not ids:
            return {}

        async def run(connection: asyncpg.Connection) -> dict[int, Mark]:
            # One snapshot for the four, as SQLite's read batch is.
            async with connection.transaction(readonly=True, isolation="repeatable_read"):
                rows = [await connection.fetch(sql, ids) for sql in MARKS]
            return marks_of(*rows)

        return await self._run(run, retry=True)

    async def read_moves(self, game_id: int) -> list[tuple[int | None, str]]:
        rows = await self._run(lambda c: c.fetch(READ_MOVES, game_id), retry=True)
        return [(row[0], row[1]) for row in rows]

    async def save_pings(self, pings: dict[int, tuple[int | None, int]]) -> set[int]:
        ids = list(pings)
        olds = [pings[i][0] for i in ids]
        news = [pings[i][1] for i in ids]
        rows = await self._run(lambda c: c.fetch(SAVE_PINGS, ids, olds, news), retry=False)
        return {row[0] for row in rows}

    async def close(self) -> None:
        await self._reads.close()
        await self._writes.close()
        await self._connections.close()

    async def _run(
        self, statement: Callable[[asyncpg.Connection], Awaitable[T]], *, retry: bool
    ) -> T:
        """Run one statement (or one short transaction) on a connection of the pool. A
        connection that turns out closed before the statement went out is replaced once; reads
        (``retry``) are also sent again after a connection lost in the middle. A database that
        cannot be used (see :func:`~bot.db.faults.cannot_reach`) is one friendly refusal."""
        began_in = self._outage.since
        for attempt in (1, 2):
            try:
                result = await self._on_a_connection(statement)
            except asyncpg.InterfaceError as exc:
                if attempt == 2 or "closed" not in str(exc):
                    raise self._outage.failed(exc) from exc
            except (asyncpg.AdminShutdownError, asyncpg.InternalClientError) as exc:
                # The server ended the session (a restart, pg_terminate_backend): a statement
                # it was running is rolled back, and one the client would not start while the
                # ending was being read was never sent; so sending it again is safe.
                if attempt == 2:
                    raise self._outage.failed(exc) from exc
            except (asyncpg.ConnectionDoesNotExistError, OSError) as exc:
                if attempt == 2 or not retry:
                    raise self._outage.failed(exc) from exc
            except Exception as exc:
                # Refusing connections (CannotConnectNowError, too many, a database that takes
                # none); anything else (a lost race, a deadlock) is the caller's.
                if not cannot_reach(exc):
                    raise
                raise self._outage.failed(exc) from exc
            else:
                if began_in is not None:  # begun during an outage: this answer may end it
                    self._outage.answered(began_in)
                return result
        raise AssertionError("unreachable")

    async def _on_a_connection(self, statement: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        connection = await self._connections.acquire()
        try:
            result = await statement(connection)
        except asyncpg.PostgresError:
            self._connections.release(connection)  # the server refused it: the link is fine
            raise
        except BaseException:
            # Cancelled or cut off midway: the connection's state is unknown, so it goes.
            connection.terminate()
            self._connections.release(connection)
            raise
        self._connections.release(connection)
        return result
