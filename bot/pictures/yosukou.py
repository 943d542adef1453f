"""易双六 / 略式易双六 as a picture, portrait for a phone: the six majors in three rows of two.

Positions 6 and 4 on top, 5 and 2 in the middle, 3 and 1 at the bottom (the text board's
diagram, its middle column laid across); each major shows its effective values at the chosen
multiplier and its pile. The Sw and Co piles, the card put aside (X), the talon and the
discards follow below. The token is a round piece on the lane side of its major's header; the
last draw's card is framed where it landed, and a token move is an arrow along the lane between
the columns, so it crosses no words. Sentences (the last draw, the rules) are the card's, beside
the picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.pictures.canvas import (
    BLUE,
    DECISIVE,
    GREEN,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    RECENT,
    RULE,
    SMALLEST,
    VERMILLION,
    WIDTH,
    Box,
    Canvas,
    Colour,
    Point,
)
from bot.pictures.cards import CHIP_GAP, Chip, chip_rows, chip_width, face_down
from bot.text.pictures.yosukou import (
    ASIDE,
    CHOICE,
    CHOOSE_START,
    DISCARD,
    DRAWN,
    GOAL,
    GOAL_LINE,
    HOLDING,
    LOSE,
    LOWER,
    MAX,
    MAY_START,
    MOVED,
    NEXT_DRAW,
    NO_RESULT,
    REVERSED,
    STATUS,
    SUM,
    TALON,
    UPPER,
    UPRIGHT,
    VALUES,
    VALUES_SIMPLE,
    WAR_CHOICE,
    WIN,
)
from rules.cards.tarot import MAJOR_NAMES, card_label
from rules.core import Event, Locale, Text
from rules.yosukou import YosukouRules, YosukouView
from rules.yosukou.engine import CO, DIS, SW, card_values, home_pile, is_upper
from rules.yosukou.render import DISCARD_SHOWN
from rules.yosukou.settings import INFINITY
from rules.yosukou.state import CHOOSE, OVER, PLAY, START, WAR

#: Portrait, two columns with a clear lane between them: the token's arrow runs along the lane
#: and the gaps between rows, never across a card's words.
LANE: Final = 56
CARD_W: Final = (WIDTH - 2 * MARGIN - LANE) // 2
GAP: Final = 22
HEADER_H: Final = 60
COLUMNS: Final = (MARGIN, MARGIN + CARD_W + LANE)
LANE_X: Final = MARGIN + CARD_W + LANE / 2
#: The rows of majors, top to bottom (the text board's diagram: 6 and 4 on top, 5 and 2 in
#: the middle, 3 and 1 at the bottom).
ROWS: Final = ((6, 4), (5, 2), (3, 1))
TOKEN_R: Final = 25
#: The corner of a header kept free for the token: text stays out of it.
TOKEN_ZONE: Final = 2 * TOKEN_R + 16
CHIP: Final = DECISIVE
#: The chips a major's pile shows (its newest); older ones are counted in a "+n" chip.
PILE_SHOWN: Final = 4
#: Suit inks; the symbol (♠ swords, ♦ coins, ♥ cups, ♣ wands) always names the suit too.
SUIT_INK: Final[dict[str, Colour]] = {
    "♠": (0, 84, 147),
    "♦": (150, 92, 0),
    "♥": (196, 52, 20),
    "♣": (0, 112, 80),
}
MAJOR_FILL: Final[Colour] = (255, 252, 243)
REVERSED_BAND: Final[Colour] = (226, 222, 236)
_RULES: Final = YosukouRules()


def _count(value: int | str) -> str:
    return "∞" if value == INFINITY else str(value)


def _chip(code: str, recent: dict[str, str]) -> Chip:
    label = card_label(code)
    return Chip(label, SUIT_INK.get(label[0], INK), recent.get(code))


def _major_name(number: int, locale: Locale) -> str:
    name = MAJOR_NAMES[number](locale)
    return f"({number}) {name.removeprefix('The ')}" if locale == "en" else f"({number}){name}"


def _recent_cards(recent: Sequence[Event], locale: Locale) -> dict[str, str]:
    """The cards the last action drew or moved, each with its tag."""
    out: dict[str, str] = {}
    for event in recent:
        if event.kind == "draw":
            out[str(event.data["card"])] = DRAWN(locale)
        elif event.kind in ("war_place", "war_cancel"):
            out[str(event.data["card"])] = MOVED(locale)
    return out


def _token_move(recent: Sequence[Event]) -> tuple[int, int] | None:
    for event in reversed(recent):
        before, after = event.data.get("token_before"), event.data.get("token")
        if isinstance(before, int) and isinstance(after, int) and before != after:
            return before, after
    return None


class _Board:
    """One picture being drawn: the view, the canvas and where each major went."""

    def __init__(self, view: YosukouView, locale: Locale, recent: Sequence[Event]) -> None:
        self.view = view
        self.locale = locale
        self.canvas = Canvas(2400)
        self.values = card_values(view.settings.rule_court_card)
        self.recent_cards = _recent_cards(recent, locale)
        self.recent = recent
        self.majors: dict[int, Box] = {}

    @property
    def simplified(self) -> bool:
        return self.view.settings.simplified

    def t(self, text: Text, **fields: object) -> str:
        return text.format(**fields)(self.locale) if fields else text(self.locale)

    # --- the header and footer --------------------------------------------------------

    def header(self) -> float:
        c, view = self.canvas, self.view
        title = _RULES.title_for(view.settings)
        c.text((MARGIN, 36), title.ja, 36, bold=True, anchor="lm")
        if view.phase != START:
            status = self.t(
                STATUS, n=view.drawn_terminals, m=view.settings.rule_terminals, t=view.talon_len
            )
            c.text((c.width - MARGIN, 38), status, DECISIVE, bold=True, anchor="rm", decisive=True)
        c.rule(70)
        return 86

    def status_lines(self) -> list[str]:
        view = self.view
        if view.phase == START:
            return [self.t(CHOOSE_START, s=",".join(str(p) for p in view.legal_starts))]
        lines: list[str] = []
        if view.phase == PLAY:
            lines.append(self.t(NEXT_DRAW))
        elif view.phase == CHOOSE and view.pending is not None and view.token is not None:
            lines.append(self.t(CHOICE, c=card_label(view.pending), p=view.token, q=view.token + 3))
        elif view.phase == WAR:
            s = view.settings
            lines.append(
                self.t(
                    WAR_CHOICE,
                    n=view.war_total,
                    m=_count(s.rule_replacement),
                    k=view.war_to_co,
                    l=_count(s.rule_replacement_coins_lower),
                )
            )
            if view.holding is not None:
                lines.append(self.t(HOLDING, c=card_label(view.holding[1])))
        elif view.phase == OVER and view.outcome is not None:
            reason = view.outcome.reason
            if reason == "no_result":
                lines.append(self.t(NO_RESULT))
            else:
                lines.append(self.t(WIN if reason == "goal" else LOSE, p=view.token))
        if view.start is not None and view.goal is not None:
            side = self.t(UPPER if is_upper(view.start) else LOWER)
            a, b = view.goal
            lines.append(self.t(GOAL_LINE, p=view.start, side=side, a=a, b=b))
        return lines

    def footer(self, top: float) -> None:
        c = self.canvas
        width = c.width - 2 * MARGIN
        c.rule(top)
        y = top + 16
        for index, line in enumerate(self.status_lines()):
            first = index == 0
            y = c.paragraph(
                (MARGIN, y), line, DECISIVE if first else 24, width, bold=first, decisive=first
            )
        legend = VALUES_SIMPLE if self.simplified else VALUES
        c.paragraph(
            (MARGIN, y + 6),
            self.t(legend, m=self.view.settings.rule_major_influence),
            SMALLEST,
            width,
            fill=MUTED,
        )

    # --- the majors -------------------------------------------------------------------

    def major(self, p: int, corner: Point, left: bool) -> float:
        """One major with its pile; ``left``: in the left column (its token side is the
        right, towards the lane). Returns the y below it."""
        c, view = self.canvas, self.view
        x, y = corner
        major = view.board[p - 1]
        goal = view.goal is not None and p in view.goal
        body = self._body_height(p)
        rect = (x, y, x + CARD_W, y + body)
        self.majors[p] = rect
        c.raised(rect, MAJOR_FILL, GREEN if goal else INK, 12)
        if goal:
            c.draw.rounded_rectangle(
                (x + 4, y + 4, x + CARD_W - 4, y + body - 4), 9, outline=GREEN, width=3
            )
        band = (x + 2, y + 2, x + CARD_W - 2, y + HEADER_H)
        c.box(band, INK if major.upright else REVERSED_BAND, None, 0, 10)
        band_ink = PANEL if major.upright else INK
        # The position's number in a ring on the outer side, the name beside it; the lane
        # side's corner is the token's.
        r = 21
        cy = y + HEADER_H / 2 + 1
        ring_x = x + 10 + r if left else x + CARD_W - 10 - r
        c.draw.ellipse((ring_x - r, cy - r, ring_x + r, cy + r), fill=PANEL, outline=INK, width=2)
        c.text((ring_x, cy), str(p), DECISIVE, bold=True, anchor="mm", decisive=True)
        name = _major_name(major.number, self.locale)
        # The token's corner is kept only where the token stands or stood before its move.
        move = _token_move(self.recent) or ()
        held = view.token == p or p in move
        room = CARD_W - 2 * r - 28 - (TOKEN_ZONE if held else 0)
        size = c.fit(name, 26, room, bold=True)
        name = c.clip(name, size, room, bold=True)
        if left:
            c.text((x + 2 * r + 18, cy), name, size, bold=True, fill=band_ink, anchor="lm")
        else:
            c.text((ring_x - r - 8, cy), name, size, bold=True, fill=band_ink, anchor="rm")
        below = self._facing_line(rect, major.upright, p)
        below = self._values(rect, below, p)
        self._pile(rect, below, p)
        if view.token == p:
            self._token(_token_spot(rect, left))
        return rect[3]

    def _body_height(self, p: int) -> float:
        """A major's height: header, facing, values, and its pile's rows of chips."""
        values = DECISIVE * 1.4 if self.simplified else 2 * DECISIVE * 1.35
        chips, _, width = self._pile_layout(p)
        rows = max(1, _rows_needed(self.canvas, chips, width))
        tagged = any(chip.recent for chip in chips)
        pile = rows * (CHIP * 1.55 + CHIP_GAP) + (SMALLEST if tagged else 0)
        return HEADER_H + 44 + values + 12 + pile + 12

    def _pile_layout(self, p: int) -> tuple[list[Chip], str, float]:
        """A major's pile as drawn: its chips (the newest, and a count of the rest), the note
        beside them (sum or max) and the width the chips wrap in."""
        cards = self.view.piles[home_pile(p)]
        note = ""
        if cards:
            values = [self.values[code] for code in cards]
            if self.simplified:
                note = self.t(MAX, n=max(values))
            elif is_upper(p):
                note = self.t(SUM, n=sum(values))
        width: float = CARD_W - 28
        if note:
            width -= self.canvas.measure(note, 24, True) + 8
        chips = [_chip(code, self.recent_cards) for code in cards[-PILE_SHOWN:]]
        if len(cards) > PILE_SHOWN:
            chips.insert(0, Chip(f"+{len(cards) - PILE_SHOWN}", MUTED))
        return chips, note, width

    def _facing_line(self, rect: Box, upright: bool, p: int) -> float:
        c, view = self.canvas, self.view
        x, y = rect[0] + 14, rect[1] + HEADER_H + 24
        # A triangle pointing up or down names the facing by shape, the word by text.
        tri = (
            [(x, y + 8), (x + 18, y + 8), (x + 9, y - 9)]
            if upright
            else [(x, y - 9), (x + 18, y - 9), (x + 9, y + 8)]
        )
        c.draw.polygon(tri, fill=INK if upright else VERMILLION)
        word = self.t(UPRIGHT if upright else REVERSED)
        c.text((x + 26, y), word, SMALLEST, bold=True, fill=MUTED, anchor="lm", decisive=False)
        tags: list[tuple[str, Colour]] = []
        if view.goal is not None and p in view.goal:
            tags.append(("★ " + self.t(GOAL), GREEN))
        if view.phase == START and p in view.legal_starts:
            tags.append((self.t(MAY_START), BLUE))
        right = rect[2] - 12
        for label, colour in tags:
            box = c.badge((right, y), label, SMALLEST, fill=colour, anchor="r")
            right = box[0] - 6
        return y + 22

    def _values(self, rect: Box, top: float, p: int) -> float:
        c = self.canvas
        v = self.view.values[p]
        x = rect[0] + 14
        if self.simplified:
            for k, (name, value) in enumerate((("M", v[0]), ("F", v[2]))):
                cx = x + k * (CARD_W // 2)
                w = c.text((cx, top + 4), name, 24, fill=MUTED)
                c.text((cx + w + 8, top), str(value), 32, bold=True, decisive=True)
            return top + DECISIVE * 1.4
        cells = (("Sw", v[0], v[1]), ("Co", v[2], v[3]), ("Cu", v[4], v[5]), ("Wa", v[6], v[7]))
        for k, (name, a, b) in enumerate(cells):
            cx, cy = x + (k % 2) * (CARD_W // 2), top + (k // 2) * DECISIVE * 1.35
            w = c.text((cx, cy + 4), name, SMALLEST, fill=MUTED)
            c.text((cx + w + 6, cy), f"{a}/{b}", DECISIVE, bold=True, decisive=True)
        return top + 2 * DECISIVE * 1.35

    def _pile(self, rect: Box, top: float, p: int) -> None:
        c = self.canvas
        top += 8
        c.rule(top - 6, rect[0] + 12, rect[2] - 12)
        chips, note, width = self._pile_layout(p)
        if not chips:
            c.text((rect[0] + 14, top + 4), "—", SMALLEST, fill=MUTED)
            return
        if note:
            c.text((rect[2] - 14, top + CHIP * 0.78), note, 24, bold=True, anchor="rm")
        chip_rows(c, rect[0] + 14, top, chips, width, CHIP, decisive=True)

    def _token(self, centre: Point, ghost: bool = False) -> None:
        """The round token; a ghost (hollow ring) where it stood before the last move."""
        c = self.canvas
        x, y = centre
        r = TOKEN_R
        c.marks.append((x - r, y - r, x + r, y + r))
        if ghost:
            c.draw.ellipse((x - r, y - r, x + r, y + r), fill=PANEL, outline=RECENT, width=4)
            c.draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=MUTED)
            return
        c.draw.ellipse((x - r + 3, y - r + 4, x + r + 3, y + r + 4), fill=(0, 0, 0))
        c.draw.ellipse((x - r, y - r, x + r, y + r), fill=BLUE, outline=INK, width=3)
        # The token's own glyph: a mark, not a word (its meaning is the piece's shape).
        c.draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=PANEL)

    # --- the piles below the majors ----------------------------------------------------

    def pile_box(
        self, rect: Box, name: str, cards: Sequence[str], shown: int, decisive: bool = False
    ) -> float:
        """A pile in a box: its name and total (or count), its newest chips; returns its
        bottom."""
        c = self.canvas
        x0, y0, x1, _ = rect
        chips = [_chip(code, self.recent_cards) for code in cards[-shown:]]
        if len(cards) > shown:
            chips.insert(0, Chip(f"+{len(cards) - shown}", MUTED))
        # Measure first (the box is drawn under the chips): draw on a scratch height.
        rows = _rows_needed(c, chips, x1 - x0 - 28)
        tagged = any(chip.recent for chip in chips)
        bottom = y0 + 54 + max(1, rows) * (CHIP * 1.55 + 8) + (SMALLEST if tagged else 0) + 6
        c.box((x0, y0, x1, bottom), PANEL, RULE, 2, 10)
        size = DECISIVE if decisive else 26
        c.text((x0 + 14, y0 + 26), name, size, bold=True, anchor="lm", decisive=decisive)
        if chips:
            chip_rows(c, x0 + 14, y0 + 50, chips, x1 - x0 - 28, CHIP, decisive=True)
        else:
            c.text((x0 + 14, y0 + 58), "—", SMALLEST, fill=MUTED)
        return bottom

    def aside_and_talon(self, rect: Box) -> float:
        c, view = self.canvas, self.view
        x0, y0, x1, _ = rect
        card_w = (x1 - x0 - 24) / 2
        small = (x0 + 4, y0 + 40, x0 + 4 + card_w, y0 + 40 + 130)
        c.text((small[0], y0 + 16), self.t(ASIDE), SMALLEST, fill=MUTED, anchor="lm")
        c.raised(small, MAJOR_FILL, INK, 8)
        mid = (small[0] + small[2]) / 2
        if view.aside is not None:
            number = int(view.aside[1:])
            c.text((mid, small[1] + 36), f"({number})", DECISIVE, bold=True, anchor="mm")
            name = MAJOR_NAMES[number](self.locale).removeprefix("The ")
            room = small[2] - small[0] - 10
            size = c.fit(name, 24, room, bold=True)
            c.text(
                (mid, small[1] + 88), c.clip(name, size, room, True), size, bold=True, anchor="mm"
            )
        else:
            c.text((mid, (small[1] + small[3]) / 2), "X", 32, bold=True, fill=MUTED, anchor="mm")
        stack_x = x0 + card_w + 24
        stack = (stack_x, y0 + 40, stack_x + card_w - 12, y0 + 40 + 122)
        c.text((stack_x, y0 + 16), self.t(TALON), SMALLEST, fill=MUTED, anchor="lm")
        face_down(c, stack, str(view.talon_len), DECISIVE)
        return small[3] + 12

    # --- the whole board --------------------------------------------------------------

    def draw(self) -> bytes:
        y = self.header()
        left_x, right_x = COLUMNS
        for p_left, p_right in ROWS:
            low_left = self.major(p_left, (left_x, y), True)
            low_right = self.major(p_right, (right_x, y), False)
            y = max(low_left, low_right) + GAP
        self._token_arrow()
        view = self.view
        if not self.simplified:
            sw, co = view.piles[SW], view.piles[CO]
            sw_total = sum(self.values[code] for code in sw)
            co_total = sum(self.values[code] for code in co)
            bottom = max(
                self.pile_box((left_x, y, left_x + CARD_W, 0), f"Sw = {sw_total}", sw, 6, True),
                self.pile_box((right_x, y, right_x + CARD_W, 0), f"Co = {co_total}", co, 6, True),
            )
            y = bottom + GAP
        aside = self.aside_and_talon((left_x, y, left_x + CARD_W, 0))
        discards = view.piles[DIS]
        bottom = self.pile_box(
            (right_x, y, right_x + CARD_W, 0),
            self.t(DISCARD, n=len(discards)),
            discards,
            DISCARD_SHOWN - 1,
        )
        self.footer(max(aside, bottom) + GAP)
        return self.canvas.png()

    def _token_arrow(self) -> None:
        """The last move of the token: a ghost where it was, an arrow to where it is, along
        the lane between the columns and the gaps between the rows."""
        move = _token_move(self.recent)
        if move is None:
            return
        start_p, end_p = move
        start = _token_spot(self.majors[start_p], _on_left(start_p))
        end = _token_spot(self.majors[end_p], _on_left(end_p))
        rim = TOKEN_R + 4

        def off(spot: Point, towards: float) -> Point:
            return (spot[0] + (rim if towards > spot[0] else -rim), spot[1])

        if abs(start[1] - end[1]) < 1:
            points = [off(start, end[0]), off(end, start[0])]
        else:
            points = [off(start, LANE_X), (LANE_X, start[1]), (LANE_X, end[1]), off(end, LANE_X)]
        self.canvas.path(points, INK, 12, 30)
        self.canvas.path(points, RECENT, 6, 24)
        self._token(start, ghost=True)
        self._token(end)


def _on_left(p: int) -> bool:
    return any(p == row[0] for row in ROWS)


def _rows_needed(canvas: Canvas, chips: Sequence[Chip], width: float) -> int:
    """How many rows :func:`chip_rows` lays ``chips`` out in."""
    rows, x = (1 if chips else 0), 0.0
    for item in chips:
        w = chip_width(canvas, item.label, CHIP)
        if x + w > width and x > 0:
            rows, x = rows + 1, 0.0
        x += w + CHIP_GAP
    return rows


def _token_spot(card: Box, left: bool) -> Point:
    """Where the token stands on a major: in its header's corner on the lane side."""
    x = card[2] - 8 - TOKEN_R if left else card[0] + 8 + TOKEN_R
    return (x, card[1] + HEADER_H / 2 + 1)


def draw_board(
    view: YosukouView, locale: Locale, recent: Sequence[Event] = (), names: Sequence[str] = ()
) -> bytes:
    """The board for ``view`` as PNG bytes; ``recent`` are the last action's public events,
    to frame the card drawn and the token's move. ``names`` (the players') go unused: a
    solitaire's picture names no one."""
    return _Board(view, locale, recent).draw()
