"""What happens when someone clicks or commands: call one service, then talk to Discord.

Messages go out only after the service has committed. Component interactions are acknowledged
at once (deferred update), so Discord's 3-second limit holds however slow the database is.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.i18n import tr
from bot.services.clocks import Notice, Reminder, TimedOut
from bot.services.errors import NotAParticipant, StaleVersion
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.ui.boards import board_message, game_title, outcome_text
from bot.ui.common import (
    NO_PINGS,
    USER_PINGS,
    jump_url,
    mention,
    send_ephemeral,
    user_locale,
)
from bot.ui.components import GameActionButton
from bot.ui.senretsu import panel_message
from rules.cards.playing import format_card
from rules.core import Locale, Resign

if TYPE_CHECKING:
    from bot.client import AsobibaBot

log = logging.getLogger(__name__)

#: Games with a private panel per player (secret hands), and how to draw it.
PANELS = {"senretsu": panel_message}


def game_locale(game: GameSnapshot) -> Locale:
    return "ja" if game.locale == "ja" else "en"


class GameFlows:
    def __init__(self, bot: AsobibaBot, games: GameService) -> None:
        self.bot = bot
        self.games = games

    # --- starting ---------------------------------------------------------------------------

    async def challenge(
        self,
        interaction: discord.Interaction,
        game_type: str,
        opponent: discord.abc.User,
        *,
        settings: dict[str, object],
        challenger_seat: int | None,
        rated: bool,
        locale: Locale,
        move_seconds: int | None = None,
    ) -> None:
        me = self.bot.user
        if opponent.bot and (me is None or opponent.id != me.id):
            await send_ephemeral(interaction, tr("challenge.not_a_bot", user_locale(interaction)))
            return
        server = await self.bot.servers.check_channel(interaction.guild_id, interaction.channel_id)
        if opponent.bot:
            # The bot may move first, and searching can take a while: acknowledge now.
            await interaction.response.defer(thinking=True)
        if move_seconds is None:  # not chosen: the server's default, else the bot's
            move_seconds = server.default_clock_seconds or self.bot.default_move_seconds
        locale = server.board_locale(locale)
        result = await self.games.challenge(
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
        notify, mentions = await self._challenge_mentions(opponent.id, opponent.bot)
        message = await self._post_board(interaction, result, mentions)
        if notify == "dm":
            game = result.game
            await self._direct_message(
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
        settings: dict[str, object],
        *,
        locale: Locale,
    ) -> None:
        server = await self.bot.servers.check_channel(interaction.guild_id, interaction.channel_id)
        locale = server.board_locale(locale)
        result = await self.games.start_solitaire(
            game_type,
            Player(interaction.user.id, interaction.user.display_name),
            settings=settings,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
        )
        await self._post_board(interaction, result, NO_PINGS)

    async def _post_board(
        self,
        interaction: discord.Interaction,
        result: ActionResult,
        mentions: discord.AllowedMentions,
    ) -> discord.InteractionMessage:
        """Answer the command with the new game's board and remember where it is. Creating a
        game takes milliseconds, far inside the 3-second limit; only when the bot plays (and
        may think first) has the interaction been deferred."""
        content, view = board_message(result.game, recent=result.events)
        if interaction.response.is_done():  # deferred: the board replaces "thinking…"
            message = await interaction.edit_original_response(
                content=content, view=view, allowed_mentions=mentions
            )
        else:
            callback = await interaction.response.send_message(
                content, view=view, allowed_mentions=mentions
            )
            resource = callback.resource
            message = (
                resource
                if isinstance(resource, discord.InteractionMessage)
                else await interaction.original_response()
            )
        await self.games.attach_message(result.game.id, message.channel.id, message.id)
        return message

    async def start_daily(
        self, interaction: discord.Interaction, settings: dict[str, object], *, locale: Locale
    ) -> None:
        server = await self.bot.servers.check_channel(interaction.guild_id, interaction.channel_id)
        locale = server.board_locale(locale)
        result, new = await self.games.start_daily(
            "yosukou",
            Player(interaction.user.id, interaction.user.display_name),
            settings,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            locale=locale,
        )
        if new:
            await self._post_board(interaction, result, NO_PINGS)
            return
        game = result.game
        await send_ephemeral(
            interaction,
            tr(
                "daily.again",
                user_locale(interaction),
                link=jump_url(game.guild_id, game.channel_id, game.message_id),
            ),
        )

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.games.get(game_id)
        if any(s.is_bot for s in game.seats):
            await interaction.response.defer(thinking=True)
        result = await self.games.rematch(game_id, interaction.user.id)
        opponent = next(s for s in result.game.seats if s.user_id != interaction.user.id)
        _, mentions = await self._challenge_mentions(opponent.user_id, opponent.is_bot)
        await self._post_board(interaction, result, mentions)

    async def _challenge_mentions(
        self, user_id: int, is_bot: bool
    ) -> tuple[str, discord.AllowedMentions]:
        """How the challenged player wants to hear of it, and the mentions that allows."""
        notify = "none" if is_bot else (await self.bot.standings.prefs(user_id)).notify
        if notify == "channel":
            return notify, discord.AllowedMentions(users=[discord.Object(user_id)])
        return notify, NO_PINGS

    # --- playing ----------------------------------------------------------------------------

    async def play(
        self, interaction: discord.Interaction, game_id: int, version: int, code: str
    ) -> None:
        await interaction.response.defer()
        try:
            result = await self.games.act(game_id, interaction.user.id, version, code)
        except StaleVersion:
            await self._refresh_if_board(interaction, game_id)
            raise
        await self.publish(interaction, result)

    async def answer_challenge(
        self, interaction: discord.Interaction, game_id: int, version: int, answer: str
    ) -> None:
        await interaction.response.defer()
        user_id = interaction.user.id
        if answer == "accept":
            result = await self.games.accept(game_id, user_id, version)
            await self.publish(interaction, result)
            return
        game = await self.games.get(game_id)
        if game.seat_of(user_id) is None:
            raise NotAParticipant()
        if user_id == game.challenger.user_id:
            game = await self.games.abort(game_id, user_id, version)
        else:
            game = await self.games.decline(game_id, user_id, version)
        await self.publish(interaction, ActionResult(game, (), version))

    async def confirm_resign(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None:
        game = await self.games.get(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAParticipant()
        locale = user_locale(interaction)
        view = discord.ui.View(timeout=None)
        # The confirmation carries the game's current version, not the board's: private steps
        # (staging cards) change the version without redrawing the board.
        view.add_item(
            GameActionButton(
                game_id,
                game.version,
                Resign.code,
                tr("button.confirm_resign", locale),
                discord.ButtonStyle.danger,
            )
        )
        await interaction.response.send_message(
            tr("confirm.resign", locale), view=view, ephemeral=True
        )

    async def show_panel(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        chosen: int | None = None,
        version: int | None = None,
    ) -> None:
        """Open (from the board) or refresh (inside itself) a player's private panel."""
        from_panel = interaction.message is not None and interaction.message.flags.ephemeral
        if from_panel:
            await interaction.response.defer()
        game = await self.games.get(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None or game.game_type not in PANELS:
            raise NotAParticipant()
        if version is not None and version != game.version:
            chosen = None  # the hand may have changed: start the choice again
        content, view = PANELS[game.game_type](game, seat, user_locale(interaction), chosen)
        if from_panel:
            await interaction.edit_original_response(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    async def place_joker(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        index: int,
        dest: str,
        range_text: str,
    ) -> None:
        locale = user_locale(interaction)
        text = range_text.strip()
        if not text.isdigit() or not 1 <= int(text) <= 99:
            await send_ephemeral(interaction, tr("error.joker_range", locale))
            return
        game = await self.games.get(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAParticipant()
        if game.version != version:
            raise StaleVersion()
        hand = game.rules.view_for(game.state, seat).hand
        if not 0 <= index < len(hand) or not hand[index].is_joker:
            raise StaleVersion()
        code = f"p:{format_card(hand[index])}:{dest}:{int(text)}"
        await self.play(interaction, game_id, version, code)

    async def take_back(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        game = await self.games.get(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise NotAParticipant()
        staged = game.rules.view_for(game.state, seat).staged
        if not staged or game.version != version:
            raise StaleVersion()
        await self.play(interaction, game_id, version, f"t:{format_card(staged[-1])}")

    async def show_hint(self, interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.games.hint(game_id, user_locale(interaction))
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)

    async def start_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        from bot.ui.replay import replay_message

        await interaction.response.defer(ephemeral=True, thinking=True)
        content, view = await replay_message(self.games, game_id, 0, user_locale(interaction))
        await interaction.followup.send(content, view=view, ephemeral=True)

    async def send_log(self, interaction: discord.Interaction, game_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = user_locale(interaction)
        text = await self.games.log_text(game_id, locale)
        log_file = discord.File(io.BytesIO(text.encode()), filename=f"asobiba-game-{game_id}.txt")
        preview = text if len(text) <= 1900 else text[:1900] + "…"
        await interaction.followup.send(
            f"```\n{preview}\n```", file=log_file, ephemeral=True, allowed_mentions=NO_PINGS
        )

    # --- after a commit ---------------------------------------------------------------------

    async def publish(self, interaction: discord.Interaction, result: ActionResult) -> None:
        """Show the new board where the player clicked, or edit it from afar; then ping."""
        game = result.game
        content, view = board_message(game, recent=result.events)
        source = interaction.message
        if source is not None and source.id == game.message_id:
            await interaction.edit_original_response(content=content, view=view)
        else:
            if any(e.visible_to is None for e in result.events) or not result.events:
                # Private steps (staging cards) leave the public board exactly as it was.
                await self.edit_board(game, content, view)
            if source is not None and source.flags.ephemeral:
                seat = game.seat_of(interaction.user.id)
                if game.game_type in PANELS and seat is not None:
                    # The player's private panel follows the game: show it as it is now.
                    panel, panel_view = PANELS[game.game_type](game, seat, user_locale(interaction))
                    await interaction.edit_original_response(content=panel, view=panel_view)
                else:
                    await interaction.edit_original_response(
                        content=tr("done.ok", user_locale(interaction)), view=None
                    )
        await self.notify(game, actor_id=interaction.user.id)
        if any(e.kind == "draw_offer" for e in result.events) and game.status == "active":
            await self._offer_notice(game, interaction.user.id)

    async def _offer_notice(self, game: GameSnapshot, actor_id: int) -> None:
        locale = game_locale(game)
        others = [s.user_id for s in game.seats if not s.is_bot and s.user_id != actor_id]

        def message(users: Sequence[int]) -> str:
            return tr(
                "draw.offer_ping",
                locale,
                user=" ".join(map(mention, users)),
                game=game_title(game, locale),
                id=game.id,
                link=jump_url(game.guild_id, game.channel_id, game.message_id),
            )

        await self._deliver(game, others, message)

    async def edit_board(self, game: GameSnapshot, content: str, view: discord.ui.View) -> None:
        if game.channel_id is None or game.message_id is None:
            return
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.get_partial_message(game.message_id).edit(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("could not edit the board of game %s", game.id, exc_info=True)

    async def _refresh_if_board(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.games.get(game_id)
        if interaction.message is not None and interaction.message.id == game.message_id:
            content, view = board_message(game)
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(content=content, view=view)

    async def announce(self, notices: Sequence[Notice]) -> None:
        """Tell the channel what the move clocks did: one ping per reminder, and the board
        updated for every game that timed out or challenge that expired."""
        for notice in notices:
            try:
                if isinstance(notice, Reminder):
                    await self._remind(notice)
                    continue
                result = notice.result if isinstance(notice, TimedOut) else None
                game = result.game if result else notice.game  # type: ignore[union-attr]
                content, view = board_message(game, recent=result.events if result else ())
                await self.edit_board(game, content, view)
                if result is not None:
                    await self.notify(game, actor_id=None)
            except discord.HTTPException:
                log.warning("could not announce %r", notice, exc_info=True)

    async def _remind(self, notice: Reminder) -> None:
        game = notice.game
        if game.channel_id is None or not notice.seats:
            return
        locale = game_locale(game)

        def message(users: Sequence[int]) -> str:
            return tr(
                "clock.reminder",
                locale,
                user=" ".join(map(mention, users)),
                game=game_title(game, locale),
                id=game.id,
                deadline=f"<t:{int(notice.deadline.timestamp())}:R>",
                link=jump_url(game.guild_id, game.channel_id, game.message_id),
            )

        await self._deliver(game, [game.player(seat).user_id for seat in notice.seats], message)

    async def notify(self, game: GameSnapshot, *, actor_id: int | None) -> None:
        """One short notice for whoever must act next (never the one who just acted), with a
        link to the board, where each of them wants it: a mention in the channel (the previous
        ping is deleted, so the channel stays readable), a DM, or nothing."""
        if game.channel_id is None:
            return
        locale = game_locale(game)
        title = game_title(game, locale)
        link = jump_url(game.guild_id, game.channel_id, game.message_id)
        if game.status == "active":
            targets = [
                s.user_id for s in game.seats_to_act if not s.is_bot and s.user_id != actor_id
            ]

            def message(users: Sequence[int]) -> str:
                return tr(
                    "turn.ping",
                    locale,
                    user=" ".join(map(mention, users)),
                    game=title,
                    id=game.id,
                    link=link,
                )
        elif game.status == "finished":
            targets = [s.user_id for s in game.seats if not s.is_bot and s.user_id != actor_id]
            result = outcome_text(game, locale)

            def message(users: Sequence[int]) -> str:
                return (
                    " ".join(map(mention, users))
                    + " "
                    + tr(
                        "result.announce", locale, game=title, id=game.id, result=result, link=link
                    )
                )
        else:
            return
        await self._deliver(game, targets, message)

    async def _deliver(
        self, game: GameSnapshot, users: Sequence[int], message: Callable[[Sequence[int]], str]
    ) -> None:
        """Route a notice by each user's preference: channel (one ping), DM, or none."""
        if not users:
            return
        prefs = await self.bot.standings.prefs_for(list(users))
        in_channel = [u for u in users if prefs[u].notify == "channel"]
        if in_channel:
            await self._ping(game, message(in_channel))
        for user_id in (u for u in users if prefs[u].notify == "dm"):
            await self._direct_message(user_id, message([user_id]))

    async def _direct_message(self, user_id: int, content: str) -> None:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(content, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not DM user %s (DMs closed?)", user_id)

    async def _ping(self, game: GameSnapshot, content: str) -> None:
        """Send one ping for ``game`` and delete the one before it."""
        assert game.channel_id is not None
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            message = await channel.send(content, allowed_mentions=USER_PINGS)
        except discord.HTTPException:
            log.warning("could not ping in game %s", game.id, exc_info=True)
            return
        previous = await self.games.swap_ping(game.id, message.id)
        if previous is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous).delete()
