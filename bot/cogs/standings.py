"""/standings and /rules: commands whose choices are every registered game; and the clicks that
page a table."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.cogs.clicks import Guarded
from bot.games.registry import all_specs, all_variants, spec_for, variant_for_key
from bot.i18n import tr
from bot.text.commands import (
    GAME,
    PAGE,
    PAGE_HELP,
    RULES,
    RULES_HELP,
    SCOPE,
    SCOPE_EVERYWHERE,
    SCOPE_HELP,
    SCOPE_SERVER,
    STANDINGS,
    STANDINGS_HELP,
    WHICH_RULES,
    WHICH_STANDINGS,
)
from bot.ui.answering import FirstAnswer
from bot.ui.common import (
    MAX_CONTENT,
    NO_PINGS,
    clip,
    installed_guild_id,
    localized,
    send_ephemeral,
    user_locale,
)
from bot.ui.context import UiContext, context_of
from bot.ui.external_apps import forced_private_note
from bot.ui.flows import GameFlows
from bot.ui.reach import BadButton
from bot.ui.standings import (
    StandingsPageButton,
    standings_text,
    standings_view,
    table_locale,
    table_web_link,
)

EMBED_DESCRIPTION_LIMIT = 4096
#: ``/standings scope``: the server's own table, or the one of games outside such servers.
THIS_SERVER, EVERYWHERE = "server", "everywhere"


def standings_command(context: UiContext[GameFlows]) -> app_commands.Command:  # type: ignore[type-arg]
    builder = CommandBuilder()
    choices = [
        app_commands.Choice(name=localized(variant.title), value=variant.key)
        for _, variant in all_variants()
    ]
    builder.add("game", GAME, WHICH_STANDINGS, app_commands.Choice[str], choices=choices)
    builder.add("page", PAGE, PAGE_HELP, app_commands.Range[int, 1, 10_000], 1)
    scopes = [
        app_commands.Choice(name=localized(SCOPE_SERVER), value=THIS_SERVER),
        app_commands.Choice(name=localized(SCOPE_EVERYWHERE), value=EVERYWHERE),
    ]
    builder.add("scope", SCOPE, SCOPE_HELP, app_commands.Choice[str] | None, None, scopes)

    async def standings(
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        page: int = 1,
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        if variant_for_key(game.value) is None:
            raise ValueError(f"unknown game {game.value!r}")
        server = installed_guild_id(interaction)
        wanted = scope.value if scope else THIS_SERVER if server is not None else EVERYWHERE
        if wanted == THIS_SERVER and server is None:
            await send_ephemeral(interaction, tr("standings.no_server", user_locale(interaction)))
            return
        # The "everywhere" table holds the games played outside servers that added the bot.
        table = server if wanted == THIS_SERVER else None
        result = await context.services.standings.standings(table, game.value, page - 1)
        locale = await table_locale(context.services.servers, interaction)
        note = forced_private_note(interaction, user_locale(interaction))
        web = await table_web_link(
            context.services.web, context.services.servers, table, game.value, locale
        )
        await interaction.response.send_message(
            clip(standings_text(result, locale, everywhere=table is None), MAX_CONTENT - len(note))
            + note,
            view=standings_view(result, table, web),
            allowed_mentions=NO_PINGS,
        )

    return anywhere(builder.build(STANDINGS, STANDINGS_HELP, standings, answer=FirstAnswer.PUBLIC))


def rules_command() -> app_commands.Command:  # type: ignore[type-arg]
    builder = CommandBuilder()
    choices = [
        app_commands.Choice(name=localized(spec.title), value=spec.game_type)
        for spec in all_specs()
    ]
    builder.add("game", GAME, WHICH_RULES, app_commands.Choice[str], choices=choices)

    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        locale = user_locale(interaction)
        spec = spec_for(game.value)
        embeds = [
            discord.Embed(
                title=spec.title(locale) if n == 0 else None,
                description=page(locale)[:EMBED_DESCRIPTION_LIMIT],
                colour=discord.Colour.dark_red(),
            )
            for n, page in enumerate(spec.help_pages)
        ]
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    return anywhere(builder.build(RULES, RULES_HELP, rules, answer=FirstAnswer.PRIVATE))


class StandingsPageClick(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=StandingsPageButton.template,
):
    answer_kind = FirstAnswer.UPDATE  # the page turns in place

    def __init__(self, item: discord.ui.Item[Any], guild_id: int, key: str, page: int) -> None:
        self.guild_id, self.key, self.page = guild_id, key, page
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingsPageClick:
        return cls(item, int(match["guild"]), match["key"], int(match["page"]))

    async def check(self, interaction: discord.Interaction) -> None:
        """A server's table pages only in that server (0, the table of games played outside
        servers that added the bot, anywhere): never another server's players and ratings."""
        if self.guild_id not in (0, installed_guild_id(interaction)):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        if variant_for_key(self.key) is None:
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        await interaction.response.defer()
        services = context_of(interaction).services
        page = await services.standings.standings(self.guild_id or None, self.key, self.page)
        # Everyone reads the table: it stays in the server's language whoever pages it.
        locale = await table_locale(services.servers, interaction)
        web = await table_web_link(
            services.web, services.servers, self.guild_id or None, self.key, locale
        )
        await interaction.edit_original_response(
            content=standings_text(page, locale, everywhere=not self.guild_id),
            view=standings_view(page, self.guild_id, web),
            allowed_mentions=NO_PINGS,
        )
