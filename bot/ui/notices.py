"""Telling players: turn pings, reminders, results, draw offers and challenges — each where
the player wants it (a mention in the game's channel, a DM, or nothing)."""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Callable, Sequence

import discord

from bot.i18n import tr
from bot.services.clocks import Reminder
from bot.services.messages import BoardMessages
from bot.services.snapshots import GameSummary
from bot.statuses import GameStatus
from bot.ui.board_posts import BoardPosts
from bot.ui.boards import game_locale, game_title, outcome_text
from bot.ui.clock_words import discord_time, quiet_counted
from bot.ui.common import NO_PINGS, jump_url, mention, send_options
from bot.ui.components import HandButton
from bot.ui.context import Services
from bot.ui.delivery_faults import DISCORD_FAILURES, TryLater, passing
from bot.ui.dm_gate import DmGate

log = logging.getLogger(__name__)


def nonce(once: str, target: int) -> str:
    """The nonce of one post of the message ``once`` names (to a channel or a user): the same
    on a retry after a crash, so Discord returns the first post instead of making a second
    one. Discord takes at most 25 characters."""
    return hashlib.blake2b(f"{once}:{target}".encode(), digest_size=12).hexdigest()


def news_of(game: GameSummary, what: str = "turn") -> str:
    """What names the news of ``game`` at its version (a turn, a result, an offer): whoever
    delivers it — the process that made the move, or the one that took over after a crash —
    posts it with the same nonces."""
    return f"{what}:{game.id}:{game.version}"


class Pings:
    """Sends what players are told, by the way each wants it."""

    def __init__(
        self, client: discord.Client, services: Services, posts: BoardPosts, gate: DmGate
    ) -> None:
        self.client = client
        self.services = services
        self.posts = posts
        self.gate = gate
        self.messages: BoardMessages = services.games.messages

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
        if not game.spec.secret_hands or game.status != GameStatus.ACTIVE:
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(game.id, tr("button.hand", game_locale(game))))
        return view

    async def notify(
        self,
        game: GameSummary,
        *,
        actor_id: int | None,
        via: discord.Interaction | None = None,
    ) -> None:
        """One short notice for whoever must act next (never the one who just acted), with a
        link to the board, beside the board (``via``: the click that made the move)."""
        if game.channel_id is None:
            return
        locale = game_locale(game)
        title = game_title(game, locale)
        link = jump_url(game.guild_id, game.channel_id, game.message_id)
        if game.status == GameStatus.ACTIVE:
            targets = [
                s.user_id for s in game.seats_to_act if not s.is_bot and s.user_id != actor_id
            ]

            due = game.deadline_at if game.move_seconds and game.held_since is None else None

            def message(users: Sequence[int]) -> str:
                return tr(
                    "turn.ping" if due is None else "turn.ping_due",
                    locale,
                    user=" ".join(map(mention, users)),
                    game=title,
                    id=game.id,
                    link=link,
                    **(
                        {}
                        if due is None
                        else {"deadline": discord_time(due) + quiet_counted(game, locale)}
                    ),
                )
        elif game.status == GameStatus.FINISHED:
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
        await self._deliver(game, targets, message, news_of(game), via)

    async def offer_notice(
        self,
        game: GameSummary,
        actor_id: int,
        via: discord.Interaction | None = None,
        key: str = "draw.offer_ping",
    ) -> None:
        """Tell the other players of an offer to answer (``key``: a draw, an adjournment)."""
        locale = game_locale(game)
        others = [s.user_id for s in game.seats if not s.is_bot and s.user_id != actor_id]

        def message(users: Sequence[int]) -> str:
            return tr(
                key,
                locale,
                user=" ".join(map(mention, users)),
                game=game_title(game, locale),
                id=game.id,
                link=jump_url(game.guild_id, game.channel_id, game.message_id),
            )

        await self._deliver(game, others, message, news_of(game, key), via)

    async def remind(self, notice: Reminder) -> None:
        """Remind the seats a move clock is running out for."""
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
                deadline=discord_time(notice.deadline) + quiet_counted(game, locale),
                link=jump_url(game.guild_id, game.channel_id, game.message_id),
            )

        users = [game.player(seat).user_id for seat in notice.seats]
        await self._deliver(game, users, message, f"reminder:{notice.delivery_id}")

    async def _deliver(
        self,
        game: GameSummary,
        users: Sequence[int],
        message: Callable[[Sequence[int]], str],
        once: str,
        via: discord.Interaction | None = None,
    ) -> None:
        """Route a notice by each user's preference: beside the board (one ping), DM, or none.
        Where the ping can't go beside the board (a place the bot is not in, with no click
        to answer: a clock), those who wanted it there get it by DM. ``once`` names the news:
        each post carries a nonce from it and its target, so a retry posts nothing twice.
        :class:`TryLater` where Discord could not take a post now."""
        if not users:
            return
        prefs = await self.services.standings.prefs_for(list(users))
        in_channel = [u for u in users if prefs[u].notify == "channel"]
        by_dm = [u for u in users if prefs[u].notify == "dm"]
        if in_channel:
            assert game.channel_id is not None
            view = self._ping_view(game)
            sent = nonce(once, game.channel_id)
            if not await self.posts.ping(game, message(in_channel), view, sent, via):
                by_dm = [*in_channel, *by_dm]
        for user_id in by_dm:
            dm = await self._dm(
                user_id, message([user_id]), self._ping_view(game), nonce(once, user_id)
            )
            if dm is not None:
                await self._replace_dm_ping(game, user_id, dm)

    async def _replace_dm_ping(
        self, game: GameSummary, user_id: int, sent: discord.Message
    ) -> None:
        """One notice per game in a player's DMs too: the one before this goes."""
        previous = await self.messages.swap_dm_ping(game.id, user_id, sent.id)
        if previous is not None and previous != sent.id:
            with contextlib.suppress(discord.HTTPException):
                await sent.channel.get_partial_message(previous).delete()  # type: ignore[union-attr]

    async def direct_message(
        self,
        user_id: int,
        content: str,
        view: discord.ui.View | None = None,
        once: str | None = None,
    ) -> discord.Message | None:
        """Send a DM; the message, or None where it could not go (no DMs taken, or Discord
        could not take it now: a courtesy, not owed by a change)."""
        try:
            return await self._dm(user_id, content, view, once)
        except TryLater as error:
            log.warning("could not DM user %s: %s", user_id, error)
            return None

    async def _dm(
        self,
        user_id: int,
        content: str,
        view: discord.ui.View | None = None,
        once: str | None = None,
    ) -> discord.Message | None:
        """Send a DM; the message, or None where it could not go (:class:`TryLater` where
        Discord could not take it now). None without asking Discord where it would refuse
        (:class:`DmGate`); a refusal is remembered."""
        if not await self.gate.may_dm(user_id):
            return None
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return await user.send(content, **send_options(NO_PINGS, view, once))
        except DISCORD_FAILURES as error:
            if passing(error):
                raise TryLater(f"a DM to user {user_id}: {error}") from error
            log.info("could not DM user %s: %s", user_id, error)
            await self.gate.refused(user_id, error)
            return None
