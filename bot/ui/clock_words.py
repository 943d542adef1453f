"""A game's clock as its board says it: the time per move or each player's bank in words, the
deadline in each reader's own time (Discord timestamps), and whether quiet hours were counted."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.i18n import tr
from bot.services.game_clock import GameClock
from bot.services.quiet_hours import QuietHours
from bot.services.snapshots import GameSummary
from bot.ui.common import player_name
from bot.ui.pace import duration_words
from rules.core import Locale


def discord_time(moment: datetime, style: str = "R") -> str:
    """A moment as Discord shows it in each reader's own time zone (``R``: "in 3 hours")."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def clock_label(seconds: int | None, locale: Locale) -> str:
    """``1 day``, ``3 days``, ``6 hours`` — in words that read naturally in each language."""
    if not seconds:
        return tr("clock.none", locale)
    hours = max(seconds // 3600, 1)
    if hours % 24 == 0:
        days = hours // 24
        return tr("day" if days == 1 else "days", locale, n=days)
    return tr("hour" if hours == 1 else "hours", locale, n=hours)


def quiet_counted(game: GameSummary, locale: Locale) -> str:
    """ " (quiet hours counted)" when a mover's nights stand in the deadline, else nothing:
    the board, the turn ping and the reminder all say it the same way."""
    clock = GameClock.load(game.clock)
    if any(clock.quiet_of(s.seat) is not None for s in game.seats_to_act):
        return tr("clock.quiet_counted", locale)
    return ""


def deadline_words(game: GameSummary, locale: Locale) -> str:
    """``<t:…:f> (<t:…:R>)``, with "(quiet hours counted)" when a mover's nights moved it."""
    assert game.deadline_at is not None
    when = f"{discord_time(game.deadline_at, 'f')} ({discord_time(game.deadline_at)})"
    return when + quiet_counted(game, locale)


def bank_words(game: GameSummary, locale: Locale) -> str | None:
    """Each player's bank in words (``alice 1d 12h, bob 3d``), with its rule; None: no bank."""
    bank = GameClock.load(game.clock).bank
    if bank is None:
        return None
    left = ", ".join(
        tr(
            "clock.bank_seat",
            locale,
            name=player_name(s, locale),
            time=duration_words(timedelta(seconds=bank.left.get(s.seat, bank.rule.start)), locale),
        )
        for s in game.seats
        if not s.is_bot
    )
    return tr(
        "clock.bank",
        locale,
        left=left,
        add=clock_label(bank.rule.add, locale),
        cap=clock_label(bank.rule.cap, locale),
    )


def clock_lines(game: GameSummary, locale: Locale) -> list[str]:
    """The board's clock lines while the clock runs."""
    if game.deadline_at is None or not game.move_seconds or game.held_since is not None:
        return []
    banked = bank_words(game, locale)
    deadline = deadline_words(game, locale)
    if banked is not None:
        return [f"{banked} — {deadline}"]
    per_move = clock_label(game.move_seconds, locale)
    return [tr("clock.deadline", locale, per_move=per_move, deadline=deadline)]


def quiet_words(quiet: QuietHours | None, locale: Locale) -> str:
    """``/settings``' line for a player's quiet hours."""
    if quiet is None:
        return tr("quiet.none", locale)
    words = tr(
        "quiet.now",
        locale,
        zone=quiet.zone_name,
        start=quiet.start.strftime("%H:%M"),
        end=quiet.end.strftime("%H:%M"),
    )
    if quiet.weekends:
        words += "\n" + tr("quiet.weekends", locale, zone=quiet.zone_name)
    return words
