"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import JSON, DateTime, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

#: JSON everywhere, JSONB on PostgreSQL (indexable, compact). ``None`` is SQL NULL, as the hot
#: path's stores write it (not the JSON text ``null``).
JSONType = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in and out; SQLite keeps no zone, so it stores naive UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; use aware UTC datetimes")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


E = TypeVar("E", bound=StrEnum)


class StatusType(TypeDecorator[E]):
    """A column holding one of ``vocabulary``'s members: stored as its text, read back as the
    member; writing anything else (a misspelling) fails before it reaches the database."""

    impl = String
    cache_ok = True

    def __init__(self, vocabulary: type[E], length: int = 16) -> None:
        super().__init__(length)
        self.vocabulary = vocabulary

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else self.vocabulary(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> E | None:
        return None if value is None else self.vocabulary(value)
