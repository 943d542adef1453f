"""The pages' pictures: a game's board, drawn by the same painter as its Discord board from the
spectator's view only, and the 1200×630 link preview (``og:image``) that frames it with the
game's title, players and result. Both are drawn off the event loop and kept by what they show
(the game's version, the step, the language), so the ETag of a picture changes exactly when
the game does; a reader's browser and a link unfurler ask again and get 304."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.games.registry import spec_for
from bot.pictures.canvas import (
    covered,
    drawable_name,
    font,
    name_font,
    palette_png,
    printable,
)
from bot.web.disk import DiskPictures, Owner
from bot.web.reading import BoardShown
from bot.web.shelf import Shelf
from rules.core import Locale

PREVIEW_SIZE = (1200, 630)
PAPER = (247, 242, 232)
INK = (38, 34, 30)
MUTED = (110, 100, 90)
ACCENT = (176, 48, 36)
MARGIN = 36
#: Pictures kept in memory: boards and previews of a few hundred games (each some tens of kB,
#: 40 MB at most): what the painter paints ahead of readers must still be there when they ask.
KEPT = 2048
#: Pictures drawn at once for readers: one, beside the event loop (see :class:`Easel`).
DRAWERS = 1

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Caption:
    """The words of a link preview beside its board, already in the reader's language."""

    title: str
    lines: tuple[str, ...]
    result: str


def etag(*parts: object) -> str:
    """A strong ETag of what a picture shows (no id is readable from it)."""
    digest = hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:24]
    return f'"{digest}"'


def paint_board(board: BoardShown, locale: Locale) -> bytes | None:
    """The board as its game paints it for Discord (``None``: the game has no picture)."""
    paint = spec_for(board.game_type).board_picture
    if paint is None:
        return None
    return paint(board.view, locale, list(board.recent), list(board.names(locale)))


def paint_preview(board_png: bytes | None, caption: Caption) -> bytes:
    """The 1200×630 link preview: the board on the left, the words on the right."""
    width, height = PREVIEW_SIZE
    card = Image.new("RGB", PREVIEW_SIZE, PAPER)
    draw = ImageDraw.Draw(card)
    text_left = MARGIN
    if board_png is not None:
        board = Image.open(io.BytesIO(board_png)).convert("RGB")
        box = (int(width * 0.58), height - 2 * MARGIN)
        # A box filter: flat colours and text shrunk by about 0.6 look as they do with Lanczos,
        # at a third of its time (the shrinking was most of a preview's drawing).
        board.thumbnail(box, Image.Resampling.BOX)
        top = (height - board.height) // 2
        card.paste(board, (MARGIN, top))
        text_left = MARGIN * 2 + board.width
    draw.rectangle((0, 0, width, 10), fill=ACCENT)
    room = width - text_left - MARGIN
    y = MARGIN + 20
    y = _write(draw, (text_left, y), *_bold(caption.title, 44), INK, room)
    y += 18
    for line in caption.lines:
        y = _write(draw, (text_left, y), drawable_name(line, "—"), name_font(30), INK, room)
        y += 8
    if caption.result:
        y += 18
        _write(draw, (text_left, y), *_bold(caption.result, 32), ACCENT, room)
    _write(
        draw, (text_left, height - MARGIN - 34), printable("遊び場 Asobiba"), font(28), MUTED, room
    )
    return palette_png(card)


def _bold(text: str, size: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` and the bold face to draw it in: the bundled one where it has every character,
    else the names' wider cut (a title or a result may hold a player's or a tournament's
    name, or typographic quotes), never a ``?`` in place of a character."""
    if set(text) <= covered():
        return text, font(size, bold=True)
    return drawable_name(text, printable(text)), name_font(size)


def _write(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int],
    room: int,
) -> int:
    """``text`` (every character of it in ``face``) wrapped to ``room`` pixels (three lines at
    most); the y below it."""
    x, y = at
    size = int(face.size)
    for line in _wrapped(text, face, room)[:3]:
        draw.text((x, y), line, font=face, fill=fill)
        y += int(size * 1.3)
    return y


def _wrapped(text: str, face: ImageFont.FreeTypeFont, room: int) -> list[str]:
    if face.getlength(text) <= room:
        return [text] if text else []  # the usual case: one line, measured once
    lines: list[str] = []
    current = ""
    for ch in text:
        if face.getlength(current + ch) > room and current:
            lines.append(current)
            current = ch.lstrip()
        else:
            current += ch
    if current:
        lines.append(current)
    return lines


class PictureShelf(Shelf[bytes | None]):
    """The pictures drawn so far, by what they show (their ETag), newest kept; ``disk``:
    games' pictures kept on disk too, for the next run of the process."""

    def __init__(self, kept: int = KEPT, disk: DiskPictures | None = None) -> None:
        super().__init__(kept)
        self.disk = disk

    @property
    def from_disk(self) -> int:
        """Pictures this run found on disk instead of drawing them."""
        return self.disk.found["png"] if self.disk is not None else 0

    async def picture(
        self, game_id: int, version: int, tag: str, draw: Callable[[], Awaitable[bytes | None]]
    ) -> bytes | None:
        """Game ``game_id``'s picture ``tag`` at ``version``: kept in memory, else on disk,
        else drawn by ``draw`` (once, however many ask) and kept in both."""
        return await self.get(tag, lambda: self.through(game_id, version, tag, draw))

    async def through(
        self,
        owner: Owner,
        version: int | str,
        tag: str,
        make: Callable[[], Awaitable[bytes | None]],
        kind: str = "png",
    ) -> bytes | None:
        """What ``make`` makes, read through the disk where things are kept there
        (:meth:`DiskPictures.through`), else made: a picture, or a game's or player's page."""
        if self.disk is None:
            return await make()
        return await self.disk.through(owner, version, tag, make, kind)


def _lowest_priority() -> None:
    """The spare painter's process runs at the lowest CPU priority there is (nice 19): what
    it paints ahead nobody is waiting for, so it takes only what the bot and the pages leave."""
    with contextlib.suppress(OSError):
        os.nice(19)


def _ready() -> None:
    """Nothing: asked once at start, so a drawing process is up (its modules imported)
    before the first reader waits for it."""


class Easel:
    """Where the web process draws. A reader's picture is drawn by ``drawers`` drawers (one
    by default): fifty readers asking for fifty new pictures queue there instead of fifty
    drawings fighting over two cores (and the bot's clicks beside them). Pictures painted
    ahead (a game just moved; nobody is waiting yet) go to a spare painter of their own, so
    they never hold up a reader's.

    ``processes``: the drawers are processes (``python -m bot web``): drawing holds Python's
    lock for much of its tens of milliseconds, which in a thread would stall the event loop
    answering every kept page meanwhile; the spare painter's process runs at nice 19. Else
    threads (tests: no process to start for each site)."""

    def __init__(self, drawers: int = DRAWERS, processes: bool = False) -> None:
        self._asked: Executor
        self._ahead: Executor
        if processes:
            # Spawned, not forked: a fork of a process running threads (aiosqlite's) may copy
            # a lock held.
            context = multiprocessing.get_context("spawn")
            self._asked = ProcessPoolExecutor(drawers, mp_context=context)
            self._ahead = ProcessPoolExecutor(1, mp_context=context, initializer=_lowest_priority)
        else:
            self._asked = ThreadPoolExecutor(drawers, thread_name_prefix="web-drawing")
            self._ahead = ThreadPoolExecutor(1, thread_name_prefix="web-drawing-ahead")

    async def start(self) -> None:
        """Starts the drawers before anyone asks for a picture."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            loop.run_in_executor(self._asked, _ready), loop.run_in_executor(self._ahead, _ready)
        )

    async def draw(self, work: Callable[..., T], *args: Any, ahead: bool = False) -> T:
        """Drawing takes tens of milliseconds: off the event loop, so other pages go on
        (``ahead``: painted before anyone asks, by the spare painter)."""
        pool = self._ahead if ahead else self._asked
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    def close(self) -> None:
        for pool in (self._asked, self._ahead):
            pool.shutdown(wait=False, cancel_futures=True)
