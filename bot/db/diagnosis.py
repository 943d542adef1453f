"""One line for an operator when the database can't be used: what failed, and what to check —
a SQLite file's folder and permissions, or a PostgreSQL server's address and credentials."""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError

from bot.config import normalize_database_url
from bot.db.faults import DatabaseUnavailable
from bot.db.migrations import MigrationRefused, NewerDatabase, Upgrade, known_revision

#: What a database that can't be used raises, whichever layer met it.
DATABASE_PROBLEMS: tuple[type[BaseException], ...] = (
    OSError,
    DBAPIError,
    DatabaseUnavailable,
    MigrationRefused,
)

#: What SQLite says when the file or its folder can't be created or written.
_SQLITE_NOT_WRITABLE = (
    "unable to open database file",
    "attempt to write a readonly database",
    "readonly database",
    "disk i/o error",
    "permission denied",
    "read-only file system",
)


def first_line(error: BaseException) -> str:
    """The error (a database driver's own, where wrapped) in one line: its type and first line."""
    cause = getattr(error, "orig", None) or error
    text = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
    return f"{type(cause).__name__}: {text}" if text else type(cause).__name__


def describe_problem(database_url: str, error: BaseException, doing: str) -> str:
    """``doing`` names the step ("migrate", "open"); the line ends with what to check."""
    url = make_url(normalize_database_url(database_url))
    where = url.render_as_string(hide_password=True)
    reason = first_line(error)
    if isinstance(error, NewerDatabase):
        return (
            f"the database at {where} was written by a newer release of Asobiba (schema "
            f"revision {error.revision}; this release knows up to {error.head}): run that "
            f"release, or roll back to this one {_rollback(url)} (docs/operating.md: Rolling back)"
        )
    if isinstance(error, MigrationRefused):
        return f"cannot {doing} the database at {where}: {error}"
    if url.get_backend_name() == "sqlite":
        folder = str(Path(url.database or ".").resolve().parent)
        lowered = reason.lower()
        if isinstance(error, PermissionError) or any(s in lowered for s in _SQLITE_NOT_WRITABLE):
            return (
                f"cannot {doing} the SQLite database at {where} ({reason}): this user must be "
                f"able to create and write files in {folder} (SQLite keeps -wal and -shm files "
                "beside the database); fix its permissions or point SQLITE_PATH or DATABASE_URL "
                "at a writable place"
            )
        if "locked" in lowered or "busy" in lowered:
            return (
                f"cannot {doing} the SQLite database at {where} ({reason}): another program "
                "holds it locked; stop it and try again"
            )
        return f"cannot {doing} the SQLite database at {where} ({reason})"
    return (
        f"cannot {doing} the database at {where} ({reason}): check DATABASE_URL and that the "
        "database server is running and reachable"
    )


def _rollback(url: URL) -> str:
    """How to go back to this release: restore the copy of the database taken before the
    newer release upgraded it — on SQLite the newest such copy beside the file whose revision
    this release knows (:func:`bot.db.migrations.backup_path` names them)."""
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        database = Path(url.database)
        named = re.compile(
            re.escape(database.stem)
            + r"\.rev(?P<revision>[^.]+)\.(?P<stamp>\d{8}T\d{6}Z)"
            + re.escape(database.suffix)
        )
        try:
            found = [
                (m["stamp"], m["revision"], p.name)
                for p in database.parent.iterdir()
                if (m := named.fullmatch(p.name))
            ]
        except OSError:
            found = []
        copies = sorted(c for c in found if known_revision(c[1]))
        if copies:
            copy = database.with_name(copies[-1][2])
            return (
                f"by restoring the copy taken before the upgrade, with every bot on it "
                f"stopped: python -m bot restore {copy}"
            )
    return (
        "by restoring the backup taken before the upgrade, with every bot on it stopped: "
        "python -m bot restore PATH"
    )


def describe_upgrade(upgrade: Upgrade, url: URL) -> str | None:
    """What a migration did, for the operator; ``None`` when there was nothing to do."""
    if not upgrade.changed:
        return None
    where = url.render_as_string(hide_password=True)
    if upgrade.before is None:
        return f"created the database schema at {where} (revision {upgrade.after})"
    line = (
        f"upgraded the database at {where} from revision {upgrade.before} to {upgrade.after} "
        f"({upgrade.steps} revision{'' if upgrade.steps == 1 else 's'})"
    )
    if upgrade.backup is not None:
        line += f"; a copy from before the upgrade is at {upgrade.backup}"
    return line


def describe_migration(upgrade: Upgrade, url: URL) -> str:
    """What ``python -m bot migrate`` did, nothing to do included."""
    said = describe_upgrade(upgrade, url)
    if said is not None:
        return said
    where = url.render_as_string(hide_password=True)
    return f"the database at {where} is already up to date (revision {upgrade.after})"
