"""Starting games from Discord: challenges, solitaires, daily deals and rematches. Each posts
the new game's board as the answer to the command and remembers where it is."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Any

import discord

from bot.errors import FriendlyError
from bot.i18n import tr
from bot.services.errors import NotAParticipant
from bot.services.game_clock import BankRule, bank_of_days
from bot.services.messages import BoardMessages
from bot.services.queries import GameQueries
from bot.services.snapshots import ActionResult, Player
from bot.services.starts import GameStarts
from bot.text.errors import ANSWERS_FORCED_PRIVATE
from bot.text.open_challenges import RANGE_NEEDS_OPEN
from bot.text.quiet import BANK_BAD
from bot.ui.board_painter import BoardPainter
from bot.ui.board_posts import BoardPosts, answers_are_forced_private, reach_of
from bot.ui.boards import game_locale, game_title
from bot.ui.common import (
    NO_PINGS,
    installed_guild_id,
    jump_url,
    send_ephemeral,
    think,
    typed,
    user_locale,
)
from bot.ui.context import Services
from bot.ui.held_boards import HeldBoards
from bot.ui.notices import Pings
from bot.ui.reach import BadButton
from bot.ui.reminder_reach import ReminderReach
from rules.core import Locale, Seat

log = logging.getLogger(__name__)


def refuse_where_only_i_would_see(interaction: discord.Interaction) -> None:
    """A challenge nobody else could see is no challenge: where Discord makes every answer
    private, say so (and what to do) before anything is written."""
    if answers_are_forced_private(interaction):
        raise FriendlyError(ANSWERS_FORCED_PRIVATE)


class Starting:
    def __init__(
        self,
        client: discord.Client,
        services: Services,
        painter: BoardPainter,
        posts: BoardPosts,
        pings: Pings,
        held_boards: HeldBoards,
        reminders: ReminderReach,
    ) -> None:
        self.client = client
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.queries: GameQueries = services.games.queries
        self.starts: GameStarts = services.games.starts
        self.games = services.games
        self.painter = painter
        self.posts = posts
        self.pings = pings
        self.held_boards = held_boards
        self.reminders = reminders

    async def challenge(
        self,
        interaction: discord.Interaction,
        game_type: str,
        opponent: discord.abc.User | None,
        *,
        settings: Mapping[str, Any],
        challenger_seat: Seat | None,
        rated: bool,
        locale: Locale,
        move_seconds: int | None = None,
        rating_range: tuple[int | None, int | None] = (None, None),
        bank_days: int | None = None,
    ) -> None:
        if opponent is None:  # an open challenge: anyone here may take it
            await self._open_challenge(
                interaction,
                game_type,
                settings=settings,
                challenger_seat=challenger_seat,
                rated=rated,
                locale=locale,
                move_seconds=move_seconds,
                rating_range=rating_range,
                bank_days=bank_days,
            )
            return
        if rating_range != (None, None):
            raise FriendlyError(RANGE_NEEDS_OPEN)
        me = self.client.user
        if opponent.bot and (me is None or opponent.id != me.id):
            await send_ephemeral(interaction, tr("challenge.not_a_bot", user_locale(interaction)))
            return
        refuse_where_only_i_would_see(interaction)
        if opponent.bot:
            # The bot may move first, and searching can take a while: acknowledge now.
            await think(interaction, privately=False)

        server = await self.services.servers.check_channel(
            installed_guild_id(interaction), interaction.channel_id
        )
        seconds = move_seconds
        if seconds is None:  # not chosen: the server's default, else the bot's
            seconds = server.default_clock_seconds or self.services.default_move_seconds
        result = await self.starts.challenge(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            Player(opponent.id, opponent.display_name, is_bot=opponent.bot),
            settings=settings,
            challenger_seat=challenger_seat,
            rated=rated,
            move_seconds=seconds or None,
            guild_id=installed_guild_id(interaction),
            channel_id=interaction.channel_id,
            locale=server.board_locale(locale),
            bank=bank_asked(bank_days, seconds),
        )
        # One message that both shows the board and pings the challenged player — unless they
        # asked for DMs (then a DM with the link) or for no notifications.
        notify, mentions = await self.pings.challenge_mentions(opponent.id, opponent.bot)
        message = await self._post_or_undo(interaction, result, mentions)
        if notify == "dm":
            game = result.game
            await self.pings.direct_message(
                opponent.id,
                tr(
                    "challenge.dm",
                    game_locale(game),
                    user=typed(interaction.user.display_name),
                    game=game_title(game, game_locale(game)),
                    link=jump_url(game.guild_id, message.channel.id, message.id),
                ),
            )

    async def _open_challenge(
        self,
        interaction: discord.Interaction,
        game_type: str,
        *,
        settings: Mapping[str, Any],
        challenger_seat: Seat | None,
        rated: bool,
        locale: Locale,
        move_seconds: int | None,
        rating_range: tuple[int | None, int | None],
        bank_days: int | None = None,
    ) -> None:
        """Posted as the answer to the command — wherever that is (a server channel, a group
        DM, a server without the bot): taking it is a click on that very message."""
        refuse_where_only_i_would_see(interaction)

        server = await self.services.servers.check_channel(
            installed_guild_id(interaction), interaction.channel_id
        )
        seconds = move_seconds
        if seconds is None:
            seconds = server.default_clock_seconds or self.services.default_move_seconds
        board_locale = server.board_locale(locale)
        low, high = rating_range
        result = await self.services.open_challenges.post(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            anyone=tr("open.anyone", board_locale),
            settings=settings,
            challenger_seat=challenger_seat,
            rated=rated,
            move_seconds=seconds or None,
            min_rating=low,
            max_rating=high,
            guild_id=installed_guild_id(interaction),
            channel_id=interaction.channel_id,
            locale=board_locale,
            bank=bank_asked(bank_days, seconds),
        )
        await self._post_or_undo(interaction, result, NO_PINGS)

    async def start_solitaire(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None:
        server = await self.services.servers.check_channel(
            installed_guild_id(interaction), interaction.channel_id
        )
        result = await self.starts.start_solitaire(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            settings=settings,
            guild_id=installed_guild_id(interaction),
            channel_id=interaction.channel_id,
            locale=server.board_locale(locale),
        )
        await self._post_or_undo(interaction, result, NO_PINGS)

    async def start_daily(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None:
        await self.services.servers.check_channel(
            installed_guild_id(interaction), interaction.channel_id
        )
        # Everyone here is dealt the same cards today: the board is the player's alone (in
        # their language), and asking again (for a board lost from sight, or played out)
        # shows it again.
        result, _ = await self.starts.start_daily(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            settings,
            guild_id=installed_guild_id(interaction),
            channel_id=interaction.channel_id,
            locale=locale,
        )
        await self.held_boards.show_private_board(interaction, result)

    async def reopen(self, interaction: discord.Interaction, game_id: int) -> None:
        """Post a player's game's board afresh where this runs: it becomes the game's board
        (the old one is left as it was, and its moves are refused as out of date). A private
        board is shown privately again."""
        game = await self.queries.get(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAParticipant()
        # The menu's value is the client's word: in a server that added the bot, /games lists
        # that server's games only, and only those may be brought here.
        server = installed_guild_id(interaction)
        if server is not None and game.guild_id != server:
            raise BadButton()
        # Drawn with its last move, as the board it replaces showed it.
        recent = tuple(await self.queries.last_public_events(game.id))
        result = ActionResult(game, recent, game.version)
        if game.private_deal:
            await self.held_boards.show_private_board(interaction, result)
            return
        refuse_where_only_i_would_see(interaction)
        await self.posts.post_board(interaction, result, NO_PINGS)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        refuse_where_only_i_would_see(interaction)
        game = await self.queries.get(game_id)
        if any(s.is_bot for s in game.seats):
            await think(interaction, privately=False)
        result = await self.starts.rematch(game_id, interaction.user.id)
        opponent = next(s for s in result.game.seats if s.user_id != interaction.user.id)
        _, mentions = await self.pings.challenge_mentions(opponent.user_id, opponent.is_bot)
        await self._post_or_undo(interaction, result, mentions)

    async def _post_or_undo(
        self,
        interaction: discord.Interaction,
        result: ActionResult,
        mentions: discord.AllowedMentions,
    ) -> discord.InteractionMessage:
        """Post a new game's board as the answer, and tell its starter once where their clock
        reminders will reach them. A game whose board Discord would not take is called off:
        nobody could see or answer it, and a challenge would count against its challenger's
        limit for a day."""
        try:
            message = await self.posts.post_board(interaction, result, mentions)
        except discord.HTTPException:
            game = result.game
            log.warning("could not post the board of new game %s: calling it off", game.id)
            with contextlib.suppress(FriendlyError):
                await self.starts.abort(game.id, interaction.user.id)
            raise
        await self.reminders.tell_once(interaction, result.game, reach_of(interaction))
        return message


def bank_asked(days: int | None, add_seconds: int | None) -> BankRule | None:
    """The bank a command asked for, or its refusal in the reader's words."""
    try:
        return bank_of_days(days, add_seconds)
    except ValueError:
        raise FriendlyError(BANK_BAD) from None
