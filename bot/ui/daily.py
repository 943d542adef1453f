"""The daily deal in Discord: its commands' names and the line under a daily board's title.
Everyone in a server is dealt the same cards all day, so each board is its player's alone
until the day is over (UTC)."""

from __future__ import annotations

from datetime import date

from bot.games.spec import AnySpec
from bot.i18n import tr
from bot.services.snapshots import GameSummary
from bot.text.daily import DAILY
from rules.core import Locale


def daily_command_name(spec: AnySpec) -> str:
    """``/yosukou daily`` as a command mention (``tr`` shows it in the reader's language)."""
    return f"</{spec.command.name.en} {DAILY.en}>"


def daily_tag(game: GameSummary, locale: Locale, today: date) -> str:
    """Under a daily board's title: which day's deal it is, and while others may still play
    it, that only its player sees it (and how to bring it back)."""
    day = game.daily_day
    assert day is not None
    tag = tr("daily.board", locale, day=day.isoformat())
    if game.daily_deal_open(today):
        command = daily_command_name(game.spec)
        tag += "\n-# " + tr("daily.private", locale, command=command)
    return tag
