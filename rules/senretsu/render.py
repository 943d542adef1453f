"""Text for 戦列札: the public board, a player's private hand, event lines and action labels.

Everything here takes a :class:`SenretsuView` (or an event the reader may see), never a state.
Boards are monospace text at most :data:`WIDTH` columns wide (a wide character counts two), so
they read on a phone inside a code block. Lines are numbered from 1 at each player's front.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.cards.playing import Card, parse_card, sort_key
from rules.core.outcome import Outcome, Seat
from rules.core.protocol import Event
from rules.core.text import Locale, Text
from rules.senretsu.actions import (
    Action,
    Casualty,
    DrawCount,
    EndPlacement,
    Janken,
    Place,
    TakeBack,
)
from rules.senretsu.state import AttackLog, FieldCard, JankenHand, Line, Side, Strike
from rules.senretsu.view import SenretsuView

WIDTH = 44
TITLE = Text("戦列札", "Senretsu-fuda")
OUTCOME_REASONS = {"deck_out": Text("山札切れ", "deck out")}
#: How an outcome's reason reads (``GameRules.reason_text``).
ReasonText = Callable[[str], Text]
#: How a seat is named in event lines (``GameRules.seat_name`` for one locale).
SeatName = Callable[[Seat], str]


def text_width(text: str) -> int:
    """Columns taken in a monospace font: East Asian wide characters count two."""
    if text.isascii():  # no ASCII character is wide (most of a board's lines)
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def seat_tag(seat: Seat) -> str:
    return f"P{seat + 1}"


def line_tag(index: int, locale: Locale) -> str:
    """A line's name from its 0-based index: ``L1`` / ``1列`` is the front line."""
    return f"{index + 1}列" if locale == "ja" else f"L{index + 1}"


def ranged_label(card: Card, declared: object) -> str:
    """A card's label, a joker's with its declared range: ``♥5``, ``Jk(4)``."""
    return f"Jk({declared})" if card.is_joker else card.label


def field_label(fc: FieldCard) -> str:
    return ranged_label(fc.card, fc.range)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)


def _wrap(prefix: str, items: Sequence[str], indent: int | None = None) -> list[str]:
    """``prefix`` then the items separated by spaces, continued under the first item."""
    pad = " " * (text_width(prefix) if indent is None else indent)
    rows: list[str] = []
    row = prefix
    fresh = True
    for item in items:
        sep = "" if fresh else " "
        if not fresh and text_width(row + sep + item) > WIDTH:
            rows.append(row)
            row, sep = pad, ""
        row += sep + item
        fresh = False
    rows.append(row)
    return rows


_HANDS: dict[JankenHand, Text] = {
    "rock": Text("グー", "rock"),
    "paper": Text("パー", "paper"),
    "scissors": Text("チョキ", "scissors"),
}
_METHOD = {
    "janken": Text("じゃんけん", "janken"),
    "coin": Text("コイントス", "coin toss"),
    "setting": Text("設定", "settings"),
    "given": Text("指定", "given"),
}


# --- the board ---------------------------------------------------------------------------------


def _result(outcome: Outcome, name: SeatName, reasons: ReasonText, locale: Locale) -> str:
    reason = reasons(outcome.reason)(locale)
    if outcome.winner is None:
        return Text("終局（{r}）", "Game over ({r})").format(r=reason)(locale)
    return Text("{w}の勝ち（{r}）", "{w} wins ({r})").format(w=name(outcome.winner), r=reason)(
        locale
    )


def _status(view: SenretsuView, locale: Locale, reasons: ReasonText) -> str:
    if view.outcome is not None:
        return _result(view.outcome, seat_tag, reasons, locale)
    if view.phase == "janken":
        marks = [
            Text("{p} 選択済み", "{p} has picked") if chosen else Text("{p} 未選択", "{p} to pick")
            for chosen in view.janken_chosen
        ]
        head = Text("じゃんけん：", "Janken: ")(locale)
        return head + " / ".join(m.format(p=seat_tag(s))(locale) for s, m in enumerate(marks))
    assert view.active is not None
    who = seat_tag(view.active)
    if view.phase == "draw":
        return Text("{p}が最初の枚数を選ぶ（3〜6）", "{p} chooses a first draw (3-6)").format(
            p=who
        )(locale)
    if view.phase == "casualties":
        assert view.defender is not None
        return Text("{p}が犠牲を選ぶ", "{p} chooses casualties").format(p=seat_tag(view.defender))(
            locale
        )
    return Text("{p}の配置", "{p} to place").format(p=who)(locale)


def _player_row(view: SenretsuView, seat: Seat, locale: Locale, hand: int) -> list[str]:
    colour = view.colours[seat].text(locale)
    head = Text("{p} {c}  山札{d} 手札{h}", "{p} {c}  deck {d}  hand {h}").format(
        p=seat_tag(seat), c=colour, d=view.deck_sizes[seat], h=hand
    )(locale)
    if view.first_player == seat:
        head += Text(" 先攻", " 1st")(locale)
    rows = [head]
    if view.revealed[seat]:
        rows += _wrap(
            Text("  公開済みの手札：", "  known in hand: ")(locale), _labels(view.revealed[seat])
        )
    return rows


def _labels(cards: Iterable[Card]) -> list[str]:
    return [card.label for card in cards]


def _line_rows(
    side: Side, deck: int, seat_lines_reversed: bool, locale: Locale, staged: frozenset[Card]
) -> list[str]:
    rows: list[str] = []
    indices = range(side.size)
    for index in reversed(indices) if seat_lines_reversed else indices:
        tag = line_tag(index, locale)
        prefix = f" {tag:>3}  " if locale == "en" else f" {tag:>3} "
        line: Line | None = side.line(index)
        if line is None:
            rows.append(prefix + Text("[山札 {n}]", "[DECK {n}]").format(n=deck)(locale))
        else:
            items = [("+" if fc.card in staged else "") + field_label(fc) for fc in line]
            rows += _wrap(prefix, items)
    return rows


def _field_rows(
    view: SenretsuView,
    locale: Locale,
    sides: Sequence[Side],
    staged: frozenset[Card],
    hands: Sequence[int] | None = None,
) -> list[str]:
    """Seat 0's lines from its rearmost down to its front, the front lines meeting in the
    middle, then seat 1's lines from its front down to its rearmost. ``hands``: the hand
    sizes to show, if not the committed ones."""
    hands = view.hand_sizes if hands is None else hands
    rows = _player_row(view, 0, locale, hands[0])
    rows += _line_rows(sides[0], view.deck_sizes[0], True, locale, staged)
    rows.append(Text("  ───────── 前線 ─────────", "  ───────── front ─────────")(locale))
    rows += _line_rows(sides[1], view.deck_sizes[1], False, locale, staged)
    rows += _player_row(view, 1, locale, hands[1])
    return rows


def strike_sentence(
    card: str,
    line: int,
    target: int,
    result: str,
    foe: str,
    locale: Locale,
    *,
    lost: Sequence[str] = (),
    turned: str | None = None,
    to_hand: bool = False,
) -> str:
    """One strike as a short sentence: ``♠9 on L1 hits P2's L2: ♦K is lost``.

    ``card`` is the striking card's label (a joker's with its range), ``line`` and ``target``
    0-based lines, ``foe`` the defender's name, ``lost`` and ``turned`` card labels."""
    c, src = card, line_tag(line, locale)
    if result == "own":
        return Text("{l}の{c}は届かず：攻撃なし", "{c} on {l} falls short: no attack").format(
            c=c, l=src
        )(locale)
    if result == "beyond":
        return Text(
            "{l}の{c}は{f}の戦列を越える：攻撃なし", "{c} on {l} flies past {f}'s lines: no attack"
        ).format(c=c, l=src, f=foe)(locale)
    if result == "deck":
        # The turned card goes to the defender's hand or their discard pile.
        where = (
            Text("{t}は{f}の手札へ", "{t} to {f}'s hand")
            if to_hand
            else Text("{t}は捨て札へ", "{t} discarded")
        )
        return Text("{l}の{c}が{f}の山札に命中：{w}", "{c} on {l} hits {f}'s deck: {w}").format(
            c=c, l=src, f=foe, w=where.format(t=turned, f=foe)(locale)
        )(locale)
    hit = Text("{l}の{c}が{f}の{t}に命中", "{c} on {l} hits {f}'s {t}").format(
        c=c, l=src, f=foe, t=line_tag(target, locale)
    )(locale)
    if not lost:
        return hit
    gone = Text("{x}が倒れる", "{x} is lost" if len(lost) == 1 else "{x} are lost")
    return hit + Text("：", ": ")(locale) + gone.format(x=" ".join(lost))(locale)


def _strike_text(strike: Strike, foe: str, locale: Locale) -> str:
    return strike_sentence(
        ranged_label(strike.card, strike.range),
        strike.line,
        strike.target,
        strike.result,
        foe,
        locale,
        lost=[c.label for c in strike.lost],
        turned=strike.turned.label if strike.turned is not None else None,
        to_hand=strike.to_hand,
    )


def _fit(row: str) -> list[str]:
    """``row`` wrapped at spaces to :data:`WIDTH`, continuing two columns further in."""
    if text_width(row) <= WIDTH:
        return [row]
    lead = len(row) - len(row.lstrip(" "))
    return _wrap(row[:lead], row[lead:].split(" "), indent=lead + 2)


@dataclass(frozen=True, slots=True)
class AttackReport:
    """The last attack in words, for the text board and the picture alike: a heading, one
    sentence per strike (in the order of ``view.last_attack.strikes``), then notes (no field
    cards, what the defender gave up, what they still owe)."""

    heading: str
    strikes: tuple[str, ...]
    notes: tuple[str, ...]


def _attack_parts(log: AttackLog, locale: Locale) -> tuple[tuple[str, ...], list[str]]:
    """An attack's strikes as sentences, and its notes: no field cards, what was given up."""
    defender = seat_tag(1 - log.attacker)
    notes: list[str] = []
    if not log.strikes:
        notes.append(Text("場札がなく攻撃なし", "no field cards: no attack")(locale))
    if log.casualties:
        notes.append(
            Text("{p}は{c}を失った", "{p} gave up {c}").format(
                p=defender, c=cards_text(log.casualties)
            )(locale)
        )
    return tuple(_strike_text(s, defender, locale) for s in log.strikes), notes


def _drew(seat: Seat, count: int, locale: Locale) -> str:
    return Text("{p}が{n}枚引いた", "{p} drew {n}").format(p=seat_tag(seat), n=count)(locale)


def attack_report(view: SenretsuView, locale: Locale) -> AttackReport | None:
    """The last attack of ``view`` in ``locale``'s words (``None`` before the first), and
    what its attacker drew after it."""
    log = view.last_attack
    if log is None:
        return None
    heading = Text("{p}の攻撃（{t}ターン目）：", "{p} attacked (turn {t}):").format(
        p=seat_tag(log.attacker), t=log.turn
    )(locale)
    strikes, notes = _attack_parts(log, locale)
    if view.pending and view.defender is not None:
        owed = Text("、", ", ")(locale).join(
            Text("{l}から{n}枚", "{n} from {l}").format(n=p.count, l=line_tag(p.line, locale))(
                locale
            )
            for p in view.pending
        )
        notes.append(
            Text("{p}は{o}失う（選択待ち）", "{p} must still lose {o}").format(
                p=seat_tag(view.defender), o=owed
            )(locale)
        )
    if view.drawn and log.turn == view.turn:
        notes.append(_drew(log.attacker, view.drawn, locale))
    return AttackReport(heading, strikes, tuple(notes))


def turn_report(view: SenretsuView, locale: Locale) -> AttackReport | None:
    """The turn before this one, the opponent's of the player on turn, in the order it was
    played: its attack, its draw and what it placed (all public), or ``None`` before it."""
    log = view.previous_turn
    if log is None:
        return None
    who = seat_tag(log.seat)
    heading = Text("{p}の前のターン（{t}ターン目）：", "{p}'s last turn (turn {t}):").format(
        p=who, t=log.turn
    )(locale)
    strikes, notes = ((), []) if log.attack is None else _attack_parts(log.attack, locale)
    if log.drawn:
        notes.append(_drew(log.seat, log.drawn, locale))
    if log.placed:
        items = [f"{ranged_label(p.card, p.range)}→{line_tag(p.line, locale)}" for p in log.placed]
        notes.append(
            Text("{p}の配置：{i}", "{p} placed {i}").format(
                p=who, i=Text(" ", ", ")(locale).join(items)
            )(locale)
        )
    else:
        notes.append(Text("{p}は配置せず", "{p} placed nothing").format(p=who)(locale))
    return AttackReport(heading, strikes, tuple(notes))


def _report_rows(report: AttackReport | None) -> list[str]:
    if report is None:
        return []
    rows = [report.heading, *("  " + row for row in (*report.strikes, *report.notes))]
    return [out for row in rows for out in _fit(row)]


def _attack_rows(view: SenretsuView, locale: Locale) -> list[str]:
    """The turn before this one, then this turn's attack: what happened since the player on
    turn last played."""
    return _report_rows(turn_report(view, locale)) + _report_rows(attack_report(view, locale))


def _discard_rows(view: SenretsuView, locale: Locale) -> list[str]:
    rows: list[str] = []
    for seat in (0, 1):
        pile = sorted(view.discards[seat], key=sort_key)
        prefix = Text("捨て札{p}：", "discard {p}: ").format(p=seat_tag(seat))(locale)
        rows += _wrap(prefix, _labels(pile) or ["-"])
    return rows


def status_lines(view: SenretsuView, locale: Locale, reasons: ReasonText) -> list[str]:
    """Where the game stands, in words: whose move it is (or the result), and a janken tie."""
    rows = [_status(view, locale, reasons)]
    if view.janken_last is not None and view.phase == "janken" and view.outcome is None:
        a, b = view.janken_last
        rows.append(
            Text("あいこ（{a}・{b}）もう一度", "tie ({a}/{b}): pick again").format(
                a=_HANDS[a](locale), b=_HANDS[b](locale)
            )(locale)
        )
    return rows


def _header(view: SenretsuView, locale: Locale, reasons: ReasonText) -> list[str]:
    title = TITLE(locale)
    if view.turn:
        title += Text(" · {t}ターン目", " · turn {t}").format(t=view.turn)(locale)
    return [title, *status_lines(view, locale, reasons)]


def render_board(
    view: SenretsuView, locale: Locale, reasons: ReasonText, result: bool = True
) -> str:
    """The public board: what any seat or spectator may see; without the result when
    ``result`` is off (a board card says it in its own line)."""
    rows = _header(view, locale, reasons)
    if not result and view.outcome is not None:
        rows = rows[:1]  # the title; the result was its only status line
    if view.phase != "janken" or view.outcome is not None:
        rows += _field_rows(view, locale, view.sides, frozenset())
        rows += _discard_rows(view, locale)
        rows += _attack_rows(view, locale)
    return "\n".join(rows)


def render_hand(view: SenretsuView, locale: Locale) -> str:
    """A player's private view: their hand, and the field with their staged cards (``+``)."""
    seat = view.viewer
    if seat is None:
        return Text("観戦者に手札はありません。", "Spectators have no hand.")(locale)
    rows = [
        Text("{p}の手札（{c}）", "Hand of {p} ({c})").format(
            p=seat_tag(seat), c=view.colours[seat].text(locale)
        )(locale)
    ]
    if view.phase == "janken" and view.outcome is None:
        pick = view.janken_pick
        rows.append(
            Text("あなたの手：{h}", "your pick: {h}").format(h=_HANDS[pick](locale))(locale)
            if pick
            else Text("グー・チョキ・パーを選んでください", "pick rock, scissors or paper")(locale)
        )
        return "\n".join(rows)
    hand = sorted(view.hand, key=sort_key)
    rows += _wrap(
        Text("手札{n}枚：", "hand ({n}): ").format(n=len(hand))(locale), _labels(hand) or ["-"]
    )
    # What happened since this player last played: the opponent's turn, then this one.
    previous = view.previous_turn
    if previous is not None and previous.seat != seat:
        rows += _report_rows(turn_report(view, locale))
    rows += _report_rows(attack_report(view, locale))
    if view.phase == "casualties" and seat == view.defender and view.outcome is None:
        rows += _field_rows(view, locale, view.sides, frozenset())  # the lines that were hit
    if view.preview is None:
        return "\n".join(rows)
    staged = frozenset(view.staged)
    preview = view.preview
    placed = []
    for card in view.staged:
        index, fc = preview.locate(card)
        placed.append(f"{field_label(fc)}→{line_tag(index, locale)}")
    rows += _wrap(Text("配置中：", "staged: ")(locale), placed or ["-"])
    rows.append(Text("確定前の盤面（+は配置中）", "preview (+ = staged, not yet shown)")(locale))
    sides = tuple(preview if s == seat else view.sides[s] for s in (0, 1))
    # The placer's row counts the hand as it is now: staged cards have left it.
    held = tuple(len(view.hand) if s == seat else view.hand_sizes[s] for s in (0, 1))
    rows += _field_rows(view, locale, sides, staged, held)
    return "\n".join(rows)


# --- events ------------------------------------------------------------------------------------


def _cards(codes: object) -> str:
    assert isinstance(codes, list)
    return " ".join(parse_card(str(c)).label for c in codes)


def _card(code: object) -> str:
    return parse_card(str(code)).label


def _ranged(data: Mapping[str, object]) -> str:
    """The label of ``data["card"]``, a joker's with ``data["range"]``."""
    return ranged_label(parse_card(str(data["card"])), data.get("range"))


def describe(event: Event, locale: Locale, name: SeatName, reasons: ReasonText) -> str:
    """One line for a Senretsu event; ``name`` names a seat in ``locale``."""
    d: Mapping[str, object] = event.data
    kind = event.kind
    p = "" if event.seat is None else name(event.seat)
    if kind == "first_player":
        return Text("{p}が先攻（{m}）。", "{p} goes first ({m}).").format(
            p=p, m=_METHOD[str(d["method"])](locale)
        )(locale)
    if kind == "turn":
        return Text("― {t}ターン目：{p} ―", "— Turn {t}: {p} —").format(p=p, t=d["turn"])(locale)
    if kind == "attack_none":
        return Text("{p}は場札がなく、攻撃なし。", "{p} has no field cards: no attack.").format(
            p=p
        )(locale)
    if kind == "strike":
        assert event.seat is not None
        return _describe_strike(d, locale, p, name(1 - event.seat))
    if kind == "casualty":
        auto = Text("（自動）", " (automatic)")(locale) if d.get("auto") else ""
        return Text("{p}の{c}（{l}）が倒れた{a}。", "{p} loses {c} ({l}){a}.").format(
            p=p, c=_card(d["card"]), l=line_tag(_int(d["line"]), locale), a=auto
        )(locale)
    if kind == "casualties_pending":
        lines = d["lines"]
        assert isinstance(lines, list)
        owed = ", ".join(f"{line_tag(_int(li), locale)}×{n}" for li, n in lines)
        return Text("{p}が犠牲を選びます：{o}。", "{p} chooses casualties: {o}.").format(
            p=p, o=owed
        )(locale)
    if kind == "draw":
        return Text("{p}が{n}枚引いた（山札{d}）。", "{p} drew {n} (deck {d}).").format(
            p=p, n=d["count"], d=d["deck"]
        )(locale)
    if kind == "draw_cards":
        return Text("引いたカード：{c}", "You drew {c}.").format(c=_cards(d["cards"]))(locale)
    if kind == "stage":
        return Text("仮配置：{a}", "Staged: {a}.").format(a=_place_label(d, locale))(locale)
    if kind == "take_back":
        return Text("{c}を手札に戻した。", "Took back {c}.").format(c=_card(d["card"]))(locale)
    if kind == "placed":
        return _describe_placed(d, locale, p)
    if kind == "janken_pick":
        return Text("{p}が手を選んだ。", "{p} has picked.").format(p=p)(locale)
    if kind == "janken":
        hands = d["hands"]
        assert isinstance(hands, list)
        a, b = (_HANDS[h](locale) for h in hands)
        winner = d["winner"]
        if winner is None:
            return Text(
                "じゃんけん：{a}と{b}であいこ。もう一度。", "Janken: {a} vs {b}, a tie: again."
            ).format(a=a, b=b)(locale)
        return Text("じゃんけん：{a}と{b}、{w}の勝ち。", "Janken: {a} vs {b}, {w} wins.").format(
            a=a, b=b, w=name(_int(winner))
        )(locale)
    if kind == "deck_out":
        cause = (
            Text("引いて", "by drawing") if d.get("cause") == "draw" else Text("攻撃で", "by a hit")
        )
        return Text("{p}の山札が{c}尽きた。", "{p}'s deck is empty {c}.").format(
            p=p, c=cause(locale)
        )(locale)
    if kind == "game_over":
        return _result(Outcome.load(dict(d)), name, reasons, locale) + Text("。", ".")(locale)
    return kind


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _describe_strike(d: Mapping[str, object], locale: Locale, p: str, foe: str) -> str:
    lost = d.get("lost")
    turned = d.get("turned")
    sentence = strike_sentence(
        _ranged(d),
        _int(d["line"]),
        _int(d["target"]),
        str(d["result"]),
        foe,
        locale,
        lost=[_card(c) for c in lost] if isinstance(lost, list) else (),
        turned=_card(turned) if turned is not None else None,
        to_hand=bool(d.get("to_hand")),
    )
    if d["result"] == "deck":
        sentence += Text("（山札{n}）", " (deck {n})").format(n=d["deck"])(locale)
    return Text("{p}の{s}。", "{p}'s {s}.").format(p=p, s=sentence)(locale)


def destination_label(line: int, new: bool, locale: Locale) -> str:
    """Where a placement goes, in the board's words: ``L3``, ``new front line``."""
    if not new:
        return line_tag(line, locale)
    where = (
        Text("前に新戦列", "new front line") if line == 0 else Text("後ろに新戦列", "new back line")
    )
    return where(locale)


def _place_label(d: Mapping[str, object], locale: Locale) -> str:
    """``♥5→L3`` or ``Jk(4)→new back line``, from a ``stage`` event's data or an action's."""
    return f"{_ranged(d)}→{destination_label(_int(d['line']), bool(d.get('new')), locale)}"


def _describe_placed(d: Mapping[str, object], locale: Locale, p: str) -> str:
    placements = d["placements"]
    assert isinstance(placements, list)
    if not placements:
        return Text("{p}は配置せず（手札{h}）。", "{p} placed nothing (hand {h}).").format(
            p=p, h=d["hand"]
        )(locale)
    items = []
    for item in placements:
        items.append(f"{_ranged(item)}→{line_tag(item['line'], locale)}")
    return Text("{p}の配置：{i}（手札{h}）。", "{p} placed {i} (hand {h}).").format(
        p=p, i=", ".join(items), h=d["hand"]
    )(locale)


# --- action labels -----------------------------------------------------------------------------


def action_label(action: Action, locale: Locale) -> str:
    if isinstance(action, Janken):
        return _HANDS[action.hand](locale)
    if isinstance(action, DrawCount):
        return Text("{n}枚引く", "Draw {n}").format(n=action.n)(locale)
    if isinstance(action, Place):
        data = {"card": action.card.code, "line": action.line, "new": action.new}
        return _place_label({**data, "range": action.joker_range}, locale)
    if isinstance(action, TakeBack):
        return Text("{c}を戻す", "Take back {c}").format(c=action.card.label)(locale)
    if isinstance(action, EndPlacement):
        return Text("配置終了", "End placement")(locale)
    assert isinstance(action, Casualty)
    return Text("{c}を失う", "Lose {c}").format(c=action.card.label)(locale)
