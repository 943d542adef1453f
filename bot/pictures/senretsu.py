"""戦列札 as pictures: the public board, and each player's private hand panel.

Players are named by their display names (the seat tags P1/P2 where none are given), in the
rules' sentences too. The board stacks P1's lines from its rearmost down to its front, the front lines meeting at the
middle, then P2's from its front down to its rearmost, as the text board does. Every line is a
row of cards (a joker with its declared range); the deck line is a face-down stack with its
size. The cards of the last placement are framed, lines owing casualties are tagged, and the
last attack's dead are crossed out among the discards (its sentences are the card's, beside the
picture). The hand panel, which has no such card, lists what happened since its player last
played strike by strike, and adds the viewer's own hand and, while
they place, their lines as they would be with the staged cards.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from bot.pictures.canvas import (
    BLUE,
    DECISIVE,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PHONE_POINTS,
    RECENT,
    RULE,
    SMALLEST,
    VERMILLION,
    WIDTH,
    Canvas,
    Colour,
    drawable_name,
)
from bot.pictures.cards import CHIP_GAP, Chip, chip, chip_rows, chip_width, face_down
from bot.text.pictures.senretsu import (
    DECK,
    DECKS_FACE,
    DISCARD,
    FIELD_NOW,
    FIELD_NOW_FRAMED,
    FIRST,
    FRONT,
    HAND,
    HAND_OF,
    HANDS,
    KNOWN,
    OWED,
    PICK,
    PLACED,
    PREVIEW,
    QUIET,
    SPECTATOR,
    STAGED,
    TO_ACT,
    TURN,
    YOUR_PICK,
)
from rules.cards.playing import Card, parse_card, rank_label, sort_key
from rules.cards.playing import Colour as CardColour
from rules.core import Event, Locale, Seat, Text
from rules.senretsu import SenretsuRules, SenretsuView, Side
from rules.senretsu.render import (
    TITLE,
    AttackReport,
    attack_report,
    line_tag,
    ranged_label,
    seat_tag,
    status_lines,
    turn_report,
)
from rules.senretsu.state import AttackLog, FieldCard

CARD_W: Final = 64
CARD_H: Final = 88
#: How far a raised card's shadow reaches past it.
_SHADOW: Final = 6
ROW_H: Final = CARD_H + 14
TAG_W: Final = 62
BAR_H: Final = 52
#: The tallest a hand panel may be: 730 points on a phone 360 points wide, one screen.
PANEL_TALLEST: Final = round(730 * WIDTH / PHONE_POINTS)
#: Red cards in a red that stays apart from black in lightness for every colour vision.
CARD_INK: Final[dict[CardColour, Colour]] = {CardColour.RED: (200, 30, 45), CardColour.BLACK: INK}
_RULES: Final = SenretsuRules()


def _tr(text: Text, locale: Locale, **fields: object) -> str:
    return text.format(**fields)(locale) if fields else text(locale)


def _seat_names(names: Sequence[str]) -> tuple[str, str]:
    """The players' names as drawn, by seat: each as the names font can draw it, the seat's
    tag where there is none (a lesson, a puzzle) or nothing readable is left."""
    given = [*names, "", ""]
    first, second = (drawable_name(given[s], seat_tag(s)) for s in (0, 1))
    return first, second


#: A seat tag in a sentence: P1 or P2 not inside a longer word or number (Japanese runs on
#: straight after it: P2が).
_SEAT_TAG: Final = re.compile(r"(?<![A-Za-z0-9])P([12])(?![0-9])")


def _named(text: str, names: Sequence[str]) -> str:
    """The rules' sentence with its seat tags (P1, P2) replaced by the players' names."""
    return _SEAT_TAG.sub(lambda m: names[int(m.group(1)) - 1], text)


# --- cards ------------------------------------------------------------------------------------


def draw_card(
    canvas: Canvas,
    x: float,
    y: float,
    card: Card,
    declared: int | None,
    locale: Locale,
    scale: float = 1.0,
) -> None:
    """A face-up card: rank and suit in its colour, a joker with its declared range (none in
    the hand: a joker's range is declared when it is placed). Drawn once, then pasted
    (:meth:`Canvas.sprite`)."""
    extent = (math.ceil(CARD_W * scale) + _SHADOW, math.ceil(CARD_H * scale) + _SHADOW)
    canvas.sprite(
        ("senretsu-card", card, declared, scale),
        (x, y),
        extent,
        lambda scratch, at: _draw_card(scratch, at[0], at[1], card, declared, scale),
    )


def _draw_card(
    canvas: Canvas, x: float, y: float, card: Card, declared: int | None, scale: float
) -> None:
    w, h = CARD_W * scale, CARD_H * scale
    canvas.raised((x, y, x + w, y + h), PANEL, INK, 7 * scale)
    ink = CARD_INK[card.colour]
    rank_size = int(DECISIVE * scale)
    if card.suit is None:
        # A joker: Jk where a rank stands, and its declared range (decisive) below, or ★.
        canvas.text(
            (x + 5 * scale, y + 4 * scale), "Jk", rank_size, bold=True, fill=ink, decisive=True
        )
        if declared is not None:
            canvas.badge(
                (x + w / 2, y + h * 0.7),
                str(declared),
                rank_size,
                fill=ink,
                anchor="m",
                decisive=True,
            )
        else:
            canvas.text((x + w / 2, y + h * 0.68), "★", int(34 * scale), fill=ink, anchor="mm")
        return
    rank = rank_label(card.rank)
    size = int((DECISIVE if len(rank) > 1 else 32) * scale)
    canvas.text((x + 5 * scale, y + 3 * scale), rank, size, bold=True, fill=ink, decisive=True)
    canvas.text((x + w / 2, y + h * 0.7), card.suit.symbol, int(36 * scale), fill=ink, anchor="mm")


def _card_chip(card: Card, tag: str | None = None) -> Chip:
    return Chip(card.label, CARD_INK[card.colour], tag)


# --- the field --------------------------------------------------------------------------------


class _Field:
    """Both players' lines, drawn top to bottom, with the marks of the last moves."""

    def __init__(
        self,
        canvas: Canvas,
        view: SenretsuView,
        sides: Sequence[Side],
        locale: Locale,
        framed: dict[Card, str],
        hand_sizes: Sequence[int] | None = None,
        names: Sequence[str] = ("P1", "P2"),
        compact: bool = False,
    ) -> None:
        self.names = names
        #: Each line as a row of chips, half a card row high (a long field on a phone).
        self.compact = compact
        self.canvas = canvas
        self.view = view
        self.sides = sides
        self.locale = locale
        self.framed = framed
        self.hand_sizes = view.hand_sizes if hand_sizes is None else hand_sizes

    def draw(self, y: float) -> float:
        if self.compact:
            return self.columns(y)
        y = self.player_bar(0, y)
        y = self.lines(0, y, reversed_order=True)
        y = self.front(y)
        y = self.lines(1, y, reversed_order=False)
        return self.player_bar(1, y + 4)

    def columns(self, y: float) -> float:
        """The short form: both players' bars, then their lines side by side from the front
        (L1 of each on top), a row of chips per line — half the height of facing rows."""
        c = self.canvas
        y = self.player_bar(0, y)
        y = self.player_bar(1, y) + 4
        mid = c.width / 2
        spans = ((MARGIN, mid - 10), (mid + 10, c.width - MARGIN))
        for seat, (x0, x1) in enumerate(spans):
            suits = "♥♦" if self.view.colours[seat] is CardColour.RED else "♠♣"
            ink = CARD_INK[self.view.colours[seat]]
            head = c.clip(f"{suits} {self.names[seat]}", 24, x1 - x0, bold=True, name=True)
            c.text((x0, y + 14), head, 24, bold=True, fill=ink, anchor="lm", name=True)
        y = self.front(y + 30)
        for index in range(max(side.size for side in self.sides)):
            below = y
            for seat, (x0, x1) in enumerate(spans):
                if index < self.sides[seat].size:
                    line = self.sides[seat].line(index)
                    below = max(below, self.chip_line(seat, index, line, x0, x1, y))
            y = below
        return y

    def player_bar(self, seat: Seat, y: float) -> float:
        c, view, loc = self.canvas, self.view, self.locale
        colour = view.colours[seat]
        ink = CARD_INK[colour]
        suits = "♥♦" if colour is CardColour.RED else "♠♣"
        c.box((MARGIN, y, c.width - MARGIN, y + BAR_H), (246, 240, 228), RULE, 2, 8)
        mid = y + BAR_H / 2
        # Right to left: whose turn (decisive), who went first, the hand's size; the name
        # takes what is left, cut with … if long.
        right: float = c.width - MARGIN - 8
        if seat in view.to_act and view.outcome is None:
            badge = c.badge(
                (right, mid),
                "◀ " + _tr(TO_ACT, loc),
                DECISIVE,
                fill=BLUE,
                anchor="r",
                decisive=True,
            )
            right = badge[0] - 8
        if view.first_player == seat:
            right = (
                c.badge(
                    (right, mid),
                    _tr(FIRST, loc),
                    SMALLEST,
                    fill=PANEL,
                    ink=INK,
                    outline=INK,
                    anchor="r",
                )[0]
                - 10
            )
        hand = _tr(HAND, loc, n=self.hand_sizes[seat])
        right -= c.text((right, mid), hand, SMALLEST, anchor="rm") + 12
        x: float = MARGIN + 12
        x += c.text((x, mid), suits, 24, bold=True, fill=ink, anchor="lm") + 10
        name = c.clip(self.names[seat], 26, right - x, bold=True, name=True)
        c.text((x, mid), name, 26, bold=True, fill=ink, anchor="lm", name=True)
        y += BAR_H + 8
        if view.revealed[seat]:
            label = _tr(KNOWN, loc)
            w = c.text((MARGIN + 12, y + DECISIVE * 0.78), label, SMALLEST, fill=MUTED, anchor="lm")
            left = MARGIN + 12 + w + 12
            chips = [_card_chip(card) for card in view.revealed[seat]]
            y = chip_rows(c, left, y, chips, c.width - MARGIN - left, DECISIVE, decisive=True) + 4
        return y

    def lines(self, seat: Seat, y: float, reversed_order: bool) -> float:
        side = self.sides[seat]
        order = range(side.size)
        for index in reversed(order) if reversed_order else order:
            self.line(seat, index, side.line(index), y)
            y += ROW_H
        return y

    def _owed(self, seat: Seat, index: int) -> str:
        """The badge of a hit line its owner must still lose cards from, or ``""``."""
        view = self.view
        owed = next((p.count for p in view.pending if p.line == index), 0)
        return _tr(OWED, self.locale, n=owed) if owed and seat == view.defender else ""

    def chip_line(
        self,
        seat: Seat,
        index: int,
        line: Sequence[FieldCard] | None,
        x0: float,
        x1: float,
        y: float,
    ) -> float:
        """One line between ``x0`` and ``x1``: its tag and a chip per card (a joker's with its
        range), framed as placed or staged; the deck line as its count. Returns the y below."""
        c, loc = self.canvas, self.locale
        high = DECISIVE * 1.55
        mid = y + 5 + high / 2
        c.text((x0 + 4, mid), line_tag(index, loc), 24, bold=True, fill=MUTED, anchor="lm")
        left = x0 + TAG_W + 10
        if line is None:
            deck = _tr(DECK, loc, n=self.view.deck_sizes[seat])
            c.badge((left, mid), deck, DECISIVE, fill=BLUE, anchor="l", decisive=True)
            return y + high + 12
        x, top = left, y + 5
        for fc in line:
            item = Chip(ranged_label(fc.card, fc.range), CARD_INK[fc.card.colour])
            if x > left and x + chip_width(c, item.label, DECISIVE) > x1:
                x, top = left, top + high + 10
            box = chip(c, x, top, item, DECISIVE, decisive=True)
            if fc.card in self.framed:
                # The frame alone: the words above the field say what a frame means.
                c.recent(box, "", radius=8, pad=3)
            x = box[2] + CHIP_GAP + 4
        owed = self._owed(seat, index)
        if owed:
            # After the cards, on a row of its own when they leave no room for it.
            if x + c.measure(owed, 24, True) + 30 > x1:
                x, top = left, top + high + 10
            c.badge((x + 4, top + high / 2), owed, 24, fill=VERMILLION, anchor="l")
        return top + high + 12

    def line(self, seat: Seat, index: int, line: Sequence[FieldCard] | None, y: float) -> None:
        c, view, loc = self.canvas, self.view, self.locale
        top = y + 6
        c.text(
            (MARGIN + 6, top + CARD_H / 2),
            line_tag(index, loc),
            24,
            bold=True,
            fill=MUTED,
            anchor="lm",
        )
        x0 = MARGIN + TAG_W
        if line is None:
            face_down(c, (x0, top, x0 + CARD_W, top + CARD_H), "", SMALLEST)
            c.text(
                (x0 + CARD_W + 22, top + CARD_H / 2),
                _tr(DECK, loc, n=view.deck_sizes[seat]),
                26,
                bold=True,
                anchor="lm",
            )
            return
        owed_label = self._owed(seat, index)
        owes = bool(owed_label)
        tags = {self.framed[fc.card] for fc in line if fc.card in self.framed}
        tag = next(iter(sorted(tags)), "")
        # Room on the right for the owed badge and the frames' one tag.
        reserve = (c.measure(owed_label, 24, True) + 30 if owes else 0) + (
            c.measure(tag, SMALLEST, True) + 40 if tag else 0
        )
        right = c.width - MARGIN - reserve
        # Cards overlap when a line is longer than the row.
        step: float = CARD_W + 10
        if len(line) > 1:
            step = min(step, (right - x0 - CARD_W - 8) / (len(line) - 1))
        for k, fc in enumerate(line):
            x = x0 + k * step
            draw_card(c, x, top, fc.card, fc.range, loc)
        end = x0 + (len(line) - 1) * step + CARD_W
        for k, fc in enumerate(line):
            if fc.card in self.framed:
                x = x0 + k * step
                c.recent((x, top, x + CARD_W, top + CARD_H), "", radius=9, pad=4)
        if tag:
            # One tag for the line's framed cards, after them (tags under narrow cards would
            # collide).
            c.badge((end + 14, top + CARD_H / 2), tag, SMALLEST, fill=RECENT, ink=INK)
        if owes:
            c.badge(
                (c.width - MARGIN - 4, top + CARD_H / 2),
                owed_label,
                24,
                fill=VERMILLION,
                anchor="r",
            )

    def front(self, y: float) -> float:
        c = self.canvas
        mid = y + 18
        label = _tr(FRONT, self.locale)
        w = c.measure(label, SMALLEST, True) + 24
        cx = c.width / 2
        c.draw.line(((MARGIN, mid), (cx - w / 2, mid)), INK, 3)
        c.draw.line(((cx + w / 2, mid), (c.width - MARGIN, mid)), INK, 3)
        c.text((cx, mid), label, SMALLEST, bold=True, anchor="mm")
        return y + 40


# --- the board --------------------------------------------------------------------------------


def _header(canvas: Canvas, view: SenretsuView, locale: Locale, names: Sequence[str]) -> float:
    w = canvas.text((MARGIN, 34), TITLE.ja, 32, bold=True, anchor="lm")
    if locale == "en":
        canvas.text((MARGIN + w + 12, 36), TITLE.en, SMALLEST, fill=MUTED, anchor="lm")
    if view.turn:
        canvas.text(
            (canvas.width - MARGIN, 36),
            _tr(TURN, locale, t=view.turn),
            SMALLEST,
            fill=MUTED,
            anchor="rm",
        )
    y = 66.0
    for index, line in enumerate(status_lines(view, locale, _RULES.reason_text)):
        first = index == 0
        y = canvas.paragraph(
            (MARGIN, y),
            _named(line, names),
            DECISIVE if first else SMALLEST,
            canvas.width - 2 * MARGIN,
            bold=first,
            decisive=first,
            name=True,
        )
    return y + 6


def _placed(view: SenretsuView, recent: Sequence[Event], locale: Locale) -> dict[Card, str]:
    """The cards of the last placement: the previous turn's, or from a public ``placed``
    event among ``recent``."""
    tag = _tr(PLACED, locale)
    out: dict[Card, str] = {}
    if view.previous_turn is not None:
        out = {p.card: tag for p in view.previous_turn.placed}
    for event in recent:
        if event.kind == "placed":
            for item in event.data.get("placements", []):
                out[parse_card(str(item["card"]))] = tag
    return out


def _report(
    canvas: Canvas,
    log: AttackLog | None,
    report: AttackReport | None,
    y: float,
    names: Sequence[str],
    locale: Locale,
    *,
    quiet: bool = False,
) -> float:
    """A turn or an attack in the rules' own sentences, each strike marked by whether it
    hit; returns the y below it. ``quiet``: the strikes that hit nothing are only counted
    (a long attack in a panel that must fit a phone)."""
    if report is None:
        return y
    width = canvas.width - 2 * MARGIN
    y = canvas.paragraph(
        (MARGIN, y), _named(report.heading, names), 24, width, bold=True, name=True
    )
    missed = 0
    for strike, sentence in zip(log.strikes if log else (), report.strikes, strict=True):
        hit = strike.result in ("line", "deck")
        if quiet and not hit:
            missed += 1
            continue
        mark = "×" if hit else "・"
        canvas.text(
            (MARGIN + 8, y + 14),
            mark,
            SMALLEST,
            bold=True,
            fill=VERMILLION if hit else MUTED,
            anchor="lm",
        )
        y = canvas.paragraph(
            (MARGIN + 34, y), _named(sentence, names), SMALLEST, width - 34, name=True
        )
    if missed:
        quieted = _tr(QUIET, locale, n=missed)
        y = canvas.paragraph((MARGIN + 34, y), quieted, SMALLEST, width - 34, fill=MUTED)
    for note in report.notes:
        y = canvas.paragraph(
            (MARGIN + 34, y), _named(note, names), SMALLEST, width - 34, fill=MUTED, name=True
        )
    return y


def _since(
    canvas: Canvas,
    view: SenretsuView,
    locale: Locale,
    y: float,
    names: Sequence[str],
    *,
    turn: bool,
    quiet: bool = False,
) -> float:
    """What happened since the player on turn last played: the turn before this one (when
    ``turn``), then this turn's attack and draw (``quiet``: see :func:`_report`)."""
    previous = view.previous_turn
    if turn and previous is not None:
        report = turn_report(view, locale)
        y = _report(canvas, previous.attack, report, y, names, locale, quiet=quiet) + 8
    report = attack_report(view, locale)
    return _report(canvas, view.last_attack, report, y, names, locale, quiet=quiet)


def _lost(view: SenretsuView) -> set[Card]:
    """The cards the last attack killed."""
    log = view.last_attack
    if log is None:
        return set()
    return {card for strike in log.strikes for card in strike.lost} | set(log.casualties)


def _discards(
    canvas: Canvas, view: SenretsuView, locale: Locale, y: float, names: Sequence[str]
) -> float:
    """Both discard piles in deck order, each under its player's name; the last attack's
    dead are crossed out."""
    lost = _lost(view)
    width = canvas.width - 2 * MARGIN
    for seat in (0, 1):
        pile = sorted(view.discards[seat], key=sort_key)
        # No placement tag here: a card just placed and already lost is crossed out.
        chips = [Chip(card.label, CARD_INK[card.colour], None, card in lost) for card in pile]
        label = canvas.clip(_tr(DISCARD, locale, p=names[seat]), SMALLEST, width, name=True)
        canvas.text((MARGIN, y), label, SMALLEST, fill=MUTED, name=True)
        y += 34
        if pile:
            y = chip_rows(canvas, MARGIN, y, chips, width, DECISIVE, decisive=True)
        else:
            canvas.text((MARGIN, y), "—", SMALLEST, fill=MUTED)
            y += 34
    return y


def _height(view: SenretsuView) -> int:
    """Room enough for everything the board may hold (the picture is cropped after)."""
    lines = sum(side.size for side in view.sides) + (view.preview.size if view.preview else 0)
    strikes = len(view.last_attack.strikes) if view.last_attack else 0
    if view.previous_turn is not None and view.previous_turn.attack is not None:
        strikes += len(view.previous_turn.attack.strikes)
    return 1600 + lines * ROW_H + 70 * strikes


def draw_board(
    view: SenretsuView, locale: Locale, recent: Sequence[Event] = (), names: Sequence[str] = ()
) -> bytes:
    """The public board for ``view`` (any seat's or a spectator's: it shows only what all may
    see) as PNG bytes; ``recent`` are the last action's public events, to frame the cards of
    the last placement; ``names`` the players' display names by seat (P1, P2 without)."""
    canvas = Canvas(_height(view))
    shown = _seat_names(names)
    y = _header(canvas, view, locale, shown)
    if view.phase != "janken" or view.outcome is not None:
        framed = _placed(view, recent, locale)
        y = _Field(canvas, view, view.sides, locale, framed, names=shown).draw(y + 4)
        canvas.rule(y + 6)
        # The last turn and attack in sentences are the card's, beside the picture; the
        # picture frames the placed cards and crosses out the lost ones.
        _discards(canvas, view, locale, y + 16, shown)
    return canvas.png()


# --- the hand panel ---------------------------------------------------------------------------


def draw_hand(view: SenretsuView, locale: Locale, names: Sequence[str] = ()) -> bytes:
    """``view.viewer``'s private panel as PNG bytes: their hand, what happened since they last
    played, and the field — with their staged cards while they place. Send it to that player
    only. ``names``: the players' display names by seat (P1, P2 without). A panel that would
    run past one phone screen (:data:`PANEL_TALLEST`) is drawn again shorter: the field's
    lines as chips, then the strikes that hit nothing only counted."""
    canvas = _hand(view, locale, names, Shorter.NOT)
    for shorter in (Shorter.MISSES, Shorter.NEWS):
        if canvas.bottom + MARGIN <= PANEL_TALLEST:
            break
        canvas.discard()
        canvas = _hand(view, locale, names, shorter)
    return canvas.png()


class Shorter(IntEnum):
    """How much shorter a hand panel is drawn, each step keeping the last's: the field's lines
    as chips side by side where they would not fit in rows of cards (the field comes last, so
    that is known without a second draft), then the field so always and the strikes that hit
    nothing only counted, then the opponent's turn before this one left to the board (its
    frames and words say what was placed)."""

    NOT = 0
    MISSES = 1
    NEWS = 2


def _field_height(view: SenretsuView, sides: Sequence[Side]) -> float:
    """How tall :meth:`_Field.draw` draws ``sides`` in rows of cards (a row of revealed chips
    counted per player who has some)."""
    known = sum(1 for seat in (0, 1) if view.revealed[seat])
    rows = sum(side.size for side in sides)
    return 2 * (BAR_H + 8) + known * (DECISIVE * 1.55 + 10) + rows * ROW_H + 40 + 4


def _hand(view: SenretsuView, locale: Locale, names: Sequence[str], shorter: Shorter) -> Canvas:
    quiet = shorter >= Shorter.MISSES

    def compact(y: float, sides: Sequence[Side]) -> bool:
        return shorter >= Shorter.MISSES or y + _field_height(view, sides) > PANEL_TALLEST

    canvas = Canvas(_height(view) + 600)
    seat = view.viewer
    width = canvas.width - 2 * MARGIN
    shown = _seat_names(names)
    if seat is None:
        canvas.paragraph((MARGIN, 24), _tr(SPECTATOR, locale), 24, width)
        return canvas
    colour = view.colours[seat]
    title = _tr(HAND_OF, locale, p=shown[seat], c=colour.text(locale))
    title = canvas.clip(title, 30, width, bold=True, name=True)
    canvas.text((MARGIN, 34), title, 30, bold=True, fill=CARD_INK[colour], anchor="lm", name=True)
    y = 66.0
    if view.phase == "janken" and view.outcome is None:
        pick = view.janken_pick
        text = _tr(YOUR_PICK, locale, h=HANDS[pick](locale)) if pick else _tr(PICK, locale)
        y = canvas.paragraph((MARGIN, y), text, 24, width)
        # The field the game starts from, so the picture shows what the lesson tells.
        canvas.rule(y + 8)
        y = canvas.paragraph((MARGIN, y + 18), _tr(DECKS_FACE, locale), SMALLEST, width, fill=MUTED)
        _Field(canvas, view, view.sides, locale, {}, names=shown).draw(y + 6)
        return canvas
    hand = sorted(view.hand, key=sort_key)
    canvas.text((MARGIN, y + 12), _tr(HAND, locale, n=len(hand)), SMALLEST, fill=MUTED, anchor="lm")
    y += 34
    scale = 1.25
    step = CARD_W * scale + 10
    per_row = max(1, int((width + 10) // step))
    for k, card in enumerate(hand):
        row, col = divmod(k, per_row)
        draw_card(
            canvas,
            MARGIN + col * step,
            y + row * (CARD_H * scale + 14),
            card,
            None,
            locale,
            scale,
        )
    if hand:
        y += ((len(hand) - 1) // per_row + 1) * (CARD_H * scale + 14)
    else:
        y = canvas.paragraph((MARGIN, y), "—", SMALLEST, width, fill=MUTED)
    if view.last_attack is not None:
        # What happened since this player last played: the opponent's turn, then this one.
        canvas.rule(y + 8)
        previous = view.previous_turn
        mine = previous is not None and previous.seat == seat
        turn = not mine and shorter < Shorter.NEWS
        y = _since(canvas, view, locale, y + 18, shown, turn=turn, quiet=quiet)
    if view.phase == "casualties" and seat == view.defender and view.outcome is None:
        # The lines that were hit, each tagged with what it still owes, beside the hand.
        canvas.rule(y + 8)
        short = compact(y + 18 + MARGIN, view.sides)
        _Field(canvas, view, view.sides, locale, {}, names=shown, compact=short).draw(y + 18)
        return canvas
    canvas.rule(y + 8)
    if view.preview is None or not view.staged:
        # Not placing, or nothing staged yet: the field as it stands, to read the hand against.
        framed = _placed(view, (), locale)
        words = _tr(FIELD_NOW_FRAMED if framed else FIELD_NOW, locale)
        y = canvas.paragraph((MARGIN, y + 18), words, SMALLEST, width, fill=MUTED)
        short = compact(y + 6 + MARGIN, view.sides)
        _Field(canvas, view, view.sides, locale, framed, names=shown, compact=short).draw(y + 6)
        return canvas
    y = canvas.paragraph((MARGIN, y + 18), _tr(PREVIEW, locale), SMALLEST, width, fill=MUTED)
    staged = {card: _tr(STAGED, locale) for card in view.staged}
    sides = tuple(view.preview if s == seat else view.sides[s] for s in (0, 1))
    # The placer's bar counts the hand as it is now: staged cards have left it.
    held = tuple(len(view.hand) if s == seat else view.hand_sizes[s] for s in (0, 1))
    short = compact(y + 6 + MARGIN, sides)
    _Field(canvas, view, sides, locale, staged, held, shown, short).draw(y + 6)
    return canvas
