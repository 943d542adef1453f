"""What the Discord layer is handed: the services, the flows and the activity tracker.

Components reach it through the interaction's client (``context_of``) and cogs receive it when
they are built, so nothing in ``bot/ui`` or ``bot/cogs`` imports the client itself.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.metrics import METRICS
from bot.services.adjournment import Adjournments
from bot.services.away import AwayService
from bot.services.clocks import ClockService, Notice
from bot.services.dm_reach import DmReachBook
from bot.services.freshness import Seen
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.lessons import LessonService
from bot.services.open_challenges import OpenChallenges
from bot.services.privacy import PrivacyService
from bot.services.puzzles import PuzzleService
from bot.services.snapshots import GameSnapshot
from bot.services.standings import StandingsService
from bot.services.tournament_snapshots import TournamentNotice
from bot.services.tournaments import TournamentService
from rules.core import Event, Locale, Seat

SHUTDOWN_GRACE_SECONDS = 10.0


# What components and commands start, job by job (the flows themselves, in bot/ui/flows.py,
# build the components, so those reach them through these shapes instead of importing them).


class PlayingFlow(Protocol):
    """Implemented by :class:`bot.ui.playing.Playing`."""

    async def play(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, code: str
    ) -> None: ...

    async def answer_challenge(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, answer: str
    ) -> None: ...

    async def confirm_resign(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def adjourn(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, step: str
    ) -> None: ...

    async def close_copy(self, interaction: discord.Interaction, game_id: int) -> None: ...


class PanelFlow(Protocol):
    """Implemented by :class:`bot.ui.panel_flows.Panels`."""

    async def show_panel(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        step: str | None = None,
        seen: Seen | None = None,
    ) -> None: ...

    async def ask_number(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, prefix: str
    ) -> None: ...


class SharingFlow(Protocol):
    """Implemented by :class:`bot.ui.sharing.Sharing`."""

    async def share(self, interaction: discord.Interaction, game_id: int) -> None: ...


class AsideFlow(Protocol):
    """Implemented by :class:`bot.ui.asides.Asides`."""

    async def show_hint(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def send_log(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def verify(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def explain(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def start_replay(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def review(self, interaction: discord.Interaction, game_id: int) -> None: ...


class StartingFlow(Protocol):
    """Implemented by :class:`bot.ui.starting.Starting`."""

    async def challenge(
        self,
        interaction: discord.Interaction,
        game_type: str,
        opponent: discord.abc.User | None,
        *,
        settings: Mapping[str, Any],
        challenger_seat: Seat | None,
        rated: bool,
        locale: Locale,
        move_seconds: int | None = None,
        rating_range: tuple[int | None, int | None] = (None, None),
    ) -> None: ...

    async def start_solitaire(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None: ...

    async def reopen(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def start_daily(
        self,
        interaction: discord.Interaction,
        game_type: str,
        settings: Mapping[str, Any],
        *,
        locale: Locale,
    ) -> None: ...

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...


class DeliveryFlow(Protocol):
    """Implemented by :class:`bot.ui.deliverer.Deliverer`."""

    async def deliver(
        self,
        game: GameSnapshot,
        owed: Sequence[int] | None = None,
        *,
        recent: Sequence[Event] = (),
        actor_id: int | None = None,
        via: discord.Interaction | None = None,
        board_shown: bool = False,
        ping: bool = True,
    ) -> None: ...


class ClockNoticeFlow(Protocol):
    """Implemented by :class:`bot.ui.clock_notices.ClockNotices`."""

    async def announce(self, notices: Sequence[Notice]) -> None: ...


class TournamentFlow(Protocol):
    """Implemented by :class:`bot.ui.tournament_flows.TournamentFlows`."""

    async def announce_tournaments(self, notices: Sequence[TournamentNotice]) -> None: ...

    async def after_game(self, game: GameSnapshot) -> None: ...

    async def play_deal(
        self, interaction: discord.Interaction, tournament_id: int, guild_id: int
    ) -> None: ...


class PuzzleFlow(Protocol):
    """Implemented by :class:`bot.ui.puzzles.PuzzleCards`."""

    async def show_new(
        self, interaction: discord.Interaction, game_key: str, daily: bool
    ) -> None: ...

    async def show_next(self, interaction: discord.Interaction, game_key: str) -> None: ...

    async def show_as(
        self,
        interaction: discord.Interaction,
        game_key: str,
        puzzle_id: str,
        day: str | None,
        mode: str,
    ) -> None: ...

    async def answer(
        self,
        interaction: discord.Interaction,
        game_key: str,
        puzzle_id: str,
        day: str | None,
        code: str,
    ) -> None: ...


class LessonFlow(Protocol):
    """Implemented by :class:`bot.ui.lesson_flow.Lessons`."""

    async def open_lesson(self, interaction: discord.Interaction, key: str) -> None: ...

    async def answer_choice(
        self, interaction: discord.Interaction, key: str, index: int, value: str
    ) -> None: ...

    async def next_step(self, interaction: discord.Interaction, key: str, index: int) -> None: ...

    async def answer_number(
        self, interaction: discord.Interaction, key: str, index: int, prefix: str, typed: str
    ) -> None: ...


class PrivacyFlow(Protocol):
    """Implemented by :class:`bot.ui.privacy.PrivacyFlows`."""

    async def show(self, interaction: discord.Interaction) -> None: ...

    async def export(self, interaction: discord.Interaction) -> None: ...

    async def confirm_first(self, interaction: discord.Interaction) -> None: ...

    async def confirm_second(self, interaction: discord.Interaction, asked_at: int) -> None: ...

    async def delete_now(self, interaction: discord.Interaction, asked_at: int) -> None: ...

    async def keep(self, interaction: discord.Interaction) -> None: ...


class CornerFlow(Protocol):
    """Implemented by :class:`bot.ui.corner.Corner`."""

    async def show(
        self, interaction: discord.Interaction, game_id: int, *, said: str | None = None
    ) -> None: ...

    async def open_note_form(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def save_note(
        self, interaction: discord.Interaction, game_id: int, typed: str
    ) -> None: ...

    async def pick_theirs(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, kept: int, theirs: str
    ) -> None: ...

    async def pick_mine(
        self,
        interaction: discord.Interaction,
        game_id: int,
        seen: Seen,
        kept: int,
        theirs: str,
        mine: str,
    ) -> None: ...

    async def cancel_plan(self, interaction: discord.Interaction, game_id: int) -> None: ...


class Flows(Protocol):
    """The flows by job (implemented by :class:`bot.ui.flows.GameFlows`)."""

    @property
    def starting(self) -> StartingFlow: ...

    @property
    def playing(self) -> PlayingFlow: ...

    @property
    def panels(self) -> PanelFlow: ...

    @property
    def asides(self) -> AsideFlow: ...

    @property
    def clock_notices(self) -> ClockNoticeFlow: ...

    @property
    def deliverer(self) -> DeliveryFlow: ...

    @property
    def tournaments(self) -> TournamentFlow: ...

    @property
    def puzzles(self) -> PuzzleFlow: ...

    @property
    def lessons(self) -> LessonFlow: ...

    @property
    def privacy(self) -> PrivacyFlow: ...

    @property
    def corner(self) -> CornerFlow: ...

    @property
    def sharing(self) -> SharingFlow: ...


@dataclass(frozen=True, slots=True)
class Services:
    games: GameService
    standings: StandingsService
    servers: GuildService
    clocks: ClockService
    tournaments: TournamentService
    puzzles: PuzzleService
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
class UiContext:
    services: Services
    flows: Flows
    activity: Activity


class HasContext(Protocol):
    asobiba: UiContext


def context_of(interaction: discord.Interaction) -> UiContext:
    return cast(HasContext, interaction.client).asobiba
