"""What a public answer adds where Discord shows it to its reader alone: a server that did not
add Asobiba and denies its members "Use External Apps" (``answers_are_forced_private``)."""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.ui.board_posts import answers_are_forced_private
from rules.core import Locale


def forced_private_note(interaction: discord.Interaction, locale: Locale) -> str:
    """A line saying why only its reader sees this answer, and how to play instead; nothing
    where the answer is public as meant."""
    if not answers_are_forced_private(interaction):
        return ""
    return "\n-# " + tr("external_apps.private", locale)
