"""The built-in games, with the bot's own player and hints where a game has them."""

from __future__ import annotations

import zlib
from typing import Any, cast

from bot.services.registry import AnyRules, register
from rules.core import Locale, Rng, Seat, Text

HINT_TITLE = Text("🔎 完全解析による評価", "🔎 What perfect play says")


def bushi_hint(rules: AnyRules, state: Any, seat: Seat, locale: Locale) -> str:
    from rules.bushi.hint import hint_text

    if rules.is_over(state):
        return HINT_TITLE(locale) + "\n" + rules.reason_text(state.outcome.reason)(locale)
    return HINT_TITLE(locale) + "\n" + hint_text(state, locale)


START_HINT_TITLE = Text(
    "🔮 開始位置ごとの推定勝率（各{games}回のシミュレーション、常に「動く」）",
    "🔮 Estimated win chance of each start ({games} simulated games each, always MOVE)",
)
START_HINT_LINE = Text(
    "{position}（{trigram}）: **{rate:.0%}**（95%区間 {low:.0%}–{high:.0%}）",
    "{position} ({trigram}): **{rate:.0%}** (95% interval {low:.0%}–{high:.0%})",
)
UPPER = Text("上卦", "upper")
LOWER = Text("下卦", "lower")
START_HINT_ONLY = Text(
    "ヒントは開始位置を選ぶときに使えます。", "The hint is for choosing where to start."
)
START_HINT_GAMES = 400


def yosukou_hint(rules: AnyRules, state: Any, seat: Seat, locale: Locale) -> str:
    """How often each legal start wins on this board, by simulation over random talons."""
    from rules.yosukou.simulate import estimate_start_win_rates

    if state.phase != "start":
        return START_HINT_ONLY(locale)
    # Seeded from the board alone, never from the game's own generator, which will shuffle
    # the real talon: the hint must not be able to see it.
    seed = zlib.crc32(repr(state.board).encode())
    rates = estimate_start_win_rates(state, START_HINT_GAMES, Rng.from_seed(seed))
    lines = [START_HINT_TITLE.format(games=START_HINT_GAMES)(locale)]
    for position, rate in sorted(rates.items()):
        low, high = rate.interval
        trigram = (UPPER if position >= 4 else LOWER)(locale)
        lines.append(
            START_HINT_LINE.format(
                position=position, trigram=trigram, rate=rate.rate, low=low, high=high
            )(locale)
        )
    return "\n".join(lines)


def register_builtin() -> None:
    from rules.bushi import BushiRules
    from rules.bushi.solve import perfect_player
    from rules.yosukou import YosukouRules

    register(BushiRules(), perfect_player, bushi_hint)
    register(YosukouRules(), None, yosukou_hint)
    from rules.senretsu import SenretsuRules

    register(SenretsuRules(), senretsu_player)


def senretsu_player(rules: AnyRules, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
    """The 戦列札 AI, which sees only what its seat may see: the same view a person gets."""
    from rules.senretsu import SenretsuRules
    from rules.senretsu.ai import choose_action

    return choose_action(rules.view_for(state, seat), cast("SenretsuRules", rules), rng)
