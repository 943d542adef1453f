"""``LOG_FORMAT=json``: one JSON object per line — time, level, logger, message, the traceback
if any, and whatever the call passed in ``extra`` — for log shippers that index fields.

The lines ``python -m bot`` says to its operator without logging them (why it exits, a retry,
the copy taken before an upgrade, a stop; see :func:`said`) follow the same format."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

#: What every LogRecord carries: everything else on a record came from ``extra``.
_STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "taskName"}

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_logging(level: str, log_format: str) -> None:
    """The root logger's one handler (stderr), in text or JSON."""
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    )
    logging.basicConfig(level=level, handlers=[handler])


def said(message: str, log_format: str, level: int = logging.INFO, **fields: Any) -> str:
    """A line ``python -m bot`` says to its operator: as it is in text (no time or level
    prefix, the line stands alone), or in ``json`` the object a log record of logger ``bot``
    would be, with ``fields`` (``exit_code`` …) beside the message. They are printed rather
    than logged so that they are said whatever ``LOG_LEVEL`` hides."""
    if log_format != "json":
        return message
    record = logging.makeLogRecord(
        {
            "name": "bot",
            "levelno": level,
            "levelname": logging.getLevelName(level),
            "msg": message,
            **fields,
        }
    )
    return JsonFormatter().format(record)
