"""A database that cannot be used just now becomes one friendly refusal, whichever layer (the
ORM's engine or the hot path's own connections) ran into it — and one outage in the log: a
warning when it begins, one with its length when the database answers again, nothing between
(not a traceback per refused click or per clock tick)."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import time
from collections.abc import Iterator

import asyncpg
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bot.errors import FriendlyError
from bot.metrics import METRICS
from bot.text.errors import DATABASE_UNAVAILABLE

log = logging.getLogger(__name__)


class DatabaseUnavailable(FriendlyError):
    """The database could not be used just now (unreachable, refusing connections, locked,
    full, read-only, restarting): the transaction was rolled back, so nothing is half-written."""

    default = DATABASE_UNAVAILABLE

    def __init__(self) -> None:
        super().__init__()
        # Raised wherever the database failed (the ORM's units, the hot path's store): counted
        # here, once per failure that reached a player or a clock.
        METRICS.database_errors.inc()


#: PostgreSQL's SQLSTATEs for "no session to be had": the server is shutting down, starting,
#: crashed or dropped the database (57P0x), or has no room for another connection (53300).
#: Class 08 (connection exceptions) is matched by its prefix.
_CANNOT_CONNECT = frozenset({"57P01", "57P02", "57P03", "57P04", "57P05", "53300"})
#: The drivers' own exceptions for a connection that is gone or cannot be made.
_LOST: tuple[type[BaseException], ...] = (
    DatabaseUnavailable,
    OSError,  # refused, reset, unreachable, and TimeoutError (connecting, or the pool's wait)
    PoolTimeout,
    DisconnectionError,
    OperationalError,  # SQLite's locked, full, read-only, can't open; a dropped PostgreSQL link
    InterfaceError,
    sqlite3.OperationalError,
    asyncpg.InterfaceError,  # closed, or never open
    asyncpg.PostgresConnectionError,  # class 08, ConnectionDoesNotExistError among them
)


def _cannot_connect(sqlstate: str, message: str) -> bool:
    if sqlstate.startswith("08") or sqlstate in _CANNOT_CONNECT:
        return True
    # 55000 is object_not_in_prerequisite_state; at connect time it is a database that takes
    # no connections (ALLOW_CONNECTIONS false: "is not currently accepting connections").
    return sqlstate == "55000" and "connection" in message.lower()


def cannot_reach(error: BaseException) -> bool:
    """Whether ``error`` (or what it wraps: an ORM error's driver error, an exception's cause)
    means the database cannot be used just now, rather than a refused statement (a lost race,
    a constraint) or a bug."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, _LOST):
            return True
        if isinstance(current, DBAPIError) and current.connection_invalidated:
            return True
        sqlstate = getattr(current, "sqlstate", None)
        if isinstance(sqlstate, str) and _cannot_connect(sqlstate, str(current)):
            return True
        orig = getattr(current, "orig", None)
        todo += [orig if isinstance(orig, BaseException) else None, current.__cause__]
    return False


def _innermost(error: BaseException) -> BaseException:
    """The driver's own error under the ORM's wrappers (what the operator can look up)."""
    seen = {id(error)}
    while True:
        inner = getattr(error, "orig", None) or error.__cause__
        if not isinstance(inner, BaseException) or id(inner) in seen:
            return error
        seen.add(id(inner))
        error = inner


class Outage:
    """Whether a database is out (as last seen), since when, and how many refusals it has
    cost: one per database, shared by all that use it (the ORM's units, the hot path's store),
    so the log tells of each outage once."""

    def __init__(self) -> None:
        #: When the current outage began (``time.monotonic``), or ``None``.
        self.since: float | None = None
        self.refused = 0

    def failed(self, error: BaseException) -> DatabaseUnavailable:
        """The refusal to raise for ``error``; the first since the database last answered
        begins an outage (one warning)."""
        self.refused += 1
        if self.since is None:
            self.since = time.monotonic()
            cause = _innermost(error)
            log.warning(
                "database unreachable (%s: %s); every action is refused with a friendly word "
                "until it answers again",
                type(cause).__name__,
                str(cause).strip().splitlines()[0] if str(cause).strip() else "",
            )
        return DatabaseUnavailable()

    def answered(self, began_in: float | None) -> None:
        """A unit of work begun while ``began_in`` (``since`` when it began) succeeded: if that
        was during this outage, the database is back. One begun before the outage proves
        nothing (it may have held a connection the outage has not touched yet)."""
        if self.since is None or began_in != self.since:
            return
        length, refused = time.monotonic() - self.since, self.refused
        self.since, self.refused = None, 0
        log.warning(
            "database reachable again after %.1f s (%d action(s) refused meanwhile)",
            length,
            refused,
        )


@contextlib.contextmanager
def unavailable_as_friendly(outage: Outage) -> Iterator[None]:
    """A database that cannot be used (see :func:`cannot_reach`) becomes one friendly refusal
    (the transaction has been rolled back), told to ``outage``; anything else — a lost race
    (IntegrityError), a bug — is left to the caller. Success ends an outage."""
    began_in = outage.since
    try:
        yield
    except DatabaseUnavailable:
        raise
    except Exception as exc:
        if not cannot_reach(exc):
            raise
        raise outage.failed(exc) from exc
    outage.answered(began_in)
