"""A finished game as one animated picture, and its result card: made of pictures already drawn.

The boards come from the games' own painters (drawn from the spectator's view); this module
only frames them: a title frame, one frame per move with a caption band saying the move, and a
result frame. Frames are padded to one size (the boards' heights differ by their words). The
animation is a GIF (every phone and browser plays it, and a player may keep it): one palette
shared by all frames, each frame storing only what changed.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from PIL import Image, ImageChops

from bot.pictures.canvas import INK, MARGIN, MUTED, PANEL, RECENT, RULE, Canvas, palette_png

#: How long each frame shows, in milliseconds.
TITLE_MS: Final = 1600
MOVE_MS: Final = 700
RESULT_MS: Final = 4000
#: The band under each board (how far the game is; the result).
BAND: Final = 64
#: An animation's size at most: Discord takes far bigger files, but a phone on a slow line
#: should play it within seconds.
MAX_BYTES: Final = 2_000_000
#: Every how many moves a frame, tried in turn until the animation fits (the boards keep their
#: width: scaling every frame would cost more than drawing it).
EVERY: Final = (1, 2, 3, 5, 8)
#: Colours of the shared palette; the palette's last index marks an unchanged pixel.
COLOURS: Final = 63
UNCHANGED: Final = 255
_ZERO: Final = [255, *(0,) * 255]
SUFFIX: Final = "gif"


def _open(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _band(canvas: Canvas, top: float, label: str, progress: float) -> None:
    """Under a board: where the game is, in words (``12 / 61``) and as a bar. The board itself
    marks the move and says it."""
    canvas.draw.rectangle((0, top, canvas.width, top + BAND), fill=PANEL)
    canvas.rule(top, 0, canvas.width)
    mid = top + BAND / 2
    x = MARGIN + canvas.text((MARGIN, mid), label, 26, bold=True, fill=INK, anchor="lm") + 20
    right = canvas.width - MARGIN
    if right - x > 40:
        canvas.draw.rounded_rectangle((x, mid - 6, right, mid + 6), 6, fill=RULE)
        filled = x + (right - x) * max(0.0, min(progress, 1.0))
        if filled > x + 12:
            canvas.draw.rounded_rectangle((x, mid - 6, filled, mid + 6), 6, fill=RECENT)


def _result_band(canvas: Canvas, top: float, result: str) -> None:
    """Under the final board: the result, marked like the last move, in ink-dark words."""
    canvas.draw.rectangle((0, top, canvas.width, top + BAND), fill=PANEL)
    canvas.draw.rectangle((0, top, canvas.width, top + 6), fill=RECENT)
    width = canvas.width - 2 * MARGIN
    size = canvas.fit(result, 30, width, bold=True)
    result = canvas.clip(result, size, width, bold=True)
    canvas.text((MARGIN, top + BAND / 2 + 3), result, size, bold=True, fill=INK, anchor="lm")


def _board_frame(
    board: Image.Image, size: tuple[int, int], band: Callable[[Canvas, float], None]
) -> Image.Image:
    width, height = size
    canvas = Canvas(height, width=width)
    band(canvas, height - BAND)
    frame = canvas.rgb()
    frame.paste(board, ((width - board.width) // 2, 0))
    return frame


def _title_frame(size: tuple[int, int], title: Sequence[str]) -> Image.Image:
    """The game's name, then the players and what the game was, centred."""
    width, height = size
    canvas = Canvas(height, width=width)
    sizes = [44, *([26] * (len(title) - 1))]
    total = sum(s * 1.6 for s in sizes)
    y = max((height - total) / 2, MARGIN)
    for index, (line, wanted) in enumerate(zip(title, sizes, strict=True)):
        # Phone-first as the boards: never under the smallest size; a line too long is cut.
        room, bold = width - 2 * MARGIN, index == 0
        shown = canvas.fit(line, wanted, room, bold=bold)
        line = canvas.clip(line, shown, room, bold=bold)
        fill = INK if index < 2 else MUTED
        canvas.text((width / 2, y), line, shown, bold=index == 0, fill=fill, anchor="ma")
        y += shown * 1.6
        if index == 0:
            canvas.rule(y - shown * 0.2, width / 4, width * 3 / 4)
            y += 12
    return canvas.rgb()


def animate(
    boards: Sequence[bytes],
    labels: Sequence[str],
    title: Sequence[str],
    result: str,
    final: bytes,
    limit: int = MAX_BYTES,
) -> bytes:
    """The animation: ``title`` (lines), each board (PNG) with its label (``12 / 61``) and a
    progress bar, and the ``final`` board with ``result``. Within ``limit`` bytes: with
    fewer moves shown (each for longer), as a long game needs."""
    opened = [_open(png) for png in boards]
    end = _open(final)
    width = max(image.width for image in (*opened, end))
    size = (width, max(image.height for image in (*opened, end)) + BAND)
    last = max(len(opened) - 1, 1)
    moves = [
        _board_frame(image, size, partial(_band, label=label, progress=k / last))
        for k, (image, label) in enumerate(zip(opened, labels, strict=True))
    ]
    title_frame = _title_frame(size, title)
    result_frame = _board_frame(end, size, partial(_result_band, result=result))
    drawn = b""
    for every in EVERY:
        kept = moves[::every]
        frames = [title_frame, *kept, result_frame]
        durations = [TITLE_MS, *[MOVE_MS * every] * len(kept), RESULT_MS]
        drawn = _gif(frames, durations)
        if len(drawn) <= limit:
            break
    return drawn


def _gif(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    """GIF frames in one shared palette, each holding only the pixels that changed (the rest
    transparent, showing the frame before)."""
    # One palette for all (picked from the first, a middle and the last frame), so unchanged
    # pixels keep their index from frame to frame; the last index is left for "unchanged".
    w, h = frames[0].size
    strip = Image.new("RGB", (w, h * 3))
    for k, frame in enumerate((frames[0], frames[len(frames) // 2], frames[-1])):
        strip.paste(frame, (0, k * h))
    strip = strip.resize((w // 2, h * 3 // 2), Image.Resampling.NEAREST)
    palette = strip.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    mapped = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    holed = [mapped[0]]
    for before, after in itertools.pairwise(mapped):
        unchanged = ImageChops.subtract_modulo(after, before).point(_ZERO, "1")
        frame = after.copy()
        frame.paste(UNCHANGED, mask=unchanged)
        holed.append(frame)
    out = io.BytesIO()
    holed[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=holed[1:],
        duration=list(durations),
        loop=0,
        transparency=UNCHANGED,
        disposal=1,  # keep each frame under the next: its holes show it
    )
    return out.getvalue()


def result_card(board: bytes, heading: str, lines: Sequence[str]) -> bytes:
    """A picture to keep: the game's name, the result and the players' ratings above the final
    board."""
    image = _open(board)
    canvas = Canvas(image.height + 400, width=image.width)
    x, right = MARGIN, image.width - MARGIN
    size = canvas.fit(heading, 34, right - x, bold=True)
    heading = canvas.clip(heading, size, right - x, bold=True)
    canvas.text((x, MARGIN + 4), heading, size, bold=True, anchor="la")
    y = MARGIN + size * 1.5
    for index, line in enumerate(lines):
        y = canvas.paragraph(
            (x, y),
            line,
            28 if index == 0 else 22,
            right - x,
            bold=index == 0,
            fill=INK if index == 0 else MUTED,
        )
    y += 8
    canvas.draw.line((0, y, canvas.width, y), RULE, 2)
    card = canvas.rgb().crop((0, 0, canvas.width, round(y) + 2 + image.height))
    card.paste(image, (0, round(y) + 2))
    return palette_png(card)
