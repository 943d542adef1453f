"""A database that cannot be used just now becomes one friendly refusal, whichever layer (the
ORM's engine or the hot path's own connections) ran into it."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from bot.errors import FriendlyError
from bot.metrics import METRICS
from bot.text.errors import DATABASE_UNAVAILABLE

log = logging.getLogger(__name__)


class DatabaseUnavailable(FriendlyError):
    """The database could not be used just now (locked, full, read-only, restarting): the
    transaction was rolled back, so nothing is half-written."""

    default = DATABASE_UNAVAILABLE

    def __init__(self) -> None:
        super().__init__()
        # Raised wherever the database failed (the ORM's units, the hot path's store): counted
        # here, once per failure that reached a player or a clock.
        METRICS.database_errors.inc()


@contextlib.contextmanager
def unavailable_as_friendly() -> Iterator[None]:
    """A locked, full, read-only or restarting database becomes one friendly refusal (the
    transaction has been rolled back); a lost race (IntegrityError) is left to the caller."""
    try:
        yield
    except (OperationalError, InterfaceError) as exc:
        log.warning("database unavailable: %s", exc.orig if exc.orig is not None else exc)
        raise DatabaseUnavailable() from exc
    except DBAPIError as exc:
        if not exc.connection_invalidated:
            raise
        log.warning("database connection lost: %s", exc.orig)
        raise DatabaseUnavailable() from exc
