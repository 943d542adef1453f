"""Tournaments in Discord, after the service has committed: each new round's boards posted in
the tournament's channel (pinging each player as their notification setting says), the round's
pairings with links, the final table, and solitaire deals shown to their player alone."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.i18n import tr
from bot.services.messages import BoardMessages
from bot.services.snapshots import GameSnapshot, GameSummary, Player
from bot.services.tournament_actions import TournamentActions
from bot.services.tournament_errors import TournamentOver
from bot.services.tournament_queries import TournamentQueries
from bot.services.tournament_scheduler import MIN_PLAYERS, TournamentScheduler
from bot.services.tournament_snapshots import (
    Cancelled,
    DealsOpened,
    Finished,
    GameEnded,
    RoundStarted,
    TournamentInfo,
    TournamentNotice,
)
from bot.statuses import OPEN_GAME_STATUSES
from bot.ui.board_painter import BoardPainter
from bot.ui.board_posts import BoardPosts
from bot.ui.boards import game_title
from bot.ui.common import NO_PINGS, jump_url, mention, typed, user_locale
from bot.ui.context import Services
from bot.ui.delivery_faults import TryLater
from bot.ui.held_boards import HeldBoards
from bot.ui.notices import Pings
from bot.ui.tournament_pages import posted_views
from bot.ui.tournaments import final_blocks, format_label, round_blocks, round_heading, when
from rules.core import Locale, normalize_locale

log = logging.getLogger(__name__)


def tournament_locale(info: TournamentInfo) -> Locale:
    return normalize_locale(info.locale)


def cancelled_text(notice: Cancelled) -> str:
    info = notice.tournament
    locale = tournament_locale(info)
    if notice.by is None:
        return tr(
            "tournament.cancelled",
            locale,
            name=typed(info.name),
            id=info.id,
            count=info.entrant_count,
            least=MIN_PLAYERS,
        )
    key = "tournament.called_off_in_play" if info.played else "tournament.called_off"
    return tr(key, locale, name=typed(info.name), id=info.id, user=mention(notice.by))


class TournamentFlows:
    """Tournaments in Discord once their service has committed."""

    def __init__(
        self,
        client: discord.Client,
        services: Services,
        painter: BoardPainter,
        posts: BoardPosts,
        pings: Pings,
        held_boards: HeldBoards,
    ) -> None:
        self.client = client
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.scheduler: TournamentScheduler = services.tournaments.scheduler
        self.tournament_actions: TournamentActions = services.tournaments.actions
        self.tournament_queries: TournamentQueries = services.tournaments.queries
        self.painter = painter
        self.posts = posts
        self.pings = pings
        self.held_boards = held_boards

    async def after_game(self, game: GameSummary) -> None:
        """Called once a game's change has been announced. A tournament game that has ended
        may complete its round, so the next one is paired now rather than at the next tick.
        The move itself has committed whatever happens here."""
        if game.tournament_id is None or game.status in OPEN_GAME_STATUSES:
            return
        try:
            notices = await self.scheduler.advance(game.tournament_id)
            await self.announce_tournaments(notices)
        except Exception:  # the tick will try again; the player's move stands
            log.exception("could not advance tournament %s", game.tournament_id)

    async def announce_tournaments(self, notices: Sequence[TournamentNotice]) -> None:
        for notice in notices:
            try:
                if isinstance(notice, RoundStarted):
                    await self._round_started(notice)
                elif isinstance(notice, Finished):
                    await self._finished(notice)
                elif isinstance(notice, Cancelled):
                    await self._say(notice.tournament, cancelled_text(notice))
                elif isinstance(notice, DealsOpened):
                    await self._deals_opened(notice)
                elif isinstance(notice, GameEnded):
                    await self.posts.show_board(notice.result.game, notice.result.events)
            except (discord.HTTPException, TryLater):
                log.warning("could not announce %r", notice, exc_info=True)

    async def _say(
        self,
        info: TournamentInfo,
        content: str,
        mentions: discord.AllowedMentions = NO_PINGS,
    ) -> None:
        channel = self.client.get_partial_messageable(info.channel_id)
        await channel.send(content, allowed_mentions=mentions)

    async def _web_url(self, tournament_id: int, locale: Locale) -> str | None:
        """The tournament's page on the web (where WEB_BASE_URL is set)."""
        links = await self.services.web.links()
        return links.tournament(tournament_id, locale) if links is not None else None

    async def _post(self, info: TournamentInfo, views: Sequence[discord.ui.LayoutView]) -> None:
        channel = self.client.get_partial_messageable(info.channel_id)
        for view in views:
            await channel.send(view=view, allowed_mentions=NO_PINGS)

    async def _finished(self, notice: Finished) -> None:
        """The whole final table, however many cards it takes."""
        info = notice.standing.tournament
        locale = tournament_locale(info)
        title = tr("tournament.finished", locale, name=typed(info.name))
        web_url = await self._web_url(info.id, locale)
        await self._post(
            info, posted_views(title, final_blocks(notice.standing, locale), locale, web_url)
        )

    async def _round_started(self, notice: RoundStarted) -> None:
        """Every board first (each pinging its players), then the pairings linking to them."""
        links: dict[int, tuple[int | None, int | None]] = {}
        for game in notice.games:
            message = await self._post_game(notice, game)
            if message is not None:
                links[game.id] = (message.channel.id, message.id)
        locale = tournament_locale(notice.tournament)
        blocks = round_blocks(notice, links, locale)
        web_url = await self._web_url(notice.tournament.id, locale)
        await self._post(
            notice.tournament,
            posted_views(round_heading(notice, locale), blocks, locale, web_url),
        )

    async def _post_game(self, notice: RoundStarted, game: GameSnapshot) -> discord.Message | None:
        """A new game's board in the tournament's channel. Like a challenge, the board's own
        message pings its players who want channel mentions; those who want DMs get one."""
        users = [s.user_id for s in game.seats if not s.is_bot]
        prefs = await self.services.standings.prefs_for(users)
        pinged = [discord.Object(u) for u in users if prefs[u].notify == "channel"]
        board = await self.painter.paint_board(game)
        channel = self.client.get_partial_messageable(notice.tournament.channel_id)
        try:
            message = await channel.send(
                view=board.view,
                files=board.files,
                allowed_mentions=discord.AllowedMentions(users=pinged),
            )
        except discord.HTTPException:
            log.warning("could not post the board of game %s", game.id, exc_info=True)
            return None
        await self.messages.attach_message(game.id, message.channel.id, message.id)
        locale = tournament_locale(notice.tournament)
        for user_id in (u for u in users if prefs[u].notify == "dm"):
            await self.pings.direct_message(
                user_id,
                tr(
                    "tournament.round_dm",
                    locale,
                    name=typed(notice.tournament.name),
                    round=notice.round_no,
                    game=game_title(game, locale),
                    id=game.id,
                    link=jump_url(game.guild_id, message.channel.id, message.id),
                ),
            )
        return message

    async def _deals_opened(self, notice: DealsOpened) -> None:
        info = notice.tournament
        users = [e.user_id for e in notice.entrants]
        prefs = await self.services.standings.prefs_for(users)
        pinged = [u for u in users if prefs[u].notify == "channel"]
        locale = tournament_locale(info)

        def text(mentioned: Sequence[int]) -> str:
            return tr(
                "tournament.deals_opened",
                locale,
                name=typed(info.name),
                deals=format_label(info, locale),  # "the same 2 deals for everyone"
                deadline=when(info.closes_at),
                users=" ".join(map(mention, mentioned)),
            )

        await self._say(
            info, text(pinged), discord.AllowedMentions(users=[discord.Object(u) for u in pinged])
        )
        for user_id in (u for u in users if prefs[u].notify == "dm"):
            await self.pings.direct_message(user_id, text([]))

    async def _show_final_table(
        self, interaction: discord.Interaction, tournament_id: int, guild_id: int
    ) -> None:
        """Asked for a deal of a finished event: that it is over, and how it ended."""
        standing = await self.tournament_queries.show(tournament_id, guild_id)
        info = standing.tournament
        locale = user_locale(interaction)
        title = tr("tournament.over_play", locale, name=typed(info.name), id=info.id)
        first, *more = posted_views(title, final_blocks(standing, locale), locale)
        await interaction.response.send_message(view=first, ephemeral=True)
        for view in more:
            await interaction.followup.send(view=view, ephemeral=True)

    async def play_deal(
        self, interaction: discord.Interaction, tournament_id: int, guild_id: int
    ) -> None:
        """The player's next deal (or the one they are in) of a tournament of ``guild_id``,
        on a board only they can see: everyone plays the same deals, so nobody may see one
        before playing it."""
        try:
            deal = await self.tournament_actions.play(
                tournament_id,
                guild_id,
                Player(interaction.user.id, interaction.user.display_name),
            )
        except TournamentOver as over:
            if not over.finished:
                raise
            await self._show_final_table(interaction, tournament_id, guild_id)
            return
        # The card itself says which tournament and deal it is, and that it is private.
        await self.held_boards.show_private_board(interaction, deal.result)
