"""Starting games from Discord: challenges, solitaires, daily deals and rematches. Each posts
the new game's board as the answer to the command and remembers where it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import tr
from bot.services.messages import BoardMessages
from bot.services.queries import GameQueries
from bot.services.snapshots import ActionResult, Player
from bot.services.starts import GameStarts
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import game_locale, game_title
from bot.ui.common import ANSWERED, NO_PINGS, jump_url, send_ephemeral, think, user_locale
from bot.ui.context import Services
from bot.ui.notices import Pings
from bot.ui.private_boards import PrivateBoards
from rules.core import Locale, Seat


class Starting:
    def __init__(
        self,
        client: discord.Client,
        services: Services,
        painter: BoardPainter,
        pings: Pings,
        private_boards: PrivateBoards,
    ) -> None:
        self.client = client
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.queries: GameQueries = services.games.queries
        self.starts: GameStarts = services.games.starts
        self.games = services.games
        self.painter = painter
        self.pings = pings
        self.private_boards = private_boards

    async def challenge(
        self,
        interaction: discord.Interaction,
        game_type: str,
        opponent: discord.abc.User,
        *,
        settings: Mapping[str, Any],
        challenger_seat: Seat | None,
        rated: bool,
        locale: Locale,
        move_seconds: int | None = None,
    ) -> None:
        me = self.client.user
        if opponent.bot and (me is None or opponent.id != me.id):
            await send_ephemeral(interaction, tr("challenge.not_a_bot", user_locale(interaction)))
            return
        server = await self.services.servers.check_channel(
            interaction.guild_id, interaction.channel_id
        )
        if opponent.bot:
            # The bot may move first, and searching can take a while: acknowledge now.
            await think(interaction, privately=False)
        if move_seconds is None:  # not chosen: the server's default, else the bot's
            move_seconds = server.default_clock_seconds or self.services.default_move_seconds
        locale = server.board_locale(locale)
        result = await self.starts.challenge(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            Player(opponent.id, opponent.display_name, is_bot=opponent.bot),
            settings=settings,
            challenger_seat=challenger_seat,
            rated=rated,
            move_seconds=move_seconds or None,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
        )
        # One message that both shows the board and pings the challenged player — unless they
        # asked for DMs (then a DM with the link) or for no notifications.
        notify, mentions = await self.pings.challenge_mentions(opponent.id, opponent.bot)
        message = await self._post_board(interaction, result, mentions)
        if notify == "dm":
            game = result.game
            await self.pings.direct_message(
                opponent.id,
                tr(
                    "challenge.dm",
                    game_locale(game),
                    user=interaction.user.display_name,
                    game=game_title(game, game_locale(game)),
                    link=jump_url(game.guild_id, message.channel.id, message.id),
                ),
            )

    async def start_solitaire(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None:
        server = await self.services.servers.check_channel(
            interaction.guild_id, interaction.channel_id
        )
        result = await self.starts.start_solitaire(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            settings=settings,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=server.board_locale(locale),
        )
        await self._post_board(interaction, result, NO_PINGS)

    async def start_daily(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None:
        await self.services.servers.check_channel(interaction.guild_id, interaction.channel_id)
        # Everyone here is dealt the same cards today: the board is the player's alone (in
        # their language), and asking again (for a board lost from sight, or played out)
        # shows it again.
        result, _ = await self.starts.start_daily(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            settings,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
        )
        await self.private_boards.show_private_board(interaction, result)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.queries.get(game_id)
        if any(s.is_bot for s in game.seats):
            await think(interaction, privately=False)
        result = await self.starts.rematch(game_id, interaction.user.id)
        opponent = next(s for s in result.game.seats if s.user_id != interaction.user.id)
        _, mentions = await self.pings.challenge_mentions(opponent.user_id, opponent.is_bot)
        await self._post_board(interaction, result, mentions)

    async def _post_board(
        self,
        interaction: discord.Interaction,
        result: ActionResult,
        mentions: discord.AllowedMentions,
    ) -> discord.InteractionMessage:
        """Answer the command with the new game's board and remember where it is. Creating a
        game takes milliseconds, far inside the 3-second limit; only when the bot plays (and
        may think first) has the interaction been deferred."""
        board = await self.painter.paint_board(result.game, result.events)
        if interaction.response.is_done():  # deferred: the board replaces "thinking…"
            interaction.extras[ANSWERED] = True  # an error after this must not remove it
            message = await interaction.edit_original_response(
                content=None,
                view=board.view,
                attachments=board.files,
                allowed_mentions=mentions,
            )
        else:
            callback = await interaction.response.send_message(
                view=board.view, files=board.files, allowed_mentions=mentions
            )
            resource = callback.resource
            message = (
                resource
                if isinstance(resource, discord.InteractionMessage)
                else await interaction.original_response()
            )
        await self.messages.attach_message(result.game.id, message.channel.id, message.id)
        return message
