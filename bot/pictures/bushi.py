"""武士将棋 as a picture: both cubes' top faces seen from above, White's at the top.

Each face shows 武 on the samurai's edge, a blade and 刀 on every sword edge, and an arrow for
the samurai's gaze; a sword pointing at the opponent is drawn in vermillion and an arrow crosses
to the cube it threatens. The cube that moved last is framed, with its face before the move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from bot.pictures.canvas import (
    BLUE,
    DECISIVE,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    RECENT,
    RULE,
    SMALLEST,
    VERMILLION,
    Box,
    Canvas,
    Colour,
    Point,
    drawable_name,
)
from bot.text.pictures.bushi import (
    ALTERNATE,
    BEFORE,
    CLAIMABLE,
    DRAW_OFFERED,
    DROP_TURN,
    LAST,
    LEGEND,
    MOVE_NAME,
    MOVE_TURN,
    NOT_PLACED,
    NOT_POINTING,
    ONLY,
    PLY,
    POINTING,
    REPEATED,
    TO_MOVE,
)
from rules.bushi import BushiRules, BushiView, CubeReading, Facing, MoveKind, Orientation
from rules.bushi.cube import is_pointing, samurai_edge, swords, top_type
from rules.bushi.render import REPETITION_LIMIT, result_line
from rules.bushi.words import FACING_WORD, SEAT_NAME, SEAT_TITLE
from rules.core import Event, Locale, Seat

BLACK: Final[Seat] = 0
WHITE: Final[Seat] = 1
FACE: Final = 210
FACE_X: Final = MARGIN + 16
INFO_X: Final = FACE_X + FACE + 40
#: The face colours: Black's cube dark, White's light, as the seat names say.
FACE_FILL: Final[tuple[Colour, Colour]] = ((52, 52, 58), (252, 249, 240))
FACE_INK: Final[tuple[Colour, Colour]] = ((250, 250, 250), INK)
STEEL: Final[Colour] = (160, 172, 186)
#: Screen directions: x right, y down.
_SCREEN: Final = {Facing.F: (0, -1), Facing.R: (1, 0), Facing.B: (0, 1), Facing.L: (-1, 0)}
_RULES: Final = BushiRules()
#: How far a raised face's shadow reaches past it.
_SHADOW: Final = 6


def on_screen(direction: Facing, seat: Seat) -> Facing:
    """A direction in ``seat``'s frame as a screen direction: Black looks up, White down."""
    return direction if seat == BLACK else direction.turned(2)


def draw_face(
    canvas: Canvas,
    corner: Point,
    size: float,
    orientation: Orientation,
    cube: CubeReading,
    seat: Seat,
    decisive: bool = True,
) -> Box:
    """One top face: 武 at the samurai edge, blades with 刀 on the sword edges, the gaze.
    ``decisive``: the face as it is now (a face before the move is only a reminder). Drawn
    once per look and size, then pasted (:meth:`Canvas.sprite`)."""
    x, y = corner
    extent = math.ceil(size) + _SHADOW
    canvas.sprite(
        ("bushi-face", size, orientation, cube, seat, decisive),
        corner,
        (extent, extent),
        lambda scratch, at: _draw_face(scratch, at, size, orientation, cube, seat, decisive),
    )
    return (x, y, x + size, y + size)


def _draw_face(
    canvas: Canvas,
    corner: Point,
    size: float,
    orientation: Orientation,
    cube: CubeReading,
    seat: Seat,
    decisive: bool,
) -> None:
    x, y = corner
    rect = (x, y, x + size, y + size)
    canvas.raised(rect, FACE_FILL[seat], INK, size * 0.08)
    cx, cy = x + size / 2, y + size / 2
    ink = FACE_INK[seat]
    glyph = max(SMALLEST, int(size * 0.17))
    pointing = is_pointing(orientation, cube)
    for edge in swords(orientation, cube):
        dx, dy = _SCREEN[on_screen(edge, seat)]
        danger = pointing and edge is Facing.F
        blade = VERMILLION if danger else STEEL
        # The blade lies along the edge, the kanji just inside it.
        reach, half = size * 0.36, size * 0.045
        ex, ey = cx + dx * size * 0.41, cy + dy * size * 0.41
        if dx == 0:
            bar = (cx - reach, ey - half, cx + reach, ey + half)
        else:
            bar = (ex - half, cy - reach, ex + half, cy + reach)
        canvas.box(bar, blade, INK, 2, half)
        kx, ky = cx + dx * size * 0.24, cy + dy * size * 0.24
        canvas.text(
            (kx, ky),
            "刀",
            glyph,
            bold=True,
            fill=VERMILLION if danger else ink,
            anchor="mm",
            decisive=decisive,
        )
    dx, dy = _SCREEN[on_screen(samurai_edge(orientation), seat)]
    sx, sy = cx + dx * size * 0.34, cy + dy * size * 0.34
    r = size * 0.12
    canvas.draw.ellipse((sx - r, sy - r, sx + r, sy + r), fill=PANEL, outline=INK, width=3)
    canvas.text(
        (sx, sy), "武", int(glyph * 1.1), bold=True, fill=INK, anchor="mm", decisive=decisive
    )
    gx, gy = _SCREEN[on_screen(orientation.facing, seat)]
    start = (cx - gx * size * 0.08, cy - gy * size * 0.08)
    # The gaze stops short of the kanji on the edges (large on a small face).
    reach = min(size * 0.16, size * 0.24 - glyph * 0.5 - 5)
    canvas.arrow(
        start,
        (cx + gx * reach, cy + gy * reach),
        BLUE,
        max(3, int(size * 0.035)),
        size * 0.1,
    )


def _face_words(view: BushiView, seat: Seat, locale: Locale) -> list[tuple[str, int, bool, Colour]]:
    """The lines beside a face: its type, its gaze and whether it points."""
    orientation = view.cubes[seat]
    if orientation is None:
        return [(NOT_PLACED(locale), SMALLEST, False, MUTED)]
    kind = top_type(orientation, view.cube).text
    lines = [(kind.ja, 36, True, INK)]
    if locale == "en":
        lines.append((kind.en, SMALLEST, False, MUTED))
    lines.append((FACING_WORD[orientation.facing](locale), 24, False, INK))
    if is_pointing(orientation, view.cube):
        opponent = SEAT_NAME[1 - seat](locale)
        lines.append((POINTING.format(opponent=opponent)(locale), 24, True, VERMILLION))
    else:
        lines.append((NOT_POINTING(locale), SMALLEST, False, MUTED))
    return lines


def _last_action(recent: Sequence[Event]) -> Event | None:
    return next((e for e in reversed(recent) if e.kind in ("move", "drop")), None)


def _seat_block(
    canvas: Canvas,
    view: BushiView,
    seat: Seat,
    top: float,
    locale: Locale,
    last: Event | None,
    name: str = "",
) -> Box:
    """A seat's face on the left, its title, player and words on the right; returns the
    face's box."""
    rect: Box = (FACE_X, top, FACE_X + FACE, top + FACE)
    orientation = view.cubes[seat]
    if orientation is None:
        canvas.box(rect, None, RULE, 3, FACE * 0.08)
    else:
        draw_face(canvas, (FACE_X, top), FACE, orientation, view.cube, seat)
    title_y = top + 16
    room = canvas.width - MARGIN - INFO_X
    width = canvas.text((INFO_X, title_y), SEAT_TITLE[seat](locale), 24, bold=True, anchor="lm")
    if view.to_move == seat:
        canvas.badge(
            (INFO_X + width + 12, title_y),
            "◀ " + TO_MOVE(locale),
            DECISIVE,
            fill=BLUE,
            decisive=True,
        )
    y = title_y + 28
    if name:
        shown = canvas.clip(name, 24, room, name=True)
        canvas.text((INFO_X, y), shown, 24, fill=MUTED, name=True)
        y += 34
    for index, (text, size, bold, fill) in enumerate(_face_words(view, seat, locale)):
        y = canvas.paragraph(
            (INFO_X, y),
            text,
            size,
            room,
            bold=bold,
            fill=fill,
            decisive=index == 0 and size >= DECISIVE,
        )
    if last is not None and last.seat == seat:
        # White's tag on top: below it run the threat arrows to Black's cube.
        canvas.recent(rect, LAST(locale), below=seat == BLACK)
        if last.kind == "move":
            _before(canvas, view, seat, last, y + 8, locale)
    return rect


def _before(
    canvas: Canvas, view: BushiView, seat: Seat, last: Event, top: float, locale: Locale
) -> None:
    """The moved cube's face before the move, an arrow, and the move's name."""
    canvas.text((INFO_X, top), BEFORE(locale), SMALLEST, fill=MUTED)
    mini = 132
    face_top = top + 34
    draw_face(
        canvas,
        (INFO_X, face_top),
        mini,
        Orientation.parse(str(last.data["before"])),
        view.cube,
        seat,
        decisive=False,
    )
    mid = face_top + mini / 2
    canvas.arrow((INFO_X + mini + 14, mid), (INFO_X + mini + 56, mid), RECENT, 6, 18)
    move = MOVE_NAME[MoveKind(str(last.data["move"]))](locale)
    room = canvas.width - MARGIN - (INFO_X + mini + 64)
    lines = canvas.wrap(move, 24, room, bold=True)
    for k, line in enumerate(lines):
        dy = (k - (len(lines) - 1) / 2) * 32
        canvas.text((INFO_X + mini + 64, mid + dy), line, 24, bold=True, anchor="lm")


def _threats(canvas: Canvas, view: BushiView, white: Box, black: Box) -> None:
    """An arrow from each cube that points at the other, across the gap between them."""
    cx = (white[0] + white[2]) / 2
    for seat, start, end, dx in (
        (WHITE, white[3] + 8, black[1] - 10, -30),
        (BLACK, black[1] - 8, white[3] + 10, 30),
    ):
        if view.pointing[seat]:
            canvas.arrow((cx + dx, start), (cx + dx, end), VERMILLION, 8, 24)
            mid = (start + end) / 2
            label_x = cx + dx + (-34 if dx < 0 else 34)
            canvas.text((label_x, mid), "刀", 26, bold=True, fill=VERMILLION, anchor="mm")


def _status(view: BushiView, locale: Locale) -> list[str]:
    if view.outcome is not None:
        return [result_line(view.outcome, locale)]
    assert view.to_move is not None
    seat = SEAT_NAME[view.to_move](locale)
    if view.cubes[view.to_move] is None:
        lines = [DROP_TURN.format(seat=seat)(locale)]
    else:
        lines = [MOVE_TURN.format(seat=seat)(locale)]
        if view.forced is not None:
            lines.append(ONLY.format(move=MOVE_NAME[view.forced](locale))(locale))
    if view.repetitions >= 2:
        lines.append(REPEATED.format(n=view.repetitions, limit=REPETITION_LIMIT)(locale))
    if view.draw_offer is not None:
        lines.append(DRAW_OFFERED.format(seat=SEAT_NAME[view.draw_offer](locale))(locale))
    if view.may_claim_draw:
        lines.append(CLAIMABLE(locale))
    return lines


def draw_board(
    view: BushiView, locale: Locale, recent: Sequence[Event] = (), names: Sequence[str] = ()
) -> bytes:
    """The board for ``view`` as PNG bytes; ``recent`` are the last action's public events,
    to frame the cube that moved; ``names`` the players' display names by seat (Black,
    White), shown under the seats' titles. The last move in words is the card's, beside it."""
    canvas = Canvas(1200)
    right = canvas.width - MARGIN
    w = canvas.text((MARGIN, 34), BushiRules.title.ja, 32, bold=True, anchor="lm")
    if locale == "en":
        canvas.text((MARGIN + w + 12, 36), BushiRules.title.en, SMALLEST, fill=MUTED, anchor="lm")
    canvas.text((right, 36), PLY.format(n=view.ply)(locale), SMALLEST, fill=MUTED, anchor="rm")
    canvas.rule(64)
    last = _last_action(recent)
    shown = [drawable_name(n, "") for n in names] if len(names) == 2 else ["", ""]
    white = _seat_block(canvas, view, WHITE, 86, locale, last, shown[WHITE])
    black_top = max(white[3] + 80, canvas.bottom + 30)
    black = _seat_block(canvas, view, BLACK, black_top, locale, last, shown[BLACK])
    _threats(canvas, view, white, black)
    y = max(canvas.bottom, black[3]) + 26
    canvas.rule(y)
    y += 16
    width = right - MARGIN
    for index, line in enumerate(_status(view, locale)):
        first = index == 0
        y = canvas.paragraph(
            (MARGIN, y), line, DECISIVE if first else 24, width, bold=first, decisive=first
        )
    if view.cube is CubeReading.ALTERNATE:
        y = canvas.paragraph((MARGIN, y + 4), ALTERNATE(locale), SMALLEST, width, fill=MUTED)
    canvas.paragraph((MARGIN, y + 4), LEGEND(locale), SMALLEST, width, fill=MUTED)
    return canvas.png()
