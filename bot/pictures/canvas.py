"""The drawing surface every picture shares: the bundled font, the palette, text and PNG output.

Pictures are drawn at :data:`WIDTH` pixels, twice a phone's width in points, on a canvas taller
than needed and cropped to what was drawn. A canvas is a palette image from the start: every
colour it is given takes the next free entry of its own palette, and anti-aliased text is drawn
in :data:`SHADES` shades between its ink and what lies under it. A picture so drawn needs no
colour reduction before it is written (which cost more than drawing it), moves a quarter of the
bytes, and is still the same bytes for the same drawing. Text goes through :meth:`Canvas.text`
only, so a character the bundled font lacks becomes ``?`` instead of a box (players' names,
drawn from a wider cut of the same face, lose what it lacks instead: see
:func:`drawable_name`), and text is laid out by FreeType's basic engine alone, the same on every
machine.

Phone first: Discord shows a picture about 360 points wide on a phone, so no text is drawn
smaller than :data:`SMALLEST` (11 points there) and the facts that decide a move at
:data:`DECISIVE` or more (14 points). Every canvas records each line it draws (:class:`Drawn`),
each arrow and each mark, so tests check sizes and overlaps from the drawing code's own records.
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.png import write_png

WIDTH: Final = 720
MARGIN: Final = 24
#: Points a phone shows the picture at: sizes below are in pixels of a :data:`WIDTH` picture.
PHONE_POINTS: Final = 360
#: The smallest text drawn: 11 points on a phone.
SMALLEST: Final = math.ceil(11 * WIDTH / PHONE_POINTS)
#: The facts that decide a move (values, ranks, the cube's faces, whose turn): 14 points.
DECISIVE: Final = math.ceil(14 * WIDTH / PHONE_POINTS)
FONT_DIR: Final = Path(__file__).resolve().parent / "fonts"

#: A palette image's entries.
PALETTE_SIZE: Final = 256
#: Steps from a ground to the ink of anti-aliased text over it (FreeType gives 256; eight
#: are not told apart at a picture's size, and leave the palette room for many inks).
SHADES: Final = 8
#: Entries the shades of text may take; the rest are kept for shapes' solid colours.
_SHADE_ROOM: Final = 224
NO_DITHER: Final = Image.Dither.NONE
#: Blank pixels around a sprite (a shadow or an arrow's head may spill past its extent), and
#: how many sprites are kept (a 武士将棋 face is about 60 KB).
_SPRITE_PAD: Final = 8
_SPRITES_KEPT: Final = 256
#: Coverage to "touched" (0 or 255); and a stamp's shape values to each part's mask.
_TOUCHED: Final = [0, *[255] * 255]
_INSIDE: Final = 1
_OUTLINE: Final = 2
_ONLY: Final = {part: [255 if v == part else 0 for v in range(256)] for part in (1, 2)}


Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]

# Okabe & Ito's palette (safe for every common colour-vision deficiency) and neutrals. Meaning
# never rests on colour alone: every mark also has a shape or a word.
PAPER: Final[Colour] = (250, 246, 238)
PANEL: Final[Colour] = (255, 255, 255)
INK: Final[Colour] = (29, 29, 31)
MUTED: Final[Colour] = (105, 105, 110)
RULE: Final[Colour] = (214, 207, 192)
SHADOW: Final[Colour] = (200, 192, 176)
ORANGE: Final[Colour] = (230, 159, 0)
SKY: Final[Colour] = (86, 180, 233)
GREEN: Final[Colour] = (0, 158, 115)
YELLOW: Final[Colour] = (240, 228, 66)
BLUE: Final[Colour] = (0, 114, 178)
VERMILLION: Final[Colour] = (213, 94, 0)
PURPLE: Final[Colour] = (204, 121, 167)
#: The last move's frame: orange, and always with a tag in words.
RECENT: Final = ORANGE
RECENT_TINT: Final[Colour] = (255, 236, 196)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    weight = "Bold" if bold else "Regular"
    path = FONT_DIR / f"BIZUDPGothic-{weight}-subset.ttf"
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def name_font(size: int) -> ImageFont.FreeTypeFont:
    """The wider cut of the face (Latin, Greek, Cyrillic, kana and kanji) for players' names."""
    path = FONT_DIR / "BIZUDPGothic-Bold-names.ttf"
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def name_covered() -> frozenset[str]:
    return frozenset((FONT_DIR / "charset-names.txt").read_text(encoding="utf-8"))


@lru_cache(maxsize=1024)
def drawable_name(name: str, fallback: str) -> str:
    """A player's name as the names font can draw it: what it lacks (emoji, scripts it has
    no glyphs for, control characters) left out, spaces collapsed; ``fallback`` (the seat's
    label) when nothing readable is left. A box or a ``?`` in someone's name reads as a fault."""
    have = name_covered()
    kept = "".join(
        ch if ch in have and unicodedata.category(ch)[0] != "C" else " "
        for ch in unicodedata.normalize("NFC", name)
    )
    tidy = " ".join(kept.split())
    return tidy if any(ch.isalnum() for ch in tidy) else fallback


@cache
def covered() -> frozenset[str]:
    """The characters the bundled font has (written by ``python -m bot.pictures.subset_font``)."""
    return frozenset((FONT_DIR / "charset.txt").read_text(encoding="utf-8"))


@lru_cache(maxsize=4096)
def printable(text: str) -> str:
    """``text`` with every character the font lacks replaced by ``?``."""
    have = covered()
    return "".join(ch if ch in have or ch == "\n" else "?" for ch in text)


def _needs_names_font(text: str, name: bool) -> bool:
    """Whether a line holding a name needs the names font (bold only): not when the bundled
    faces have every character, so a plain name keeps the line's own weight."""
    return name and not set(text) <= covered()


def _face(size: int, bold: bool, name: bool) -> ImageFont.FreeTypeFont:
    return name_font(size) if name else font(size, bold)


def _shown(text: str, name: bool) -> str:
    return text if name else printable(text)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False, name: bool = False) -> float:
    """How wide ``text`` is drawn (remembered: wrapping and fitting ask again and again)."""
    return _face(size, bold, name).getlength(_shown(text, name))


@lru_cache(maxsize=2048)
def _line_mask(
    text: str, size: int, bold: bool, anchor: str, name: bool = False
) -> tuple[Image.Image, Image.Image, int, int, Box]:
    """One line of text rendered once as a coverage mask, the pixels it touches (a mask of
    0 and 255), where the masks' top-left corner lies from the anchor, and the inked part.
    Most words of a board recur from picture to picture (labels, card names, numbers), and
    laying text out is most of a picture's drawing time."""
    face = _face(size, bold, name)
    shown = _shown(text, name)
    box = face.getbbox(shown, anchor=anchor)
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    mask = Image.new("L", (right - left + 2 * _PAD, bottom - top + 2 * _PAD), 0)
    ImageDraw.Draw(mask).text((_PAD - left, _PAD - top), shown, fill=255, font=face, anchor=anchor)
    ink = mask.getbbox() or (_PAD, _PAD, _PAD, _PAD)
    return mask, mask.point(_TOUCHED), left - _PAD, top - _PAD, ink


@lru_cache(maxsize=4096)
def _shaded_line(
    text: str, size: int, bold: bool, anchor: str, name: bool, steps: tuple[int, ...]
) -> Image.Image:
    """A line of text in palette indices, each pixel the step of ``steps`` its coverage is
    nearest to. Remembered by the indices: pictures of one kind take their entries in the
    same order, so a board's recurring words are shaded once, not once a picture."""
    mask = _line_mask(text, size, bold, anchor, name)[0]
    shaded = mask.point([steps[(coverage * SHADES + 127) // 255] for coverage in range(256)])
    return Image.frombuffer("P", mask.size, shaded.tobytes(), "raw", "P", 0, 1)


@lru_cache(maxsize=512)
def _box_stamp(
    w: int, h: int, radius: float, filled: bool, outlined: bool, width: int
) -> tuple[Image.Image | None, Image.Image | None]:
    """A small rounded box's inside and outline, drawn once as masks: pasting its colours
    through them is several times faster than drawing the box's corners again (chips and
    badges, dozens a picture), and the masks serve every colour."""
    shape = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, w, h),
        radius,
        fill=_INSIDE if filled else None,
        outline=_OUTLINE if outlined else None,
        width=width,
    )
    inside = shape.point(_ONLY[_INSIDE]) if filled else None
    outline = shape.point(_ONLY[_OUTLINE]) if outlined else None
    return inside, outline


def clear_caches() -> None:
    """Forget every remembered text and box (the benchmark's cold start)."""
    for remembered in (printable, text_width, _line_mask, _shaded_line, _box_stamp, drawable_name):
        remembered.cache_clear()
    _sprites.clear()


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line of text as drawn: its words, size in pixels, inked box, and whether it is a
    fact that decides a move (drawn at :data:`DECISIVE` or more)."""

    text: str
    size: int
    box: Box
    decisive: bool
    #: Drawn in the names font (a name with characters the bundled subset lacks).
    name: bool = False


#: The lists collecting canvases while :func:`watching` (tests read their records). Global,
#: not per context: the bot draws in worker threads its event loop started long before.
_watchers: list[list[Canvas]] = []


@contextmanager
def watching() -> Iterator[list[Canvas]]:
    """Every canvas made while the block runs, in any thread, with its records (for tests
    and tools)."""
    canvases: list[Canvas] = []
    _watchers.append(canvases)
    try:
        yield canvases
    finally:
        _watchers.remove(canvases)


class Canvas:
    """A palette image being drawn, with the few primitives the pictures are made of. Shapes
    drawn through :attr:`draw` take their colours as RGB, like any Pillow drawing."""

    def __init__(
        self, height: int, background: Colour = PAPER, width: int = WIDTH, watched: bool = True
    ) -> None:
        self.image = Image.new("P", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        # Shapes' colours through :meth:`ink` too: past a full palette, the nearest.
        self.draw.palette = _Entries(self)  # type: ignore[assignment]
        #: Per (ink, ground) palette index, the index each text coverage is drawn in.
        self._shades: dict[tuple[int, int], tuple[int, ...]] = {}
        self.width = width
        #: The lowest point drawn so far: the picture is cropped just below it.
        self.bottom = 0.0
        #: Every line of text drawn, every arrow (start, end, width) and every mark that text
        #: must keep clear of (a token): the picture's own account of itself.
        self.texts: list[Drawn] = []
        self.strokes: list[tuple[Point, Point, float]] = []
        self.marks: list[Box] = []
        if watched:  # not a sprite's scratch canvas: its records reach the picture's own
            for watcher in _watchers:
                watcher.append(self)

    def _reach(self, y: float) -> None:
        self.bottom = max(self.bottom, y)

    def discard(self) -> None:
        """A draft given up (a layout too tall, drawn again shorter): out of the watchers'
        records, which describe the pictures sent."""
        for watcher in _watchers:
            if self in watcher:
                watcher.remove(self)

    # --- colours ------------------------------------------------------------------------

    def ink(self, colour: Colour, room: int = PALETTE_SIZE) -> int:
        """``colour``'s palette index, given the next free entry while fewer than ``room``
        are taken; past it, the nearest colour the palette has."""
        palette = self.image.palette
        assert palette is not None
        known = palette.colors.get(colour)
        if known is not None:
            return known
        if len(palette.colors) < room:
            return palette.getcolor(colour, self.image)
        return min(palette.colors.items(), key=lambda entry: _distance(entry[0], colour))[1]

    def _colour(self, index: int) -> Colour:
        palette = self.image.palette
        assert palette is not None
        r, g, b = palette.palette[3 * index : 3 * index + 3]
        return r, g, b

    def _ground(self, x: int, y: int) -> int:
        """The palette index drawn at (``x``, ``y``), or at the nearest pixel of the canvas."""
        index = self.image.getpixel(
            (min(max(x, 0), self.image.width - 1), min(max(y, 0), self.image.height - 1))
        )
        assert isinstance(index, int)
        return index

    def _shading(self, ink: int, ground: int) -> tuple[int, ...]:
        """The indices of ``ink`` laid over ``ground`` in :data:`SHADES` steps, from the ground
        to the ink: the shades between take entries only while text's share of the palette
        lasts (shapes' solid colours keep the rest)."""
        key = (ink, ground)
        steps = self._shades.get(key)
        if steps is None:
            top, under = self._colour(ink), self._colour(ground)
            shades = [ground]
            for step in range(1, SHADES):
                mix = tuple(
                    round(u + (t - u) * step / SHADES) for t, u in zip(top, under, strict=True)
                )
                shades.append(self.ink((mix[0], mix[1], mix[2]), room=_SHADE_ROOM))
            steps = (*shades, ink)
            self._shades[key] = steps
        return steps

    # --- text ---------------------------------------------------------------------------

    def measure(self, text: str, size: int, bold: bool = False, name: bool = False) -> float:
        return text_width(text, size, bold, _needs_names_font(text, name))

    def text(
        self,
        xy: Point,
        text: str,
        size: int,
        *,
        bold: bool = False,
        fill: Colour = INK,
        anchor: str = "la",
        decisive: bool = False,
        name: bool = False,
    ) -> float:
        """Draw one line; returns its width. The anchor is rounded to a whole pixel, so the
        line's rendering can be remembered and stamped (half a pixel is invisible).
        ``decisive``: a fact a move depends on (recorded, so tests hold it to its size);
        ``name``: a player's name, drawn in the names font (pass it through
        :func:`drawable_name` first)."""
        name = _needs_names_font(text, name)
        _, touched, dx, dy, ink = _line_mask(text, size, bold, anchor, name)
        left, top = round(xy[0]) + dx, round(xy[1]) + dy
        box = (left + ink[0], top + ink[1], left + ink[2], top + ink[3])
        # The text's edges are shaded towards what lies under its middle (a line is drawn on
        # one ground: paper, a panel, a badge, a face).
        ground = self._ground(int(box[0] + box[2]) // 2, int(box[1] + box[3]) // 2)
        steps = self._shading(self.ink(fill), ground)
        self.image.paste(_shaded_line(text, size, bold, anchor, name, steps), (left, top), touched)
        self.texts.append(Drawn(text, size, box, decisive, name))
        # The line's lowest point from its anchor, without laying the text out again.
        self._reach(xy[1] + size * _BELOW_ANCHOR.get(anchor[1], 1.0))
        return text_width(text, size, bold, name)

    def fit(
        self,
        text: str,
        size: int,
        width: float,
        bold: bool = False,
        least: int = SMALLEST,
        name: bool = False,
    ) -> int:
        """The largest size up to ``size`` (not below ``least``) at which ``text`` fits."""
        while size > least and self.measure(text, size, bold, name) > width:
            size -= 1
        return size

    def clip(
        self, text: str, size: int, width: float, bold: bool = False, name: bool = False
    ) -> str:
        """``text`` cut with … to fit ``width`` at ``size`` (a long name)."""
        if self.measure(text, size, bold, name) <= width:
            return text
        while text and self.measure(text + "…", size, bold, name) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap(
        self, text: str, size: int, width: float, bold: bool = False, name: bool = False
    ) -> list[str]:
        """``text`` broken into lines no wider than ``width``: at spaces, or anywhere in runs
        without spaces (Japanese)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in _words(paragraph):
                candidate = line + word
                if line and self.measure(candidate.rstrip(), size, bold, name) > width:
                    lines.append(line.rstrip())
                    line = word.lstrip()
                else:
                    line = candidate
            lines.append(line.rstrip())
        return lines

    def paragraph(
        self,
        xy: Point,
        text: str,
        size: int,
        width: float,
        *,
        bold: bool = False,
        fill: Colour = INK,
        leading: float = 1.35,
        decisive: bool = False,
        name: bool = False,
    ) -> float:
        """Draw wrapped text from its top-left corner; returns the y below it. ``name``: the
        text holds a player's name (drawn in the names font)."""
        x, y = xy
        for line in self.wrap(text, size, width, bold, name):
            self.text((x, y), line, size, bold=bold, fill=fill, decisive=decisive, name=name)
            y += size * leading
        self._reach(y)
        return y

    # --- shapes -------------------------------------------------------------------------

    def box(
        self,
        rect: Box,
        fill: Colour | None = PANEL,
        outline: Colour | None = RULE,
        width: int = 2,
        radius: float = 10,
    ) -> None:
        x0, y0, x1, y1 = rect
        left, top = round(x0), round(y0)
        w, h = round(x1) - left, round(y1) - top
        # Pillow rounds a box's corners to whole pixels but its curve's size is the unrounded
        # one, and a box it cannot round becomes an ellipse drawn at the exact coordinates.
        d = min(x1 - x0, y1 - y0, radius * 2)
        full_x = d >= w - 1
        if w * h > _STAMP_AREA or (full_x and w >= h - 1):
            self.draw.rounded_rectangle(rect, radius, fill=fill, outline=outline, width=width)
        else:
            inside, edge = _box_stamp(w, h, d / 2, fill is not None, outline is not None, width)
            area = (left, top, left + w + 1, top + h + 1)
            for colour, mask in ((fill, inside), (outline, edge)):
                if colour is not None and mask is not None:
                    self.image.paste(self.ink(colour), area, mask)
        self._reach(y1)

    def raised(self, rect: Box, fill: Colour, outline: Colour = INK, radius: float = 10) -> None:
        """A box with a hard shadow below and right: a card or cube lying on the table."""
        x0, y0, x1, y1 = rect
        self.box((x0 + 4, y0 + 5, x1 + 4, y1 + 5), SHADOW, None, 0, radius)
        self.box(rect, fill, outline, 2, radius)

    def badge(
        self,
        xy: Point,
        text: str,
        size: int,
        *,
        fill: Colour = INK,
        ink: Colour = PANEL,
        outline: Colour | None = None,
        anchor: str = "l",
        decisive: bool = False,
    ) -> Box:
        """A pill-shaped label; ``anchor`` is ``l``, ``m`` or ``r`` (its left, centre or right
        at ``xy``, vertically centred). Returns its box."""
        pad = size * 0.45
        w = self.measure(text, size, True) + 2 * pad
        h = size * 1.4
        x, y = xy
        left = {"l": x, "m": x - w / 2, "r": x - w}[anchor]
        rect = (left, y - h / 2, left + w, y + h / 2)
        self.box(rect, fill, outline, 2, h / 2)
        self.text(
            (left + w / 2, y), text, size, bold=True, fill=ink, anchor="mm", decisive=decisive
        )
        return rect

    def recent(
        self, rect: Box, label: str, radius: float = 12, below: bool = False, pad: float = 5
    ) -> None:
        """Frame ``rect`` as part of the last move: a thick orange frame and a tag in words
        on its top (or bottom) right corner, so it does not rest on colour (no ``label``: the
        caller tags a row of frames once)."""
        x0, y0, x1, y1 = rect
        self.draw.rounded_rectangle(
            (x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius, outline=RECENT, width=5
        )
        self._reach(y1 + pad)
        if not label:
            return
        self.badge(
            (x1 + pad, y1 + pad if below else y0 - pad),
            label,
            SMALLEST,
            fill=RECENT,
            ink=INK,
            anchor="r",
        )
        self._reach(y1 + pad + SMALLEST * 0.7)

    def arrow(
        self, start: Point, end: Point, fill: Colour, width: int = 6, head: float = 18
    ) -> None:
        """A straight arrow with a filled triangular head at ``end``."""
        (x0, y0), (x1, y1) = start, end
        self.strokes.append((start, end, width))
        length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-6)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        base = (x1 - ux * head, y1 - uy * head)
        self.draw.line((start, base), fill=fill, width=width)
        wing = head * 0.6
        self.draw.polygon(
            [
                end,
                (base[0] - uy * wing, base[1] + ux * wing),
                (base[0] + uy * wing, base[1] - ux * wing),
            ],
            fill=fill,
        )
        self._reach(max(y0, y1) + head / 2)

    def path(self, points: Sequence[Point], fill: Colour, width: int = 6, head: float = 18) -> None:
        """An arrow along a bent path: straight lines through ``points``, the head at the
        last (the corners rounded by a dot)."""
        for a, b in itertools.pairwise(points[:-1]):
            self.draw.line((a, b), fill=fill, width=width)
            self.strokes.append((a, b, width))
            r = width / 2
            self.draw.ellipse((b[0] - r, b[1] - r, b[0] + r, b[1] + r), fill=fill)
            self._reach(max(a[1], b[1]) + r)
        self.arrow(points[-2], points[-1], fill, width, head)

    def hatch(self, rect: Box, colour: Colour, step: int = 8) -> None:
        """Diagonal lines across ``rect`` (a card back), clipped to it."""
        x0, y0, x1, y1 = (int(v) for v in rect)
        w, h = x1 - x0, y1 - y0
        layer = Image.new("L", (w, h), 0)
        pen = ImageDraw.Draw(layer)
        for k in range(-h, w, step):
            pen.line(((k, 0), (k + h, h)), fill=255, width=2)
        self.image.paste(self.ink(colour), (x0, y0, x1, y1), layer)

    def rule(self, y: float, x0: float = MARGIN, x1: float | None = None) -> None:
        self.draw.line(((x0, y), (self.width - MARGIN if x1 is None else x1, y)), RULE, 2)
        self._reach(y + 1)

    # --- remembered drawings -------------------------------------------------------------

    def sprite(
        self,
        key: Hashable,
        corner: Point,
        extent: tuple[int, int],
        draw: Callable[[Canvas, Point], object],
    ) -> None:
        """What ``draw(canvas, corner)`` draws within ``extent`` (width, height) of ``corner``,
        drawn once on a canvas of its own and pasted ever after: a 武士将棋 board's faces were
        40 % of its drawing, and the same few faces recur. ``key`` names what is drawn (the
        same key, the same drawing); the texts, strokes and marks it drew are recorded here as
        if drawn here."""
        x, y = corner
        left, top = math.floor(x) - _SPRITE_PAD, math.floor(y) - _SPRITE_PAD
        at = (x - left, y - top)
        ground = self._colour(self._ground(left, top))
        remembered_as = (key, at, ground, extent)
        drawn = _sprites.get(remembered_as)
        if drawn is None:
            scratch = Canvas(
                extent[1] + 2 * _SPRITE_PAD, ground, extent[0] + 2 * _SPRITE_PAD, watched=False
            )
            draw(scratch, at)
            drawn = _Sprite.of(scratch)
            if len(_sprites) >= _SPRITES_KEPT:
                _sprites.pop(next(iter(_sprites)))
            _sprites[remembered_as] = drawn
        indices = [self.ink(colour) for colour in drawn.colours]
        self.image.paste(
            drawn.tile.point(indices + [0] * (256 - len(indices))), (left, top), drawn.touched
        )
        self.texts.extend(
            Drawn(t.text, t.size, _moved(t.box, left, top), t.decisive, t.name) for t in drawn.texts
        )
        self.strokes.extend(
            ((a[0] + left, a[1] + top), (b[0] + left, b[1] + top), w) for a, b, w in drawn.strokes
        )
        self.marks.extend(_moved(m, left, top) for m in drawn.marks)
        self._reach(top + drawn.bottom)

    # --- output -------------------------------------------------------------------------

    def png(self, pad: int = MARGIN) -> bytes:
        """The picture cropped below the lowest mark, as a palette PNG."""
        height = min(self.image.height, int(self.bottom) + pad)
        return write_png(self.image, height)

    def rgb(self) -> Image.Image:
        """The whole canvas in RGB (to frame or combine with other pictures)."""
        return self.image.convert("RGB")


def palette_png(picture: Image.Image) -> bytes:
    """An RGB picture made of drawn ones (a result card) as a small palette PNG."""
    # Flat colours and anti-aliased text fit a small palette without visible loss. The palette
    # is chosen from every third pixel of every third row (fast, and only colours that are
    # drawn, where an averaged copy would blend new ones) and every pixel is mapped to its
    # nearest.
    sample = picture.resize((picture.width // 3, picture.height // 3), Image.Resampling.NEAREST)
    palette = sample.quantize(96, method=Image.Quantize.FASTOCTREE, dither=NO_DITHER)
    return write_png(picture.quantize(palette=palette, dither=NO_DITHER))


def _distance(a: tuple[int, ...], b: Colour) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, slots=True)
class _Sprite:
    """A drawing remembered: its pixels in its own palette's indices, which pixels it touched,
    its palette's colours by index, and its records (from its own top-left corner)."""

    tile: Image.Image
    touched: Image.Image
    colours: tuple[Colour, ...]
    texts: tuple[Drawn, ...]
    strokes: tuple[tuple[Point, Point, float], ...]
    marks: tuple[Box, ...]
    bottom: float

    @staticmethod
    def of(scratch: Canvas) -> _Sprite:
        palette = scratch.image.palette
        assert palette is not None
        by_index = sorted((index, colour) for colour, index in palette.colors.items())
        return _Sprite(
            scratch.image,
            # The ground is its canvas's first colour: everything else was drawn.
            scratch.image.point(_TOUCHED, "1"),
            tuple((c[0], c[1], c[2]) for _, c in by_index),
            tuple(scratch.texts),
            tuple(scratch.strokes),
            tuple(scratch.marks),
            scratch.bottom,
        )


def _moved(box: Box, dx: float, dy: float) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


#: Sprites by what they draw, where within a pixel, on what ground, the oldest dropped first.
_sprites: dict[Hashable, _Sprite] = {}


class _Entries:
    """What a Pillow drawing asks of a palette image's palette, answered by the canvas."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas

    def getcolor(self, colour: tuple[int, ...], image: Image.Image | None = None) -> int:
        return self._canvas.ink((colour[0], colour[1], colour[2]))


#: The largest box (in pixels) drawn by pasting a remembered copy: past it, copying the
#: pixels costs more than drawing them.
_STAMP_AREA: Final = 8000
#: Blank pixels around a remembered line's mask (a glyph's edge may spill past its box).
_PAD: Final = 2
#: How far below its anchor a line of text reaches, in font sizes, by vertical anchor.
_BELOW_ANCHOR: Final = {"a": 1.15, "t": 1.0, "m": 0.6, "s": 0.3, "b": 0.0, "d": 0.0}
#: Never the first character of a line (Japanese line breaking, kinsoku).
_CLOSING: Final = "、。，．）」』】・ー：！？"


def _words(text: str) -> Sequence[str]:
    """Break points: a word keeps its leading space; a wide character may start a line unless
    it is closing punctuation."""
    out: list[str] = []
    word = ""
    for ch in text:
        wide = ord(ch) >= 0x2E80
        if (ch == " " or (wide and ch not in _CLOSING)) and word.strip():
            out.append(word)
            word = ""
        word += ch
    if word:
        out.append(word)
    return out
