"""Options every game's commands share: the opponent, the move clock, rated or casual."""

from __future__ import annotations

from discord import app_commands

from bot.text.commands import (
    FOURTEEN_DAYS,
    NO_CLOCK,
    ONE_DAY,
    ONE_HOUR,
    SEVEN_DAYS,
    SIX_HOURS,
    THREE_DAYS,
    TWO_DAYS,
)
from bot.ui.common import localized
from rules.core import Text

HOUR = 3600
#: Durations offered as choices: an hour to a week (the value is in seconds).
DURATIONS = (
    (ONE_HOUR, HOUR),
    (SIX_HOURS, 6 * HOUR),
    (ONE_DAY, 24 * HOUR),
    # With a bank (bank_days), the per-move part a bank is commonly paired with.
    (TWO_DAYS, 48 * HOUR),
    (THREE_DAYS, 72 * HOUR),
    (SEVEN_DAYS, 168 * HOUR),
)


def duration_choices(*extra: tuple[Text, int]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=localized(label), value=str(seconds))
        for label, seconds in (*DURATIONS, *extra)
    ]


#: Per-move clocks offered at a challenge and as a server's default (0 = no clock).
CLOCK_CHOICES = duration_choices((FOURTEEN_DAYS, 336 * HOUR), (NO_CLOCK, 0))
