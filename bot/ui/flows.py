"""Everything that happens when someone clicks or commands, composed by job: starting games
(:mod:`starting`), playing (:mod:`playing`), private panels (:mod:`panel_flows`), private
answers beside the play (:mod:`asides`), a player's own note and plans (:mod:`corner`),
telling players (:mod:`notices`, :mod:`clock_notices`, all of it owed through the outbox:
:mod:`deliverer`; DMs only where Discord takes them, :mod:`dm_gate`, and where reminders
go, said once, :mod:`reminder_reach`), tournaments (:mod:`tournament_flows`),
and where a board lives (:mod:`board_posts`, :mod:`held_boards`); lessons (:mod:`lesson_flow`);
puzzles (:mod:`puzzles`); /privacy (:mod:`privacy`); sharing a finished game (:mod:`sharing`).
Each is handed the others it uses; messages go out
only after the service has committed."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.ui.asides import Asides
from bot.ui.board_painter import BoardPainter
from bot.ui.board_posts import BoardPosts
from bot.ui.clock_notices import ClockNotices
from bot.ui.context import Services
from bot.ui.corner import Corner
from bot.ui.deliverer import Deliverer
from bot.ui.dm_gate import DmGate
from bot.ui.held_boards import HeldBoards
from bot.ui.lesson_flow import Lessons
from bot.ui.mistakes import MistakeCards
from bot.ui.notices import Pings
from bot.ui.panel_flows import Panels
from bot.ui.playing import Playing
from bot.ui.privacy import PrivacyFlows
from bot.ui.puzzles import PuzzleCards
from bot.ui.reminder_reach import ReminderReach
from bot.ui.sharing import Sharing
from bot.ui.starting import Starting
from bot.ui.tournament_flows import TournamentFlows


@dataclass(frozen=True, slots=True)
class GameFlows:
    """The flows that components, commands and the clocks start, one object per job."""

    starting: Starting
    playing: Playing
    panels: Panels
    asides: Asides
    posts: BoardPosts
    clock_notices: ClockNotices
    tournaments: TournamentFlows
    puzzles: PuzzleCards
    mistakes: MistakeCards
    lessons: Lessons
    privacy: PrivacyFlows
    corner: Corner
    sharing: Sharing
    deliverer: Deliverer
    dm_gate: DmGate


def compose_flows(
    client: discord.Client, services: Services, home_invite: str | None = None
) -> GameFlows:
    """Build every flow over one Discord client and one set of services (``home_invite``: the
    server players may join to get DMs, ``HOME_SERVER_INVITE``)."""
    painter = BoardPainter(services)
    held_boards = HeldBoards(services, painter)
    posts = BoardPosts(client, services, painter, held_boards)
    gate = DmGate(client, services.dm_reach, home_invite)
    pings = Pings(client, services, posts, gate)
    reminders = ReminderReach(client, services, gate)
    panels = Panels(services, posts.followups)
    tournaments = TournamentFlows(client, services, painter, posts, pings, held_boards)
    clock_notices = ClockNotices(services, posts, pings, tournaments)
    deliverer = Deliverer(services, posts, pings, tournaments, clock_notices)
    return GameFlows(
        starting=Starting(client, services, painter, posts, pings, held_boards, reminders),
        playing=Playing(services, painter, posts, held_boards, panels, deliverer, reminders),
        panels=panels,
        asides=Asides(services),
        posts=posts,
        clock_notices=clock_notices,
        tournaments=tournaments,
        puzzles=PuzzleCards(services),
        mistakes=MistakeCards(services),
        lessons=Lessons(services),
        privacy=PrivacyFlows(services, deliverer, tournaments),
        corner=Corner(services),
        sharing=Sharing(services, posts),
        deliverer=deliverer,
        dm_gate=gate,
    )
