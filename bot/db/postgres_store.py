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
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

from bot.db.faults import DatabaseUnavailable
from bot.db.pg_pool import ConnectionPool
from bot.db.records import GameRecord, GameWrite, NewGame, SeatRecord, Written

log = logging.getLogger(__name__)
T = TypeVar("T")

READ_GAME = """
SELECT g.id, g.game_type, g.status, g.settings::text, g.seed, g.salt, g.version, g.ply, g.rated,
       g.challenger_seat, g.outcome::text, g.guild_id, g.channel_id, g.message_id,
       g.ping_message_id, g.locale, g.created_at, g.updated_at, g.expires_at, g.finished_at,
       g.move_seconds, g.deadline_at, g.reminders_sent, g.daily_key,
       CASE WHEN $3::boolean OR g.version = $2::int THEN NULL ELSE g.state::text END,
       CASE WHEN g.version = $2::int THEN NULL ELSE (
           SELECT json_agg(json_build_array(s.seat, s.user_id, s.display_name, s.is_bot, s.to_act)
                           ORDER BY s.seat)::text
           FROM game_seat s WHERE s.game_id = g.id) END
FROM game g WHERE g.id = $1::int
"""

WRITE_ACTION = """
WITH g AS (
    UPDATE game SET state = $3::jsonb, version = version + 1, ply = $4::int, status = $5::text,
        outcome = $6::jsonb, finished_at = $7::timestamptz, deadline_at = $8::timestamptz,
        expires_at = $19::timestamptz,
        reminders_sent = CASE WHEN $9::boolean THEN 0 ELSE reminders_sent END,
        updated_at = $10::timestamptz,
        ping_message_id = CASE WHEN $11::bigint IS NULL THEN ping_message_id ELSE $11::bigint END
    WHERE id = $1::int AND version = $2::int
    RETURNING id, channel_id, message_id, ping_message_id, reminders_sent
), logged AS (
    INSERT INTO game_event (game_id, ply, seat, action, events, public_text_ja, public_text_en,
                            created_at)
    SELECT g.id, x.ply, x.seat, x.action, x.events, x.ja, x.en, $10::timestamptz
    FROM g, unnest($12::int[], $13::int[], $14::text[], $15::jsonb[], $16::text[], $17::text[])
        AS x(ply, seat, action, events, ja, en)
), seats AS (
    UPDATE game_seat SET to_act = (($18::int >> game_seat.seat) & 1) = 1
    FROM g WHERE game_seat.game_id = g.id AND $18::int IS NOT NULL
)
SELECT channel_id, message_id, ping_message_id, reminders_sent FROM g
"""

CREATE_GAME = """
WITH g AS (
    INSERT INTO game (game_type, rules_version, schema_version, status, settings, seed, salt,
                      state, version, ply, rated, challenger_seat, guild_id, channel_id, locale,
                      created_at, updated_at, expires_at, move_seconds, deadline_at,
                      reminders_sent, daily_key)
    VALUES ($1::text, $2::int, $3::int, $4::text, $5::jsonb, $6::bigint, $7::text, $8::jsonb, 1,
            0, $9::boolean, $10::int, $11::bigint, $12::bigint, $13::text, $14::timestamptz,
            $14::timestamptz, $15::timestamptz, $16::int, $17::timestamptz, 0, $18::text)
    RETURNING id
), seats AS (
    INSERT INTO game_seat (game_id, seat, user_id, display_name, is_bot, to_act)
    SELECT g.id, x.seat, x.user_id, x.display_name, x.is_bot, x.to_act
    FROM g, unnest($19::int[], $20::bigint[], $21::text[], $22::boolean[], $23::boolean[])
        AS x(seat, user_id, display_name, is_bot, to_act)
)
SELECT id FROM g
"""

READ_LOG = """
SELECT ply, seat, action, public_text_ja, public_text_en FROM game_event
WHERE game_id = $1::int ORDER BY ply
"""

READ_MOVES = "SELECT seat, action FROM game_event WHERE game_id = $1::int ORDER BY ply"

COUNT_RESULT = """
INSERT INTO player_stat AS p (guild_id, user_id, game_key, played, won, drawn, lost,
                              current_streak, best_streak, rated_games, updated_at)
VALUES ($1::bigint, $2::bigint, $3::text, 1, $4::int, $5::int, $6::int, $4::int, $4::int, 0,
        $7::timestamptz)
ON CONFLICT (guild_id, user_id, game_key) DO UPDATE SET
    played = p.played + 1, won = p.won + excluded.won, drawn = p.drawn + excluded.drawn,
    lost = p.lost + excluded.lost,
    current_streak = CASE WHEN excluded.won = 1 THEN p.current_streak + 1 ELSE 0 END,
    best_streak = CASE WHEN excluded.won = 1 AND p.current_streak + 1 > p.best_streak
                       THEN p.current_streak + 1 ELSE p.best_streak END,
    updated_at = excluded.updated_at
"""

READ_RATING = """
SELECT rating_mu, rating_sigma FROM player_stat
WHERE guild_id = $1::bigint AND user_id = $2::bigint AND game_key = $3::text FOR UPDATE
"""

WRITE_RATING = """
UPDATE player_stat SET rating_mu = $1::float8, rating_sigma = $2::float8,
    rated_games = rated_games + 1, updated_at = $3::timestamptz
WHERE guild_id = $4::bigint AND user_id = $5::bigint AND game_key = $6::text
"""

WRITE_OUTCOME = "UPDATE game SET outcome = $2::jsonb WHERE id = $1::int"

SAVE_PINGS = """
UPDATE game SET ping_message_id = x.new
FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS x(id, old, new)
WHERE game.id = x.id AND game.ping_message_id IS NOT DISTINCT FROM x.old
RETURNING game.id
"""

#: Connections of the hot path's own pool (the ORM's engine keeps its own for the rest).
POOL_SIZE = 10


def _json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


class PostgresGameStore:
    def __init__(self, connect_kwargs: dict[str, Any], pool_size: int = POOL_SIZE) -> None:
        self._connections = ConnectionPool(connect_kwargs, pool_size)

    async def read(
        self, game_id: int, known_version: int | None = None, *, with_state: bool = True
    ) -> GameRecord | None:
        row = await self._run(
            lambda c: c.fetchrow(READ_GAME, game_id, known_version, not with_state), retry=True
        )
        if row is None:
            return None
        seats = None
        if row[25] is not None:
            seats = tuple(SeatRecord(*s) for s in json.loads(row[25]))
        return GameRecord(
            id=row[0],
            game_type=row[1],
            status=row[2],
            settings=json.loads(row[3]),
            seed=row[4],
            salt=row[5],
            version=row[6],
            ply=row[7],
            rated=row[8],
            challenger_seat=row[9],
            outcome=_json(row[10]),
            guild_id=row[11],
            channel_id=row[12],
            message_id=row[13],
            ping_message_id=row[14],
            locale=row[15],
            created_at=row[16],
            updated_at=row[17],
            expires_at=row[18],
            finished_at=row[19],
            move_seconds=row[20],
            deadline_at=row[21],
            reminders_sent=row[22],
            daily_key=row[23],
            state=_json(row[24]),
            seats=seats,
        )

    async def create(self, game: NewGame) -> int:
        seats = game.seats
        args = (
            game.game_type,
            game.rules_version,
            game.schema_version,
            game.status,
            json.dumps(game.settings),
            game.seed,
            game.salt,
            json.dumps(game.state),
            game.rated,
            game.challenger_seat,
            game.guild_id,
            game.channel_id,
            game.locale,
            game.created_at,
            game.expires_at,
            game.move_seconds,
            game.deadline_at,
            game.daily_key,
            [s.seat for s in seats],
            [s.user_id for s in seats],
            [s.display_name for s in seats],
            [s.is_bot for s in seats],
            [s.to_act for s in seats],
        )
        return int(await self._run(lambda c: c.fetchval(CREATE_GAME, *args), retry=False))

    async def write(self, change: GameWrite) -> Written | None:
        events = change.events
        args = (
            change.game_id,
            change.seen_version,
            json.dumps(change.state),
            change.ply,
            change.status,
            None if change.outcome is None else json.dumps(change.outcome),
            change.finished_at,
            change.deadline_at,
            change.reset_reminders,
            change.updated_at,
            change.ping_message_id,
            [e.ply for e in events],
            [e.seat for e in events],
            [e.action for e in events],
            [json.dumps(e.events) for e in events],
            [e.public_text_ja for e in events],
            [e.public_text_en for e in events],
            change.to_act_mask,
            change.expires_at,
        )
        try:
            if change.results is None:
                # An ordinary action: one statement, one round trip.
                row = await self._run(lambda c: c.fetchrow(WRITE_ACTION, *args), retry=False)
                rating = None
            else:
                row, rating = await self._run(lambda c: self._finish(c, change, args), retry=False)
        except asyncpg.UniqueViolationError:
            return None  # the (game, ply) already logged: a lost race, like a moved version
        return None if row is None else Written(row[0], row[1], row[2], row[3], rating)

    @staticmethod
    async def _finish(
        connection: asyncpg.Connection, change: GameWrite, args: tuple[Any, ...]
    ) -> tuple[Any, dict[str, list[int]] | None]:
        """A finishing change: the same guarded statement, then the results it counts and
        (rated) the new ratings, in one transaction — so they are counted exactly once."""
        results = change.results
        assert results is not None
        guild, key, now = results.guild_id, results.game_key, change.updated_at
        # Rows locked in user order: two games of the same pair finishing at once can't
        # deadlock however the seats were assigned.
        people = sorted(results.seats, key=lambda s: s.user_id)
        async with connection.transaction():
            row = await connection.fetchrow(WRITE_ACTION, *args)
            if row is None:
                return None, None
            await connection.executemany(
                COUNT_RESULT,
                [(guild, s.user_id, key, s.won, s.drawn, s.lost, now) for s in people],
            )
            if results.rate is None:
                return row, None
            locked = {
                s.user_id: await connection.fetchrow(READ_RATING, guild, s.user_id, key)
                for s in people
            }
            before = [(locked[s.user_id][0], locked[s.user_id][1]) for s in results.seats]
            after, changes = results.rate(before)
            await connection.executemany(
                WRITE_RATING,
                [
                    (mu, sigma, now, guild, s.user_id, key)
                    for s, (mu, sigma) in zip(results.seats, after, strict=True)
                ],
            )
            outcome = {**(change.outcome or {}), "rating": changes}
            await connection.execute(WRITE_OUTCOME, change.game_id, json.dumps(outcome))
        return row, changes

    async def read_log(self, game_id: int) -> list[tuple[int, int | None, str, str, str]]:
        rows = await self._run(lambda c: c.fetch(READ_LOG, game_id), retry=True)
        return [(row[0], row[1], row[2], row[3], row[4]) for row in rows]

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
        await self._connections.close()

    async def _run(
        self, statement: Callable[[asyncpg.Connection], Awaitable[T]], *, retry: bool
    ) -> T:
        """Run one statement (or one short transaction) on a connection of the pool. A
        connection that turns out closed before the statement went out is replaced once; reads
        (``retry``) are also sent again after a connection lost in the middle."""
        for attempt in (1, 2):
            try:
                return await self._on_a_connection(statement)
            except asyncpg.InterfaceError as exc:
                if attempt == 2 or "closed" not in str(exc):
                    log.warning("database unavailable: %s", exc)
                    raise DatabaseUnavailable() from exc
            except (asyncpg.AdminShutdownError, asyncpg.InternalClientError) as exc:
                # The server ended the session (a restart, pg_terminate_backend): a statement
                # it was running is rolled back, and one the client would not start while the
                # ending was being read was never sent; so sending it again is safe.
                if attempt == 2:
                    log.warning("database unavailable: %s", exc)
                    raise DatabaseUnavailable() from exc
            except (asyncpg.ConnectionDoesNotExistError, OSError) as exc:
                if attempt == 2 or not retry:
                    log.warning("database connection lost: %s", exc)
                    raise DatabaseUnavailable() from exc
            except (asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError) as exc:
                log.warning("database unavailable: %s", exc)
                raise DatabaseUnavailable() from exc
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
