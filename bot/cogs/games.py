"""Each registered game's slash-command group, built from its spec — no game is named here.

``/<game> challenge`` (two players: opponent, the game's own options, clock, rated) or
``/<game> start`` (a solitaire: the game's options), ``/<game> hint`` where the game has a
hinter, and ``/<game> daily`` / ``/<game> today`` where it has a daily deal.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder, plain
from bot.cogs.options import CLOCK_CHOICES
from bot.games.spec import AnySpec
from bot.i18n import tr
from bot.statuses import GameStatus
from bot.text.commands import (
    CHALLENGE,
    CHALLENGE_HELP,
    CLOCK,
    CLOCK_HELP,
    DAILY_HELP,
    GAME_NUMBER,
    GAME_NUMBER_HELP,
    HINT,
    HINT_HELP,
    LEVEL,
    LEVEL_HELP,
    OPPONENT,
    OPPONENT_HELP,
    RATED,
    RATED_HELP,
    START,
    START_HELP,
    TODAY_HELP,
    VARIANT,
    VARIANT_HELP,
)
from bot.text.daily import DAILY, TODAY
from bot.text.open_challenges import MAX_RATING, MAX_RATING_HELP, MIN_RATING, MIN_RATING_HELP
from bot.text.quiet import BANK, BANK_HELP
from bot.ui.answering import FirstAnswer
from bot.ui.boards import player_label
from bot.ui.common import (
    MAX_CONTENT,
    clip,
    installed_guild_id,
    localized,
    public_locale,
    send_ephemeral,
    user_locale,
)
from bot.ui.context import UiContext
from bot.ui.daily import daily_command_name
from bot.ui.external_apps import forced_private_note
from bot.ui.flows import GameFlows
from rules.core.levels import LEVEL_SETTING

#: How many players the daily results list.
TODAY_ROWS = 30


def start_command(
    spec: AnySpec, context: UiContext[GameFlows]
) -> app_commands.Command[Any, ..., None]:
    builder = CommandBuilder()
    if not spec.solitaire:
        # Left out: an open challenge anyone where it is posted may take.
        builder.add("opponent", OPPONENT, OPPONENT_HELP, discord.User | None, None)
    for option in spec.options:
        builder.add_option(option)
    if not spec.solitaire:
        builder.add(
            "clock", CLOCK, CLOCK_HELP, app_commands.Choice[str] | None, None, CLOCK_CHOICES
        )
        builder.add("bank_days", BANK, BANK_HELP, app_commands.Range[int, 1, 30] | None, None)
        builder.add("rated", RATED, RATED_HELP, bool, False)
        rating = app_commands.Range[int, 0, 5000] | None
        builder.add("min_rating", MIN_RATING, MIN_RATING_HELP, rating, None)
        builder.add("max_rating", MAX_RATING, MAX_RATING_HELP, rating, None)
        if spec.levels:
            # Offered on every challenge (Discord can't hide an option by another's value);
            # the service refuses it unless the opponent is the bot.
            levels = [
                app_commands.Choice(name=localized(level.name), value=level.key)
                for level in spec.levels
            ]
            annotation = app_commands.Choice[str] | None
            builder.add(LEVEL_SETTING, LEVEL, LEVEL_HELP, annotation, None, levels)
    own = {option.key for option in spec.options}

    async def start(interaction: discord.Interaction, **values: Any) -> None:
        request = spec.settings_from({k: plain(v) for k, v in values.items() if k in own})
        level = plain(values.get(LEVEL_SETTING))
        if level:
            request.settings[LEVEL_SETTING] = level
        flows = context.flows
        if spec.solitaire:
            await flows.starting.start_solitaire(
                interaction, spec.game_type, request.settings, locale=public_locale(interaction)
            )
            return
        clock = values.get("clock")
        await flows.starting.challenge(
            interaction,
            spec.game_type,
            values.get("opponent"),
            settings=request.settings,
            challenger_seat=request.challenger_seat,
            rated=bool(values.get("rated")),
            move_seconds=int(clock.value) if clock else None,
            locale=public_locale(interaction),
            rating_range=(values.get("min_rating"), values.get("max_rating")),
            bank_days=values.get("bank_days"),
        )

    if spec.solitaire:
        return builder.build(START, START_HELP, start, answer=FirstAnswer.PUBLIC)
    return builder.build(CHALLENGE, CHALLENGE_HELP, start, answer=FirstAnswer.PUBLIC)


def hint_command(
    spec: AnySpec, context: UiContext[GameFlows]
) -> app_commands.Command[Any, ..., None]:
    builder = CommandBuilder()
    builder.add("game", GAME_NUMBER, GAME_NUMBER_HELP, app_commands.Range[int, 1] | None, None)

    async def hint(interaction: discord.Interaction, game: int | None = None) -> None:
        if game is None:
            mine = await context.services.games.queries.list_games(
                interaction.user.id, statuses=(GameStatus.ACTIVE,)
            )
            here = [
                g
                for g in mine
                if g.game_type == spec.game_type and g.channel_id == interaction.channel_id
            ]
            if not here:
                title = spec.title(user_locale(interaction))
                await send_ephemeral(
                    interaction, tr("hint.no_game", user_locale(interaction), game=title)
                )
                return
            game = here[0].id
        await context.flows.asides.show_hint(interaction, game)

    return builder.build(HINT, HINT_HELP, hint, answer=FirstAnswer.PRIVATE)


def _variant_builder(spec: AnySpec) -> CommandBuilder:
    builder = CommandBuilder()
    if len(spec.variants) > 1:
        choices = [app_commands.Choice(name=localized(v.title), value=v.key) for v in spec.variants]
        annotation = app_commands.Choice[str] | None
        builder.add("variant", VARIANT, VARIANT_HELP, annotation, None, choices)
    return builder


def daily_command(
    spec: AnySpec, context: UiContext[GameFlows]
) -> app_commands.Command[Any, ..., None]:
    async def daily(interaction: discord.Interaction, **values: Any) -> None:
        variant = spec.variant(plain(values.get("variant")) or "") or spec.variants[0]
        await context.flows.starting.start_daily(
            interaction,
            spec.game_type,
            dict(variant.settings),
            locale=user_locale(interaction),  # a board only its player sees
        )

    return _variant_builder(spec).build(DAILY, DAILY_HELP, daily, answer=FirstAnswer.PRIVATE)


def today_command(
    spec: AnySpec, context: UiContext[GameFlows]
) -> app_commands.Command[Any, ..., None]:
    async def today(interaction: discord.Interaction, **values: Any) -> None:
        variant = spec.variant(plain(values.get("variant")) or "") or spec.variants[0]
        games = context.services.games
        day = games.clock().date().isoformat()
        results = await games.queries.daily_results(
            installed_guild_id(interaction), f"{day}:{variant.key}"
        )
        locale = user_locale(interaction)
        lines = [tr("daily.title", locale, game=variant.title(locale), day=day)]
        if not results:
            lines.append(tr("daily.none", locale, command=daily_command_name(spec)))
        for game in results[:TODAY_ROWS]:
            user = player_label(game.seats[0], locale)
            summary = spec.summary(game.state, locale)
            if game.outcome is None:
                key = "daily.row_playing"
            elif not game.rules.counts(game.outcome):  # neither won nor lost
                key = "daily.row_no_result"
            else:
                key = "daily.row_won" if game.outcome.winner == 0 else "daily.row_lost"
            lines.append(tr(key, locale, user=user, summary=summary))
        note = forced_private_note(interaction, locale)
        await interaction.response.send_message(
            clip("\n".join(lines), MAX_CONTENT - len(note)) + note,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    return _variant_builder(spec).build(TODAY, TODAY_HELP, today, answer=FirstAnswer.PUBLIC)


def game_group(spec: AnySpec, context: UiContext[GameFlows]) -> app_commands.Group:
    group = anywhere(
        app_commands.Group(
            name=localized(spec.command.name), description=localized(spec.command.description)
        )
    )
    group.add_command(start_command(spec, context))
    if spec.hinter is not None:
        group.add_command(hint_command(spec, context))
    if spec.daily:
        group.add_command(daily_command(spec, context))
        group.add_command(today_command(spec, context))
    return group
