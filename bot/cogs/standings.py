"""/standings and /rules: commands whose choices are every registered game."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.builder import CommandBuilder
from bot.games.registry import all_specs, all_variants, spec_for, variant_for_key
from bot.text.commands import (
    GAME,
    PAGE,
    PAGE_HELP,
    RULES,
    RULES_HELP,
    STANDINGS,
    STANDINGS_HELP,
    WHICH_RULES,
    WHICH_STANDINGS,
)
from bot.ui.common import NO_PINGS, localized, user_locale
from bot.ui.context import UiContext
from bot.ui.standings import standings_text, standings_view, table_locale

EMBED_DESCRIPTION_LIMIT = 4096


def standings_command(context: UiContext) -> app_commands.Command:  # type: ignore[type-arg]
    builder = CommandBuilder()
    choices = [
        app_commands.Choice(name=localized(variant.title), value=variant.key)
        for _, variant in all_variants()
    ]
    builder.add("game", GAME, WHICH_STANDINGS, app_commands.Choice[str], choices=choices)
    builder.add("page", PAGE, PAGE_HELP, app_commands.Range[int, 1, 10_000], 1)

    async def standings(
        interaction: discord.Interaction, game: app_commands.Choice[str], page: int = 1
    ) -> None:
        if variant_for_key(game.value) is None:
            raise ValueError(f"unknown game {game.value!r}")
        result = await context.services.standings.standings(
            interaction.guild_id, game.value, page - 1
        )
        locale = await table_locale(context.services.servers, interaction)
        await interaction.response.send_message(
            standings_text(result, locale),
            view=standings_view(result, interaction.guild_id),
            allowed_mentions=NO_PINGS,
        )

    return builder.build(STANDINGS, STANDINGS_HELP, standings)


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

    return builder.build(RULES, RULES_HELP, rules)
