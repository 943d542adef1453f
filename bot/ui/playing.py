"""Playing: a click or a command becomes one service call; only after it commits does the
board change, the panels follow and the next player hear of it.

Component interactions are acknowledged at once (deferred), so Discord's 3-second limit holds
however slow the database is.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence

import discord

from bot.i18n import tr
from bot.services.actions import ActionPipeline
from bot.services.errors import GameAdjourned, NotAParticipant, StaleVersion, WrongStatus
from bot.services.freshness import Seen
from bot.services.queries import DRAW_TALK, GameQueries
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.services.starts import GameStarts
from bot.statuses import GameStatus
from bot.text.errors import ENDED_MEANWHILE
from bot.ui.adjourning import adjourn_step, revealed_text, seal_instead
from bot.ui.board_painter import BoardPainter
from bot.ui.board_posts import BoardPosts
from bot.ui.boards import Board, board_heading, board_status, game_locale, text_board
from bot.ui.common import NO_PINGS, clip, is_panel, refuse_number, send_ephemeral, user_locale
from bot.ui.components import GameActionButton
from bot.ui.context import Services
from bot.ui.deliverer import Deliverer
from bot.ui.delivery_faults import TryLater
from bot.ui.held_boards import HeldBoards
from bot.ui.layout import notice_view
from bot.ui.panel_flows import Panels
from bot.ui.reach import newest_board_link, refuse_unless_reachable
from bot.ui.reminder_reach import ReminderReach
from rules.core import Event, Resign

log = logging.getLogger(__name__)


class Playing:
    """Moves, number answers, challenge answers and resignations, each followed by
    everything a committed action owes the players."""

    def __init__(
        self,
        services: Services,
        painter: BoardPainter,
        posts: BoardPosts,
        held_boards: HeldBoards,
        panels: Panels,
        deliverer: Deliverer,
        reminders: ReminderReach,
    ) -> None:
        self.games = services.games
        self.actions: ActionPipeline = services.games.actions
        self.queries: GameQueries = services.games.queries
        self.starts: GameStarts = services.games.starts
        self.open_challenges = services.open_challenges
        self.painter = painter
        self.posts = posts
        self.held_boards = held_boards
        self.panels = panels
        self.deliverer = deliverer
        self.reminders = reminders

    async def play(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, code: str
    ) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer()
        try:
            result = await self.actions.act(
                game_id,
                interaction.user.id,
                seen,
                code,
                where=lambda game: refuse_unless_reachable(interaction, game),
            )
        except StaleVersion:
            await self._refresh_where_clicked(interaction, game_id)
            raise
        except GameAdjourned:
            # Adjourned: the player to move seals the move instead (refused for anyone else).
            game = await seal_instead(interaction, game_id, seen, code)
            recent = await self.queries.last_public_events(game.id)
            shown = await self._redraw_clicked_board(interaction, game, recent)
            await self.deliverer.deliver(game, recent=recent, board_shown=shown, ping=False)
            await self.panels.refresh_panels(game, interaction)
            return
        await self._publish(interaction, result)

    async def resume_planned(self) -> None:
        """At start-up: play the planned answers a crash left owed, and show their boards."""
        asides = self.games.asides
        for game_id in sorted({plan.game_id for plan in await asides.all_plans()}):
            try:
                result = await self.actions.resume_planned(game_id)
            except StaleVersion:
                continue  # a move came first; its own pipeline answered the plan
            if result is None:
                continue
            await self.deliverer.deliver(result.game, result.deliveries, recent=result.events)

    async def adjourn(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, step: str
    ) -> None:
        """Ask to adjourn, answer, or resume (a sealed move is played as it resumes)."""
        await interaction.response.defer()
        try:
            result, revealed = await adjourn_step(interaction, game_id, seen, step)
        except (StaleVersion, WrongStatus):
            # Made before a move, or a step that no longer fits (taken already, or the game
            # resumed): the board where it was clicked shows the game as it is.
            await self._refresh_where_clicked(interaction, game_id)
            raise
        if revealed is not None:
            await self._publish(interaction, result)
            text = revealed_text(revealed, result.game, result.events, game_locale(result.game))
            await interaction.followup.send(text, allowed_mentions=NO_PINGS)
            return
        game = result.game
        recent = await self.queries.last_public_events(game.id)
        shown = await self._redraw_clicked_board(interaction, game, recent)
        await self.deliverer.deliver(game, recent=recent, board_shown=shown, ping=False)
        if step == "ask":  # the other player must answer: they hear of it like a draw offer
            await self.deliverer.pings.offer_notice(
                game, interaction.user.id, interaction, "adjourn.ping"
            )

    async def submit_number(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, prefix: str, typed: str
    ) -> None:
        prompt = await self.panels.number_prompt(
            game_id, interaction.user.id, seen, prefix, user_locale(interaction)
        )
        move = prompt.move(typed)
        if move is None:
            await refuse_number(interaction, prompt)
            return
        await self.play(interaction, game_id, seen, move)

    async def answer_challenge(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, answer: str
    ) -> None:
        await interaction.response.defer()
        try:
            result = await self._answer(
                game_id, interaction.user.id, seen, answer, interaction.user.display_name
            )
        except StaleVersion:
            # Answered or withdrawn meanwhile: the clicker sees the challenge as it is now.
            await self._refresh_where_clicked(interaction, game_id)
            raise
        await self._publish(interaction, result)

    async def _answer(
        self, game_id: int, user_id: int, seen: Seen, answer: str, display_name: str = ""
    ) -> ActionResult:
        game = await self.queries.get(game_id)
        if answer == "accept" and game.open_to is not None:  # an open challenge: taken
            taker = Player(user_id, display_name)
            return await self.open_challenges.take(game_id, taker, seen)
        if answer == "accept":
            return await self.starts.accept(game_id, user_id, seen)
        if game.seat_of(user_id) is None:
            raise NotAParticipant()
        if user_id == game.challenger.user_id:
            game = await self.starts.abort(game_id, user_id, seen)
        else:
            game = await self.starts.decline(game_id, user_id, seen)
        return ActionResult(game, (), game.version)

    async def confirm_resign(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.queries.get(game_id)
        if game.seat_of(interaction.user.id) is None:
            raise NotAParticipant()
        if game.status != GameStatus.ACTIVE:  # a board that could not show the end
            await interaction.response.defer()
            await self._refresh_where_clicked(interaction, game_id)
            raise StaleVersion(ENDED_MEANWHILE)
        locale = user_locale(interaction)
        view = discord.ui.View(timeout=None)
        # The confirmation carries the game's position now, not the board's: private steps
        # (staging cards) move it on without redrawing the board.
        view.add_item(
            GameActionButton(
                game_id,
                Seen.at(game),
                Resign.code,
                tr("button.confirm_resign", locale),
                discord.ButtonStyle.danger,
            )
        )
        await interaction.response.send_message(
            tr("confirm.resign", locale), view=view, ephemeral=True
        )

    async def _publish(self, interaction: discord.Interaction, result: ActionResult) -> None:
        """Show the new board where the player clicked (or, for a click elsewhere, leave it to
        the delivery), redraw the open panels; then deliver what the change owes — the board
        where it lives, whoever is next, an offer, a tournament (:class:`Deliverer`)."""
        game = result.game
        source = interaction.message
        recent = await self._with_last_move(game, result.events)
        board_shown = False
        if source is not None and source.id == game.message_id:
            board = await self.painter.paint_board(game, recent)
            try:
                await board.replace_response(interaction)
            except discord.HTTPException:
                # Committed already: the player must hear that it counted, and see the board.
                log.warning("Discord refused the board of game %s", game.id, exc_info=True)
                await self._board_elsewhere(interaction, game, board, recent)
            else:
                self.posts.clicked(game, interaction, source.id)
                board_shown = True
        else:
            # Private steps (staging cards) leave the public board exactly as it was.
            redraw = any(e.visible_to is None for e in result.events) or not result.events
            shown = False
            if redraw:
                # Where Discord can't take it now, the delivery below tries again (and later).
                with contextlib.suppress(TryLater):
                    shown = await self.posts.show_board(game, recent, via=interaction)
            board_shown = shown or not redraw
            if is_panel(interaction):
                await self._answer_panel(interaction, game, recent, redraw and not shown)
        await self.panels.refresh_panels(game, interaction)
        await self.deliverer.deliver(
            game,
            result.deliveries,
            recent=recent,
            actor_id=interaction.user.id,
            via=interaction,
            board_shown=board_shown,
        )
        # Where this player's clock reminders go, said once, when not beside the board.
        await self.reminders.tell_once(interaction, game)

    async def _answer_panel(
        self,
        interaction: discord.Interaction,
        game: GameSnapshot,
        recent: Sequence[Event],
        board_unreachable: bool,
    ) -> None:
        """A move made in a private panel: the panel redrawn (a secret hand), or the board
        shown here where it is out of reach, or a word that it was done."""
        if game.spec.secret_hands and game.seat_of(interaction.user.id) is not None:
            try:
                await self.panels.redraw_own_panel(interaction, game)
            except discord.HTTPException:
                # Committed already: say so, and how to see the hand again.
                log.warning("Discord refused a panel of game %s", game.id, exc_info=True)
                await send_ephemeral(interaction, tr("panel.refused", user_locale(interaction)))
        elif board_unreachable:
            # The board is out of reach (a private board from before a restart, or older
            # than Discord lets it be edited): the player sees it here instead.
            board = await self.painter.paint_board(game, recent)
            await board.replace_response(interaction)
        else:
            await interaction.edit_original_response(
                content=None,
                view=notice_view(tr("done.ok", user_locale(interaction))),
                attachments=[],
            )

    async def _with_last_move(self, game: GameSnapshot, events: Sequence[Event]) -> Sequence[Event]:
        """An offer of a draw, or its refusal, moves nothing: the board goes on showing (and
        framing) the last move, with the offer after it."""
        public = [e for e in events if e.visible_to is None]
        if public and all(e.kind in DRAW_TALK for e in public):
            return (*await self.queries.last_public_events(game.id), *events)
        return events

    async def _board_elsewhere(
        self,
        interaction: discord.Interaction,
        game: GameSnapshot,
        board: Board,
        recent: Sequence[Event],
    ) -> None:
        """Discord refused to redraw the board after the action was recorded: say so, truly,
        and show the board privately — as a card, or, if that is refused too, as words."""
        await interaction.followup.send(
            tr("board.refused", user_locale(interaction)), ephemeral=True, allowed_mentions=NO_PINGS
        )
        try:
            await self.posts.followups.send(
                interaction, board.view, lambda: board.files, ephemeral=True
            )
            return
        except discord.HTTPException:
            log.warning("Discord refused a copy of the board of game %s", game.id, exc_info=True)
        locale = game_locale(game)
        words = [
            board_heading(game, locale),
            f"```\n{text_board(game, locale)}\n```",
            board_status(game, locale, recent, self.games.clock().date()),
        ]
        await interaction.followup.send(
            clip("\n".join(words)), ephemeral=True, allowed_mentions=NO_PINGS
        )

    async def _refresh_where_clicked(self, interaction: discord.Interaction, game_id: int) -> None:
        """A stale click still shows what is true now: the fresh board (with its last move),
        or the fresh panel."""
        game = await self.queries.get(game_id)
        recent = await self.queries.last_public_events(game.id)
        with contextlib.suppress(discord.HTTPException):
            if await self._redraw_clicked_board(interaction, game, recent):
                return
            if is_panel(interaction):
                await self.panels.redraw_own_panel(interaction, game)

    async def _redraw_clicked_board(
        self, interaction: discord.Interaction, game: GameSnapshot, recent: Sequence[Event]
    ) -> bool:
        """Where the click was made on the game's board, redraw it there (that click then
        holds it); whether it was."""
        source = interaction.message
        if source is None or source.id != game.message_id:
            return False
        board = await self.painter.paint_board(game, recent)
        await board.replace_response(interaction)
        self.posts.clicked(game, interaction, source.id)
        return True

    async def close_copy(self, interaction: discord.Interaction, game_id: int) -> None:
        """A click on an older copy of the game's board (:class:`bot.ui.reach.OlderCopy`):
        that copy shows the game as it is now, closed — no buttons, a link to the newest
        board — and stays held by the click, so that the game's end reaches it too."""
        message = interaction.message
        if message is None:
            return
        game = await self.queries.get(game_id)
        recent = await self.queries.last_public_events(game.id)
        link = newest_board_link(interaction, game)
        board = await self.painter.paint_copy(game, recent, link)
        with contextlib.suppress(discord.HTTPException):
            if not interaction.response.is_done():
                await interaction.response.defer()
            await board.replace_response(interaction)
            self.held_boards.hold(game.id, interaction, message.id)
