"""The hot path's statements on PostgreSQL (see :mod:`bot.db.postgres_store`).

The game's statements are built from :mod:`bot.db.game_columns` and written with named
parameters (``:state::jsonb``), numbered for asyncpg by :class:`Statement`: a column added to
the model and its record appears in every one of them, and arguments are given by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.db.counting import COUNT_RESULT, READ_RATING, WRITE_OUTCOME, WRITE_RATING
from bot.db.game_columns import (
    BUMPED_VERSION_SQL,
    CREATE_COLUMNS,
    CREATE_SEAT_COLUMNS,
    DELIVERY,
    DELIVERY_COLUMNS,
    EVENT,
    EVENT_COLUMNS,
    GAME,
    KEPT_UNLESS_GIVEN,
    READ_COLUMNS,
    SEAT,
    SEAT_COLUMNS,
    WRITE_COLUMNS,
    WRITTEN_BACK,
    Kind,
    kind_of,
    pg_type,
)

_PARAMETER = re.compile(r"(?<![:\w]):([a-z_][a-z0-9_]*)")


class Statement:
    """SQL with named parameters, numbered (``$1`` …) for asyncpg; ``args`` lists the
    arguments in that order from values given by name."""

    def __init__(self, sql: str) -> None:
        names: list[str] = []

        def number(match: re.Match[str]) -> str:
            if match[1] not in names:
                names.append(match[1])
            return f"${names.index(match[1]) + 1}"

        self.sql = _PARAMETER.sub(number, sql)
        self.names = tuple(names)

    def args(self, values: Mapping[str, Any]) -> list[Any]:
        return [values[name] for name in self.names]


def _list(names: tuple[str, ...], alias: str = "") -> str:
    return ", ".join(f"{alias}{name}" for name in names)


def _read_list(alias: str) -> str:
    """A read's columns of ``game`` (as ``alias``), JSON as text (``json`` decodes it faster
    than asyncpg's codec), each named as its column."""
    return ", ".join(
        f"{alias}.{name}::text AS {name}"
        if kind_of(GAME.c[name]) is Kind.JSON
        else f"{alias}.{name}"
        for name in READ_COLUMNS
    )


def _arrays(prefix: str, table: Any, names: tuple[str, ...]) -> str:
    """One array parameter per column (``:prefix_name::type[]``), for ``unnest``."""
    return ", ".join(f":{prefix}{name}::{pg_type(table.c[name])}[]" for name in names)


#: A game's seats as one JSON array of objects keyed by column, in seat order.
_SEATS = (
    "(SELECT json_agg(json_build_object("
    + ", ".join(f"'{name}', s.{name}" for name in SEAT_COLUMNS)
    + ") ORDER BY s.seat)::text FROM game_seat s WHERE s.game_id = g.id)"
)

READ_GAME = Statement(f"""
SELECT {_read_list("g")},
       CASE WHEN :without_state::boolean OR g.version = :known::int THEN NULL
            ELSE g.state::text END AS state,
       CASE WHEN g.version = :known::int THEN NULL ELSE {_SEATS} END AS seats
FROM game g WHERE g.id = :game_id::int
""")

#: A delivery's columns but its game's (the guarded UPDATE's row gives that).
_OWED = DELIVERY_COLUMNS[1:]


#: The events of one action (or of a batch: ``idx``, the action's place in it) as one JSON
#: array of objects by column, not an array per column: asyncpg checks each array parameter and
#: each of its elements against the ``collections.abc`` classes, two Python calls apiece.
def _events_of(alias: str, *more: str) -> str:
    columns = ", ".join(f"{n} {pg_type(EVENT.c[n])}" for n in EVENT_COLUMNS)
    return (
        f"json_to_recordset(:events::json) AS {alias}({''.join(m + ', ' for m in more)}{columns})"
    )


WRITE_ACTION = Statement(f"""
WITH g AS (
    UPDATE game SET {", ".join(f"{n} = :{n}::{pg_type(GAME.c[n])}" for n in WRITE_COLUMNS)},
        {", ".join(f"{n} = COALESCE(:{n}::{pg_type(GAME.c[n])}, {n})" for n in KEPT_UNLESS_GIVEN)},
        version = {BUMPED_VERSION_SQL},
        reminders_sent = CASE WHEN :reset_reminders::boolean THEN 0 ELSE reminders_sent END
    WHERE id = :game_id::int AND version = :seen_version::int
    RETURNING id, {_list(WRITTEN_BACK)}
), logged AS (
    INSERT INTO game_event (game_id, created_at, {_list(EVENT_COLUMNS)})
    SELECT g.id, :updated_at::timestamptz, {_list(EVENT_COLUMNS, "x.")}
    FROM g, {_events_of("x")}
), seats AS (
    UPDATE game_seat SET to_act = ((:to_act_mask::int >> game_seat.seat) & 1) = 1
    FROM g WHERE game_seat.game_id = g.id AND :to_act_mask::int IS NOT NULL
), owed AS (
    INSERT INTO delivery ({_list(DELIVERY_COLUMNS)})
    SELECT g.id, {", ".join(f":delivery_{n}::{pg_type(DELIVERY.c[n])}" for n in _OWED)}
    FROM g WHERE :delivery_kind::text IS NOT NULL
    RETURNING id
)
SELECT {_list(WRITTEN_BACK)}, (SELECT id FROM owed) AS delivery_id FROM g
""")

CREATE_GAME = Statement(f"""
WITH g AS (
    INSERT INTO game ({_list(CREATE_COLUMNS)})
    VALUES ({", ".join(f":{n}::{pg_type(GAME.c[n])}" for n in CREATE_COLUMNS)})
    RETURNING id
), seats AS (
    INSERT INTO game_seat (game_id, {_list(CREATE_SEAT_COLUMNS)})
    SELECT g.id, {_list(CREATE_SEAT_COLUMNS, "x.")}
    FROM g, unnest({_arrays("seat_", SEAT, CREATE_SEAT_COLUMNS)})
        AS x({_list(CREATE_SEAT_COLUMNS)})
)
SELECT id FROM g
""")

READ_LOG = """
SELECT ply, seat, action, public_text_ja, public_text_en FROM game_event
WHERE game_id = $1::int ORDER BY ply
"""

READ_MOVES = "SELECT seat, action FROM game_event WHERE game_id = $1::int ORDER BY ply"
READ_PUBLISHED = (
    "SELECT guild_id, web_name FROM guild_setting WHERE web_name IS NOT NULL ORDER BY guild_id"
)

#: The counting statements (:mod:`bot.db.counting`) numbered for asyncpg; the ratings read are
#: locked until the commit (on SQLite the write transaction holds the whole file already).
COUNTING = {
    sql: Statement(sql + (" FOR UPDATE" if sql is READ_RATING else ""))
    for sql in (COUNT_RESULT, READ_RATING, WRITE_RATING, WRITE_OUTCOME)
}

#: A seat someone new holds (the DM notice of whoever sat there before is not theirs).
WRITE_SEATED = """
UPDATE game_seat SET user_id = $3::bigint, display_name = $4::text, dm_ping_message_id = NULL
WHERE game_id = $1::int AND seat = $2::int
"""

SAVE_PINGS = """
UPDATE game SET ping_message_id = x.new
FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS x(id, old, new)
WHERE game.id = x.id AND game.ping_message_id IS NOT DISTINCT FROM x.old
RETURNING game.id
"""

#: Many games in one statement: ``game_ids`` their ids, ``known`` the versions held (state and
#: seats left out where equal), ``ord`` (after the record's fields) each request's place in
#: the batch.
READ_GAMES = Statement(f"""
SELECT {_read_list("g")},
       CASE WHEN g.version = q.known THEN NULL ELSE g.state::text END AS state,
       CASE WHEN g.version = q.known THEN NULL ELSE {_SEATS} END AS seats,
       q.ord AS ord
FROM unnest(:game_ids::int[], :known::int[]) WITH ORDINALITY AS q(id, known, ord)
JOIN game g ON g.id = q.id
""")

_BATCHED = ("idx", "game_id", "seen_version", *WRITE_COLUMNS, *KEPT_UNLESS_GIVEN)

#: Many ordinary actions (on distinct games) in one statement: each game's guarded UPDATE, the
#: events of those whose version still matched (joined by ``idx``, the action's place in the
#: batch), their seats; one row back per action that was written.
WRITE_ACTIONS = Statement(f"""
WITH x AS (
    SELECT * FROM unnest(:idx::int[], :game_id::int[], :seen_version::int[],
                         {_arrays("", GAME, (*WRITE_COLUMNS, *KEPT_UNLESS_GIVEN))},
                         :reset_reminders::boolean[], :to_act_mask::int[])
        AS x({_list(_BATCHED)}, reset_reminders, to_act_mask)
), g AS (
    UPDATE game SET {", ".join(f"{n} = x.{n}" for n in WRITE_COLUMNS)},
        {", ".join(f"{n} = COALESCE(x.{n}, game.{n})" for n in KEPT_UNLESS_GIVEN)},
        version = {BUMPED_VERSION_SQL},
        reminders_sent = CASE WHEN x.reset_reminders THEN 0 ELSE game.reminders_sent END
    FROM x WHERE game.id = x.game_id AND game.version = x.seen_version
    RETURNING x.idx, game.id, {_list(WRITTEN_BACK, "game.")}, x.to_act_mask, x.updated_at
), logged AS (
    INSERT INTO game_event (game_id, created_at, {_list(EVENT_COLUMNS)})
    SELECT g.id, g.updated_at, {_list(EVENT_COLUMNS, "e.")}
    FROM {_events_of("e", "idx int")}
    JOIN g ON g.idx = e.idx
), seats AS (
    UPDATE game_seat SET to_act = ((g.to_act_mask >> game_seat.seat) & 1) = 1
    FROM g WHERE game_seat.game_id = g.id AND g.to_act_mask IS NOT NULL
), owed AS (
    INSERT INTO delivery ({_list(DELIVERY_COLUMNS)})
    SELECT g.id, {_list(_OWED, "d.")}
    FROM unnest(:delivery_idx::int[], {_arrays("delivery_", DELIVERY, _OWED)})
        AS d(idx, {_list(_OWED)})
    JOIN g ON g.idx = d.idx
    RETURNING game_id, id
)
SELECT idx, {_list(WRITTEN_BACK)}, (SELECT o.id FROM owed o WHERE o.game_id = g.id) AS delivery_id
FROM g
""")
