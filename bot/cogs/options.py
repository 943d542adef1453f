"""Options every game's commands share: the opponent, the move clock, rated or casual."""

from __future__ import annotations

from discord import app_commands

from bot.ui.common import localized
from rules.core import Text

HOUR = 3600
#: Durations offered as choices: an hour to a week (the value is in seconds).
DURATIONS = (
    (Text("1時間", "1 hour"), HOUR),
    (Text("6時間", "6 hours"), 6 * HOUR),
    (Text("1日", "1 day"), 24 * HOUR),
    (Text("3日", "3 days"), 72 * HOUR),
    (Text("7日", "7 days"), 168 * HOUR),
)


def duration_choices(*extra: tuple[Text, int]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=localized(label), value=str(seconds))
        for label, seconds in (*DURATIONS, *extra)
    ]


#: Per-move clocks offered at a challenge and as a server's default (0 = no clock).
CLOCK_CHOICES = duration_choices(
    (Text("14日", "14 days"), 336 * HOUR), (Text("持ち時間なし", "no clock"), 0)
)
