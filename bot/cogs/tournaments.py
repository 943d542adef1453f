"""/tournament: create, join, leave, start, withdraw, play, show and list. The game choices
are every ranked variant in the registry, so no game is named here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.builder import CommandBuilder, plain
from bot.cogs.options import CLOCK, CLOCK_CHOICES, CLOCK_HELP, HOUR, RATED, RATED_HELP
from bot.games.registry import all_variants, variant_for_key
from bot.i18n import tr
from bot.services.snapshots import Player
from bot.services.tournament_errors import UNKNOWN_TOURNAMENT, TournamentError
from bot.services.tournament_snapshots import OPEN_STATUSES, OVER_STATUSES
from bot.ui.common import NO_PINGS, localized, mention, public_locale, send_ephemeral, user_locale
from bot.ui.context import UiContext
from bot.ui.tournament_pages import standing_view
from bot.ui.tournaments import created_text, list_text
from rules.core import Text

GROUP = Text("大会", "tournament")
GROUP_HELP = Text(
    "サーバーの大会（総当たり・スイス式・一人遊びの配札戦）",
    "Server tournaments: round robins, Swiss events and solitaire deal contests",
)
TOURNAMENT = Text("大会番号", "tournament")
TOURNAMENT_HELP = Text(
    "大会の番号（省略時はこのサーバーの該当する大会）",
    "The tournament's number (default: this server's one that fits)",
)
GAME = Text("ゲーム", "game")
GAME_HELP = Text("どのゲームの大会か", "Which game the tournament is for")
NAME = Text("大会名", "name")
NAME_HELP = Text("大会の名前", "The tournament's name")
FORMAT = Text("形式", "format")
FORMAT_HELP = Text(
    "二人用ゲームの形式（一人遊びでは無視）", "The format for two-player games (solitaires: none)"
)
FORMATS = [
    app_commands.Choice(name=localized(Text("総当たり", "round robin")), value="round_robin"),
    app_commands.Choice(
        name=localized(Text("二回総当たり", "double round robin")), value="double_round_robin"
    ),
    app_commands.Choice(name=localized(Text("スイス式", "Swiss")), value="swiss"),
]
ROUNDS = Text("回戦数", "rounds")
ROUNDS_HELP = Text(
    "スイス式の回戦数、または一人遊びの配札の数（既定5）",
    "Swiss rounds, or the number of deals of a solitaire event (default 5)",
)
SIGNUP = Text("受付期間", "signup")
SIGNUP_HELP = Text("参加受付の期間（既定1日）", "How long sign-up stays open (default 1 day)")
SIGNUP_CHOICES = [
    app_commands.Choice(name=localized(label), value=str(seconds))
    for label, seconds in (
        (Text("1時間", "1 hour"), HOUR),
        (Text("6時間", "6 hours"), 6 * HOUR),
        (Text("1日", "1 day"), 24 * HOUR),
        (Text("3日", "3 days"), 72 * HOUR),
        (Text("7日", "7 days"), 168 * HOUR),
    )
]
LIMIT = Text("定員", "max_players")
LIMIT_HELP = Text("参加人数の上限（既定なし）", "The most players who may join (default: no limit)")
DAYS = Text("日数", "days")
DAYS_HELP = Text(
    "一人遊びの配札を遊べる日数（既定7日）",
    "Days to play a solitaire event's deals (default 7)",
)
DEFAULT_ROUNDS = 5
DEFAULT_SIGNUP = 24 * HOUR
DEFAULT_DAYS = 7
DAY = 24 * HOUR

CREATE = Text("作成", "create")
CREATE_HELP = Text("このチャンネルで大会を開く", "Open a tournament in this channel")
JOIN = Text("参加", "join")
JOIN_HELP = Text("大会に参加する（開始まで）", "Join a tournament (until it starts)")
LEAVE = Text("取消", "leave")
LEAVE_HELP = Text("大会への参加を取り消す（開始まで）", "Leave a tournament (until it starts)")
START = Text("開始", "start")
START_HELP = Text(
    "受付を締め切って大会を始める（主催者）", "Close sign-up and start now (organiser)"
)
CANCEL = Text("中止", "cancel")
CANCEL_HELP = Text(
    "大会を中止する（主催者・サーバー管理者。対局中のゲームは結果なしで打ち切り）",
    "Cancel a tournament (organiser or server managers; games in progress end with no result)",
)
WITHDRAW = Text("棄権", "withdraw")
WITHDRAW_HELP = Text(
    "進行中の大会を棄権する（残りの対局は不戦敗）",
    "Withdraw from a running tournament (your remaining games are forfeited)",
)
PLAY = Text("配札", "play")
PLAY_HELP = Text("一人遊びの大会で次の配札を遊ぶ", "Play your next deal of a solitaire tournament")
SHOW = Text("表示", "show")
SHOW_HELP = Text("大会の順位表と組み合わせ", "A tournament's table and pairings")
LIST = Text("一覧", "list")
LIST_HELP = Text("このサーバーの大会", "This server's tournaments")

Command = app_commands.Command[Any, ..., None]


def _with_tournament() -> CommandBuilder:
    builder = CommandBuilder()
    annotation = app_commands.Range[int, 1] | None
    builder.add("tournament", TOURNAMENT, TOURNAMENT_HELP, annotation, None)
    return builder


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise TournamentError(UNKNOWN_TOURNAMENT)
    return interaction.guild_id


def _manages_server(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def create_command(context: UiContext) -> Command:
    services = context.services
    builder = CommandBuilder()
    games = [app_commands.Choice(name=localized(v.title), value=v.key) for _, v in all_variants()]
    builder.add("game", GAME, GAME_HELP, app_commands.Choice[str], choices=games)
    builder.add("name", NAME, NAME_HELP, app_commands.Range[str, 1, 100] | None, None)
    builder.add("format", FORMAT, FORMAT_HELP, app_commands.Choice[str] | None, None, FORMATS)
    builder.add("rounds", ROUNDS, ROUNDS_HELP, app_commands.Range[int, 1, 30] | None, None)
    builder.add("clock", CLOCK, CLOCK_HELP, app_commands.Choice[str] | None, None, CLOCK_CHOICES)
    builder.add("rated", RATED, RATED_HELP, bool, False)
    builder.add(
        "signup", SIGNUP, SIGNUP_HELP, app_commands.Choice[str] | None, None, SIGNUP_CHOICES
    )
    builder.add("max_players", LIMIT, LIMIT_HELP, app_commands.Range[int, 2, 256] | None, None)
    builder.add("days", DAYS, DAYS_HELP, app_commands.Range[int, 1, 30] | None, None)

    async def create(interaction: discord.Interaction, **values: Any) -> None:
        guild_id = _guild(interaction)
        found = variant_for_key(str(plain(values["game"])))
        if found is None:
            raise TournamentError()
        spec, variant = found
        server = await services.servers.check_channel(guild_id, interaction.channel_id)
        locale = server.board_locale(public_locale(interaction))
        clock = plain(values.get("clock"))
        move_seconds = (
            int(clock)
            if clock is not None
            else server.default_clock_seconds or services.default_move_seconds
        )
        name = values.get("name") or tr(
            "tournament.default_name", locale, game=variant.title(locale)
        )
        info = await services.tournaments.create(
            guild_id=guild_id,
            channel_id=interaction.channel_id or 0,
            organiser=Player(interaction.user.id, interaction.user.display_name),
            manages_server=_manages_server(interaction),
            name=name,
            game_type=spec.game_type,
            settings=spec.settings_from(dict(variant.settings)).settings,
            format=plain(values.get("format")) or "round_robin",
            rounds=values.get("rounds") or DEFAULT_ROUNDS,
            move_seconds=move_seconds,
            rated=bool(values.get("rated")),
            signup_seconds=int(plain(values.get("signup")) or DEFAULT_SIGNUP),
            max_players=values.get("max_players"),
            play_seconds=(values.get("days") or DEFAULT_DAYS) * DAY,
            locale=locale,
        )
        await interaction.response.send_message(
            created_text(info, mention(interaction.user.id), locale), allowed_mentions=NO_PINGS
        )

    return builder.build(CREATE, CREATE_HELP, create)


def join_command(context: UiContext) -> Command:
    tournaments = context.services.tournaments

    async def join(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        chosen = await tournaments.resolve(guild_id, tournament, ("signup",))
        player = Player(interaction.user.id, interaction.user.display_name)
        info = await tournaments.join(chosen, guild_id, player)
        await send_ephemeral(
            interaction,
            tr(
                "tournament.joined",
                user_locale(interaction),
                name=info.name,
                id=info.id,
                count=info.entrant_count,
            ),
        )

    return _with_tournament().build(JOIN, JOIN_HELP, join)


def leave_command(context: UiContext) -> Command:
    tournaments = context.services.tournaments

    async def leave(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        chosen = await tournaments.resolve(guild_id, tournament, ("signup",))
        info = await tournaments.leave(chosen, guild_id, interaction.user.id)
        await send_ephemeral(
            interaction,
            tr("tournament.left", user_locale(interaction), name=info.name, id=info.id),
        )

    return _with_tournament().build(LEAVE, LEAVE_HELP, leave)


def start_command(context: UiContext) -> Command:
    services, flows = context.services, context.flows

    async def start(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        chosen = await services.tournaments.resolve(guild_id, tournament, ("signup",))
        # Starting posts a board per game: acknowledge first.
        await interaction.response.defer(ephemeral=True, thinking=True)
        notices = await services.tournaments.start(
            chosen, guild_id, interaction.user.id, manages_server=_manages_server(interaction)
        )
        standing = await services.tournaments.show(chosen)
        await send_ephemeral(
            interaction,
            tr("tournament.started", user_locale(interaction), name=standing.tournament.name),
        )
        await flows.announce_tournaments(notices)

    return _with_tournament().build(START, START_HELP, start)


def cancel_command(context: UiContext) -> Command:
    services, flows = context.services, context.flows

    async def cancel(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        chosen = await services.tournaments.resolve(guild_id, tournament, OPEN_STATUSES)
        # Cancelling may abort many games and redraw their boards: acknowledge first.
        await interaction.response.defer(ephemeral=True, thinking=True)
        notices = await services.tournaments.cancel(
            chosen, guild_id, interaction.user.id, manages_server=_manages_server(interaction)
        )
        standing = await services.tournaments.show(chosen)
        await send_ephemeral(
            interaction,
            tr("tournament.cancelled_ack", user_locale(interaction), name=standing.tournament.name),
        )
        await flows.announce_tournaments(notices)

    return _with_tournament().build(CANCEL, CANCEL_HELP, cancel)


def withdraw_command(context: UiContext) -> Command:
    services, flows = context.services, context.flows

    async def withdraw(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        chosen = await services.tournaments.resolve(guild_id, tournament, OPEN_STATUSES)
        await interaction.response.defer(ephemeral=True, thinking=True)
        withdrawal = await services.tournaments.withdraw(chosen, guild_id, interaction.user.id)
        info = withdrawal.tournament
        await send_ephemeral(
            interaction, tr("tournament.withdrawn_ack", user_locale(interaction), name=info.name)
        )
        channel = interaction.client.get_partial_messageable(info.channel_id)
        await channel.send(
            tr(
                "tournament.withdrew",
                info.locale,
                user=mention(interaction.user.id),
                name=info.name,
            ),
            allowed_mentions=NO_PINGS,
        )
        await flows.announce_tournaments(withdrawal.notices)

    return _with_tournament().build(WITHDRAW, WITHDRAW_HELP, withdraw)


def play_command(context: UiContext) -> Command:
    services, flows = context.services, context.flows

    async def play(interaction: discord.Interaction, tournament: int | None = None) -> None:
        chosen = await services.tournaments.resolve(_guild(interaction), tournament, OPEN_STATUSES)
        await flows.play_deal(interaction, chosen)

    return _with_tournament().build(PLAY, PLAY_HELP, play)


def show_command(context: UiContext) -> Command:
    tournaments = context.services.tournaments

    async def show(interaction: discord.Interaction, tournament: int | None = None) -> None:
        guild_id = _guild(interaction)
        try:
            chosen = await tournaments.resolve(guild_id, tournament, OPEN_STATUSES)
        except TournamentError:  # none open: the one that ended last
            chosen = await tournaments.resolve(guild_id, tournament, OVER_STATUSES, newest=True)
        standing = await tournaments.show(chosen, guild_id)
        await interaction.response.send_message(
            view=standing_view(standing, user_locale(interaction)), allowed_mentions=NO_PINGS
        )

    return _with_tournament().build(SHOW, SHOW_HELP, show)


def list_command(context: UiContext) -> Command:
    tournaments = context.services.tournaments

    async def list_(interaction: discord.Interaction) -> None:
        found = await tournaments.in_server(_guild(interaction))
        await send_ephemeral(interaction, list_text(found, user_locale(interaction)))

    return CommandBuilder().build(LIST, LIST_HELP, list_)


def tournament_group(context: UiContext) -> app_commands.Group:
    group = app_commands.Group(
        name=localized(GROUP), description=localized(GROUP_HELP), guild_only=True
    )
    for make in (
        create_command,
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
