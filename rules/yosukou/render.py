"""Text for players: the board, event lines, button labels and refusals, in both languages.

The board is plain monospace text for a Discord code block: at most :data:`WIDTH` columns so it
reads on a phone, Japanese full-width characters counting two. Suit symbols may be drawn wide by
Japanese fonts, so they only appear where nothing after them needs to line up.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards.tarot import MAJOR_NAMES, card_label
from rules.core.protocol import Event
from rules.core.text import COLON, Locale, Text, labelled
from rules.yosukou.engine import (
    CO,
    COIN_PILES,
    DIS,
    PILE_INDEX,
    SW,
    card_values,
    goal_of,
    home_pile,
    is_upper,
    terminal_of,
)
from rules.yosukou.settings import COURT_SCHEMES, INFINITY
from rules.yosukou.state import (
    CHOOSE,
    OVER,
    PLAY,
    START,
    WAR,
    Draw,
    Move,
    Start,
    Stay,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouState,
    YosukouView,
)

WIDTH = 44
#: How many of the latest discards the board lists (the pile's order never matters).
DISCARD_SHOWN = 6

PILE_TEXT: dict[str, Text] = {
    "swords_upper": Text("Sw", "Sw"),
    "coins_lower": Text("Co", "Co"),
    "coins_4": Text("4のコイン", "coins 4"),
    "coins_5": Text("5のコイン", "coins 5"),
    "coins_6": Text("6のコイン", "coins 6"),
    "cups_1": Text("1のカップ", "cups 1"),
    "cups_2": Text("2のカップ", "cups 2"),
    "cups_3": Text("3のカップ", "cups 3"),
    "discarded": Text("捨て札", "discard"),
}
SWAP_TEXT = {
    "memorial": Text("記念式", "memorial"),
    "expansive": Text("開式", "expansive"),
    "solid": Text("固式", "solid"),
}
CROSS_TEXT = {
    "none": Text("越境なし", "no crossing"),
    "cups_and_coins": Text("カップ・コイン越境", "cups+coins"),
    "all": Text("すべて越境", "all piles"),
}
RESTRICTION_TEXT = {
    ("field", "whirl"): Text("旋坤", "Field Whirl"),
    ("force", "whirl"): Text("旋乾", "Force Whirl"),
    ("field", "eclipse"): Text("重坤", "Field Eclipse"),
    ("force", "eclipse"): Text("重乾", "Force Eclipse"),
}
SIDE_TEXT = {
    "upper": Text("上卦(4-6)", "upper trigram (4-6)"),
    "lower": Text("下卦(1-3)", "lower trigram (1-3)"),
}
TERM_TEXT: dict[str, Text] = {
    "atk": Text("攻", "atk"),
    "def": Text("守", "def"),
    "pain": Text("苦", "pain"),
    "joy": Text("喜", "joy"),
    "cu_up": Text("Cu上", "Cu up"),
    "cu_down": Text("Cu下", "Cu down"),
    "wa_up": Text("Wa上", "Wa up"),
    "wa_down": Text("Wa下", "Wa down"),
    "max_coins": Text("最大コイン", "max coin"),
    "sum_coins": Text("コイン計", "coins"),
    "max_cups": Text("最大カップ", "max cup"),
    "sum_sw": Text("Sw計", "Sw"),
    "sum_co": Text("Co計", "Co"),
    "f_major": Text("F Major", "F Major"),
    "m_major": Text("M Major", "M Major"),
}
WAR_END_TEXT = {
    "limit_reached": Text("回数に達した", "limit reached"),
    "no_source": Text("動かせるカードがない", "no card to move"),
    "player_drew": Text("次のカードを引いた", "next card drawn"),
}
COURT_TEXT = Text(
    "ペイジ{p} ナイト{n} クイーン{q} キング{k}",
    "Court: Page {p} Knight {n} Queen {q} King {k}",
)


def width(text: str, locale: Locale) -> int:
    """Display columns: wide characters count 2, and so do ambiguous ones in Japanese."""
    if text.isascii():  # no ASCII character is wide or ambiguous
        return len(text)
    wide = ("W", "F", "A") if locale == "ja" else ("W", "F")
    return sum(2 if unicodedata.east_asian_width(ch) in wide else 1 for ch in text)


def _wrap(head: str, items: Sequence[str], locale: Locale, indent: int = 4) -> list[str]:
    """``head`` then the items separated by spaces, wrapped at :data:`WIDTH`."""
    lines: list[str] = []
    line = head
    for item in items:
        # No space after a full-width colon: it carries its own.
        gap = " " if line.strip() and not line.endswith(COLON.ja) else ""
        candidate = f"{line}{gap}{item}"
        if width(candidate, locale) > WIDTH and line.strip():
            lines.append(line)
            line = " " * indent + item
        else:
            line = candidate
    lines.append(line)
    return lines


def _fit(line: str, locale: Locale) -> list[str]:
    """``line`` wrapped at spaces to :data:`WIDTH`, continuing two columns further in."""
    if width(line, locale) <= WIDTH:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    return _wrap(line[:lead], line[lead:].split(" "), locale, indent=lead + 2)


def major_text(code: str, locale: Locale) -> str:
    """``(13)死神`` / ``(13) Death`` (no English article: boards are narrow)."""
    number = int(code[1:])
    name = MAJOR_NAMES[number](locale)
    if locale == "ja":
        return f"({number}){name}"
    return f"({number}) {name.removeprefix('The ')}"


def _facing(upright: bool, locale: Locale) -> str:
    return (Text("正位置", "upright") if upright else Text("逆位置", "reversed"))(locale)


def _count(value: int | str) -> str:
    return "∞" if value == INFINITY else str(value)


def _goal_text(start: int, locale: Locale) -> str:
    a, b = goal_of(start)
    return Text("{a}か{b}", "{a} or {b}").format(a=a, b=b)(locale)


def settings_line(view: YosukouView, locale: Locale) -> str:
    s = view.settings
    parts = [
        Text("終了札{n}回", "end x{n}").format(n=s.rule_terminals)(locale),
        s.rule_court_card,
        f"x{s.rule_major_influence}",
        SWAP_TEXT[s.rule_swap_8_11](locale),
    ]
    if s.simplified:
        op = ">=" if s.rule_determinant == "greater_equal" else ">"
        parts.append(Text("判定{op}", "judge {op}").format(op=op)(locale))
    elif s.war_on:
        parts.append(Text("戦乱置換{n}", "war {n}").format(n=_count(s.rule_replacement))(locale))
        parts.append(CROSS_TEXT[s.rule_cross_border](locale))
        parts.append(f"Co<={_count(s.rule_replacement_coins_lower)}")
    else:
        parts.append(Text("戦乱置換なし", "no war")(locale))
    return labelled(Text("設定", "Rules")(locale), " ".join(parts), locale)


# --- the board -----------------------------------------------------------------------------


def _diagram(view: YosukouView, values: Mapping[str, int]) -> list[str]:
    """The layout of spec §1 in ASCII; ``@`` marks the token."""

    def cell(p: int) -> str:
        return f"[{p}]" + ("@" if view.token == p else " ")

    x = f"X({int(view.aside[1:])})" if view.aside else "X"
    d = f"D:{len(view.piles[DIS])}"
    t = f"T:{view.talon_len}"
    if view.settings.simplified:
        # 略式 never uses Sw and Co.
        top, bottom = "", f"{'':22}{t}"
    else:
        sw = sum(values[c] for c in view.piles[SW])
        co = sum(values[c] for c in view.piles[CO])
        top, bottom = f"{'':11}Sw={sw}", f"{'':11}{f'Co={co}':<11}{t}"
    lines = [
        top,
        f"    {cell(6)}        {cell(4)}",
        f"          {cell(5)}",
        f"{x:<6}{'':14}{d}",
        f"          {cell(2)}",
        f"    {cell(3)}        {cell(1)}",
        bottom,
    ]
    return [line.rstrip() for line in lines if line.strip()]


def _pile_items(cards: Sequence[str]) -> list[str]:
    return [card_label(c) for c in cards] or ["-"]


def _position_lines(
    view: YosukouView, p: int, values: Mapping[str, int], locale: Locale
) -> list[str]:
    major = view.board[p - 1]
    v = view.values[p]
    marker = Text(" ←駒", " <token")(locale) if view.token == p else ""
    head = f"[{p}] {major_text(major.code, locale)} {_facing(major.upright, locale)}"
    pile = view.piles[home_pile(p)]
    kind = (Text("コイン", "coins") if is_upper(p) else Text("カップ", "cups"))(locale)
    items = _pile_items(pile)
    if view.settings.simplified:
        # 略式 reads only M Major (Sw atk) and F Major (Co pain), and the F-pile's max.
        lines = [f"{head} M{v[0]} F{v[2]}{marker}"]
        if pile:
            top = max(values[c] for c in pile)
            items.append(Text("(最大{n})", "(max {n})").format(n=top)(locale))
    else:
        lines = [
            head + marker,
            f"    Sw {v[0]}/{v[1]} Co {v[2]}/{v[3]} Cu {v[4]}/{v[5]} Wa {v[6]}/{v[7]}",
        ]
        if pile and is_upper(p):
            total = sum(values[c] for c in pile)
            items.append(Text("(計{n})", "(sum {n})").format(n=total)(locale))
    return lines + _wrap(f"    {kind}{COLON(locale).rstrip()}", items, locale, indent=6)


def _heading(view: YosukouView, locale: Locale, choosing: Text, progress: Text) -> str:
    """The board's first line: the game's name, then ``choosing`` before the start or
    ``progress`` (end cards {n}/{m}, talon {t}) after it."""
    s = view.settings
    title = (
        Text("略式易双六", "Simplified Youscout") if s.simplified else Text("易双六", "Youscout")
    )
    if view.phase == START:
        status = choosing
    else:
        status = progress.format(n=view.drawn_terminals, m=s.rule_terminals, t=view.talon_len)
    return f"{title(locale)}  {status(locale)}"


def render(view: YosukouView, locale: Locale) -> str:
    s = view.settings
    values = card_values(s.rule_court_card)
    lines = [
        _heading(
            view,
            locale,
            Text("開始位置を選んでください", "choose the start"),
            Text("終了札{n}/{m}回 山札{t}枚", "end card {n}/{m}, talon {t}"),
        )
    ]
    lines.append(settings_line(view, locale))
    lines += _diagram(view, values)
    if s.simplified:
        legend = Text("値 x{m}：M=Sw攻 F=Co苦", "x{m}: M = Sw atk, F = Co pain")
    else:
        legend = Text(
            "値 x{m}：Sw攻/守 Co苦/喜 Cu上/下 Wa上/下", "x{m}: Sw atk/def Co pain/joy Cu/Wa up/dn"
        )
    lines.append(legend.format(m=s.rule_major_influence)(locale))
    if s.rule_court_card != "K14":
        page, knight, queen, king = COURT_SCHEMES[s.rule_court_card]
        lines.append(COURT_TEXT.format(p=page, n=knight, q=queen, k=king)(locale))
    for p in (6, 5, 4, 3, 2, 1):
        lines += _position_lines(view, p, values, locale)
    if not s.simplified:
        for name, pile in (("Sw", SW), ("Co", CO)):
            cards = view.piles[pile]
            items = _pile_items(cards)
            if cards:
                total = sum(values[c] for c in cards)
                items.append(Text("(計{n})", "(sum {n})").format(n=total)(locale))
            lines += _wrap(name + COLON(locale).rstrip(), items, locale)
    discard = view.piles[DIS]
    shown = [card_label(c) for c in discard[-DISCARD_SHOWN:]]
    if len(discard) > DISCARD_SHOWN:
        shown.insert(0, "…")
    head = Text("捨て札{n}枚：", "Discard {n}:").format(n=len(discard))(locale)
    lines += _wrap(head, shown or ["-"], locale)
    lines += _footer(view, locale)
    return "\n".join(out for line in lines for out in _fit(line, locale))


#: The compact board, re-posted on every draw, stays within this many lines.
COMPACT_LINES = 15


def _compact_pile(view: YosukouView, p: int, values: Mapping[str, int], locale: Locale) -> str:
    """``coins 2: top ♦14, sum 19``: the position's own pile, what the next draw reads."""
    pile = view.piles[home_pile(p)]
    kind = (Text("コイン", "coins") if is_upper(p) else Text("カップ", "cups"))(locale)
    if not pile:
        return Text("{k}なし", "{k}: none").format(k=kind)(locale)
    head = Text("{k}{n}枚 上{c}", "{k} {n}: top {c}").format(
        k=kind, n=len(pile), c=card_label(pile[-1])
    )(locale)
    if view.settings.simplified:
        extra = Text(" 最大{m}", ", max {m}").format(m=max(values[c] for c in pile))
    elif is_upper(p):
        extra = Text(" 計{m}", ", sum {m}").format(m=sum(values[c] for c in pile))
    else:
        return head
    return head + extra(locale)


def render_compact(view: YosukouView, locale: Locale) -> str:
    """The short board for every draw: the six positions with the token and each pile, the
    goal, the talon and end cards, and what to do next (:func:`render` has everything)."""
    s = view.settings
    values = card_values(s.rule_court_card)
    lines = [
        _heading(
            view,
            locale,
            Text("開始位置を選ぶ", "choose the start"),
            Text("終了札{n}/{m} 山札{t}枚", "end card {n}/{m}, talon {t}"),
        )
    ]
    marker = Text(" ←駒", " <token")(locale)
    for p in (6, 5, 4, 3, 2, 1):
        line = f"[{p}] {_compact_pile(view, p, values, locale)}"
        lines.append(line + (marker if view.token == p else ""))
    discard = Text("捨て札{n}枚", "discard {n}").format(n=len(view.piles[DIS]))(locale)
    if s.simplified:
        lines.append(discard)
    else:
        sw = sum(values[c] for c in view.piles[SW])
        co = sum(values[c] for c in view.piles[CO])
        lines.append(
            Text("Sw計{sw} Co計{co} {d}", "Sw {sw} · Co {co} · {d}").format(
                sw=sw, co=co, d=discard
            )(locale)
        )
    lines += _footer(view, locale, result=False)  # the board's card says the result
    return "\n".join(out for line in lines for out in _fit(line, locale))


def _footer(view: YosukouView, locale: Locale, result: bool = True) -> list[str]:
    """What to do next, or (with ``result``) how the game ended."""
    lines: list[str] = []
    if view.phase == START:
        for side, sample in (("upper", 4), ("lower", 1)):
            text = Text("{side}開始：終了札({t}) {goal}で勝ち", "{side}: end ({t}), win on {goal}")
            lines.append(
                text.format(
                    side=(
                        Text("上卦4-6", "Upper 4-6")
                        if side == "upper"
                        else Text("下卦1-3", "Lower 1-3")
                    )(locale),
                    t=int(terminal_of(sample)[0][1:]),
                    goal=_goal_text(sample, locale),
                )(locale)
            )
        if view.restriction is not None:
            r = view.restriction
            name = RESTRICTION_TEXT[(r.side, r.degree)](locale)
            only = Text("{name}(固式)：開始は{side}のみ", "{name} (solid): start {side} only")
            lines += _wrap(
                only.format(name=name, side=SIDE_TEXT[r.start](locale))(locale), [], locale
            )
        starts = ",".join(str(p) for p in view.legal_starts)
        lines.append(Text("開始できる爻：{s}", "Legal starts: {s}").format(s=starts)(locale))
        return lines
    assert view.start is not None and view.terminal is not None
    side = (Text("上卦", "upper") if is_upper(view.start) else Text("下卦", "lower"))(locale)
    goal = Text("開始{p}({side}) 最後に{goal}で勝ち", "Start {p} ({side}): win on {goal}")
    lines.append(goal.format(p=view.start, side=side, goal=_goal_text(view.start, locale))(locale))
    if view.phase == PLAY:
        lines.append(Text("次：カードを引く", "Next: draw a card")(locale))
    elif view.phase == CHOOSE and view.pending is not None and view.token is not None:
        text = Text("{c}：{p}→{q}に動ける。動く/留まる?", "{c}: may move {p}->{q}. MOVE or STAY?")
        lines.append(
            text.format(c=card_label(view.pending), p=view.token, q=view.token + 3)(locale)
        )
    elif view.phase == WAR:
        s = view.settings
        text = Text(
            "戦乱置換 {n}/{m}回 Co {k}/{l} 引くと終了", "War {n}/{m}, Co {k}/{l}; draw to end"
        )
        lines.append(
            text.format(
                n=view.war_total,
                m=_count(s.rule_replacement),
                k=view.war_to_co,
                l=_count(s.rule_replacement_coins_lower),
            )(locale)
        )
        if view.holding is not None:
            pile, card = view.holding
            text = Text("{c}({pile})の置き場所は?", "Where does {c} (from {pile}) go?")
            lines.append(text.format(c=card_label(card), pile=PILE_TEXT[pile](locale))(locale))
    elif view.phase == OVER and view.outcome is not None and result:
        reason = view.outcome.reason
        if reason == "no_result":
            lines.append(Text("終了札0回：結果なし", "End card count 0: no result")(locale))
        elif reason == "goal":
            text = Text("終了：駒は{p}で勝ち!", "Over: token on {p}, you win!")
            lines.append(text.format(p=view.token)(locale))
        else:
            text = Text("終了：駒は{p}で負け", "Over: token on {p}, you lose")
            lines.append(text.format(p=view.token)(locale))
    return lines


# --- event lines ---------------------------------------------------------------------------


def _card_term(card: str, value: int) -> str:
    label = card_label(card)
    # Under K13/K10 a court card's value differs from its rank: show both.
    return label if label[1:] == str(value) else f"{label}({value})"


def _term(term: Mapping[str, Any], locale: Locale) -> str:
    key = str(term["k"])
    value = int(term["v"])
    pos = term.get("p")
    card = term.get("c")
    where = f"({pos})" if pos is not None else ""
    if card and key == "card":
        return _card_term(str(card), value)
    if card and key == "f_minor":
        gap = "" if locale == "ja" else " "
        return f"F Minor{where}{gap}{_card_term(str(card), value)}"
    if card and key in ("cup", "max_coins", "max_cups"):
        return f"{_card_term(str(card), value)}{where}"
    name = TERM_TEXT.get(key, Text(key, key))(locale)
    return f"{name}{where}{value}" if locale == "ja" else f"{name}{where} {value}"


def _side(terms: Sequence[Mapping[str, Any]], total: int, locale: Locale) -> str:
    parts = [_term(t, locale) for t in terms]
    if len(parts) == 1:
        return parts[0]
    return " + ".join(parts) + f" = {total}"


def comparison_text(calc: Mapping[str, Any], locale: Locale) -> str:
    """``♠7 + 苦(4)6 = 13 > 守(3)6`` with the live numbers; a failed ``>`` shows as ``<=``."""
    op = str(calc.get("op", ">"))
    shown = op if calc.get("holds") else ("<=" if op == ">" else "<")
    text = (
        f"{_side(calc['lhs_terms'], calc['lhs'], locale)} {shown} "
        f"{_side(calc['rhs_terms'], calc['rhs'], locale)}"
    )
    if calc.get("needs_cup") and not calc.get("has_cup"):
        text += Text(" (カップなし)", " (no cup)")(locale)
    return text


def moves_text(moves: Sequence[Sequence[str]], locale: Locale) -> str:
    parts = []
    for card, source, dest in moves:
        where = PILE_TEXT[dest](locale)
        if source in PILE_INDEX:
            parts.append(f"{card_label(card)} {PILE_TEXT[source](locale)}→{where}")
        else:
            parts.append(f"{card_label(card)}→{where}")
    return ", ".join(parts)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _draw_line(d: Mapping[str, Any], locale: Locale) -> str:
    calc = d.get("calc") or {}
    before = int(d["token_before"])
    after = int(d["token"])
    parts = [f"{card_label(str(d['card']))} @{before}:"]
    if "lhs_terms" in calc:
        parts.append(comparison_text(calc, locale) + " →")
    result = d["result"]
    if result == "move":
        parts.append(Text("{a}→{b}へ移動", "moves {a}->{b}").format(a=before, b=after)(locale))
    elif result == "choose":
        text = Text("{a}→{b}へ動ける：動く/留まる?", "may move {a}->{b}: MOVE or STAY?")
        parts.append(text.format(a=before, b=calc.get("to"))(locale))
    elif "to" in calc:
        text = Text("{a}に留まる({b}へ動けず)", "stays on {a} (no move to {b})")
        parts.append(text.format(a=before, b=calc["to"])(locale))
    else:
        parts.append(Text("{a}に留まる", "stays on {a}").format(a=before)(locale))
    moves = d.get("moves") or []
    if moves:
        parts[-1] += ";"
        parts.append(moves_text(moves, locale))
    return " ".join(parts)


def _placed_to(d: Mapping[str, Any], locale: Locale) -> str | None:
    """Where the drawn card went, from the event's own list of card moves."""
    for card, source, dest in d.get("moves") or []:
        if card == d["card"] and source not in PILE_INDEX:
            return PILE_TEXT[dest](locale)
    return None


def _draw_sentence(d: Mapping[str, Any], locale: Locale) -> str:
    """A draw in plain words: what the card tried, the two totals, and what happens now.

    Only the event's own numbers: nothing about the talon beyond what was drawn."""
    code = str(d["card"])
    card = card_label(code)
    before = int(d["token_before"])
    calc = d.get("calc") or {}
    result = str(d["result"])
    if "lhs_terms" in calc:
        to = int(calc["to"])
        lhs, rhs = int(calc["lhs"]), int(calc["rhs"])
        # The token moves when the left total wins. Usually the drawn card is on the left
        # (it attacks); after an upper sword it is on the right: the position must hold.
        attacks = any(t.get("k") == "card" for t in calc["lhs_terms"])
        if not attacks:
            head = Text("{c}を{a}で受ける({b}へ)", "{c} against {a}, toward {b}")
            win = Text("{a}の{l}対札の{r}で勝ち", "{a}'s {l} beats the card's {r}")
            tie = Text("{a}の{l}対札の{r}、同点で勝ち", "{a}'s {l} ties the card's {r}: a win")
            lose = Text("{a}の{l}対札の{r}で届かず", "{a}'s {l} does not beat the card's {r}")
        else:
            if code.startswith("S"):
                head = Text("{c}が{a}から{b}へ攻める", "{c} attacks from {a} toward {b}")
            else:
                head = Text("{c}が{a}から{b}へ", "{c} from {a} toward {b}")
            win = Text("{l}対{r}で勝ち", "{l} beats {r}")
            tie = Text("{l}対{r}、同点で勝ち", "{l} ties {r}: a win")
            lose = Text("{l}対{r}で届かず", "{l} does not beat {r}")
        if calc.get("needs_cup") and not calc.get("has_cup"):
            verdict = Text("{l}対{r}、使えるカップなし", "{l} vs {r}, but no cup to use")
        elif calc.get("holds"):
            verdict = win if lhs > rhs else tie
        else:
            verdict = lose
        if result == "move":
            then = Text("駒は{b}へ移る", "the token moves to {b}")
        elif result == "choose":
            then = Text("動けます", "you may move")
        else:
            then = Text("駒は留まる", "the token stays")
        text = Text("{h}：{v} — {t}", "{h}: {v} — {t}").format(
            h=head.format(c=card, a=before, b=to)(locale),
            v=verdict.format(a=before, l=lhs, r=rhs)(locale),
            t=then.format(b=to)(locale),
        )
        return text(locale)
    if result == "move":
        text = Text("{c}で駒が{a}から{b}へ移る", "{c} moves the token from {a} to {b}")
        return text.format(c=card, a=before, b=d["token"])(locale)
    where = _placed_to(d, locale)
    if where is None:
        return Text("{c}：駒は{a}のまま", "{c}: the token stays on {a}").format(c=card, a=before)(
            locale
        )
    text = Text("{c}は{p}へ — 駒は{a}のまま", "{c} goes to {p} — the token stays on {a}")
    return text.format(c=card, p=where, a=before)(locale)


def explain_event(event: Event, locale: Locale) -> str | None:
    """The full working behind an event, for a "Why?" view: the formula with every term and
    the cards each step moved. ``None`` for events that have no working to show."""
    d = event.data
    if event.kind == "draw":
        return _draw_line(d, locale)
    if event.kind == "choice":
        moves = d.get("moves") or []
        if d["choice"] == "move":
            text = Text("動く：{a}→{b}", "MOVE: {a}->{b}").format(a=d["token_before"], b=d["token"])
        else:
            text = Text("留まる：{a}", "STAY on {a}").format(a=d["token_before"])
        return text(locale) + ("; " + moves_text(moves, locale) if moves else "")
    return None


def describe_event(event: Event, locale: Locale) -> str:
    """One plain sentence for an event of this game (the framework's own are handled before);
    :func:`explain_event` has the formula behind it."""
    d = event.data
    kind = event.kind
    if kind == "start":
        side = (Text("上卦", "upper") if is_upper(int(d["position"])) else Text("下卦", "lower"))(
            locale
        )
        text = Text(
            "{p}({side})から開始。終了札{t}、X{x}。最後に{a}か{b}で勝ち。",
            "Start on {p} ({side}). End card {t}, X {x}; win on {a} or {b}.",
        )
        return text.format(
            p=d["position"],
            side=side,
            t=major_text(str(d["terminal"]), locale),
            x=major_text(str(d["aside"]), locale),
            a=d["goal"][0],
            b=d["goal"][1],
        )(locale)
    if kind == "draw":
        return _draw_sentence(d, locale)
    if kind == "terminal":
        card = major_text(str(d["card"]), locale)
        n, m = int(d["count"]), int(d["limit"])
        if d["result"] == "reshuffle":
            text = Text(
                "終了札{c} {n}/{m}回目：残りの山札・終了札・捨て札をシャッフル({t}枚)。",
                "End card {c}, {nth} of {m}: talon, end card and discards reshuffled: {t} cards.",
            )
            return text.format(c=card, n=n, nth=_ordinal(n), m=m, t=d["talon_len"])(locale)
        text = Text(
            "終了札{c} {n}/{m}回目：ゲーム終了。駒は{p}、勝ちは{a}か{b}。",
            "End card {c}, {nth} of {m}: game over. Token on {p}, goal {a} or {b}.",
        )
        a, b = goal_of(int(d["start"]))
        return text.format(c=card, n=n, nth=_ordinal(n), m=m, p=d["token"], a=a, b=b)(locale)
    if kind == "choice":
        if d["choice"] == "move":
            text = Text("動く：駒は{a}から{b}へ", "MOVE: the token goes from {a} to {b}")
            return text.format(a=d["token_before"], b=d["token"])(locale)
        return Text("留まる：駒は{a}のまま", "STAY: the token stays on {a}").format(
            a=d["token_before"]
        )(locale)
    if kind == "war_start":
        text = Text(
            "戦乱置換：最大{n}回 (Co<={k}、{cb})。次のカードを引くと終了。",
            "War replacement: limit {n} (Co<={k}, {cb}). Drawing ends it.",
        )
        return text.format(
            n=_count(d["limit"]),
            k=_count(d["co_limit"]),
            cb=CROSS_TEXT[str(d["cross_border"])](locale),
        )(locale)
    if kind == "war_take":
        text = Text("戦乱置換：{c}を{p}から取る。", "War replacement: took {c} from {p}.")
        return text.format(c=card_label(str(d["card"])), p=PILE_TEXT[str(d["pile"])](locale))(
            locale
        )
    if kind == "war_place":
        if d["counted"]:
            count = Text("({n}回目)", " (count {n})").format(n=d["total"])(locale)
        else:
            count = Text("(同じ置き場：数えない)", " (same pile: not counted)")(locale)
        text = Text("戦乱置換：{c} {a}→{b}{n}", "War replacement: {c} {a}->{b}{n}")
        return text.format(
            c=card_label(str(d["card"])),
            a=PILE_TEXT[str(d["from"])](locale),
            b=PILE_TEXT[str(d["to"])](locale),
            n=count,
        )(locale)
    if kind == "war_cancel":
        text = Text(
            "戦乱置換：取り消し、{c}は{p}の最後へ。",
            "War replacement: cancelled; {c} to the end of {p}.",
        )
        return text.format(c=card_label(str(d["card"])), p=PILE_TEXT[str(d["pile"])](locale))(
            locale
        )
    if kind == "war_end":
        reason = str(d["reason"])
        why = WAR_END_TEXT.get(reason, Text(reason, reason))(locale)
        return Text("戦乱置換終了({r})。", "War replacement over ({r}).").format(r=why)(locale)
    if kind == "game_over":
        reason = str(d.get("reason", ""))
        if reason == "no_result":
            return Text("結果なし(終了札0回)。", "No result (end card count 0).")(locale)
        if d.get("points") == [1.0]:
            return Text("勝ち!(目標の爻に到達)", "You win! (goal reached)")(locale)
        return Text("負け(目標の爻に届かず)。", "You lose (goal missed).")(locale)
    return kind


# --- button labels and refusals ------------------------------------------------------------


def action_label(action: YosukouAction, locale: Locale) -> str:
    if isinstance(action, Start):
        side = (Text("上卦", "upper") if is_upper(action.position) else Text("下卦", "lower"))(
            locale
        )
        text = Text("{p}から開始({s})", "Start on {p} ({s})")
        return text.format(p=action.position, s=side)(locale)
    if isinstance(action, Draw):
        return Text("カードを引く", "Draw")(locale)
    if isinstance(action, Move):
        return Text("動く MOVE", "MOVE")(locale)
    if isinstance(action, Stay):
        return Text("留まる STAY", "STAY")(locale)
    if isinstance(action, WarTake):
        text = Text("{c}({p})を動かす", "Move {c} ({p})")
        return text.format(c=card_label(action.card), p=PILE_TEXT[action.pile](locale))(locale)
    if isinstance(action, WarPlace):
        return Text("{p}へ置く", "Place on {p}").format(p=PILE_TEXT[action.pile](locale))(locale)
    return Text("取り消す(元の置き場の最後へ)", "Cancel (back to its pile's end)")(locale)


def illegal_reason(state: YosukouState, action: YosukouAction) -> Text | None:
    """Why ``action`` is not legal in ``state``, as precisely as the rules allow."""
    phase = state.phase
    if phase == OVER:
        return None
    if isinstance(action, Start):
        if phase != START:
            return Text("開始位置はもう決まっています。", "The start has already been chosen.")
        r = state.restriction
        if r is not None and action.position not in r.positions:
            name = RESTRICTION_TEXT[(r.side, r.degree)]
            side = SIDE_TEXT[r.start]
            return Text(
                f"{name.ja}(固式)のため、開始は{side.ja}に限られます。",
                f"{name.en} (solid method): the start must be in the {side.en}.",
            )
        return Text(
            "この配り札の山札では、その爻からは開始できません。",
            "This deal's talon does not allow a start there.",
        )
    if phase == START:
        return Text("まず開始位置を選んでください。", "Choose the start position first.")
    if isinstance(action, Draw):
        if phase == CHOOSE:
            return Text("まず動くか留まるかを選んでください。", "Choose MOVE or STAY first.")
        return Text(
            "取ったカードの置き場所を選ぶか、取り消してください。",
            "Place the picked card or cancel first.",
        )
    if isinstance(action, Move | Stay):
        return Text(
            "動く/留まるを選べるのは、下卦でソードを引いて動けるときだけです。",
            "MOVE/STAY is only offered after a lower-trigram sword that allows a move.",
        )
    if phase != WAR:
        return Text("いまは戦乱置換ができません。", "There is no war replacement now.")
    s = state.settings
    if isinstance(action, WarTake):
        if state.holding is not None:
            return Text(
                "取ったカードの置き場所を先に選んでください。", "Place the picked card first."
            )
        pile = PILE_INDEX[action.pile]
        if action.card not in state.piles[pile]:
            return Text("そのカードはその置き場にありません。", "That card is not in that pile.")
        if pile == DIS:
            return Text("捨て札からは取れません。", "Cards cannot be taken from the discard pile.")
        return Text(
            "Swから取れるのは越境「すべて」のときだけです。",
            "Sw is a source only when crossing is 'all'.",
        )
    if state.holding is None:
        return Text("先に動かすカードを選んでください。", "Pick a card to move first.")
    if isinstance(action, WarPlace):
        dest = PILE_INDEX[action.pile]
        source = PILE_INDEX[state.holding[0]]
        if dest in (SW, DIS) and s.rule_cross_border != "all":
            return Text(
                "Swと捨て札に置けるのは越境「すべて」のときだけです。",
                "Sw and the discard pile are destinations only when crossing is 'all'.",
            )
        if s.rule_cross_border == "none" and (dest in COIN_PILES) != (source in COIN_PILES):
            return Text(
                "越境なしでは、コインの置き場のカードはコインの置き場へ、"
                "カップの置き場のカードはカップの置き場へしか置けません。",
                "Without crossing, a card from a coin pile goes only to a coin pile and one "
                "from a cup pile only to a cup pile.",
            )
        if dest == CO:
            limit = _count(s.rule_replacement_coins_lower)
            return Text(
                f"Coへ置けるのは{limit}回までです。",
                f"Co takes at most {limit} placements per war replacement.",
            )
    return None


__all__ = [
    "action_label",
    "comparison_text",
    "describe_event",
    "explain_event",
    "illegal_reason",
    "moves_text",
    "render",
    "render_compact",
    "width",
]
