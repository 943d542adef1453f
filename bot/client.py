"""The Discord client: the composition root. It wires settings, services, the flows, every
registered game's commands, the shared commands, components and the one error path."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
import sys
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.away import AwayBackClick, away_command
from bot.cogs.corner import CORNER_CLICKS
from bot.cogs.games import game_group
from bot.cogs.learn import LESSON_CLICKS, learn_command
from bot.cogs.mistakes import MISTAKE_CLICKS
from bot.cogs.play import PLAY_CLICKS
from bot.cogs.player import HistoryClick, HistoryPageClick, PlayerCog, ReopenClick
from bot.cogs.privacy import PrivacyClick, privacy_command
from bot.cogs.puzzles import PUZZLE_CLICKS, puzzle_command
from bot.cogs.server import ServerCog
from bot.cogs.standings import StandingsPageClick, rules_command, standings_command
from bot.cogs.tournaments import TournamentPageClick, tournament_group
from bot.command_mentions import NAMES
from bot.config import Settings
from bot.db import Database
from bot.db.diagnosis import describe_upgrade
from bot.db.faults import DatabaseUnavailable
from bot.errors import FriendlyError
from bot.games.registry import all_specs
from bot.gateway_guard import GuardedConnectionState, answerable_interaction, interaction_context
from bot.http_timing import Arrivals, discord_trace
from bot.i18n import tr
from bot.interaction_gate import InteractionGate
from bot.metrics_server import BotGauges, MetricsServer
from bot.rate_limit import UserRateLimit
from bot.services.adjournment import Adjournments
from bot.services.away import AwayService
from bot.services.clocks import ClockService
from bot.services.deliveries import owner_name
from bot.services.dm_reach import DmReachBook
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.lessons import LessonService
from bot.services.mistake_cards import MistakeCards
from bot.services.mistake_reviews import MistakeReviews
from bot.services.open_challenges import OpenChallenges
from bot.services.privacy import PrivacyService
from bot.services.puzzles import PuzzleService
from bot.services.snapshot_refresh import upgrade_database
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.ui.answering import FirstAnswer, answering, declared
from bot.ui.app_emojis import sync_emojis
from bot.ui.common import (
    NO_PINGS,
    custom_ids_on,
    handle_error,
    refuse_overlong_options,
    send_ephemeral,
    user_locale,
)
from bot.ui.components import NumberForm, number_form_answer
from bot.ui.context import OUTCOME, Activity, Services, UiContext, count_interaction
from bot.ui.corner_components import NoteForm, note_form_answer
from bot.ui.easel import EASEL
from bot.ui.flows import compose_flows
from bot.ui.lesson_cards import LessonNumberForm, lesson_number_answer
from bot.ui.translator import CatalogueTranslator
from bot.web.links import WebLinkSource

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's warnings at every start that PyNaCl and
# davey (voice's libraries) are missing say nothing to an operator.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

#: Every click the bot answers: each is restart-proof, known by its custom_id's template.
COMPONENTS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *PLAY_CLICKS,
    *CORNER_CLICKS,
    *PUZZLE_CLICKS,
    *MISTAKE_CLICKS,
    *LESSON_CLICKS,
    ReopenClick,
    HistoryClick,
    HistoryPageClick,
    StandingsPageClick,
    TournamentPageClick,
    PrivacyClick,
    AwayBackClick,
)


def known_component(custom_id: str) -> bool:
    return component_for(custom_id) is not None


def component_for(
    custom_id: str,
) -> tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]] | None:
    """The restart-proof component a custom_id names, with its template's match."""
    for item in COMPONENTS:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            return item, match
    return None


#: Discord's interaction context and installation type for a server ("Application Commands —
#: Interaction Contexts", "Installation Context").
GUILD_CONTEXT = 0
GUILD_INSTALL = 0


def as_registered(payload: dict[str, Any], *, guild_scoped: bool) -> dict[str, Any]:
    """A top-level command's payload as Discord documents it now. ``dm_permission`` goes:
    it is deprecated for ``contexts``, which discord.py sends beside it. On one server's
    registration (``DEV_GUILD_ID``) the command carries only the server context and install:
    ``contexts`` and ``integration_types`` apply to global commands only, and a server's own
    commands are offered nowhere else (not in the bot's DM, which discord.py would claim)."""
    shaped = {key: value for key, value in payload.items() if key != "dm_permission"}
    if guild_scoped:
        shaped["contexts"] = [GUILD_CONTEXT]
        shaped["integration_types"] = [GUILD_INSTALL]
    return shaped


class AsobibaTree(app_commands.CommandTree["AsobibaBot"]):
    async def sync(
        self, *, guild: discord.abc.Snowflake | None = None
    ) -> list[app_commands.AppCommand]:
        """discord.py's ``sync`` (the bulk overwrite), each payload shaped by
        :func:`as_registered`: its payloads are built inside it, with no hook."""
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=guild)
        translator = self.translator
        payload = [
            as_registered(
                await command.get_translated_payload(self, translator)
                if translator
                else command.to_dict(self),
                guild_scoped=guild is not None,
            )
            for command in commands
        ]
        http = self.client.http
        try:
            if guild is None:
                data = await http.bulk_upsert_global_commands(application_id, payload=payload)
            else:
                data = await http.bulk_upsert_guild_commands(
                    application_id, guild.id, payload=payload
                )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=self.client._connection) for d in data]

    async def _call(self, interaction: discord.Interaction[AsobibaBot]) -> None:
        # Every command declares how it answers; an unknown one is answered privately.
        first = declared(interaction.command) or FirstAnswer.PRIVATE
        activity = self.client.asobiba.activity
        async with activity.handling(interaction), answering(interaction, first):
            try:
                refuse_overlong_options(interaction)
            except FriendlyError as error:
                await handle_error(interaction, error)
                return
            await super()._call(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)


def intents() -> discord.Intents:
    """No privileged intents: slash commands and components need only the guilds intent."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


_heap_frozen = False


def freeze_start_up_heap() -> None:
    """Once per process: what is alive once the bot is set up (modules, the command tree, the
    registries) lives as long as the process, so the collector's full passes need not walk it
    (on a busy bot they took 50 ms and more: a stall of every player's action)."""
    global _heap_frozen
    if not _heap_frozen:
        _heap_frozen = True
        gc.collect()
        gc.freeze()


class AsobibaBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, db: Database, games: GameService | None = None) -> None:
        # Discord's response times are timed only for a metrics endpoint to show: a trace makes
        # aiohttp build its events for every request (3 % of a click's CPU).
        arrivals = None if settings.metrics_port is None else Arrivals()
        traced: dict[str, Any] = {} if arrivals is None else {"http_trace": discord_trace(arrivals)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            tree_cls=AsobibaTree,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # type: ignore[arg-type]
            allowed_mentions=NO_PINGS,
            help_command=None,
            **traced,
        )
        self.settings = settings
        self.db = db
        games = games or GameService(
            db, challenge_ttl=timedelta(seconds=settings.challenge_ttl_seconds)
        )
        games.starts.max_open_challenges = settings.max_open_challenges
        games.deliveries.owner = owner_name(settings.shard_ids)
        servers = GuildService(db, games.clock)
        standings = StandingsService(db, games.clock)
        dm_reach = DmReachBook(db, games.clock)
        tournaments = TournamentService(games, servers)
        away = AwayService(games, settings.away_days_per_year)
        services = Services(
            games=games,
            standings=standings,
            servers=servers,
            clocks=ClockService(games, away),
            away=away,
            adjournments=Adjournments(games, games.starts.secrets),
            open_challenges=OpenChallenges(games),
            dm_reach=dm_reach,
            tournaments=tournaments,
            puzzles=PuzzleService(db, games.clock, games.starts.secrets),
            mistakes=MistakeReviews(db, games.clock),
            lessons=LessonService(db, games.clock),
            privacy=PrivacyService(db, games, tournaments, standings, dm_reach),
            default_move_seconds=settings.default_clock_hours * 3600 or None,
            web=WebLinkSource(settings.web_base_url, settings.web_secret, games.starts.secrets),
        )
        #: Every finished game's players get their mistakes back as cards (after its commit).
        self.mistake_cards = MistakeCards(db, games)
        self.mistake_cards.listen()
        self._mistakes_task: asyncio.Task[object] | None = None
        self.flows = compose_flows(self, services, settings.home_server_invite)
        #: What cogs and components are handed (they never import this module).
        self.asobiba = UiContext(services, self.flows, Activity())
        self.gate = InteractionGate(
            arrivals,
            UserRateLimit(settings.rate_limit_per_minute, settings.rate_limit_burst)
            if settings.rate_limit_per_minute
            else None,
            self.asobiba.activity,
        )
        self.gate.state = self._connection
        self._clock_task: asyncio.Task[None] | None = None
        self._delivery_task: asyncio.Task[None] | None = None
        #: Set by a stop: the clock and delivery loops start no new pass, and rest no longer.
        self._closing = asyncio.Event()
        self.emoji_sync: asyncio.Task[None] | None = None
        self._apologies: set[asyncio.Task[None]] = set()
        self.metrics_server = (
            None
            if settings.metrics_port is None
            else MetricsServer(
                BotGauges(
                    self._shards_connected,
                    services.games.queries.count_open,
                    services.games.deliveries.backlog,
                ),
                settings.metrics_host,
                settings.metrics_port,
            )
        )

    def _get_state(self, **options: Any) -> GuardedConnectionState:
        # discord.py's hook for building its connection state: ours guards every parser, so a
        # malformed gateway event is dropped instead of terminating the shard (and the process).
        return GuardedConnectionState(
            dispatch=self.dispatch,
            handlers=self._handlers,
            hooks=self._hooks,
            http=self.http,
            on_parse_error=self._on_parse_error,
            # The gate is built after the state (discord.py builds it in Client.__init__).
            admit=lambda data: self.gate.admit(data),
            **options,
        )

    def _shards_connected(self) -> tuple[int, int]:
        shards = list(self.shards.values())
        return sum(not shard.is_closed() for shard in shards), len(shards)

    def _on_parse_error(self, event: str, data: Any, error: Exception) -> None:
        """A gateway event discord.py could not parse: log it once, answer whoever sent it."""
        if event != "INTERACTION_CREATE":
            log.error("dropped a malformed %s gateway event", event, exc_info=error)
            return
        ident, kind, custom_id = interaction_context(data)
        log.error(
            "dropped a malformed interaction (id=%r, type=%r, custom_id=%r)",
            ident,
            kind,
            custom_id,
            exc_info=error,
        )
        interaction = answerable_interaction(self._connection, data)
        if interaction is not None:
            task = asyncio.create_task(self._apologise(interaction))
            self._apologies.add(task)  # keep a reference until it is done
            task.add_done_callback(self._apologies.discard)

    async def _apologise(self, interaction: discord.Interaction) -> None:
        interaction.extras[OUTCOME] = "error"
        async with self.asobiba.activity.handling(interaction):
            try:
                await send_ephemeral(interaction, tr("error.unexpected", user_locale(interaction)))
            except discord.HTTPException:
                log.warning("could not answer malformed interaction %s", interaction.id)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An event handler raised: with an interaction at hand, the one error path logs it
        with its context and answers the user; anything else is logged."""
        error = sys.exc_info()[1]
        interaction = next((a for a in args if isinstance(a, discord.Interaction)), None)
        if interaction is None or error is None:
            log.exception("unhandled error in %s", event_method)
            return
        await handle_error(interaction, error)

    @property
    def games(self) -> GameService:
        return self.asobiba.services.games

    async def setup_hook(self) -> None:
        if self.settings.run_migrations:
            said = describe_upgrade(await upgrade_database(self.db), self.db.url)
            if said:
                log.info("%s", said)
        if self.metrics_server is not None:
            await self.metrics_server.start()
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*COMPONENTS)
        EASEL.configure(self.settings.drawing_processes)
        EASEL.start()  # now, not at the first picture (which would wait for the workers)
        await self.register_commands()
        await self.sync_commands()
        # What changes owed people when this instance last stopped goes out first.
        self._delivery_task = asyncio.create_task(self._run_deliveries(), name="asobiba-deliveries")
        self._clock_task = asyncio.create_task(self._run_clocks(), name="asobiba-clocks")
        # The cards of games that ended while no instance was making them (a stop, a crash).
        self._mistakes_task = asyncio.create_task(
            self.mistake_cards.catch_up(), name="asobiba-mistakes-catch-up"
        )
        if self.settings.app_emojis:
            # In the background: dozens of uploads on a first start must not delay the games.
            self.emoji_sync = asyncio.create_task(self.sync_emojis(), name="asobiba-emojis")
        freeze_start_up_heap()

    async def register_commands(self) -> None:
        """Every registered game's group, then the shared commands."""
        for spec in all_specs():
            self.tree.add_command(game_group(spec, self.asobiba))
        self.tree.add_command(standings_command(self.asobiba))
        self.tree.add_command(rules_command())
        self.tree.add_command(puzzle_command(self.asobiba))
        self.tree.add_command(learn_command(self.asobiba))
        self.tree.add_command(privacy_command(self.asobiba))
        self.tree.add_command(tournament_group(self.asobiba))
        self.tree.add_command(away_command(self.asobiba))
        await self.add_cog(PlayerCog(self.asobiba))
        await self.add_cog(ServerCog(self.asobiba))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Number forms are answered from their custom_id alone, so one opened before a
        restart can still be submitted after it. A component or form the bot does not know
        (from a removed feature, or garbage) gets a friendly word rather than Discord's
        "This interaction failed"."""
        answer = number_form_answer(interaction)
        lesson_answer = lesson_number_answer(interaction)
        note = note_form_answer(interaction)
        if answer is None and lesson_answer is None and note is None:
            await self._answer_unknown(interaction)
        else:
            form = NumberForm if answer else NoteForm if note else LessonNumberForm
            activity = self.asobiba.activity
            async with activity.handling(interaction), answering(interaction, form.answer_kind):
                try:
                    if answer is not None:
                        await self.flows.playing.submit_number(interaction, *answer)
                    elif lesson_answer is not None:
                        await self.flows.lessons.answer_number(interaction, *lesson_answer)
                    elif note is not None:
                        await self.flows.corner.save_note(interaction, *note)
                except Exception as error:  # the one error path decides what to say
                    await handle_error(interaction, error)
        # Every interaction passes here (after its answer, which must not wait for this).
        await self._note_reach(interaction)

    async def _note_reach(self, interaction: discord.Interaction) -> None:
        """What the interaction says of whether the bot may DM its user (written at most once a
        day per user and process): a courtesy, so a database outage only skips it."""
        try:
            async with self.asobiba.activity.handling():
                await self.flows.dm_gate.seen(interaction)
        except DatabaseUnavailable:
            pass  # logged once per outage (bot.db.faults)
        except Exception:  # the interaction itself was answered: never apologise for this
            log.warning("could not note what interaction %s says", interaction.id, exc_info=True)

    async def _answer_unknown(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data) if isinstance(interaction.data, dict) else {}
        custom_id = str(data.get("custom_id", ""))
        known = False
        if interaction.type is discord.InteractionType.component:
            # discord.py runs a known component only when its custom_id is on the message the
            # interaction carries; a click racing an edit of that message (a double click, a
            # flood) is dropped there without a word, so it is answered here: a stale button.
            known = known_component(custom_id)
            if known and custom_id in custom_ids_on(interaction.message):
                return
            if known and data.get("component_type") == discord.ComponentType.button.value:
                await self._press_raced_button(interaction, custom_id)
                return
        elif interaction.type is not discord.InteractionType.modal_submit:
            return
        what = "a stale" if known else "an unknown"
        log.info("answered %s %s (custom_id=%r)", what, interaction.type.name, custom_id)
        count_interaction(interaction, "stale" if known else "unknown")
        key = "error.bad_button" if known else "error.unknown_component"
        try:
            await send_ephemeral(interaction, tr(key, user_locale(interaction)))
        except discord.HTTPException:
            log.warning("could not answer unknown interaction %s", interaction.id)

    async def _press_raced_button(self, interaction: discord.Interaction, custom_id: str) -> None:
        """A button whose message was edited between the click and its arrival (a double click,
        the other player's janken pick redrawing this panel): its custom_id says all it does —
        game, version, action — so it runs as pressed, and the service judges it (a stale
        version is refused there, a simultaneous pick still counts)."""
        found = component_for(custom_id)
        assert found is not None
        factory, match = found
        try:
            item = await factory.from_custom_id(
                interaction, discord.ui.Button(custom_id=custom_id), match
            )
        except Exception:
            log.exception("could not rebuild the raced button %r", custom_id)
            count_interaction(interaction, "unknown")
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        log.info("a button pressed as its message changed (custom_id=%r)", custom_id)
        await item.callback(interaction)

    async def clock_tick(self) -> None:
        """One pass of the move clocks: claim what is due, then tell the channels."""
        await self.flows.clock_notices.announce(await self.asobiba.services.clocks.tick())

    async def tournament_tick(self) -> None:
        """One pass of the tournaments: sign-ups that closed, rounds that ended."""
        await self.flows.tournaments.announce_tournaments(
            await self.asobiba.services.tournaments.scheduler.tick()
        )

    async def deliver_owed(self, *, starting: bool = False) -> int:
        """One pass of the outbox: deliver what is due (``starting``: also everything this
        instance owed when it stopped); how many deliveries were taken."""
        async with self.asobiba.activity.handling():
            return await self.flows.deliverer.pass_once(starting=starting)

    async def _run_deliveries(self) -> None:
        """Deliver, for as long as the bot runs: first what this instance owed when it last
        stopped, then whatever falls due (a back-off over, a dead process's lease run out)."""
        starting = True
        while not self._closing.is_set():
            try:
                await self.deliver_owed(starting=starting)
                starting = False
            except DatabaseUnavailable:
                pass  # said where the outage is seen; the next pass tries again
            except Exception:
                log.exception("could not deliver what the outbox holds; trying again")
            await self._rest(self.settings.delivery_poll_seconds)

    async def _run_clocks(self) -> None:
        try:
            async with self.asobiba.activity.handling():
                await self.flows.playing.resume_planned()
                if self.settings.shard_ids is None:
                    # Serving every shard, no other process can be posting a round's boards:
                    # those a crash left unposted go out now, not after the grace.
                    scheduler = self.asobiba.services.tournaments.scheduler
                    await self.flows.tournaments.announce_tournaments(
                        await scheduler.unposted_boards(grace=timedelta(0))
                    )
        except DatabaseUnavailable:
            pass  # the outage is logged once (bot.db.faults); what is left waits for a tick
        except Exception:  # what is left waits for the next start
            log.exception("could not deliver what was owed from before the start")
        while not self._closing.is_set():
            await self._rest(self.settings.clock_tick_seconds)
            for tick in (self.clock_tick, self.tournament_tick):
                if self._closing.is_set():
                    return
                try:
                    async with self.asobiba.activity.handling():
                        await tick()
                except DatabaseUnavailable:
                    pass  # logged once per outage (bot.db.faults), not once per tick
                except Exception:
                    log.exception("%s failed; trying again next tick", tick.__name__)

    async def _rest(self, seconds: float) -> None:
        """Wait ``seconds`` between passes, or until the bot is stopping."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._closing.wait(), seconds)

    async def sync_emojis(self) -> None:
        """The games' faces as the app's emojis: only the process holding shard 0 uploads."""
        upload = self.settings.shard_ids is None or 0 in self.settings.shard_ids
        try:
            await sync_emojis(
                self, all_specs(), upload=upload, pace=self.settings.emoji_pace_seconds
            )
        except Exception:  # the words alone are shown: nothing depends on the pictures
            log.exception("could not set up the app's emojis")

    async def sync_commands(self) -> None:
        """Register the commands (only the process holding shard 0, when shards are split), or
        fetch them: either way the bot learns their ids, to mention them in messages."""
        NAMES.learn_names(self.tree.get_commands())
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if self.settings.sync_commands and (
            self.settings.shard_ids is None or 0 in self.settings.shard_ids
        ):
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            registered = await self.tree.sync(guild=guild)
            log.info("registered %d application commands", len(registered))
        else:
            try:
                registered = await self.tree.fetch_commands(guild=guild)
            except discord.HTTPException as error:
                # Messages then name commands in words instead of as mentions.
                log.warning("could not fetch the application commands: %s", error)
                return
        NAMES.learn_ids(registered)

    async def on_ready(self) -> None:
        log.info(
            "connected as %s (%s) on %d shard(s)",
            self.user,
            getattr(self.user, "id", "?"),
            self.shard_count or 1,
        )

    async def close(self) -> None:
        # A graceful stop: answers already committed to the database still reach Discord. The
        # clock and delivery loops finish the pass under way (cancelled inside a transaction,
        # its connection's rollback was cancelled too, and logged as a traceback) and start no
        # other; they are cancelled once the work under way is done.
        self._closing.set()
        for task in (self.emoji_sync, self._mistakes_task):
            if task is not None:
                task.cancel()
        # Cards being made are given up: the next start's catch-up makes them.
        await self.mistake_cards.stop()
        activity = self.asobiba.activity
        if not await activity.wait_idle():
            log.warning("closing with %d interaction(s) still running", activity.busy)
        for task in (self._clock_task, self._delivery_task):
            if task is not None:
                task.cancel()
        await super().close()
        if self.metrics_server is not None:
            await self.metrics_server.stop()
        try:
            await self.asobiba.services.games.messages.flush_pings()
            await self.flows.deliverer.flush()
        except Exception:
            log.warning("could not record the newest turn pings", exc_info=True)
        await self.db.dispose()
        EASEL.shutdown()
