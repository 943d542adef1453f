"""The pages' pictures: a game's board, drawn by the same painter as its Discord board from the
spectator's view only, and the 1200×630 link preview (``og:image``) that frames it with the
game's title, players and result. Both are drawn off the event loop and kept by what they show
(the game's version, the step, the language), so the ETag of a picture changes exactly when
the game does; a reader's browser and a link unfurler ask again and get 304."""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.games.registry import spec_for
from bot.pictures.canvas import drawable_name, font, name_font, palette_png, printable
from bot.web.reading import BoardShown
from bot.web.shelf import Shelf
from rules.core import Locale

PREVIEW_SIZE = (1200, 630)
PAPER = (247, 242, 232)
INK = (38, 34, 30)
MUTED = (110, 100, 90)
ACCENT = (176, 48, 36)
MARGIN = 36
#: Pictures kept in memory: a few hundred boards and previews (each some tens of kB).
KEPT = 512
#: Pictures drawn at once: one, beside the event loop (see :class:`Easel`).
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
    y = _write(draw, (text_left, y), caption.title, font(44, bold=True), INK, room)
    y += 18
    for line in caption.lines:
        y = _write(draw, (text_left, y), drawable_name(line, "—"), name_font(30), INK, room)
        y += 8
    if caption.result:
        y += 18
        _write(draw, (text_left, y), caption.result, font(32, bold=True), ACCENT, room)
    _write(draw, (text_left, height - MARGIN - 34), "遊び場 Asobiba", font(28), MUTED, room)
    return palette_png(card)


def _write(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int],
    room: int,
) -> int:
    """``text`` wrapped to ``room`` pixels (three lines at most); the y below it."""
    x, y = at
    size = int(face.size)
    for line in _wrapped(printable(text), face, room)[:3]:
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
    """The pictures drawn so far, by what they show (their ETag), newest kept."""

    def __init__(self, kept: int = KEPT) -> None:
        super().__init__(kept)


class Easel:
    """Where the web process draws: ``drawers`` threads at most (one by default), so readers
    asking for fifty new pictures at once queue here instead of fifty drawings fighting over
    two cores (and the bot's clicks beside them); pages and cached pictures go on meanwhile."""

    def __init__(self, drawers: int = DRAWERS) -> None:
        self._pool = ThreadPoolExecutor(drawers, thread_name_prefix="web-drawing")

    async def draw(self, work: Callable[..., T], *args: Any) -> T:
        """Drawing takes tens of milliseconds: off the event loop, so other pages go on."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
