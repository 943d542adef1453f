"""What perfect play says about a position, as a hint: its value, and the actions grouped by
value, best first. Plain text (no markdown): the bot and the console both show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rules.bushi.game import BushiAction, BushiRules, BushiState, Drop
from rules.bushi.solve import Value, solution
from rules.bushi.words import SEAT_NAME
from rules.core.text import Locale, Text

#: At most this many drops of one value are listed by name; more are only counted.
LISTED_DROPS: Final = 4

_RULES: Final = BushiRules()

_POSITION: Final = Text(
    "この局面（{side}の番）：{value}", "This position ({side} to move): {value}"
)
_GROUP: Final = Text("{value}：{actions}", "{value}: {actions}")
_ALL_DROPS: Final = Text("{n}通りの置き方すべて：{value}", "All {n} drops: {value}")
_DROPS: Final = Text("{n}通りの置き方", "{n} drops")
_ONE_DROP: Final = Text("1通りの置き方", "1 drop")
_LIST_SEPARATOR: Final = Text("、", ", ")
_BULLET: Final = "  • "
_MAY_CLAIM: Final = Text(
    "打ち切り：引き分けを宣言できます（追加ルール）。",
    "Dead draw: you may claim a draw (our added rule).",
)


@dataclass(frozen=True, slots=True)
class ValueGroup:
    """The actions that share one value for the seat to act, in ``legal_actions`` order."""

    value: Value
    actions: tuple[BushiAction, ...]

    @property
    def drops(self) -> bool:
        return isinstance(self.actions[0], Drop)


def grouped_move_values(state: BushiState) -> tuple[ValueGroup, ...]:
    """The legal actions of the seat to act grouped by their value, best first (fastest win,
    then draw, then slowest loss). The game must not be over."""
    by_value: dict[Value, list[BushiAction]] = {}
    for action, value in solution(state.cube).move_values(state):
        by_value.setdefault(value, []).append(action)
    ranked = sorted(by_value.items(), key=lambda item: item[0].rank, reverse=True)
    return tuple(ValueGroup(value, tuple(actions)) for value, actions in ranked)


def hint_text(state: BushiState, locale: Locale) -> str:
    """The position's value for the seat to act, then one line per value, e.g.::

        This position (Black to move): draw
        All 16 drops: draw

    or ``Win in 3: Turn ↻`` / ``Draw: Roll forward ↑, Roll left ←``; drops are counted, and
    listed by their menu labels (one per line) when a value has at most four of them.
    """
    value = solution(state.cube).value(state)
    side = SEAT_NAME[state.to_move](locale)
    lines = [_POSITION.format(side=side, value=value.describe(locale))(locale)]
    groups = grouped_move_values(state)
    if len(groups) == 1 and groups[0].drops and len(groups[0].actions) > 1:
        n = len(groups[0].actions)
        return "\n".join([*lines, _ALL_DROPS.format(n=n, value=value.describe(locale))(locale)])
    for group in groups:
        lines += _group_lines(group, locale)
    if state.may_claim_draw:
        lines.append(_MAY_CLAIM(locale))
    return "\n".join(lines)


def _group_lines(group: ValueGroup, locale: Locale) -> list[str]:
    value = _sentence_case(group.value.describe(locale))
    labels = [_RULES.action_label(action, locale) for action in group.actions]
    if not group.drops:
        actions = _LIST_SEPARATOR(locale).join(labels)
        return [_GROUP.format(value=value, actions=actions)(locale)]
    n = len(labels)
    count = _ONE_DROP(locale) if n == 1 else _DROPS.format(n=n)(locale)
    head = _GROUP.format(value=value, actions=count)(locale)
    # Drop labels are long: one per line, and only when there are few.
    listed = [_BULLET + label for label in labels] if n <= LISTED_DROPS else []
    return [head, *listed]


def _sentence_case(text: str) -> str:
    """``win in 3`` → ``Win in 3`` at the start of a line (Japanese is left alone)."""
    return text[:1].upper() + text[1:]
