""" "Why?" in words: what a draw compared, with which numbers, and why the token moved or
stayed — every term of the comparison named in full, a line each — from the event's own data
(nothing about the talon beyond what was drawn)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards.tarot import card_label
from rules.core.protocol import Event
from rules.core.text import Locale, Text
from rules.yosukou.render import describe_event, moves_text

#: Each term of a comparison in words; ``{p}`` is where it lies, ``{c}`` the card it is.
TERM_WORDS: dict[str, Text] = {
    "card": Text("引いた{c}", "the drawn {c}"),
    "atk": Text("{p}の剣の攻め", "{p}'s sword attack"),
    "def": Text("{p}の剣の守り", "{p}'s sword defence"),
    "pain": Text("{p}のコインの苦", "{p}'s coin pain"),
    "joy": Text("{p}のコインの喜", "{p}'s coin joy"),
    "cu_up": Text("{p}のカップ上", "{p}'s cups-up value"),
    "cu_down": Text("{p}のカップ下", "{p}'s cups-down value"),
    "wa_up": Text("{p}のワンド上", "{p}'s wands-up value"),
    "wa_down": Text("{p}のワンド下", "{p}'s wands-down value"),
    "max_coins": Text("{p}のコインで最大の{c}", "the highest coin on {p}, {c}"),
    "sum_coins": Text("{p}のコインの合計", "the coins on {p} together"),
    "max_cups": Text("{p}のカップで最大の{c}", "the highest cup on {p}, {c}"),
    "cup": Text("{p}のカップ{c}", "the cup {c} on {p}"),
    "sum_sw": Text("Swの札の合計", "the cards in Sw together"),
    "sum_co": Text("Coの札の合計", "the cards in Co together"),
    "f_major": Text("{p}の大アルカナのF値", "{p}'s major F value"),
    "m_major": Text("{p}の大アルカナのM値", "{p}'s major M value"),
    "f_minor": Text("{p}のF Minor {c}", "F Minor on {p}, {c}"),
}
#: A card term where there is no card: it counts 0.
NO_CARD: dict[str, Text] = {
    "max_coins": Text("{p}にコインなし", "no coin on {p}"),
    "max_cups": Text("{p}にカップなし", "no cup on {p}"),
    "cup": Text("{p}にカップなし", "no cup on {p}"),
}
HEAD = Text(
    "{c}を引いた（駒は{a}）：{b}へ動けるか。", "{c} drawn, token on {a}: can it move to {b}?"
)
FOR = Text("動く側", "For the move")
AGAINST = Text("動かさない側", "Against it")
MORE = Text("{l}は{r}より大きい", "{l} is more than {r}")
NOT_MORE = Text("{l}は{r}より大きくない", "{l} is not more than {r}")
AT_LEAST = Text("{l}は{r}以上", "{l} is at least {r}")
LESS = Text("{l}は{r}より小さい", "{l} is less than {r}")
NO_CUP = Text(
    "。ただし動くには使えるカップが要り、それがない",
    ", but the move needs a cup to use, and there is none",
)
MOVES = Text("だから駒は{b}へ移る。", "So the token moves to {b}.")
CHOOSE = Text(
    "だから{b}へ動ける：動くか留まるかを選ぶ。", "So it may move to {b}: choose MOVE or STAY."
)
STAYS = Text("だから駒は{a}に留まる。", "So the token stays on {a}.")
CARDS = Text("札の移動：{m}", "Cards moved: {m}")
CHOSE_MOVE = Text(
    "動くを選んだ：駒は{a}から{b}へ。", "You chose MOVE: the token went from {a} to {b}."
)
CHOSE_STAY = Text("留まるを選んだ：駒は{a}のまま。", "You chose STAY: the token stays on {a}.")


def _where(pos: Any) -> str:
    return f"[{pos}]"


def term_words(term: Mapping[str, Any], locale: Locale) -> str:
    """One term as words and its number: ``[1]'s wands-down value (6)``."""
    key = str(term["k"])
    card = term.get("c")
    fields = {"p": _where(term.get("p", "")), "c": card_label(str(card)) if card else ""}
    words = NO_CARD[key] if key in NO_CARD and not card else TERM_WORDS.get(key)
    name = words.format(**fields)(locale) if words is not None else key
    return f"{name}（{term['v']}）" if locale == "ja" else f"{name} ({term['v']})"


def _side(label: Text, terms: Sequence[Mapping[str, Any]], total: int, locale: Locale) -> str:
    parts = " + ".join(term_words(t, locale) for t in terms)
    sum_ = f" = {total}" if len(terms) > 1 else ""
    colon = "：" if locale == "ja" else ": "
    return f"{label(locale)}{colon}{parts}{sum_}"


def _verdict(calc: Mapping[str, Any], locale: Locale) -> str:
    """The comparison by its numbers; a win that still cannot move says what it lacks."""
    lhs, rhs = int(calc["lhs"]), int(calc["rhs"])
    at_least = str(calc.get("op", ">")) == ">="
    wins = lhs >= rhs if at_least else lhs > rhs
    verdicts = {(True, False): MORE, (True, True): AT_LEAST, (False, False): NOT_MORE}
    verdict = verdicts.get((wins, at_least), LESS).format(l=lhs, r=rhs)(locale)
    if wins and calc.get("needs_cup") and not calc.get("has_cup"):
        verdict += NO_CUP(locale)
    return verdict + ("。" if locale == "ja" else ".")


def _draw(d: Mapping[str, Any], locale: Locale) -> list[str]:
    calc = d.get("calc") or {}
    before = int(d["token_before"])
    to = calc.get("to")
    lines = [HEAD.format(c=card_label(str(d["card"])), a=before, b=to)(locale)]
    lines.append(_side(FOR, calc["lhs_terms"], int(calc["lhs"]), locale))
    lines.append(_side(AGAINST, calc["rhs_terms"], int(calc["rhs"]), locale))
    result = str(d["result"])
    then = MOVES if result == "move" else CHOOSE if result == "choose" else STAYS
    gap = "" if locale == "ja" else " "
    lines.append(f"{_verdict(calc, locale)}{gap}{then.format(a=before, b=to)(locale)}")
    return lines


def why_lines(event: Event, locale: Locale) -> list[str]:
    """The reasons behind a draw or a MOVE/STAY choice in sentences; empty for other events."""
    d = event.data
    if event.kind == "draw":
        calc = d.get("calc") or {}
        lines = _draw(d, locale) if "lhs_terms" in calc else [describe_event(event, locale)]
    elif event.kind == "choice":
        before = d["token_before"]
        chose = CHOSE_MOVE if d["choice"] == "move" else CHOSE_STAY
        lines = [chose.format(a=before, b=d["token"])(locale)]
    else:
        return []
    moves = d.get("moves") or []
    if moves:
        lines.append(CARDS.format(m=moves_text(moves, locale))(locale))
    return lines
