"""Telling players: turn pings, reminders, results, draw offers and challenges — each where
the player wants it (a mention in the game's channel, a DM, or nothing)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence

import discord

from bot.i18n import tr
from bot.services.clocks import Notice, Reminder, TimedOut
from bot.services.snapshots import GameSnapshot, GameSummary
from bot.ui.boards import game_locale, game_title, outcome_text
from bot.ui.common import NO_PINGS, USER_PINGS, jump_url, mention
from bot.ui.components import HandButton
from bot.ui.flow_base import FlowBase

log = logging.getLogger(__name__)


class Notices(FlowBase):
    async def challenge_mentions(
        self, user_id: int, is_bot: bool
    ) -> tuple[str, discord.AllowedMentions]:
        """How the challenged player wants to hear of it, and the mentions that allows."""
        notify = "none" if is_bot else (await self.services.standings.prefs(user_id)).notify
        if notify == "channel":
            return notify, discord.AllowedMentions(users=[discord.Object(user_id)])
        return notify, NO_PINGS

    def _ping_view(self, game: GameSummary) -> discord.ui.View | None:
        """A turn ping of a secret-hand game carries the player's way into a fresh panel."""
        if game.spec.panel is None or game.status != "active":
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(game.id, tr("button.hand", game_locale(game))))
        return view

    async def notify(self, game: GameSummary, *, actor_id: int | None) -> None:
        """One short notice for whoever must act next (never the one who just acted), with a
        link to the board: the previous ping is deleted, so the channel stays readable."""
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
        await self.deliver(game, targets, message)

    async def offer_notice(self, game: GameSummary, actor_id: int) -> None:
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

        await self.deliver(game, others, message)

    async def announce(self, notices: Sequence[Notice]) -> None:
        """Tell the channel what the move clocks did: one ping per reminder, and the board
        updated for every game that timed out or challenge that expired."""
        for notice in notices:
            try:
                if isinstance(notice, Reminder):
                    await self._remind(notice)
                    continue
                result = notice.result if isinstance(notice, TimedOut) else None
                game: GameSnapshot = result.game if result else notice.game  # type: ignore[union-attr]
                await self.show_board(game, result.events if result else ())
                if result is not None:
                    await self.notify(game, actor_id=None)
                    await self.after_game(game)
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

        await self.deliver(game, [game.player(seat).user_id for seat in notice.seats], message)

    async def deliver(
        self, game: GameSummary, users: Sequence[int], message: Callable[[Sequence[int]], str]
    ) -> None:
        """Route a notice by each user's preference: channel (one ping), DM, or none."""
        if not users:
            return
        prefs = await self.services.standings.prefs_for(list(users))
        in_channel = [u for u in users if prefs[u].notify == "channel"]
        if in_channel:
            await self._ping(game, message(in_channel))
        for user_id in (u for u in users if prefs[u].notify == "dm"):
            await self.direct_message(user_id, message([user_id]), self._ping_view(game))

    async def direct_message(
        self, user_id: int, content: str, view: discord.ui.View | None = None
    ) -> None:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            if view is None:
                await user.send(content, allowed_mentions=NO_PINGS)
            else:
                await user.send(content, view=view, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not DM user %s (DMs closed?)", user_id)

    async def _ping(self, game: GameSummary, content: str) -> None:
        """Send one ping for ``game`` and delete the one before it."""
        assert game.channel_id is not None
        channel = self.client.get_partial_messageable(game.channel_id)
        view = self._ping_view(game)
        try:
            if view is None:
                message = await channel.send(content, allowed_mentions=USER_PINGS)
            else:
                message = await channel.send(content, view=view, allowed_mentions=USER_PINGS)
        except discord.HTTPException:
            log.warning("could not ping in game %s", game.id, exc_info=True)
            return
        previous = await self.games.swap_ping(game.id, message.id)
        if previous is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous).delete()
