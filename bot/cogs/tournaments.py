"""/tournament: create (a subcommand per game, :mod:`tournament_create`), join, leave, start,
cancel, withdraw, play, show and list, and the clicks that page a table. No game is named
here."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere, tournament_server
from bot.cogs.builder import CommandBuilder
from bot.cogs.clicks import Guarded
from bot.cogs.tournament_create import add_create_commands, create_group
from bot.i18n import tr
from bot.services.snapshots import Player
from bot.services.tournament_errors import TournamentError
from bot.services.tournament_snapshots import Cancelled
from bot.services.tournaments import TournamentService
from bot.statuses import OPEN_TOURNAMENT_STATUSES, OVER_TOURNAMENT_STATUSES, TournamentStatus
from bot.text.tournament_commands import (
    CANCEL,
    CANCEL_HELP,
    GROUP,
    GROUP_HELP,
    JOIN,
    JOIN_HELP,
    LEAVE,
    LEAVE_HELP,
    LIST,
    LIST_HELP,
    PLAY,
    PLAY_HELP,
    SHOW,
    SHOW_HELP,
    START,
    START_HELP,
    TOURNAMENT,
    TOURNAMENT_HELP,
    WITHDRAW,
    WITHDRAW_HELP,
)
from bot.text.tournament_errors import (
    NONE_ENTERED,
    NOT_ENTERED,
    WHICH_TOURNAMENT,
)
from bot.ui.answering import FirstAnswer
from bot.ui.common import (
    NO_PINGS,
    custom_ids_on,
    installed_guild_id,
    localized,
    mention,
    send_ephemeral,
    think,
    typed,
    user_locale,
)
from bot.ui.context import UiContext, context_of
from bot.ui.flows import GameFlows
from bot.ui.reach import BadButton
from bot.ui.tournament_pages import TournamentPageButton, posted_views, standing_view
from bot.ui.tournaments import list_blocks, player_count, round_rule_line
from rules.core import normalize_locale

Command = app_commands.Command[Any, ..., None]


def _with_tournament() -> CommandBuilder:
    builder = CommandBuilder()
    annotation = app_commands.Range[int, 1] | None
    builder.add("tournament", TOURNAMENT, TOURNAMENT_HELP, annotation, None)
    return builder


def _manages_server(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def join_command(context: UiContext[GameFlows]) -> Command:
    tournaments = context.services.tournaments

    async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        chosen = await tournaments.queries.resolve(guild_id, tournament, (TournamentStatus.SIGNUP,))
        player = Player(interaction.user.id, interaction.user.display_name)
        info = await tournaments.actions.join(chosen, guild_id, player)
        locale = user_locale(interaction)
        joined = tr(
            "tournament.joined",
            locale,
            name=typed(info.name),
            id=info.id,
            players=player_count(info.entrant_count, locale),
        )
        # What decides a game unfinished at a round's deadline, said before the first round.
        rule = round_rule_line(info, locale)
        await send_ephemeral(interaction, f"{joined}\n{rule}" if rule else joined)

    return _with_tournament().build(JOIN, JOIN_HELP, join, answer=FirstAnswer.PRIVATE)


def leave_command(context: UiContext[GameFlows]) -> Command:
    tournaments = context.services.tournaments

    async def leave(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        chosen = await tournaments.queries.resolve(guild_id, tournament, (TournamentStatus.SIGNUP,))
        info = await tournaments.actions.leave(chosen, guild_id, interaction.user.id)
        await send_ephemeral(
            interaction,
            tr("tournament.left", user_locale(interaction), name=typed(info.name), id=info.id),
        )

    return _with_tournament().build(LEAVE, LEAVE_HELP, leave, answer=FirstAnswer.PRIVATE)


def start_command(context: UiContext[GameFlows]) -> Command:
    services, flows = context.services, context.flows

    async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        chosen = await services.tournaments.queries.resolve(
            guild_id, tournament, (TournamentStatus.SIGNUP,)
        )
        # Starting posts a board per game: acknowledge first.
        await think(interaction, privately=True)
        notices = await services.tournaments.actions.start(
            chosen, guild_id, interaction.user.id, manages_server=_manages_server(interaction)
        )
        standing = await services.tournaments.queries.show(chosen)
        await send_ephemeral(
            interaction,
            tr(
                "tournament.started", user_locale(interaction), name=typed(standing.tournament.name)
            ),
        )
        await flows.tournaments.announce_tournaments(notices)

    return _with_tournament().build(START, START_HELP, start, answer=FirstAnswer.PRIVATE)


def cancel_command(context: UiContext[GameFlows]) -> Command:
    services, flows = context.services, context.flows

    async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        chosen = await services.tournaments.queries.resolve(
            guild_id, tournament, OPEN_TOURNAMENT_STATUSES
        )
        # Cancelling may abort many games and redraw their boards: acknowledge first.
        await think(interaction, privately=True)
        notices = await services.tournaments.actions.cancel(
            chosen, guild_id, interaction.user.id, manages_server=_manages_server(interaction)
        )
        name = typed(next(n.tournament.name for n in notices if isinstance(n, Cancelled)))
        await send_ephemeral(
            interaction, tr("tournament.cancelled_ack", user_locale(interaction), name=name)
        )
        await flows.tournaments.announce_tournaments(notices)

    return _with_tournament().build(CANCEL, CANCEL_HELP, cancel, answer=FirstAnswer.PRIVATE)


def withdraw_command(context: UiContext[GameFlows]) -> Command:
    services, flows = context.services, context.flows

    async def withdraw(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        chosen = await services.tournaments.queries.resolve(
            guild_id, tournament, OPEN_TOURNAMENT_STATUSES
        )
        await think(interaction, privately=True)
        withdrawal = await services.tournaments.actions.withdraw(
            chosen, guild_id, interaction.user.id
        )
        info = withdrawal.tournament
        await send_ephemeral(
            interaction,
            tr("tournament.withdrawn_ack", user_locale(interaction), name=typed(info.name)),
        )
        channel = interaction.client.get_partial_messageable(info.channel_id)
        await channel.send(
            tr(
                "tournament.withdrew",
                info.locale,
                user=mention(interaction.user.id),
                name=typed(info.name),
            ),
            allowed_mentions=NO_PINGS,
        )
        await flows.tournaments.announce_tournaments(withdrawal.notices)

    return _with_tournament().build(WITHDRAW, WITHDRAW_HELP, withdraw, answer=FirstAnswer.PRIVATE)


async def _open_or_last(
    tournaments: TournamentService, guild_id: int, tournament: int | None
) -> int:
    """The tournament meant: the one given, else the server's only open one, else (none
    open) the one that ended last."""
    try:
        return await tournaments.queries.resolve(guild_id, tournament, OPEN_TOURNAMENT_STATUSES)
    except TournamentError:
        return await tournaments.queries.resolve(
            guild_id, tournament, OVER_TOURNAMENT_STATUSES, newest=True
        )


async def _entered(tournaments: TournamentService, user_id: int, tournament: int | None) -> int:
    """Away from a server that added the bot, the tournament meant among those the player
    entered: the one given, else their only open one, else the one that ended last."""
    entered = await tournaments.queries.entered_by(user_id)
    if tournament is not None:
        if all(info.id != tournament for info in entered):
            raise TournamentError(NOT_ENTERED)
        return tournament
    if not entered:
        raise TournamentError(NONE_ENTERED)
    running = [info.id for info in entered if info.status in OPEN_TOURNAMENT_STATUSES]
    if len(running) > 1:
        raise TournamentError(WHICH_TOURNAMENT.format(ids=", ".join(f"#{i}" for i in running)))
    return running[0] if running else entered[0].id


def play_command(context: UiContext[GameFlows]) -> Command:
    services, flows = context.services, context.flows

    async def play(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = tournament_server(interaction)
        # With none open, the one that ended last: it says it is over, and how it ended.
        chosen = await _open_or_last(services.tournaments, guild_id, tournament)
        await flows.tournaments.play_deal(interaction, chosen, guild_id)

    return _with_tournament().build(PLAY, PLAY_HELP, play, answer=FirstAnswer.PRIVATE)


def show_command(context: UiContext[GameFlows]) -> Command:
    tournaments = context.services.tournaments

    async def show(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = installed_guild_id(interaction)
        if guild_id is None:
            chosen = await _entered(tournaments, interaction.user.id, tournament)
        else:
            chosen = await _open_or_last(tournaments, guild_id, tournament)
        standing = await tournaments.queries.show(chosen, guild_id)
        # Everyone reads the table: in the tournament's own language, whoever asks.
        locale = normalize_locale(standing.tournament.locale)
        links = await context.services.web.links()
        web_url = links.tournament(chosen, locale) if links is not None else None
        await interaction.response.send_message(
            view=standing_view(standing, locale, web_url=web_url), allowed_mentions=NO_PINGS
        )

    return _with_tournament().build(SHOW, SHOW_HELP, show, answer=FirstAnswer.PUBLIC)


def list_command(context: UiContext[GameFlows]) -> Command:
    tournaments = context.services.tournaments

    async def list_(interaction: discord.Interaction) -> None:
        guild_id = installed_guild_id(interaction)
        locale = user_locale(interaction)
        if guild_id is None:
            # Away from the servers they run in: the player's own tournaments.
            found = await tournaments.queries.entered_by(interaction.user.id)
            title = tr("tournament.list_entered_title", locale)
        else:
            found = await tournaments.queries.in_server(guild_id)
            title = tr("tournament.list_title", locale)
        first, *more = posted_views(title, list_blocks(found, locale), locale)
        await interaction.response.send_message(view=first, ephemeral=True)
        for view in more:
            await interaction.followup.send(view=view, ephemeral=True)

    return CommandBuilder().build(LIST, LIST_HELP, list_, answer=FirstAnswer.PRIVATE)


def tournament_group(context: UiContext[GameFlows]) -> app_commands.Group:
    # Discord sets where a command is offered for the whole group, so /tournament is offered
    # everywhere for the sake of show and list (a player's own tournaments away from their
    # servers); the subcommands that make, join and run one answer elsewhere with why not.
    group = anywhere(app_commands.Group(name=localized(GROUP), description=localized(GROUP_HELP)))
    create = create_group()
    add_create_commands(create, context)
    group.add_command(create)
    for make in (
        join_command,
        leave_command,
        start_command,
        cancel_command,
        withdraw_command,
        play_command,
        show_command,
        list_command,
    ):
        group.add_command(make(context))
    return group


class TournamentPageClick(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=TournamentPageButton.template,
):
    """◀ or ▶ on ``/tournament show``: draws that page of the table as it is now."""

    answer_kind = FirstAnswer.UPDATE  # the page turns in place

    def __init__(self, item: discord.ui.Item[Any], tournament_id: int, page: int) -> None:
        self.tournament_id, self.page = tournament_id, page
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentPageClick:
        return cls(item, int(match["tournament"]), int(match["page"]))

    async def check(self, interaction: discord.Interaction) -> None:
        """Only the table on the clicked message pages: away from servers that added the bot
        nothing else says whose tournament it is (a server's own are checked by the query)."""
        prefix = f"tpg:{self.tournament_id}:"
        if not any(c.startswith(prefix) for c in custom_ids_on(interaction.message)):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        tournaments = context_of(interaction).services.tournaments
        # In a server that added the bot, only its own tournaments; elsewhere the table was
        # shown to a player who entered it (``/tournament show``), and this pages it.
        standing = await tournaments.queries.show(
            self.tournament_id, installed_guild_id(interaction)
        )
        # A public table stays in the tournament's language whoever pages it.
        locale = normalize_locale(standing.tournament.locale)
        links = await context_of(interaction).services.web.links()
        web_url = links.tournament(self.tournament_id, locale) if links is not None else None
        await interaction.edit_original_response(
            view=standing_view(standing, locale, self.page, web_url)
        )
