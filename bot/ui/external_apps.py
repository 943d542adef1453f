"""A server that did not add Asobiba and denies its members "Use External Apps": Discord makes
every answer of the app private there (Permissions: ``USE_EXTERNAL_APPS`` "allows
user-installed apps to send public responses … This only applies to apps not also installed
to the server"). What was meant for everyone then says why only its reader sees it."""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.ui.common import installed_guild_id
from rules.core import Locale


def answers_forced_private(interaction: discord.Interaction) -> bool:
    """Whether Discord will show this interaction's answers to its user alone."""
    in_server_without_bot = (
        interaction.guild_id is not None and installed_guild_id(interaction) is None
    )
    return in_server_without_bot and not interaction.permissions.use_external_apps


def forced_private_note(interaction: discord.Interaction, locale: Locale) -> str:
    """A line to add to a public answer where only its reader will see it; else nothing."""
    if not answers_forced_private(interaction):
        return ""
    return "\n-# " + tr("external_apps.private", locale)
