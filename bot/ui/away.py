"""Away mode on Discord: what /away answers, its "I'm back now" button, and how a stopped clock
reads on a board and in /games."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Any

import discord

from bot.errors import FriendlyError
from bot.i18n import tr
from bot.services.away import AwayStatus
from bot.services.holds import Hold
from bot.services.snapshots import GameSummary
from bot.text.away import AWAY_BACK_BUTTON, AWAY_BAD_DATE
from bot.ui.answering import FirstAnswer
from bot.ui.common import send_ephemeral, user_locale
from bot.ui.components import Guarded
from bot.ui.context import context_of
from rules.core import Locale


def when(moment: datetime) -> str:
    """A date every reader sees in their own time zone, and how far off it is."""
    stamp = int(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def parse_until(text: str, now: datetime) -> datetime:
    """The end of a time off typed as a number of days (``7``, ``7d``, ``+7``) or a day
    (``2026-12-24``, ``12/24``, ``12-24``: the next such day), away until that day is over
    (UTC). Garbage is refused with a friendly word."""
    raw = text.strip().lower().removeprefix("+")
    days = re.fullmatch(r"([0-9]{1,3})\s*(d|days?|日)?", raw)
    if days:
        if int(days[1]) < 1:
            raise FriendlyError(AWAY_BAD_DATE)
        return now + timedelta(days=int(days[1]))
    try:
        full = re.fullmatch(r"([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})", raw)
        short = re.fullmatch(r"([0-9]{1,2})[-/.]([0-9]{1,2})", raw)
        if full:
            day = date(int(full[1]), int(full[2]), int(full[3]))
        elif short:
            day = date(now.year, int(short[1]), int(short[2]))
            if day < now.date():
                day = date(now.year + 1, day.month, day.day)
        else:
            raise FriendlyError(AWAY_BAD_DATE)
    except ValueError as error:  # 2/30 and the like
        raise FriendlyError(AWAY_BAD_DATE) from error
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


def away_text(status: AwayStatus, locale: Locale) -> str:
    lines = []
    if status.until is not None:
        lines.append(tr("away.status", locale, until=when(status.until)))
    lines.append(profile_line(status, locale))
    if status.until is None:
        lines.append(tr("away.howto", locale))
    return "\n".join(lines)


def profile_line(status: AwayStatus, locale: Locale) -> str:
    """/profile's line: the days off used and left this year (and the time off running)."""
    line = tr(
        "away.profile",
        locale,
        used=status.used,
        allowance=status.allowance,
        left=status.left,
    )
    if status.until is not None:
        line = tr("away.profile_away", locale, until=when(status.until)) + "\n" + line
    return line


def back_view(user_id: int, locale: Locale) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AwayBackButton(user_id, AWAY_BACK_BUTTON(locale)))
    return view


def hold_lines(game: GameSummary, locale: Locale) -> list[str]:
    """The board's words for a stopped clock: who is away, until when."""
    hold = Hold.load(game.pause)
    return [
        tr("away.board", locale, user=game.player(seat).display_name, until=when(until))
        for seat, until in sorted(hold.away.items())
        if seat < len(game.seats)
    ]


def games_note(game: GameSummary, locale: Locale) -> str | None:
    """/games' word for a game whose clock stands (instead of its deadline)."""
    hold = Hold.load(game.pause)
    if not hold.away or game.held_since is None:
        return None
    return "".join(
        " — " + tr("away.games_line", locale, user=game.player(seat).display_name, until=when(t))
        for seat, t in sorted(hold.away.items())
        if seat < len(game.seats)
    )


class AwayBackButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"away:back:(?P<user>[0-9]+)",
):
    """Under /away: end the time off now (a second click, or one after it ended, is told so)."""

    answer_kind = FirstAnswer.PRIVATE  # said to the player alone

    def __init__(self, user_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "↩",
                emoji="👋",
                style=discord.ButtonStyle.success,
                custom_id=f"away:back:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AwayBackButton:
        return cls(int(match["user"]))

    async def run(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        context = context_of(interaction)
        if interaction.user.id != self.user_id:
            await send_ephemeral(interaction, tr("away.already_back", locale))
            return
        status = await context.services.away.status(self.user_id)
        if status.until is None:
            await send_ephemeral(interaction, tr("away.already_back", locale))
            return
        await context.services.away.come_back(self.user_id)
        await send_ephemeral(interaction, tr("away.back", locale))
        await context.flows.clock_notices.announce(await context.services.clocks.redraws())
