"""The game record's one definition, as every path that reads or writes a game sees it.

The ORM model (:class:`GameRow`, :class:`GameSeatRow`, :class:`GameEventRow`) says which
columns there are and how each is stored; the record types of :mod:`bot.db.records` say what a
read returns, what an action's write changes and what a new game holds. Everything else is
derived here from those two, by name: the column lists of the hand-written stores' statements,
how each value travels (JSON, a UTC time, a flag), the values a new game starts with, and the
version's bump. A column added to the model and to a record is then read, written and created
by the ORM and by both stores, with nothing else to edit — and a record field that is not a
column fails at import.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from operator import attrgetter, itemgetter
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Column, Integer, String, Table

from bot.db.models import (
    FIRST_VERSION,
    DeliveryRow,
    GameEventRow,
    GameRow,
    GameSeatRow,
    next_version,
)
from bot.db.records import (
    DeliveryWrite,
    EventRecord,
    GameRecord,
    GameWrite,
    NewGame,
    SeatRecord,
    Written,
)
from bot.db.types import StatusType, UTCDateTime
from bot.statuses import BoardReach

GAME: Table = GameRow.__table__  # type: ignore[assignment]
SEAT: Table = GameSeatRow.__table__  # type: ignore[assignment]
EVENT: Table = GameEventRow.__table__  # type: ignore[assignment]
DELIVERY: Table = DeliveryRow.__table__  # type: ignore[assignment]


class Kind(enum.Enum):
    """How a column's value travels between Python and the driver."""

    PLAIN = "plain"
    #: SQLite hands booleans back as 0/1.
    FLAG = "flag"
    #: A JSON document (text on SQLite, jsonb on PostgreSQL).
    JSON = "json"
    #: An aware UTC time (naive UTC text on SQLite, timestamptz on PostgreSQL).
    TIME = "time"
    #: A status (text on every driver; read back as its vocabulary's member).
    STATUS = "status"


def kind_of(column: Column[Any]) -> Kind:
    kind = column.type
    if isinstance(kind, UTCDateTime):
        return Kind.TIME
    if isinstance(kind, StatusType):
        return Kind.STATUS
    if isinstance(kind, JSON):
        return Kind.JSON
    if isinstance(kind, Boolean):
        return Kind.FLAG
    return Kind.PLAIN


def pg_type(column: Column[Any]) -> str:
    """The cast a PostgreSQL statement gives a parameter bound to ``column``."""
    kind, sql = kind_of(column), column.type
    if kind is Kind.TIME:
        return "timestamptz"
    if kind is Kind.JSON:
        return "jsonb"
    if kind is Kind.FLAG:
        return "boolean"
    if kind is Kind.STATUS:
        return "text"
    if isinstance(sql, BigInteger):
        return "bigint"
    if isinstance(sql, Integer):
        return "int"
    if isinstance(sql, String):
        return "text"
    raise TypeError(f"no PostgreSQL cast for column {column.name} ({sql!r})")


def _columns(record: type, table: Table, *, only_columns: bool = True) -> tuple[str, ...]:
    """The fields of ``record`` that are columns of ``table``, in the record's order; with
    ``only_columns=False`` every field must be one."""
    names = tuple(f.name for f in fields(record))
    missing = [name for name in names if name not in table.c]
    if not only_columns and missing:
        raise TypeError(f"{record.__name__} fields {missing} are not columns of {table.name}")
    return tuple(name for name in names if name in table.c)


#: What a read returns, in :class:`GameRecord`'s own order: the game's columns, its state (left
#: out when the caller holds it), its seats (a table of their own). The stores select them in
#: this order, so a row read is the record's arguments as they come: no dict, no keywords, and
#: no place in a row written by hand (the hot path reads a game on every action).
RECORD_FIELDS = tuple(f.name for f in fields(GameRecord))
READ_COLUMNS = RECORD_FIELDS[:-2]
if RECORD_FIELDS[-2:] != ("state", "seats") or set(READ_COLUMNS) - set(GAME.c.keys()):
    raise TypeError("GameRecord: the game's columns, then state and seats")
#: A seat as a read returns it, and as a new game's seat is written.
SEAT_COLUMNS = _columns(SeatRecord, SEAT, only_columns=False)
#: A logged action (besides its game and time).
EVENT_COLUMNS = _columns(EventRecord, EVENT, only_columns=False)
#: Columns an action's write may leave as they are: ``None`` in the write keeps the stored value.
KEPT_UNLESS_GIVEN = ("ping_message_id",)
#: Columns an action's write sets as given.
WRITE_COLUMNS = tuple(n for n in _columns(GameWrite, GAME) if n not in KEPT_UNLESS_GIVEN)
#: What guards a write and what it does besides setting columns: by its fields' names.
WRITE_GUARDS = ("game_id", "seen_version", "reset_reminders", "to_act_mask")
#: Everything a write's statement is given, by name.
WRITE_VALUES = (*WRITE_COLUMNS, *KEPT_UNLESS_GIVEN, *WRITE_GUARDS)
#: Columns a write reads back in its transaction (those that change without the version).
WRITTEN_BACK = _columns(Written, GAME)
#: What a change owes people (:class:`DeliveryWrite`), as the columns of its ``delivery`` row.
OWED_COLUMNS = _columns(DeliveryWrite, DELIVERY, only_columns=False)
#: Every column a delivery is inserted with (all but the id the database assigns).
DELIVERY_COLUMNS = ("game_id", *OWED_COLUMNS, "created_at", "attempts")
if set(DELIVERY_COLUMNS) != {c.name for c in DELIVERY.c} - {"id", "last_error"}:
    raise TypeError("a new delivery must set every delivery column: see DeliveryWrite")

# Each of these reads a record's fields in one call (the hot path does it on every action).
_write_of = attrgetter(*WRITE_VALUES)
_event_of = attrgetter(*EVENT_COLUMNS)
_owed_of = attrgetter(*OWED_COLUMNS)
_read_of = attrgetter(*READ_COLUMNS)
_seat_of = attrgetter(*SEAT_COLUMNS)

#: What every new game starts with besides what :class:`NewGame` holds (``updated_at`` is its
#: ``created_at``).
STARTS: Mapping[str, Any] = {
    "version": FIRST_VERSION,
    "ply": 0,
    "outcome": None,
    "message_id": None,
    "board_reach": BoardReach.CHANNEL,
    "board_claimed_at": None,
    "ping_message_id": None,
    "reminders_sent": 0,
    "finished_at": None,
    "planners": 0,
    "held_since": None,
    "pause": None,
}
#: ``ended_at`` and ``summary``: the database's triggers fill them in (a seat is created with
#: its open game).
SEAT_STARTS: Mapping[str, Any] = {"dm_ping_message_id": None, "ended_at": None, "summary": None}
_NEW_GAME_COLUMNS = _columns(NewGame, GAME)
#: Every column a creation writes (all but the id the database assigns), in table order.
CREATE_COLUMNS = tuple(c.name for c in GAME.c if c.name != "id")
#: A new seat's columns (all but its game's id).
CREATE_SEAT_COLUMNS = tuple(c.name for c in SEAT.c if c.name != "game_id")
if set(CREATE_COLUMNS) != {*_NEW_GAME_COLUMNS, *STARTS, "updated_at"}:
    raise TypeError("a new game must set every game column: see NewGame and STARTS")
if set(CREATE_SEAT_COLUMNS) != {*SEAT_COLUMNS, *SEAT_STARTS}:
    raise TypeError("a new seat must set every seat column: see SeatRecord and SEAT_STARTS")

#: The version's bump as SQL (``game.version + 1``), compiled from :func:`next_version`.
BUMPED_VERSION = next_version(GAME.c.version)
BUMPED_VERSION_SQL = str(BUMPED_VERSION.compile(compile_kwargs={"literal_binds": True}))


def creation_values(game: NewGame) -> dict[str, Any]:
    """Every column of ``game``'s new row but its id, by name: the one place a game's first
    values are decided (the ORM and both stores create games from these)."""
    values = {name: getattr(game, name) for name in _NEW_GAME_COLUMNS}
    values.update(STARTS)
    values["updated_at"] = game.created_at
    return values


def delivery_values(game_id: int, owed: DeliveryWrite, now: datetime) -> dict[str, Any]:
    """Every column of the delivery row a change of ``game_id`` made at ``now`` owes, by name:
    the one place a delivery's first values are decided (the ORM and both stores insert
    deliveries from these). Due at once unless held (``owed.due_at``); never tried yet."""
    values = dict(zip(OWED_COLUMNS, _owed_of(owed), strict=True))
    values.update(game_id=game_id, created_at=now, attempts=0)
    if values["due_at"] is None:
        values["due_at"] = now
    return values


def record_of(row: GameRow, *, with_state: bool = True) -> GameRecord:
    """``row`` (its seats loaded) as the stores read it, for the paths that load games through
    the ORM (lists, clocks); without ``with_state`` its state is left alone (deferred)."""
    seats = tuple(SeatRecord(*_seat_of(seat)) for seat in row.seats)
    state = row.state if with_state else None
    # The values are the record's fields but state and seats, in order (mypy cannot count them).
    return GameRecord(*_read_of(row), state=state, seats=seats)  # type: ignore[misc]


def event_values(event: EventRecord) -> dict[str, Any]:
    """A logged action's columns by name, as it is (its ``events`` a document, not text)."""
    return dict(zip(EVENT_COLUMNS, _event_of(event), strict=True))


def seat_values(seat: SeatRecord) -> dict[str, Any]:
    """Every column of a new seat's row but its game's id."""
    return {**{name: getattr(seat, name) for name in SEAT_COLUMNS}, **SEAT_STARTS}


def new_game_row(game: NewGame) -> GameRow:
    """``game`` as an ORM row with its seats, for a game created in one transaction with other
    rows (a tournament's pairings and deals)."""
    row = GameRow(**creation_values(game))
    row.seats = [GameSeatRow(**seat_values(s)) for s in game.seats]
    return row


Convert = Callable[[Any], Any]


def converters(
    table: Table, names: Iterable[str], by_kind: Mapping[Kind, Convert]
) -> tuple[tuple[str, Convert], ...]:
    """(name, conversion) for each of ``names`` whose kind of value ``by_kind`` converts."""
    out = []
    for name in names:
        convert = by_kind.get(kind_of(table.c[name]))
        if convert is not None:
            out.append((name, convert))
    return tuple(out)


def decoders(
    table: Table, names: Sequence[str], by_kind: Mapping[Kind, Convert]
) -> tuple[tuple[int, Convert], ...]:
    """(place in ``names``, conversion) for each of the columns ``names`` (the columns of a
    statement derived from them, in order) whose kind of value ``by_kind`` converts."""
    return tuple(
        (names.index(name), convert) for name, convert in converters(table, names, by_kind)
    )


def members(table: Table, names: Sequence[str]) -> tuple[tuple[int, Convert], ...]:
    """(place in ``names``, its vocabulary's member by text) for each status column among
    ``names``: every driver hands the text back, and a read gives the member (looked up, not
    made by calling the enum: that is two Python calls a column on every read)."""
    out = []
    for at, name in enumerate(names):
        kind = table.c[name].type
        if isinstance(kind, StatusType):
            out.append((at, {member.value: member for member in kind.vocabulary}.__getitem__))
    return tuple(out)


def decoded(row: Iterable[Any], conversions: Iterable[tuple[int, Convert]]) -> list[Any]:
    """A row's values with each conversion applied at its place (NULL stays ``None``)."""
    values = list(row)
    for at, convert in conversions:
        value = values[at]
        if value is not None:  # no call for a NULL: most of a game's times and documents
            values[at] = convert(value)
    return values


def converted(values: dict[str, Any], conversions: Iterable[tuple[str, Convert]]) -> dict[str, Any]:
    """``values`` with each named conversion applied, ``None`` left as it is (in place;
    returned for convenience)."""
    for name, convert in conversions:
        value = values[name]
        if value is not None:
            values[name] = convert(value)
    return values


def _summary_time(value: str) -> datetime:
    """A time as a summary holds it: SQLite's stored text (naive UTC) or PostgreSQL's ISO
    text with its offset."""
    moment = datetime.fromisoformat(value)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


#: How a summary's values become a record's (the document holds JSON's own types: times as
#: text, SQLite's flags as 0 or 1, statuses as their text).
_SUMMARY_DECODE: Mapping[Kind, Convert] = {Kind.TIME: _summary_time, Kind.FLAG: bool}
_SUMMARY_READ = (
    *decoders(GAME, READ_COLUMNS, _SUMMARY_DECODE),
    *members(GAME, READ_COLUMNS),
)
_SUMMARY_SEAT = decoders(SEAT, SEAT_COLUMNS, _SUMMARY_DECODE)


def record_of_summary(summary: Mapping[str, Any]) -> GameRecord:
    """A finished game as its seats' ``summary`` holds it (migration 0026): the record a read
    without the state returns, every column by name."""
    values = decoded((summary[name] for name in READ_COLUMNS), _SUMMARY_READ)
    seats = sorted(summary["seats"], key=itemgetter("seat"))
    held = tuple(
        SeatRecord(*decoded((s[name] for name in SEAT_COLUMNS), _SUMMARY_SEAT)) for s in seats
    )
    # The values are the record's fields but state and seats, in order (mypy cannot count them).
    return GameRecord(*values, state=None, seats=held)  # type: ignore[misc]


class Codec:
    """How one driver takes and gives a game's values: a conversion per kind of column (JSON,
    time, flag), applied by name to what is created and written, and at each column's place
    to what is read."""

    def __init__(self, encode: Mapping[Kind, Convert], decode: Mapping[Kind, Convert]) -> None:
        #: A read's fields (but seats), and a seat's.
        self.read = (
            *decoders(GAME, RECORD_FIELDS[:-1], decode),
            *members(GAME, RECORD_FIELDS[:-1]),
        )
        self.seat = decoders(SEAT, SEAT_COLUMNS, decode)
        self._create = converters(GAME, CREATE_COLUMNS, encode)
        self._write = converters(GAME, (*WRITE_COLUMNS, *KEPT_UNLESS_GIVEN), encode)
        self._event = converters(EVENT, EVENT_COLUMNS, encode)
        self._delivery = converters(DELIVERY, DELIVERY_COLUMNS, encode)

    def new_game(self, game: NewGame) -> dict[str, Any]:
        """Every column of ``game``'s row but its id, as the driver takes it."""
        return converted(creation_values(game), self._create)

    def change(self, change: GameWrite) -> dict[str, Any]:
        """What ``change`` writes to the game row, and what guards it, by name."""
        return converted(dict(zip(WRITE_VALUES, _write_of(change), strict=True)), self._write)

    def event(self, event: EventRecord, **more: Any) -> dict[str, Any]:
        """A logged action's columns (and ``more``), as the driver takes them."""
        return converted({**event_values(event), **more}, self._event)

    def delivery(self, change: GameWrite) -> dict[str, Any]:
        """The delivery row ``change`` owes (:func:`delivery_values`), as the driver takes it."""
        assert change.delivery is not None
        values = delivery_values(change.game_id, change.delivery, change.updated_at)
        return converted(values, self._delivery)
