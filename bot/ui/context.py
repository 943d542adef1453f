"""What the Discord layer is handed: the services, the flows and the activity tracker.

Clicks reach it through the interaction's client (``context_of``) and cogs receive it when
they are built, so nothing in ``bot/ui`` or ``bot/cogs`` imports the client itself. The flows
are typed by those who stand above them (``UiContext[GameFlows]``: the cogs and their clicks);
below them the flows draw and are never reached back, so there they are an ``object``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast

import discord

from bot.metrics import METRICS
from bot.services.adjournment import Adjournments
from bot.services.away import AwayService
from bot.services.clocks import ClockService
from bot.services.dm_reach import DmReachBook
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.lessons import LessonService
from bot.services.mistake_reviews import MistakeReviews
from bot.services.open_challenges import OpenChallenges
from bot.services.privacy import PrivacyService
from bot.services.puzzles import PuzzleService
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.web.links import NO_WEB, WebLinkSource

SHUTDOWN_GRACE_SECONDS = 10.0
#: The flows' type, as the holder of a context knows it.
FlowsT = TypeVar("FlowsT")


@dataclass(frozen=True, slots=True)
class Services:
    games: GameService
    standings: StandingsService
    servers: GuildService
    clocks: ClockService
    tournaments: TournamentService
    puzzles: PuzzleService
    #: A player's own mistakes, back as personal puzzles (spaced repetition).
    mistakes: MistakeReviews
    lessons: LessonService
    privacy: PrivacyService
    #: The move clock when neither the challenger nor the server picks one.
    default_move_seconds: int | None
    #: Away mode (/away): its yearly allowance and who is away.
    away: AwayService
    #: Games paused by agreement, and their sealed moves.
    adjournments: Adjournments
    #: Challenges anyone may take.
    open_challenges: OpenChallenges
    #: Whether the bot may DM each user, as Discord has shown it.
    dm_reach: DmReachBook
    #: The web pages' addresses for the "🌐 Web" buttons (none while WEB_BASE_URL is unset).
    web: WebLinkSource = NO_WEB


#: ``Interaction.extras`` key: how the interaction ended, when not "ok" (see ``handle_error``).
OUTCOME = "asobiba.outcome"
#: The metrics' names for the interaction types.
KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.modal_submit: "modal",
    discord.InteractionType.autocomplete: "autocomplete",
}


def count_interaction(interaction: discord.Interaction, outcome: str | None = None) -> None:
    kind = KINDS.get(interaction.type, "other")
    METRICS.interactions.labels(kind, outcome or interaction.extras.get(OUTCOME, "ok")).inc()


class Activity:
    """Counts interactions being handled, so a shutdown can let them finish; each one handled
    is counted in the metrics by kind and outcome when it is done."""

    def __init__(self) -> None:
        self.busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._hurried = False

    @contextlib.asynccontextmanager
    async def handling(self, interaction: discord.Interaction | None = None) -> AsyncIterator[None]:
        self.busy += 1
        self._idle.clear()
        try:
            yield
        except BaseException:
            if interaction is not None:
                interaction.extras[OUTCOME] = "error"
            raise
        finally:
            self.busy -= 1
            if self.busy == 0:
                self._idle.set()
            if interaction is not None:
                count_interaction(interaction)

    async def wait_idle(self, grace: float = SHUTDOWN_GRACE_SECONDS) -> bool:
        """Wait until nothing is being handled; False if the grace period ran out, or
        :meth:`hurry` cut the wait short with interactions still running."""
        if not self._hurried:
            try:
                async with asyncio.timeout(grace):
                    await self._idle.wait()
            except TimeoutError:
                return False
        return self.busy == 0

    def hurry(self) -> None:
        """Wait no longer (a second Ctrl-C or SIGTERM): :meth:`wait_idle` returns at once, now
        and from now on."""
        self._hurried = True
        self._idle.set()


@dataclass(frozen=True, slots=True)
class UiContext(Generic[FlowsT]):
    services: Services
    flows: FlowsT
    activity: Activity


class HasContext(Protocol):
    @property
    def asobiba(self) -> UiContext[object]: ...


def context_of(interaction: discord.Interaction) -> UiContext[object]:
    """The context, as code below the flows may use it: services and activity."""
    return cast(HasContext, interaction.client).asobiba
