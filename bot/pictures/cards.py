"""Card pieces both card games draw: small chips in rows, and face-down stacks.

A chip is a card seen edge-on in a pile: its label (``♦11``) in its suit's ink on white. Each
game picks the inks; the suit symbol always names the suit too, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.pictures.canvas import BLUE, INK, PANEL, RULE, SMALLEST, VERMILLION, Box, Canvas, Colour

CHIP_GAP = 6


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip to draw: its label, ink, and a tag for the last move's frame (or ``None``)."""

    label: str
    ink: Colour = INK
    recent: str | None = None
    #: Crossed out: a card just lost.
    struck: bool = False


def chip_width(canvas: Canvas, label: str, size: int) -> float:
    return canvas.measure(label, size, True) + size * 0.8


def chip(canvas: Canvas, x: float, y: float, item: Chip, size: int, decisive: bool = False) -> Box:
    """One chip with its top-left corner at ``(x, y)``; returns its box."""
    rect = (x, y, x + chip_width(canvas, item.label, size), y + size * 1.55)
    canvas.box(rect, PANEL, item.ink if item.recent else RULE, 2, 6)
    canvas.text(
        ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2),
        item.label,
        size,
        bold=True,
        fill=item.ink,
        anchor="mm",
        decisive=decisive,
    )
    if item.struck:
        mid = (rect[1] + rect[3]) / 2
        canvas.draw.line(((rect[0] + 2, mid), (rect[2] - 2, mid)), VERMILLION, 2)
    if item.recent:
        canvas.recent(rect, item.recent, radius=8, pad=3, below=True)
    return rect


def chip_rows(
    canvas: Canvas,
    x: float,
    y: float,
    items: Sequence[Chip],
    width: float,
    size: int,
    decisive: bool = False,
) -> float:
    """Chips left to right from ``(x, y)``, wrapping within ``width``; returns the y below.
    ``decisive``: the chips' ranks decide moves (recorded so)."""
    # A framed chip's tag hangs below it: leave room for it.
    tag = SMALLEST if any(i.recent for i in items) else 0
    left, line = x, size * 1.55 + CHIP_GAP + tag
    for item in items:
        w = chip_width(canvas, item.label, size)
        if x + w > left + width and x > left:
            x, y = left, y + line
        chip(canvas, x, y, item, size, decisive)
        x += w + CHIP_GAP
    return y + line


def face_down(canvas: Canvas, rect: Box, label: str, size: int = 20) -> None:
    """A face-down stack: a hatched card back over two offset edges, ``label`` on a plate."""
    x0, y0, x1, y1 = rect
    for shift in (8, 4):
        canvas.box((x0 + shift, y0 + shift, x1 + shift, y1 + shift), PANEL, INK, 2, 8)
    canvas.box(rect, BLUE, INK, 2, 8)
    canvas.hatch((x0 + 6, y0 + 6, x1 - 6, y1 - 6), (40, 140, 200), 9)
    if label:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        canvas.badge((cx, cy), label, size, fill=PANEL, ink=INK, outline=INK, anchor="m")
