"""/away: take days off (every clock of one's games stops), see the allowance, come back (its
button's click)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.cogs.clicks import Guarded, flows_of
from bot.i18n import tr
from bot.text.away import AWAY, AWAY_DAYS, AWAY_DAYS_HELP, AWAY_HELP, AWAY_UNTIL, AWAY_UNTIL_HELP
from bot.ui.answering import FirstAnswer
from bot.ui.away import AwayBackButton, away_text, back_view, parse_until, when
from bot.ui.common import send_ephemeral, user_locale
from bot.ui.context import UiContext, context_of
from bot.ui.flows import GameFlows

Item = discord.ui.Item[Any]

#: The longest ``until`` typed (a date or a number of days is a dozen characters at most).
UNTIL_LENGTH = 40


def away_command(context: UiContext[GameFlows]) -> app_commands.Command:  # type: ignore[type-arg]
    builder = CommandBuilder()
    builder.add("days", AWAY_DAYS, AWAY_DAYS_HELP, app_commands.Range[int, 1, 366] | None, None)
    until = app_commands.Range[str, 1, UNTIL_LENGTH] | None
    builder.add("until", AWAY_UNTIL, AWAY_UNTIL_HELP, until, None)

    async def away(
        interaction: discord.Interaction, days: int | None = None, until: str | None = None
    ) -> None:
        locale = user_locale(interaction)
        service = context.services.away
        user_id = interaction.user.id
        if days is None and until is None:  # no end given: where the player stands
            status = await service.status(user_id)
            view = back_view(user_id, locale) if status.until is not None else None
            await send_ephemeral(interaction, away_text(status, locale), view)
            return
        now = service.clock()
        end = parse_until(str(days) if until is None else until, now)
        status, changed = await service.go_away(user_id, end)
        assert status.until is not None
        text = tr(
            "away.set",
            locale,
            until=when(status.until),
            left=status.left,
            allowance=status.allowance,
        )
        if changed:
            text += "\n" + tr("away.games", locale, count=len(changed))
        racing = await service.tournament_games(user_id)
        if racing:
            text += "\n" + tr("away.tournament_games", locale, count=racing)
        await send_ephemeral(interaction, text, back_view(user_id, locale))
        await context.flows.clock_notices.announce(await context.services.clocks.redraws())

    return anywhere(builder.build(AWAY, AWAY_HELP, away, answer=FirstAnswer.PRIVATE))


class AwayBackClick(Guarded, discord.ui.DynamicItem[Item], template=AwayBackButton.template):
    """Under /away: end the time off now (a second click, or one after it ended, is told so)."""

    answer_kind = FirstAnswer.PRIVATE  # said to the player alone

    def __init__(self, item: Item, user_id: int) -> None:
        self.user_id = user_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> AwayBackClick:
        return cls(item, int(match["user"]))

    async def run(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        services = context_of(interaction).services
        if interaction.user.id != self.user_id:
            await send_ephemeral(interaction, tr("away.already_back", locale))
            return
        status = await services.away.status(self.user_id)
        if status.until is None:
            await send_ephemeral(interaction, tr("away.already_back", locale))
            return
        await services.away.come_back(self.user_id)
        await send_ephemeral(interaction, tr("away.back", locale))
        await flows_of(interaction).clock_notices.announce(await services.clocks.redraws())
