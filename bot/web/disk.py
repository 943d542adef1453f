"""Games' pictures kept on disk between runs of the web process, so a restarted one answers
the games it drew before without drawing them again (fifty readers arriving as it comes back
would otherwise queue behind its one drawer for seconds).

A picture's file is named by what it shows — its game, the game's version, and the hash of the
step and language (its ETag) — under a folder named by the code that drew it (a new release
draws afresh). Only what a page shows is ever drawn, a spectator's view, so the disk holds
nothing more. A picture is answered from disk only under its game's *current* version, which
every change moves on (a privacy deletion too: the forgotten name's pictures are never
answered again); and a game's older versions' files are deleted when a newer one is written,
and by :meth:`DiskPictures.sweep` (every game on disk against its version in the database, at
start and every few minutes), so a forgotten name does not stay on disk either. The folder is
bounded (``limit`` bytes): the least recently used files go first."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path

log = logging.getLogger(__name__)

#: 256 MB: some 9 000 pictures of 20–30 kB, a few thousand games' boards and previews.
LIMIT = 256 * 1024 * 1024
#: What is trimmed to once over the limit (a share of it), so not every write trims.
TRIMMED_TO = 0.9
#: What is kept: games' pictures, and their pages (made of the same version).
KINDS = (".png", ".html")
#: The code (and fonts) a picture's look depends on.
DRAWN_BY = (Path(__file__).resolve().parent.parent, Path(__file__).resolve().parents[2] / "rules")


def edition(sources: tuple[Path, ...] = DRAWN_BY) -> str:
    """A hash of every file under ``sources``: the pictures drawn by other code are not this
    code's (another release's board may look otherwise)."""
    digest = hashlib.sha256()
    for source in sources:
        for path in sorted(source.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(source)).encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class DiskPictures:
    """Pictures under ``root/<edition>/<game>/<version>-<tag>.png`` (pages: ``.html``),
    ``limit`` bytes at most.
    Blocking file work, each a file of tens of kB: :meth:`open` once (in a thread), the rest
    on the event loop (a read from the page cache takes microseconds)."""

    def __init__(self, root: Path, limit: int = LIMIT, drawn_by: str | None = None) -> None:
        self.root = root
        self.limit = limit
        self.drawn_by = drawn_by
        self.folder = root  # set by :meth:`open`
        #: Every file kept and its size, the least recently used first.
        self._files: OrderedDict[Path, int] = OrderedDict()
        self.size = 0

    def open(self) -> None:
        """Makes the folder, deletes other code's pictures, and lists what is kept (oldest
        used first)."""
        drawn_by = self.drawn_by or edition()
        self.folder = self.root / drawn_by
        self.folder.mkdir(parents=True, exist_ok=True)
        for other in self.root.iterdir():
            if other.name != drawn_by:
                _remove(other)
        found: list[tuple[float, Path, int]] = []
        for game in self.folder.iterdir():
            if not game.is_dir():
                _remove(game)
                continue
            for picture in game.iterdir():
                if picture.suffix not in KINDS:  # a write cut short
                    _remove(picture)
                    continue
                with contextlib.suppress(OSError):
                    stat = picture.stat()
                    found.append((stat.st_mtime, picture, stat.st_size))
        for _, picture, size in sorted(found):
            self._files[picture] = size
            self.size += size
        self._trim()

    def __len__(self) -> int:
        return len(self._files)

    def _path(self, game_id: int, version: int, tag: str, kind: str) -> Path:
        return self.folder / str(game_id) / f"{version}-{tag.strip(chr(34))}.{kind}"

    def read(self, game_id: int, version: int, tag: str, kind: str = "png") -> bytes | None:
        """The picture (``kind`` ``html``: the page) ``tag`` of ``game_id`` at ``version``,
        if kept."""
        path = self._path(game_id, version, tag, kind)
        if path not in self._files:
            return None
        try:
            png = path.read_bytes()
            os.utime(path)  # recently used: the last to go, after a restart too
        except OSError:
            self._forget(path)
            return None
        self._files.move_to_end(path)
        return png

    def write(self, game_id: int, version: int, tag: str, png: bytes, kind: str = "png") -> None:
        """Keeps ``png`` (or a page); the game's older versions' go (never answered again)."""
        path = self._path(game_id, version, tag, kind)
        try:
            path.parent.mkdir(exist_ok=True)
            for older in list(path.parent.iterdir()):
                if _version(older) < version:
                    _remove(older)
                    self._forget(older)
            part = path.with_suffix(".part")
            part.write_bytes(png)
            part.replace(path)  # whole or not at all: a reader never gets half a picture
        except OSError as error:  # a full or read-only disk: the picture is still answered
            log.warning("could not keep a picture on disk: %s", error)
            return
        self._forget(path)
        self._files[path] = len(png)
        self.size += len(png)
        self._trim()

    def games(self) -> list[int]:
        """The games with pictures on disk."""
        return sorted({int(path.parent.name) for path in self._files})

    def sweep(self, versions: Mapping[int, int]) -> int:
        """Deletes every picture not of its game's current version (``versions``: the games
        a page may show; a game not in it has none): a game moved on, by a move or a privacy
        deletion, or gone. How many files went."""
        gone = 0
        for path in list(self._files):
            if versions.get(int(path.parent.name)) != _version(path):
                _remove(path)
                self._forget(path)
                gone += 1
        for game in self.folder.iterdir():
            with contextlib.suppress(OSError):
                game.rmdir()  # only if empty
        return gone

    def _forget(self, path: Path) -> None:
        size = self._files.pop(path, None)
        if size is not None:
            self.size -= size

    def _trim(self) -> None:
        if self.size <= self.limit:
            return
        while self._files and self.size > self.limit * TRIMMED_TO:
            path, size = self._files.popitem(last=False)
            self.size -= size
            _remove(path)


def _version(path: Path) -> int:
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() else -1


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
