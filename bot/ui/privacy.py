"""/privacy: what the bot keeps about the player, their export, and deleting it (asked twice).

Every answer is private to the player. The export is a JSON file in an ephemeral follow-up
(Discord lets an interaction's ephemeral response carry attachments, and it reaches the player
wherever the command was used, with no DM needed). Deleting ends the player's games through the
usual use cases and then redraws each board where it lives, so opponents see the resignation
as they would any other; tournaments hear of withdrawals as from /tournament withdraw.

Its buttons' custom_ids (their click: ``bot/cogs/privacy.py``) are ``pv:<step>`` or
``pv:<step>:<asked at>``: ``export``, the JSON file; ``delete``, the first confirmation;
``continue:<t>``, the second; ``now:<t>``, delete (both good for a few minutes after ``t``, the
unix time the first was shown); ``keep``, nothing is deleted. No user id is carried: every step
acts on whoever clicks, and only on their own data (the messages are private to them anyway).
"""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.services.privacy import Departure
from bot.statuses import GameStatus
from bot.ui.common import send_ephemeral, think, user_locale
from bot.ui.components import DrawnButton
from bot.ui.context import Services
from bot.ui.deliverer import Deliverer
from bot.ui.dm_gate import NOT_NOTED
from bot.ui.tournament_flows import TournamentFlows
from rules.core import Locale

#: The steps' emoji (the others have none).
EMOJI = {"export": "\U0001f4e6", "delete": "\U0001f5d1\ufe0f"}


class PrivacyButton(DrawnButton):
    template = r"pv:(?P<step>export|delete|continue|now|keep)(?::(?P<at>[0-9]{1,12}))?"

    def __init__(
        self,
        step: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        at: int | None = None,
    ) -> None:
        custom_id = f"pv:{step}" if at is None else f"pv:{step}:{at}"
        super().__init__(label=label, style=style, emoji=EMOJI.get(step), custom_id=custom_id)


#: How long the two confirmations stay good (a stale one asks to start again).
CONFIRM_SECONDS = 300
#: Under Discord's default upload limit (10 MiB since January 2025, its change log says), with
#: room to spare: a bigger export is sent gzipped.
UPLOAD_LIMIT = 8 * 1024 * 1024


class PrivacyFlows:
    def __init__(
        self, services: Services, deliverer: Deliverer, tournaments: TournamentFlows
    ) -> None:
        self.privacy = services.privacy
        self.clock = services.games.clock
        self.queries = services.games.queries
        self.deliverer = deliverer
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
        view.add_item(PrivacyButton("export", tr("privacy.export", locale)))
        view.add_item(
            PrivacyButton("delete", tr("privacy.delete", locale), discord.ButtonStyle.danger)
        )
        await send_ephemeral(interaction, text, view)

    async def export(self, interaction: discord.Interaction) -> None:
        await think(interaction, privately=True)
        user = interaction.user.id
        # Written to a file off the event loop, a batch of games at a time; sent from there.
        async with self.privacy.records.file(user, gzip_over=UPLOAD_LIMIT) as path:
            name = f"asobiba-data-{user}.json" + (".gz" if path.suffix == ".gz" else "")
            await send_ephemeral(
                interaction,
                tr("privacy.exported", user_locale(interaction)),
                file=discord.File(path, filename=name),
            )

    async def confirm_first(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        user = interaction.user.id
        games = await self.queries.list_games(user, limit=500)
        running = sum(1 for g in games if g.status == GameStatus.ACTIVE and g.ply > 0)
        lines = [tr("privacy.confirm_first", locale)]
        if running:
            lines.append(tr("privacy.will_resign", locale, n=running))
        if len(games) > running:
            lines.append(tr("privacy.will_abort", locale, n=len(games) - running))
        if await self.privacy.in_tournaments(user):
            lines.append(tr("privacy.will_withdraw", locale))
        lines.append(tr("privacy.will_delete", locale))
        await interaction.response.edit_message(
            content="\n".join(lines),
            view=self._confirm_view("continue", "privacy.continue", locale, self._now()),
        )

    async def confirm_second(self, interaction: discord.Interaction, asked_at: int) -> None:
        locale = user_locale(interaction)
        if self._expired(asked_at):
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
        if self._expired(asked_at):
            await interaction.response.edit_message(
                content=tr("privacy.expired", locale), view=None
            )
            return
        interaction.extras[NOT_NOTED] = True  # nothing of this click is kept, either
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
            lines = [tr("privacy.deleted", locale)]
            if departure.games:
                lines.append(tr("privacy.ended_games", locale, n=len(departure.games)))
            if departure.tournaments_left:
                lines.append(tr("privacy.left_tournaments", locale, n=departure.tournaments_left))
            text = "\n".join(lines)
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
            # Read again: the seats are a former player's now, at a new version.
            game = await self.queries.get(result.game.id)
            await self.deliverer.deliver(game, recent=result.events, ping=False)
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

    def _now(self) -> int:
        return int(self.clock().timestamp())

    def _expired(self, asked_at: int) -> bool:
        return not 0 <= self._now() - asked_at <= CONFIRM_SECONDS
