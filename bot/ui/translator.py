"""Localised command names, descriptions and choices (``app_commands.Translator``)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import COMMAND_JA


class CatalogueTranslator(app_commands.Translator):
    """Japanese from ``COMMAND_JA``; English is the source text itself."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.japanese:
            return COMMAND_JA.get(string.message)
        return None
