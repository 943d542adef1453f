"""``/tournament create <game>``: one subcommand per registered game, built from its spec — no
game is named here. Each takes the tournament's own options (a two-player game's format, clock
and rating; a solitaire event's deals and days) and the game's options that set rules for every
game of the event (``GameSpec.tournament_options``: not the starter's own seat). After the game
is chosen, Discord offers only that game's options, which keeps the list short on a phone."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import tournament_server
from bot.cogs.builder import CommandBuilder, plain
from bot.cogs.options import CLOCK_CHOICES, HOUR, duration_choices
from bot.games.registry import all_specs
from bot.games.spec import AnySpec, CommandOption
from bot.i18n import tr
from bot.services.snapshots import Player
from bot.statuses import TournamentFormat
from bot.text.commands import CLOCK, CLOCK_HELP, RATED, RATED_HELP
from bot.text.quiet import BANK, BANK_HELP
from bot.text.tournament_commands import (
    CREATE,
    CREATE_GAME_HELP,
    CREATE_HELP,
    DAYS,
    DAYS_HELP,
    DEALS,
    DEALS_HELP,
    DOUBLE_ROUND_ROBIN,
    FORMAT,
    FORMAT_HELP,
    LIMIT,
    LIMIT_HELP,
    NAME,
    NAME_HELP,
    ROUND_DAYS,
    ROUND_DAYS_HELP,
    ROUND_ROBIN,
    ROUNDS,
    ROUNDS_HELP,
    SIGNUP,
    SIGNUP_HELP,
    SWISS,
)
from bot.ui.answering import FirstAnswer
from bot.ui.common import NO_PINGS, localized, mention, public_locale
from bot.ui.context import UiContext
from bot.ui.flows import GameFlows
from bot.ui.starting import bank_asked
from bot.ui.tournaments import chosen_rules, created_text
from rules.core import Text

FORMATS = [
    app_commands.Choice(name=localized(ROUND_ROBIN), value=TournamentFormat.ROUND_ROBIN),
    app_commands.Choice(
        name=localized(DOUBLE_ROUND_ROBIN), value=TournamentFormat.DOUBLE_ROUND_ROBIN
    ),
    app_commands.Choice(name=localized(SWISS), value=TournamentFormat.SWISS),
]
SIGNUP_CHOICES = duration_choices()
DEFAULT_ROUNDS = 5
DEFAULT_SIGNUP = 24 * HOUR
DEFAULT_DAYS = 7
DAY = 24 * HOUR
#: The longest round an organiser may pick.
MAX_ROUND_DAYS = 60
#: Discord's limit of options per command.
MAX_OPTIONS = 25


def platform_builder(spec: AnySpec) -> CommandBuilder:
    """The tournament's own options, as fit the game."""
    builder = CommandBuilder()
    builder.add("name", NAME, NAME_HELP, app_commands.Range[str, 1, 100] | None, None)
    if spec.solitaire:
        builder.add("deals", DEALS, DEALS_HELP, app_commands.Range[int, 1, 30] | None, None)
    else:
        builder.add("format", FORMAT, FORMAT_HELP, app_commands.Choice[str] | None, None, FORMATS)
        builder.add("rounds", ROUNDS, ROUNDS_HELP, app_commands.Range[int, 1, 30] | None, None)
        builder.add(
            "clock", CLOCK, CLOCK_HELP, app_commands.Choice[str] | None, None, CLOCK_CHOICES
        )
        builder.add("bank_days", BANK, BANK_HELP, app_commands.Range[int, 1, 30] | None, None)
        builder.add(
            "round_days",
            ROUND_DAYS,
            ROUND_DAYS_HELP,
            app_commands.Range[int, 1, MAX_ROUND_DAYS] | None,
            None,
        )
        builder.add("rated", RATED, RATED_HELP, bool, False)
    builder.add(
        "signup", SIGNUP, SIGNUP_HELP, app_commands.Choice[str] | None, None, SIGNUP_CHOICES
    )
    builder.add("max_players", LIMIT, LIMIT_HELP, app_commands.Range[int, 2, 256] | None, None)
    if spec.solitaire:
        builder.add("days", DAYS, DAYS_HELP, app_commands.Range[int, 1, 30] | None, None)
    return builder


def game_options(spec: AnySpec, builder: CommandBuilder) -> list[CommandOption]:
    """The game's rule options that fit beside the tournament's own: one whose key or name
    is taken already is left out (a command's options must differ), and so is any past
    Discord's 25."""
    taken = {p.name for p in builder.parameters} | {
        name for renamed in builder.renames.values() for name in _names(renamed)
    }
    room = MAX_OPTIONS - (len(builder.parameters) - 1)  # less the interaction
    fitting: list[CommandOption] = []
    for option in spec.tournament_options:
        names = {option.key, option.name.ja, option.name.en}
        if names & taken or len(fitting) >= room:
            continue
        fitting.append(option)
        taken |= names
    return fitting


def _names(renamed: app_commands.locale_str) -> set[str]:
    """An option's name in both languages (see ``localized``)."""
    return {renamed.message, str(renamed.extras.get("ja", renamed.message))}


def create_command(
    spec: AnySpec, context: UiContext[GameFlows]
) -> app_commands.Command[Any, ..., None]:
    services = context.services
    builder = platform_builder(spec)
    options = game_options(spec, builder)
    for option in options:
        builder.add_option(option)
    own = {option.key for option in options}

    async def create(interaction: discord.Interaction, **values: Any) -> None:
        guild_id = tournament_server(interaction)
        chosen = {k: plain(v) for k, v in values.items() if k in own and v is not None}
        # Only the rules: a starter's seat means nothing here (the pairings seat players).
        settings = spec.settings_from(chosen).settings
        server = await services.servers.check_channel(guild_id, interaction.channel_id)
        locale = server.board_locale(public_locale(interaction))
        clock = plain(values.get("clock"))
        move_seconds = (
            int(clock)
            if clock is not None
            else server.default_clock_seconds or services.default_move_seconds
        )
        title = spec.variant_of(settings).title(locale)
        name = values.get("name") or tr("tournament.default_name", locale, game=title)
        info = await services.tournaments.actions.create(
            guild_id=guild_id,
            channel_id=interaction.channel_id or 0,
            organiser=Player(interaction.user.id, interaction.user.display_name),
            manages_server=bool(interaction.permissions.manage_guild),
            name=name,
            game_type=spec.game_type,
            settings=settings,
            format=plain(values.get("format")) or TournamentFormat.ROUND_ROBIN,
            rounds=values.get("rounds") or values.get("deals") or DEFAULT_ROUNDS,
            move_seconds=move_seconds,
            rated=bool(values.get("rated")),
            signup_seconds=int(plain(values.get("signup")) or DEFAULT_SIGNUP),
            max_players=values.get("max_players"),
            play_seconds=(values.get("days") or DEFAULT_DAYS) * DAY,
            locale=locale,
            bank=bank_asked(values.get("bank_days"), move_seconds),
            round_seconds=(values.get("round_days") or 0) * DAY or None,
        )
        rules = chosen_rules(options, chosen, locale)
        await interaction.response.send_message(
            created_text(info, mention(interaction.user.id), locale, rules),
            allowed_mentions=NO_PINGS,
        )

    title = spec.title
    help_text = Text(
        CREATE_GAME_HELP.ja.format(game=title.ja), CREATE_GAME_HELP.en.format(game=title.en)
    )
    return builder.build(spec.command.name, help_text, create, answer=FirstAnswer.PUBLIC)


def create_group() -> app_commands.Group:
    return app_commands.Group(name=localized(CREATE), description=localized(CREATE_HELP))


def add_create_commands(group: app_commands.Group, context: UiContext[GameFlows]) -> None:
    for spec in all_specs():
        group.add_command(create_command(spec, context))
