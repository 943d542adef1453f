"""An export written to a file a part at a time: the same bytes ``json.dumps(document,
ensure_ascii=False, indent=1)`` gives the whole document, with its last member (a list: the
games) added in batches — so however long the list, only one batch is in memory. Blocking
(file writes, encoding, gzip): run it in a thread, never on the event loop.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path
from typing import Any, TextIO

#: How the whole document is written (the members indented by one space).
INDENT = 1


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=INDENT)


class DocumentWriter:
    """``head`` (a mapping whose last member is ``list_key``), its list's items added with
    :meth:`add`, to ``path``; :meth:`close` ends the document."""

    def __init__(self, path: Path, head: dict[str, Any], list_key: str) -> None:
        if list(head)[-1:] != [list_key]:
            raise ValueError(f"{list_key!r} must be the document's last member")
        opening = _dumps({**head, list_key: []})
        closing = "[]\n}"
        assert opening.endswith(closing)
        self._out: TextIO = path.open("w", encoding="utf-8")
        self._out.write(opening[: -len(closing)] + "[")
        self._items = 0
        # An item sits two levels in (the document, its list): each of its lines two spaces.
        self._pad = " " * (2 * INDENT)

    def add(self, items: list[Any]) -> None:
        for item in items:
            self._out.write(",\n" if self._items else "\n")
            self._out.write("\n".join(self._pad + line for line in _dumps(item).split("\n")))
            self._items += 1

    def close(self) -> None:
        # JSON escapes a newline inside a string: every newline written is the layout's own.
        self._out.write(("\n" + " " * INDENT + "]" if self._items else "]") + "\n}")
        self._out.close()


def gzipped(path: Path) -> Path:
    """``path`` compressed beside it (read and written a block at a time); the original is
    removed."""
    target = path.with_name(path.name + ".gz")
    with path.open("rb") as source, gzip.open(target, "wb") as sink:
        shutil.copyfileobj(source, sink)
    path.unlink()
    return target
