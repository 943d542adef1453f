"""易双六 / 略式易双六 as a picture: the six majors laid out as the game lays them out.

Positions 6 and 4 on top, 5 and 2 down the middle, 3 and 1 at the bottom (the text board's
diagram); each major shows its effective values at the chosen multiplier and the pile beside
it. Sw sits above the middle column and Co below it, the card put aside (X) and the talon on the
left, the discards on the right. The token is a round piece; the last draw's card is framed
where it landed, and a token move is an arrow between the two majors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.pictures.canvas import (
    BLUE,
    GREEN,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    RECENT,
    RULE,
    VERMILLION,
    Box,
    Canvas,
    Colour,
    Point,
)
from bot.pictures.cards import Chip, chip_rows, face_down
from bot.text.pictures.yosukou import (
    ASIDE,
    CHOICE,
    CHOOSE_START,
    DISCARD,
    DRAWN,
    END_CARDS,
    GOAL,
    GOAL_LINE,
    HOLDING,
    LAST,
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
from rules.core import Event, Locale, Text, labelled
from rules.yosukou import YosukouRules, YosukouView
from rules.yosukou.engine import CO, DIS, SW, card_values, home_pile, is_upper
from rules.yosukou.render import DISCARD_SHOWN, describe_event, settings_line
from rules.yosukou.settings import INFINITY
from rules.yosukou.state import CHOOSE, OVER, PLAY, START, WAR

CARD_W: Final = 214
CARD_H: Final = 206
GAP: Final = 14
MIDDLE_H: Final = 176
COLUMNS: Final = (MARGIN, MARGIN + CARD_W + 15, MARGIN + 2 * (CARD_W + 15))
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
        self.canvas = Canvas(1500)
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
        w = c.text((MARGIN, 34), title.ja, 30, bold=True, anchor="lm")
        if self.locale == "en":
            c.text((MARGIN + w + 12, 36), title.en, 20, fill=MUTED, anchor="lm")
        if view.phase != START:
            status = self.t(
                STATUS, n=view.drawn_terminals, m=view.settings.rule_terminals, t=view.talon_len
            )
            c.text((c.width - MARGIN, 36), status, 19, fill=INK, anchor="rm")
        y = c.paragraph(
            (MARGIN, 60), settings_line(view, self.locale), 16, c.width - 2 * MARGIN, fill=MUTED
        )
        c.rule(y + 4)
        return y + 22

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
        y = top + 14
        for index, line in enumerate(self.status_lines()):
            y = c.paragraph((MARGIN, y), line, 23 if index == 0 else 19, width, bold=index == 0)
        shown = [e for e in self.recent if e.kind != "game_over"][-3:]
        for event in shown:
            text = labelled(self.t(LAST), describe_event(event, self.locale), self.locale)
            y = c.paragraph((MARGIN, y + 2), text, 17, width)
        legend = VALUES_SIMPLE if self.simplified else VALUES
        c.paragraph(
            (MARGIN, y + 6),
            self.t(legend, m=self.view.settings.rule_major_influence),
            15,
            width,
            fill=MUTED,
        )

    # --- the majors -------------------------------------------------------------------

    def major(self, p: int, corner: Point) -> None:
        c, view = self.canvas, self.view
        x, y = corner
        rect = (x, y, x + CARD_W, y + CARD_H)
        self.majors[p] = rect
        major = view.board[p - 1]
        goal = view.goal is not None and p in view.goal
        c.raised(rect, MAJOR_FILL, GREEN if goal else INK, 12)
        if goal:
            c.draw.rounded_rectangle(
                (x + 4, y + 4, x + CARD_W - 4, y + CARD_H - 4), 9, outline=GREEN, width=2
            )
        band = (x + 2, y + 2, x + CARD_W - 2, y + 46)
        c.box(band, INK if major.upright else REVERSED_BAND, None, 0, 10)
        band_ink = PANEL if major.upright else INK
        r = 15
        c.draw.ellipse(
            (x + 10, y + 9, x + 10 + 2 * r, y + 9 + 2 * r), fill=PANEL, outline=INK, width=2
        )
        c.text((x + 10 + r, y + 9 + r), str(p), 20, bold=True, anchor="mm")
        name = _major_name(major.number, self.locale)
        size = c.fit(name, 20, CARD_W - 60, bold=True)
        c.text((x + 50, y + 25), name, size, bold=True, fill=band_ink, anchor="lm")
        self._facing_line(rect, major.upright, p)
        self._values(rect, p)
        self._pile(rect, p)
        if view.token == p:
            self._token(_token_spot(rect))

    def _facing_line(self, rect: Box, upright: bool, p: int) -> None:
        c, view = self.canvas, self.view
        x, y = rect[0] + 12, rect[1] + 62
        # A triangle pointing up or down names the facing by shape, the word by text.
        tri = (
            [(x, y + 6), (x + 14, y + 6), (x + 7, y - 7)]
            if upright
            else [(x, y - 7), (x + 14, y - 7), (x + 7, y + 6)]
        )
        c.draw.polygon(tri, fill=INK if upright else VERMILLION)
        c.text((x + 20, y), self.t(UPRIGHT if upright else REVERSED), 16, fill=MUTED, anchor="lm")
        tags: list[tuple[str, Colour]] = []
        if view.goal is not None and p in view.goal:
            tags.append(("★ " + self.t(GOAL), GREEN))
        if view.phase == START and p in view.legal_starts:
            tags.append((self.t(MAY_START), BLUE))
        right = rect[2] - 10
        for label, colour in tags:
            box = c.badge((right, y), label, 13, fill=colour, anchor="r")
            right = box[0] - 6

    def _values(self, rect: Box, p: int) -> None:
        c = self.canvas
        v = self.view.values[p]
        x, y = rect[0] + 12, rect[1] + 78
        if self.simplified:
            c.text((x, y), f"M {v[0]}", 24, bold=True)
            c.text((x + 96, y), f"F {v[2]}", 24, bold=True)
            return
        cells = (("Sw", v[0], v[1]), ("Co", v[2], v[3]), ("Cu", v[4], v[5]), ("Wa", v[6], v[7]))
        for k, (name, a, b) in enumerate(cells):
            cx, cy = x + (k % 2) * 100, y + (k // 2) * 24
            w = c.text((cx, cy), name, 15, fill=MUTED)
            c.text((cx + w + 5, cy - 2), f"{a}/{b}", 18, bold=True)

    def _pile(self, rect: Box, p: int) -> None:
        c = self.canvas
        cards = self.view.piles[home_pile(p)]
        top = rect[1] + (118 if self.simplified else 132)
        if not cards:
            c.text((rect[0] + 12, top + 6), "—", 18, fill=RULE)
            return
        values = [self.values[code] for code in cards]
        note = ""
        if self.simplified:
            note = self.t(MAX, n=max(values))
        elif is_upper(p):
            note = self.t(SUM, n=sum(values))
        width = CARD_W - 24
        if note:
            w = c.text((rect[2] - 12, top + 12), note, 15, bold=True, fill=MUTED, anchor="rm")
            width -= int(w) + 8
        chips = [_chip(code, self.recent_cards) for code in cards]
        chip_rows(c, rect[0] + 12, top, chips[-8:], width, 15)

    def _token(self, centre: Point, ghost: bool = False) -> None:
        """The round token; a ghost (dashed ring) where it stood before the last move."""
        c = self.canvas
        x, y = centre
        r = 24
        if ghost:
            c.draw.ellipse((x - r, y - r, x + r, y + r), fill=PANEL, outline=RECENT, width=4)
            c.text((x, y), "駒", 22, bold=True, fill=MUTED, anchor="mm")
            return
        c.draw.ellipse((x - r + 3, y - r + 4, x + r + 3, y + r + 4), fill=(0, 0, 0))
        c.draw.ellipse((x - r, y - r, x + r, y + r), fill=BLUE, outline=INK, width=3)
        c.text((x, y), "駒", 24, bold=True, fill=PANEL, anchor="mm")

    # --- the piles between the majors --------------------------------------------------

    def centre_pile(self, rect: Box, pile: int, name: str) -> None:
        c = self.canvas
        cards = self.view.piles[pile]
        total = sum(self.values[code] for code in cards)
        c.box(rect, PANEL, RULE, 2, 10)
        c.text((rect[0] + 12, rect[1] + 18), f"{name} = {total}", 19, bold=True, anchor="lm")
        chips = [_chip(code, self.recent_cards) for code in cards]
        if chips:
            chip_rows(c, rect[0] + 12, rect[1] + 36, chips[-6:], rect[2] - rect[0] - 24, 15)

    def aside_and_talon(self, rect: Box) -> None:
        c, view = self.canvas, self.view
        x0, y0, _, y1 = rect
        small = (x0 + 4, y0 + 28, x0 + 86, y1 - 34)
        c.text((x0 + 4, y0 + 10), self.t(ASIDE), 15, fill=MUTED, anchor="lm")
        c.raised(small, MAJOR_FILL, INK, 8)
        if view.aside is not None:
            number = int(view.aside[1:])
            c.text(
                ((small[0] + small[2]) / 2, small[1] + 30),
                f"({number})",
                20,
                bold=True,
                anchor="mm",
            )
            name = MAJOR_NAMES[number](self.locale).removeprefix("The ")
            size = c.fit(name, 18, small[2] - small[0] - 8, bold=True)
            c.text(((small[0] + small[2]) / 2, small[1] + 62), name, size, bold=True, anchor="mm")
        else:
            c.text(
                ((small[0] + small[2]) / 2, (small[1] + small[3]) / 2),
                "X",
                28,
                bold=True,
                fill=MUTED,
                anchor="mm",
            )
        stack = (x0 + 112, y0 + 28, x0 + 190, y1 - 42)
        c.text((x0 + 112, y0 + 10), self.t(TALON), 15, fill=MUTED, anchor="lm")
        face_down(c, stack, str(view.talon_len), 18)
        ends = self.t(END_CARDS, n=view.drawn_terminals, m=view.settings.rule_terminals)
        c.text((x0 + 112, y1 - 14), ends, 15, bold=True, anchor="lm")

    def discards(self, rect: Box) -> None:
        c = self.canvas
        cards = self.view.piles[DIS]
        c.box(rect, PANEL, RULE, 2, 10)
        c.text(
            (rect[0] + 12, rect[1] + 18), self.t(DISCARD, n=len(cards)), 18, bold=True, anchor="lm"
        )
        chips = [_chip(code, self.recent_cards) for code in cards[-DISCARD_SHOWN:]]
        if len(cards) > DISCARD_SHOWN:
            chips.insert(0, Chip("…", MUTED))
        chip_rows(c, rect[0] + 12, rect[1] + 38, chips, rect[2] - rect[0] - 24, 15)

    # --- the whole board --------------------------------------------------------------

    def draw(self) -> bytes:
        top = self.header()
        left, middle, right = COLUMNS
        low = top + CARD_H + GAP + MIDDLE_H + GAP
        self.major(6, (left, top))
        self.major(4, (right, top))
        self.major(3, (left, low))
        self.major(1, (right, low))
        self.aside_and_talon((left, top + CARD_H + GAP, left + CARD_W, low - GAP))
        self.discards((right, top + CARD_H + GAP, right + CARD_W, low - GAP))
        total = low + CARD_H - top
        if self.simplified:
            spare = (total - 2 * CARD_H - GAP) / 2
            self.major(5, (middle, top + spare))
            self.major(2, (middle, top + spare + CARD_H + GAP))
        else:
            pile_h = (total - 2 * CARD_H - 3 * GAP) / 2
            self.centre_pile((middle, top, middle + CARD_W, top + pile_h), SW, "Sw")
            self.major(5, (middle, top + pile_h + GAP))
            self.major(2, (middle, top + pile_h + 2 * GAP + CARD_H))
            bottom = top + total
            self.centre_pile((middle, bottom - pile_h, middle + CARD_W, bottom), CO, "Co")
        self._token_arrow()
        self.footer(low + CARD_H + 24)
        return self.canvas.png()

    def _token_arrow(self) -> None:
        """The last move of the token: a ghost where it was, an arrow to where it is."""
        move = _token_move(self.recent)
        if move is None:
            return
        start, end = (_token_spot(self.majors[p]) for p in move)
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = (dx * dx + dy * dy) ** 0.5
        # From the ghost's rim to the token's rim.
        s = (start[0] + dx / length * 28, start[1] + dy / length * 28)
        e = (end[0] - dx / length * 28, end[1] - dy / length * 28)
        self.canvas.arrow(s, e, INK, 12, 30)
        self.canvas.arrow(s, e, RECENT, 6, 24)
        # No label: the hollow ghost and the arrow say it, and a label above the top row would
        # cover the rules line (the status sentence says where the token went).
        self._token(start, ghost=True)
        self._token(end)


def _token_spot(card: Box) -> Point:
    """Where the token stands on a major: over its top right corner."""
    return (card[2] - 14, card[1] + 12)


def draw_board(view: YosukouView, locale: Locale, recent: Sequence[Event] = ()) -> bytes:
    """The board for ``view`` as PNG bytes; ``recent`` are the last action's public events,
    to frame the card drawn and the token's move."""
    return _Board(view, locale, recent).draw()
