"""Localised command names, descriptions and choices (``app_commands.Translator``)."""

from __future__ import annotations

import discord
from discord import app_commands


class CatalogueTranslator(app_commands.Translator):
    """Each command, option and choice carries its own Japanese (``localized``), chosen for
    that place: the same English word may read differently in two places. English is the
    source text itself."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.japanese:
            japanese = string.extras.get("ja")
            return japanese if isinstance(japanese, str) else None
        return None
