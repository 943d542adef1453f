"""The Discord client: wires settings, services, cogs, components and the error path."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.db import Database
from bot.services.clocks import ClockService
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.standings import StandingsService
from bot.ui.common import NO_PINGS, handle_error
from bot.ui.components import ALL_DYNAMIC_ITEMS
from bot.ui.flows import GameFlows
from bot.ui.replay import REPLAY_ITEMS
from bot.ui.senretsu import PANEL_ITEMS
from bot.ui.translator import CatalogueTranslator

log = logging.getLogger(__name__)
SHUTDOWN_GRACE_SECONDS = 10.0


class AsobibaTree(app_commands.CommandTree["AsobibaBot"]):
    async def _call(self, interaction: discord.Interaction[AsobibaBot]) -> None:
        async with self.client.handling():
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


class AsobibaBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, db: Database, games: GameService | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            tree_cls=AsobibaTree,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # type: ignore[arg-type]
            allowed_mentions=NO_PINGS,
            help_command=None,
        )
        self.settings = settings
        self.db = db
        self.games = games or GameService(
            db, challenge_ttl=timedelta(seconds=settings.challenge_ttl_seconds)
        )
        self.flows = GameFlows(self, self.games)
        self.clocks = ClockService(self.games)
        self.standings = StandingsService(db, self.games.clock)
        self.servers = GuildService(db, self.games.clock)
        self._clock_task: asyncio.Task[None] | None = None
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        """Marks an interaction being handled, so shutdown can let it finish."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def wait_idle(self) -> bool:
        """Wait until no interaction is being handled; False if the grace period ran out."""
        try:
            async with asyncio.timeout(SHUTDOWN_GRACE_SECONDS):
                await self._idle.wait()
        except TimeoutError:
            return False
        return True

    async def setup_hook(self) -> None:
        from bot.cogs.bushi import BushiCog
        from bot.cogs.player import PlayerCog, StandingsPageButton
        from bot.cogs.rules_help import RulesCog
        from bot.cogs.senretsu import SenretsuCog
        from bot.cogs.server import ServerCog
        from bot.cogs.yosukou import YosukouCog

        if self.settings.run_migrations:
            await self.db.migrate()
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(*ALL_DYNAMIC_ITEMS, *PANEL_ITEMS)
        await self.add_cog(BushiCog(self))
        await self.add_cog(YosukouCog(self))
        await self.add_cog(SenretsuCog(self))
        await self.add_cog(RulesCog(self))
        await self.add_cog(PlayerCog(self))
        await self.add_cog(ServerCog(self))
        self.add_dynamic_items(StandingsPageButton, *REPLAY_ITEMS)
        await self.sync_commands()
        self._clock_task = asyncio.create_task(self._run_clocks(), name="asobiba-clocks")

    @property
    def default_move_seconds(self) -> int | None:
        return self.settings.default_clock_hours * 3600 or None

    async def clock_tick(self) -> None:
        """One pass of the move clocks: claim what is due, then tell the channels."""
        await self.flows.announce(await self.clocks.tick())

    async def _run_clocks(self) -> None:
        while True:
            await asyncio.sleep(self.settings.clock_tick_seconds)
            try:
                async with self.handling():
                    await self.clock_tick()
            except Exception:
                log.exception("move clock tick failed; trying again next tick")

    async def sync_commands(self) -> None:
        # With shards split across processes only the one holding shard 0 registers commands.
        if not self.settings.sync_commands or (
            self.settings.shard_ids is not None and 0 not in self.settings.shard_ids
        ):
            return
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("registered %d application commands", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "connected as %s (%s) on %d shard(s)",
            self.user,
            getattr(self.user, "id", "?"),
            self.shard_count or 1,
        )

    async def close(self) -> None:
        # A graceful stop: answers already committed to the database still reach Discord.
        if self._clock_task is not None:
            self._clock_task.cancel()
        if not await self.wait_idle():
            log.warning("closing with %d interaction(s) still running", self._busy)
        await super().close()
        await self.db.dispose()
