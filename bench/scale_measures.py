"""What :mod:`bench.scale` times on one filled database: each measurement is one rep's samples
(seconds), taken through the services the commands call, on the players
:class:`bench.scale_shape.Measured` made for it.

Every measurement does the same work at every size (the same players, games in play and
moves, picked by a seeded generator), so two deployments measured in turn differ only by how
much history they hold.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from bench.scale_shape import LIVE, NOW, Measured, guild_of
from bot.db import Database
from bot.services.away import AwayService
from bot.services.clocks import ClockService
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.privacy_export import PrivacyExport
from bot.services.puzzles import PuzzleService
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import Player
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.statuses import GameStatus
from bot.ui.history import PAGE
from bot.ui.privacy import UPLOAD_LIMIT
from rules.core import Rng

#: Moves timed per rep (the p99 of these is the action's figure).
MOVES = 200
#: Entrants of the tournament whose first round is started.
ENTRANTS = 32


class BenchClock:
    """The services' clock: it stands at :data:`bench.scale_shape.NOW` (a tournament is set
    up a little before)."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


async def timed(call: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> float:
    """Seconds ``call(*args, **kwargs)`` took."""
    started = time.perf_counter()
    await call(*args, **kwargs)
    return time.perf_counter() - started


class Deployment:
    """One filled database and the services over it, as the bot wires them."""

    def __init__(self, name: str, url: str, games: int, small: int, in_play: int = LIVE) -> None:
        self.name = name
        self.games = games
        self.in_play = in_play
        self.measured = Measured(games, small)
        self.db = Database(url)
        self.clock = BenchClock()
        self.service = GameService(self.db, clock=self.clock, seed_source=Rng.from_seed(3))
        self.standings = StandingsService(self.db, self.clock)
        self.clocks = ClockService(self.service)
        self.away = AwayService(self.service)
        self.puzzles = PuzzleService(self.db, self.clock, DeploymentSecrets(self.db, self.clock))
        self.tournaments = TournamentService(self.service, GuildService(self.db, self.clock))
        self.export = PrivacyExport(self.db, self.service)

    async def close(self) -> None:
        await self.db.dispose()

    # --- the measurements ------------------------------------------------------------------

    async def action(self, rep: int) -> list[float]:
        """:data:`MOVES` random legal moves in games in play, each through the service."""
        rng = random.Random(rep)
        samples: list[float] = []
        while len(samples) < MOVES:
            game_id = self.games + 1 + rng.randrange(self.in_play)
            game = await self.service.queries.get(game_id)
            if game.status != GameStatus.ACTIVE:
                continue
            rules = game.rules
            seat = rules.to_act(game.state)[0]
            legal = rules.legal_actions(game.state, seat)
            code = rules.format(legal[rng.randrange(len(legal))])
            user = game.player(seat).user_id
            samples.append(await timed(self.service.actions.act, game_id, user, game.version, code))
        return samples

    async def tick(self, rep: int) -> list[float]:
        """The move clock's tick (reminders, losses on time, expired challenges)."""
        return [await timed(self.clocks.tick) for _ in range(3)]

    async def games_list(self, rep: int) -> list[float]:
        """/games in each keen player's server."""
        list_games = self.service.queries.list_games
        return [await timed(list_games, u, guild_id=guild_of(u)) for u in self.measured.keen]

    async def history(self, rep: int) -> list[float]:
        """/history pages of each keen player, anywhere (all their games): the first, then
        each page after the one before (▶): four pages of 25, at every size."""
        history = self.service.queries.history
        samples = []
        for user in self.measured.keen:
            after = None
            for _ in range(4):
                started = time.perf_counter()
                page = await history.page(user, limit=PAGE, after=after, viewer=user)
                samples.append(time.perf_counter() - started)
                if not page.older:
                    break
                after = page.last
        return samples

    async def table(self, rep: int) -> list[float]:
        """/standings: a page among the first ten of each server's 武士将棋 table."""
        rng = random.Random(rep)
        samples = []
        for n in range(10):
            guild = guild_of(self.measured.keen[n % len(self.measured.keen)])
            page = rng.randrange(10)
            samples.append(await timed(self.standings.standings, guild, "bushi", page))
        return samples

    async def profile(self, rep: int) -> list[float]:
        """/profile of each regular player, in their server: what the command reads."""

        async def one(user: int) -> None:
            guild = guild_of(user)
            await self.standings.profile(user, guild, viewer_id=user)
            await self.standings.profile(user, None, viewer_id=user)
            await self.service.move_times.of(user)
            await self.away.status(user)
            await self.puzzles.standings(user, guild)

        return [await timed(one, u) for u in self.measured.regular]

    async def round_start(self, rep: int) -> list[float]:
        """A Swiss tournament of :data:`ENTRANTS` (keen, regular and other players) whose
        sign-up has just closed: its start — seeding by rating, round 1 paired, its games
        begun — is timed, not its making."""
        server = guild_of(self.measured.keen[0])
        entrants = [*self.measured.keen, *self.measured.regular]
        entrants += [entrants[0] - 1_000 - n for n in range(ENTRANTS - len(entrants))]
        self.clock.now = NOW - timedelta(hours=2)
        try:
            made = await self.tournaments.actions.create(
                guild_id=server,
                channel_id=server + 1,
                organiser=Player(entrants[0], "organiser"),
                manages_server=True,
                name=f"Scale {rep}",
                game_type="bushi",
                settings={},
                format="swiss",
                rounds=5,
                move_seconds=86_400,
                rated=True,
                signup_seconds=3_600,
                max_players=None,
                play_seconds=0,  # a solitaire event's only
                locale="en",
            )
            for user in entrants:
                await self.tournaments.actions.join(made.id, server, Player(user, f"p{user}"))
        finally:
            self.clock.now = NOW
        return [await timed(self.tournaments.scheduler.open, made.id)]

    async def export_file(self, rep: int) -> list[float]:
        """The exporter's /privacy export (1 000 games), written to the file sent."""

        async def one() -> None:
            async with self.export.file(self.measured.exporter, gzip_over=UPLOAD_LIMIT):
                pass

        return [await timed(one)]


#: A measurement: its name in the table, the statistics taken of a rep's samples (a row
#: each), the method.
Measurement = tuple[str, tuple[str, ...], Callable[[Deployment, int], Awaitable[list[float]]]]

MEASUREMENTS: tuple[Measurement, ...] = (
    ("action (a move through the service)", ("p99", "median"), Deployment.action),
    ("clock tick", ("median",), Deployment.tick),
    ("/games", ("median",), Deployment.games_list),
    ("/history (a page)", ("median",), Deployment.history),
    ("/standings (a page)", ("median",), Deployment.table),
    ("/profile", ("median",), Deployment.profile),
    ("tournament round start (32 players)", ("median",), Deployment.round_start),
    ("1 000-game export", ("median",), Deployment.export_file),
)


def chosen(only: list[str] | None = None) -> tuple[Measurement, ...]:
    """The measurements whose names begin with one of ``only`` (all of them without it)."""
    if not only:
        return MEASUREMENTS
    found = tuple(m for m in MEASUREMENTS if any(m[0].startswith(o) for o in only))
    if not found:
        raise ValueError(f"no measurement begins with any of {only}")
    return found


def rows(only: list[str] | None = None) -> list[str]:
    """The table's rows: each (chosen) measurement's name and statistic."""
    return [f"{name} ({kind})" for name, kinds, _ in chosen(only) for kind in kinds]
