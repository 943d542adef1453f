"""/privacy: what the bot keeps about the player, their export, and deleting it (asked twice).

Every answer is private to the player. The export is a JSON file in an ephemeral follow-up
(Discord lets an interaction's ephemeral response carry attachments, and it reaches the player
wherever the command was used, with no DM needed). Deleting ends the player's games through the
usual use cases and then redraws each board where it lives, so opponents see the resignation
as they would any other; tournaments hear of withdrawals as from /tournament withdraw.
"""

from __future__ import annotations

import gzip
import io
import json
import time

import discord

from bot.i18n import tr
from bot.services.privacy import Departure
from bot.statuses import GameStatus
from bot.ui.common import send_ephemeral, think, user_locale
from bot.ui.context import BoardPostFlow, Services, TournamentFlow
from bot.ui.privacy_components import PrivacyButton
from rules.core import Locale

#: How long the two confirmations stay good (a stale one asks to start again).
CONFIRM_SECONDS = 300
#: Discord's smallest upload limit (servers without boosts): a bigger export is sent gzipped.
UPLOAD_LIMIT = 8 * 1024 * 1024


class PrivacyFlows:
    def __init__(
        self, services: Services, posts: BoardPostFlow, tournaments: TournamentFlow
    ) -> None:
        self.privacy = services.privacy
        self.queries = services.games.queries
        self.posts = posts
        self.tournaments = tournaments

    async def show(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        counts = await self.privacy.records.counts(interaction.user.id)
        text = "\n\n".join(
            (
                tr("privacy.title", locale),
                tr("privacy.kept", locale),
                tr("privacy.counts", locale, **counts),
                tr("privacy.choices", locale),
            )
        )
        view = discord.ui.View(timeout=None)
        view.add_item(PrivacyButton("export", tr("privacy.export", locale), emoji="📦"))
        view.add_item(
            PrivacyButton("delete", tr("privacy.delete", locale), discord.ButtonStyle.danger, "🗑️")
        )
        await send_ephemeral(interaction, text, view)

    async def export(self, interaction: discord.Interaction) -> None:
        await think(interaction, privately=True)
        data = await self.privacy.records.export(interaction.user.id)
        raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
        name = f"asobiba-data-{interaction.user.id}.json"
        if len(raw) > UPLOAD_LIMIT:
            raw, name = gzip.compress(raw), name + ".gz"
        await send_ephemeral(
            interaction,
            tr("privacy.exported", user_locale(interaction)),
            file=discord.File(io.BytesIO(raw), filename=name),
        )

    async def confirm_first(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        games = await self.queries.list_games(interaction.user.id, limit=500)
        running = sum(1 for g in games if g.status == GameStatus.ACTIVE and g.ply > 0)
        text = tr("privacy.confirm_first", locale, running=running, waiting=len(games) - running)
        await interaction.response.edit_message(
            content=text, view=self._confirm_view("continue", "privacy.continue", locale, now())
        )

    async def confirm_second(self, interaction: discord.Interaction, asked_at: int) -> None:
        locale = user_locale(interaction)
        if _expired(asked_at):
            await interaction.response.edit_message(
                content=tr("privacy.expired", locale), view=None
            )
            return
        text = tr("privacy.confirm_second", locale, minutes=CONFIRM_SECONDS // 60)
        await interaction.response.edit_message(
            content=text, view=self._confirm_view("now", "privacy.delete_now", locale, asked_at)
        )

    async def delete_now(self, interaction: discord.Interaction, asked_at: int) -> None:
        locale = user_locale(interaction)
        if _expired(asked_at):
            await interaction.response.edit_message(
                content=tr("privacy.expired", locale), view=None
            )
            return
        # Resigning games and redrawing their boards takes a while: acknowledge first.
        await interaction.response.defer()
        departure, forgotten = await self.privacy.delete_everything(interaction.user.id)
        await self._tell_the_others(departure)
        if (
            departure.games
            or departure.tournaments_left
            or forgotten.deleted
            or forgotten.former_id
        ):
            text = tr(
                "privacy.deleted",
                locale,
                games=len(departure.games),
                tournaments=departure.tournaments_left,
            )
        else:
            text = tr("privacy.nothing_left", locale)  # a second click, or nothing ever kept
        await interaction.edit_original_response(content=text, view=None)

    async def keep(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=tr("privacy.kept_data", user_locale(interaction)), view=None
        )

    async def _tell_the_others(self, departure: Departure) -> None:
        """Each ended game's board redrawn where it lives; tournaments moved on."""
        for result in departure.games:
            await self.posts.show_board(result.game, result.events)
            await self.tournaments.after_game(result.game)
        if departure.notices:
            await self.tournaments.announce_tournaments(departure.notices)

    @staticmethod
    def _confirm_view(step: str, label: str, locale: Locale, asked_at: int) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(
            PrivacyButton(step, tr(label, locale), discord.ButtonStyle.danger, at=asked_at)
        )
        view.add_item(PrivacyButton("keep", tr("privacy.keep", locale)))
        return view


def now() -> int:
    return int(time.time())


def _expired(asked_at: int) -> bool:
    return not 0 <= now() - asked_at <= CONFIRM_SECONDS
