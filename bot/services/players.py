"""The built-in games, with the bot's own player and hints where a game has them."""

from __future__ import annotations

from typing import Any

from bot.services.registry import AnyRules, register
from rules.core import Locale, Seat, Text

HINT_POSITION = Text(
    "この局面（{side}の番）: **{value}**", "This position ({side} to move): **{value}**"
)
HINT_MOVES = Text("各手の評価:", "Each move:")
HINT_TITLE = Text("🔎 完全解析による評価", "🔎 What perfect play says")


def bushi_hint(rules: AnyRules, state: Any, seat: Seat, locale: Locale) -> str:
    from rules.bushi.solve import solution

    if rules.is_over(state):
        return HINT_TITLE(locale) + "\n" + rules.reason_text(state.outcome.reason)(locale)
    solved = solution(state.cube)
    lines = [
        HINT_TITLE(locale),
        HINT_POSITION.format(
            side=rules.seat_name(seat, locale), value=solved.value(state).describe(locale)
        )(locale),
        HINT_MOVES(locale),
    ]
    for action, value in solved.move_values(state):
        lines.append(f"• {rules.action_label(action, locale)} — {value.describe(locale)}")
    return "\n".join(lines)


def register_builtin() -> None:
    from rules.bushi import BushiRules
    from rules.bushi.solve import perfect_player

    register(BushiRules(), perfect_player, bushi_hint)
