"""How long a player takes to move, as /profile shows it, and /games' order."""

from __future__ import annotations

from rules.core import Text

PACE_MESSAGES: dict[str, Text] = {
    "pace.title": Text(
        "⏱️ **指すまでの時間**（最近{games}局から）",
        "⏱️ **Time to move** (from the last {games} games)",
    ),
    "pace.row": Text(
        "**{game}**：中央値 {median}・90%は {p90} 以内（{moves}手）",
        "**{game}**: median {median}, 90% within {p90} (moves timed: {moves})",
    ),
    "pace.none": Text("まだ計れる手がありません。", "No timed moves yet."),
    "pace.days": Text("{n}日", "{n}d"),
    "pace.hours": Text("{n}時間", "{n}h"),
    "pace.minutes": Text("{n}分", "{n}m"),
    "pace.seconds": Text("{n}秒", "{n}s"),
}
