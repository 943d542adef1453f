"""戦列札 as pictures: the public board, and each player's private hand panel.

The board stacks P1's lines from its rearmost down to its front, the front lines meeting at the
middle, then P2's from its front down to its rearmost, as the text board does. Every line is a
row of cards (a joker with its declared range); the deck line is a face-down stack with its
size. The cards of the last placement are framed, lines owing casualties are tagged, and the
last attack is listed strike by strike. The hand panel adds the viewer's own hand and, while
they place, their lines as they would be with the staged cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.pictures.canvas import (
    BLUE,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    RULE,
    VERMILLION,
    Canvas,
    Colour,
)
from bot.pictures.cards import Chip, chip_rows, face_down
from bot.text.pictures.senretsu import (
    DECK,
    DISCARD,
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
    seat_tag,
    status_lines,
    turn_report,
)
from rules.senretsu.state import AttackLog, FieldCard

CARD_W: Final = 50
CARD_H: Final = 68
ROW_H: Final = CARD_H + 12
TAG_W: Final = 62
#: Red cards in a red that stays apart from black in lightness for every colour vision.
CARD_INK: Final[dict[CardColour, Colour]] = {CardColour.RED: (200, 30, 45), CardColour.BLACK: INK}
_RULES: Final = SenretsuRules()


def _tr(text: Text, locale: Locale, **fields: object) -> str:
    return text.format(**fields)(locale) if fields else text(locale)


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
    the hand: a joker's range is declared when it is placed)."""
    w, h = CARD_W * scale, CARD_H * scale
    canvas.raised((x, y, x + w, y + h), PANEL, INK, 7 * scale)
    ink = CARD_INK[card.colour]
    if card.suit is None:
        canvas.text(
            (x + w / 2, y + h * 0.3), "JOKER", int(11 * scale), bold=True, fill=ink, anchor="mm"
        )
        canvas.text((x + w / 2, y + h * 0.55), "★", int(22 * scale), fill=ink, anchor="mm")
        if declared is not None:
            canvas.badge(
                (x + w / 2, y + h * 0.84), str(declared), int(14 * scale), fill=ink, anchor="m"
            )
        return
    rank = rank_label(card.rank)
    size = int((19 if len(rank) > 1 else 22) * scale)
    canvas.text((x + 6 * scale, y + 4 * scale), rank, size, bold=True, fill=ink)
    canvas.text((x + w / 2, y + h * 0.66), card.suit.symbol, int(30 * scale), fill=ink, anchor="mm")


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
    ) -> None:
        self.canvas = canvas
        self.view = view
        self.sides = sides
        self.locale = locale
        self.framed = framed
        self.hand_sizes = view.hand_sizes if hand_sizes is None else hand_sizes

    def draw(self, y: float) -> float:
        y = self.player_bar(0, y)
        y = self.lines(0, y, reversed_order=True)
        y = self.front(y)
        y = self.lines(1, y, reversed_order=False)
        return self.player_bar(1, y + 4)

    def player_bar(self, seat: Seat, y: float) -> float:
        c, view, loc = self.canvas, self.view, self.locale
        colour = view.colours[seat]
        ink = CARD_INK[colour]
        suits = "♥♦" if colour is CardColour.RED else "♠♣"
        c.box((MARGIN, y, c.width - MARGIN, y + 40), (246, 240, 228), RULE, 2, 8)
        mid = y + 20
        x: float = MARGIN + 12
        x += c.text((x, mid), seat_tag(seat), 22, bold=True, anchor="lm") + 10
        x += (
            c.text((x, mid), f"{suits} {colour.text(loc)}", 20, bold=True, fill=ink, anchor="lm")
            + 18
        )
        x += c.text((x, mid), _tr(DECK, loc, n=view.deck_sizes[seat]), 19, anchor="lm") + 14
        x += c.text((x, mid), _tr(HAND, loc, n=self.hand_sizes[seat]), 19, anchor="lm") + 14
        right: float = c.width - MARGIN - 10
        if seat in view.to_act and view.outcome is None:
            right = c.badge((right, mid), "◀ " + _tr(TO_ACT, loc), 15, fill=BLUE, anchor="r")[0] - 8
        if view.first_player == seat:
            c.badge((right, mid), _tr(FIRST, loc), 15, fill=PANEL, ink=INK, outline=INK, anchor="r")
        y += 48
        if view.revealed[seat]:
            c.text((MARGIN + 12, y + 12), _tr(KNOWN, loc), 16, fill=MUTED, anchor="lm")
            chips = [_card_chip(card) for card in view.revealed[seat]]
            y = chip_rows(c, MARGIN + 150, y, chips, c.width - MARGIN - 150 - MARGIN, 15) + 4
        return y

    def lines(self, seat: Seat, y: float, reversed_order: bool) -> float:
        side = self.sides[seat]
        order = range(side.size)
        for index in reversed(order) if reversed_order else order:
            self.line(seat, index, side.line(index), y)
            y += ROW_H
        return y

    def line(self, seat: Seat, index: int, line: Sequence[FieldCard] | None, y: float) -> None:
        c, view, loc = self.canvas, self.view, self.locale
        top = y + 6
        c.text(
            (MARGIN + 6, top + CARD_H / 2),
            line_tag(index, loc),
            20,
            bold=True,
            fill=MUTED,
            anchor="lm",
        )
        x0 = MARGIN + TAG_W
        if line is None:
            face_down(c, (x0, top, x0 + CARD_W, top + CARD_H), "", 14)
            c.text(
                (x0 + CARD_W + 22, top + CARD_H / 2),
                _tr(DECK, loc, n=view.deck_sizes[seat]),
                22,
                bold=True,
                anchor="lm",
            )
            return
        owed = next((p.count for p in view.pending if p.line == index), 0)
        right = c.width - MARGIN - (96 if owed and seat == view.defender else 0)
        # Cards overlap when a line is longer than the row.
        step: float = CARD_W + 8
        if len(line) > 1:
            step = min(step, (right - x0 - CARD_W - 8) / (len(line) - 1))
        for k, fc in enumerate(line):
            x = x0 + k * step
            draw_card(c, x, top, fc.card, fc.range, loc)
        for k, fc in enumerate(line):
            tag = self.framed.get(fc.card)
            if tag is not None:
                x = x0 + k * step
                c.recent((x, top, x + CARD_W, top + CARD_H), tag, radius=9, pad=4, below=True)
        if owed and seat == view.defender:
            c.badge(
                (c.width - MARGIN - 4, top + CARD_H / 2),
                _tr(OWED, loc, n=owed),
                16,
                fill=VERMILLION,
                anchor="r",
            )

    def front(self, y: float) -> float:
        c = self.canvas
        mid = y + 18
        label = _tr(FRONT, self.locale)
        w = c.measure(label, 18, True) + 24
        cx = c.width / 2
        c.draw.line(((MARGIN, mid), (cx - w / 2, mid)), INK, 3)
        c.draw.line(((cx + w / 2, mid), (c.width - MARGIN, mid)), INK, 3)
        c.text((cx, mid), label, 18, bold=True, anchor="mm")
        return y + 36


# --- the board --------------------------------------------------------------------------------


def _header(canvas: Canvas, view: SenretsuView, locale: Locale) -> float:
    w = canvas.text((MARGIN, 34), TITLE.ja, 30, bold=True, anchor="lm")
    if locale == "en":
        canvas.text((MARGIN + w + 12, 36), TITLE.en, 20, fill=MUTED, anchor="lm")
    if view.turn:
        canvas.text(
            (canvas.width - MARGIN, 36),
            _tr(TURN, locale, t=view.turn),
            20,
            fill=MUTED,
            anchor="rm",
        )
    y = 62.0
    for index, line in enumerate(status_lines(view, locale, _RULES.reason_text)):
        first = index == 0
        y = canvas.paragraph(
            (MARGIN, y), line, 24 if first else 19, canvas.width - 2 * MARGIN, bold=first
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


def _report(canvas: Canvas, log: AttackLog | None, report: AttackReport | None, y: float) -> float:
    """A turn or an attack in the rules' own sentences, each strike marked by whether it
    hit; returns the y below it."""
    if report is None:
        return y
    width = canvas.width - 2 * MARGIN
    y = canvas.paragraph((MARGIN, y), report.heading, 20, width, bold=True)
    for strike, sentence in zip(log.strikes if log else (), report.strikes, strict=True):
        hit = strike.result in ("line", "deck")
        mark = "×" if hit else "・"
        canvas.text(
            (MARGIN + 8, y + 12),
            mark,
            18,
            bold=True,
            fill=VERMILLION if hit else MUTED,
            anchor="lm",
        )
        y = canvas.paragraph((MARGIN + 32, y), sentence, 18, width - 32)
    for note in report.notes:
        y = canvas.paragraph((MARGIN + 32, y), note, 18, width - 32, fill=MUTED)
    return y


def _since(canvas: Canvas, view: SenretsuView, locale: Locale, y: float, *, turn: bool) -> float:
    """What happened since the player on turn last played: the turn before this one (when
    ``turn``), then this turn's attack and draw."""
    previous = view.previous_turn
    if turn and previous is not None:
        y = _report(canvas, previous.attack, turn_report(view, locale), y) + 8
    return _report(canvas, view.last_attack, attack_report(view, locale), y)


def _lost(view: SenretsuView) -> set[Card]:
    """The cards the last attack killed."""
    log = view.last_attack
    if log is None:
        return set()
    return {card for strike in log.strikes for card in strike.lost} | set(log.casualties)


def _discards(canvas: Canvas, view: SenretsuView, locale: Locale, y: float) -> float:
    """Both discard piles in deck order; the last attack's dead are crossed out."""
    lost = _lost(view)
    for seat in (0, 1):
        pile = sorted(view.discards[seat], key=sort_key)
        # No placement tag here: a card just placed and already lost is crossed out.
        chips = [Chip(card.label, CARD_INK[card.colour], None, card in lost) for card in pile]
        canvas.text(
            (MARGIN, y + 13), _tr(DISCARD, locale, p=seat_tag(seat)), 17, fill=MUTED, anchor="lm"
        )
        if pile:
            y = chip_rows(
                canvas,
                MARGIN + 110,
                y,
                chips,
                canvas.width - 2 * MARGIN - 110,
                15,
            )
        else:
            canvas.text((MARGIN + 110, y + 13), "—", 17, fill=MUTED, anchor="lm")
            y += 30
    return y


def _height(view: SenretsuView) -> int:
    """Room enough for everything the board may hold (the picture is cropped after)."""
    lines = sum(side.size for side in view.sides) + (view.preview.size if view.preview else 0)
    strikes = len(view.last_attack.strikes) if view.last_attack else 0
    if view.previous_turn is not None and view.previous_turn.attack is not None:
        strikes += len(view.previous_turn.attack.strikes)
    return 1100 + lines * ROW_H + 40 * strikes


def draw_board(view: SenretsuView, locale: Locale, recent: Sequence[Event] = ()) -> bytes:
    """The public board for ``view`` (any seat's or a spectator's: it shows only what all may
    see) as PNG bytes; ``recent`` are the last action's public events, to frame the cards of
    the last placement."""
    canvas = Canvas(_height(view))
    y = _header(canvas, view, locale)
    if view.phase != "janken" or view.outcome is not None:
        framed = _placed(view, recent, locale)
        y = _Field(canvas, view, view.sides, locale, framed).draw(y + 4)
        canvas.rule(y + 6)
        y = _discards(canvas, view, locale, y + 16)
        canvas.rule(y + 4)
        _since(canvas, view, locale, y + 12, turn=True)
    return canvas.png()


# --- the hand panel ---------------------------------------------------------------------------


def draw_hand(view: SenretsuView, locale: Locale) -> bytes:
    """``view.viewer``'s private panel as PNG bytes: their hand and, while they place, their
    lines with the staged cards. Send it to that player only."""
    canvas = Canvas(_height(view) + 400)
    seat = view.viewer
    width = canvas.width - 2 * MARGIN
    if seat is None:
        canvas.paragraph((MARGIN, 24), _tr(SPECTATOR, locale), 22, width)
        return canvas.png()
    colour = view.colours[seat]
    title = _tr(HAND_OF, locale, p=seat_tag(seat), c=colour.text(locale))
    canvas.text((MARGIN, 34), title, 28, bold=True, fill=CARD_INK[colour], anchor="lm")
    y = 64.0
    if view.phase == "janken" and view.outcome is None:
        pick = view.janken_pick
        text = _tr(YOUR_PICK, locale, h=HANDS[pick](locale)) if pick else _tr(PICK, locale)
        canvas.paragraph((MARGIN, y), text, 22, width)
        return canvas.png()
    hand = sorted(view.hand, key=sort_key)
    canvas.text((MARGIN, y + 12), _tr(HAND, locale, n=len(hand)), 19, fill=MUTED, anchor="lm")
    y += 30
    scale = 1.3
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
        y = canvas.paragraph((MARGIN, y), "—", 20, width, fill=MUTED)
    if view.last_attack is not None:
        # What happened since this player last played: the opponent's turn, then this one.
        canvas.rule(y + 8)
        previous = view.previous_turn
        mine = previous is not None and previous.seat == seat
        y = _since(canvas, view, locale, y + 18, turn=not mine)
    if view.phase == "casualties" and seat == view.defender and view.outcome is None:
        # The lines that were hit, each tagged with what it still owes, beside the hand.
        canvas.rule(y + 8)
        y = _Field(canvas, view, view.sides, locale, {}).draw(y + 18)
    if view.preview is None:
        return canvas.png()
    canvas.rule(y + 8)
    y = canvas.paragraph((MARGIN, y + 18), _tr(PREVIEW, locale), 19, width, fill=MUTED)
    staged = {card: _tr(STAGED, locale) for card in view.staged}
    sides = tuple(view.preview if s == seat else view.sides[s] for s in (0, 1))
    # The placer's bar counts the hand as it is now: staged cards have left it.
    held = tuple(len(view.hand) if s == seat else view.hand_sizes[s] for s in (0, 1))
    _Field(canvas, view, sides, locale, staged, held).draw(y + 6)
    return canvas.png()
