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
bounded (``limit`` bytes): the least recently used files go first.

Players' pages are kept the same way under ``p<user>``, their version a hash of the player's
*mark* (``bot.db.marks``: everything the page is made of, which moves on when a player hides
their results or is deleted) with the servers published on the web and the day; answered only
under the current one, and swept against it."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

log = logging.getLogger(__name__)

#: 256 MB: some 9 000 pictures of 20–30 kB, a few thousand games' boards and previews.
LIMIT = 256 * 1024 * 1024
#: What is trimmed to once over the limit (a share of it), so not every write trims.
TRIMMED_TO = 0.9
#: What is kept: games' pictures, and their pages (made of the same version); players' pages
#: (``.page``: the link preview's words, then the page).
KINDS = (".png", ".html", ".page")
#: A player's folder: ``p<id>`` (a game's is its id).
PLAYER = "p"

#: Whose files: a game's id, or a player's folder (:func:`player`).
Owner = int | str
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


def player(user_id: int) -> str:
    """The folder of a player's pages: what they show changes with the player's mark
    (``bot.db.marks``), a hash of which is their version."""
    return f"{PLAYER}{user_id}"


class DiskPictures:
    """Pictures under ``root/<edition>/<game>/<version>-<tag>.png`` (pages: ``.html``;
    players' pages ``root/<edition>/p<user>/<version>-<tag>.page``), ``limit`` bytes at most.
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
        #: What was answered from disk instead of made, by kind (``png``, ``html``, ``page``).
        self.found: Counter[str] = Counter()

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

    def _path(self, owner: Owner, version: int | str, tag: str, kind: str) -> Path:
        return self.folder / str(owner) / f"{version}-{tag.strip(chr(34))}.{kind}"

    async def through(
        self,
        owner: Owner,
        version: int | str,
        tag: str,
        make: Callable[[], Awaitable[bytes | None]],
        kind: str = "png",
    ) -> bytes | None:
        """What is kept as ``tag`` of ``owner`` at ``version``, else made by ``make`` and kept
        (``None``: nothing to keep, a game without a picture). The one read-through of every
        kind: a game's pictures and page, a player's page."""
        kept = self.read(owner, version, tag, kind)
        if kept is not None:
            self.found[kind] += 1
            return kept
        made = await make()
        if made is not None:
            self.write(owner, version, tag, made, kind)
        return made

    def read(self, owner: Owner, version: int | str, tag: str, kind: str = "png") -> bytes | None:
        """The picture (``kind`` ``html``: the page) ``tag`` of ``owner`` (a game, or a
        player's folder) at ``version``, if kept."""
        path = self._path(owner, version, tag, kind)
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

    def write(
        self, owner: Owner, version: int | str, tag: str, png: bytes, kind: str = "png"
    ) -> None:
        """Keeps ``png`` (or a page); the owner's older versions' go (never answered again;
        a player's: every other version, a mark has no order)."""
        path = self._path(owner, version, tag, kind)
        try:
            path.parent.mkdir(exist_ok=True)
            for older in list(path.parent.iterdir()):
                if _older(_version(older), str(version)):
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
        return sorted({int(path.parent.name) for path in self._files if path.parent.name.isdigit()})

    def players(self) -> list[int]:
        """The players with pages on disk."""
        return sorted(
            {
                int(path.parent.name.removeprefix(PLAYER))
                for path in self._files
                if path.parent.name.startswith(PLAYER)
            }
        )

    def sweep(self, versions: Mapping[int, int], players: Mapping[int, str] | None = None) -> int:
        """Deletes every picture not of its game's current version (``versions``: the games
        a page may show; a game not in it has none): a game moved on, by a move or a privacy
        deletion, or gone; and every player's page not of their current version
        (``players``; a player not in it has no page: deleted, or hiding what it showed
        since). How many files went."""
        current = {str(game): str(version) for game, version in versions.items()}
        current.update({player(user): version for user, version in (players or {}).items()})
        gone = 0
        for path in list(self._files):
            if current.get(path.parent.name) != _version(path):
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


def _version(path: Path) -> str:
    return path.name.split("-", 1)[0]


def _older(found: str, version: str) -> bool:
    """Whether a file of version ``found`` goes when ``version`` is written: an older game's
    (a game's versions only grow), any other of a player's."""
    if found.isdigit() and version.isdigit():
        return int(found) < int(version)
    return found != version


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
