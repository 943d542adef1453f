"""A soak of the clock in virtual time, with quiet hours in play: a dozen games between players
in New York (across the end of daylight saving), Tokyo and no time zone, and a Swiss with round
deadlines, ticked by two bot processes at once, one of them killed and restarted at random (a
killed process never reports what it claimed). Whatever the interleaving, each reminder, each
loss on time and each adjudication is claimed once, no reminder is claimed in a mover's night,
and every round is paired once. Seeded, so a failure replays; no wall-clock budget."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from datetime import UTC, datetime, time

from sqlalchemy import select

from bot.db import Database, GameEventRow, GameRow, TournamentPairingRow
from bot.services.clocks import ClockService, Reminder, TimedOut
from bot.services.errors import ServiceError
from bot.services.game_clock import GameClock
from bot.services.games import GameService
from bot.services.quiet_hours import QuietHours, is_quiet
from bot.services.quiet_settings import QuietSettings
from bot.services.snapshots import Player
from bot.services.tournament_scheduler import TournamentScheduler
from bot.services.tournament_snapshots import GameEnded
from rules.core import RulesError
from tests.conftest import FakeClock
from tests.services.tournament_helpers import GUILD, PLAYERS, create, enter, second_database
from tests.services.tournament_helpers import services as tournament_services

DAY = 86400
NIGHTS = (
    QuietHours("America/New_York", time(23), time(7)),
    QuietHours("Asia/Tokyo", time(23), time(7)),
    None,
)
#: Saturday 31 October 2026, 12:00 EDT: New York's clocks go back that night.
START = datetime(2026, 10, 31, 16, 0, tzinfo=UTC)
STEPS = 300
STEP_MINUTES = 30


async def test_clock_events_happen_once_under_kills_with_quiet_hours(
    db: Database, clock: FakeClock
) -> None:
    clock.now = START
    rng = random.Random(32)
    other_db = await second_database(db)
    try:
        first = tournament_services(db, clock, seed=1)
        people = [Player(5000 + n, f"p{n}") for n in range(12)]
        settings = QuietSettings(db, clock, first.games.writer)
        for n, person in enumerate([*people, *PLAYERS[:4]]):
            night = NIGHTS[n % len(NIGHTS)]
            if night is not None:
                await settings.set(person.user_id, night)
        for a, b in zip(people[::2], people[1::2], strict=True):
            challenge = await first.games.starts.challenge(
                "bushi", a, b, challenger_seat=0, move_seconds=DAY
            )
            await first.games.starts.accept(challenge.game.id, b.user_id)
        t = await create(first, format="swiss", rounds=3, round_seconds=2 * DAY)
        await enter(first, t.id, 4)
        await first.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)

        def process(
            handle: Database, seed: int
        ) -> tuple[GameService, ClockService, TournamentScheduler]:
            made = tournament_services(handle, clock, seed=seed)
            return made.games, ClockService(made.games), made.tournaments.scheduler

        procs = [process(db, 10), process(other_db, 11)]
        reminders: Counter[tuple[int, datetime, int]] = Counter()
        timeouts: Counter[int] = Counter()
        adjudicated: Counter[int] = Counter()
        kills = 0
        for step in range(STEPS):
            clock.advance(minutes=STEP_MINUTES)
            which = rng.randrange(2)
            games, clocks, scheduler = procs[which]
            if rng.random() < 0.3:  # someone moves in a running game
                await a_move(games, rng)
            for notice in await clocks.tick():
                if isinstance(notice, Reminder):
                    reminders[(notice.game.id, notice.deadline, notice.number)] += 1
                    movers = GameClock.load(notice.game.clock)
                    for seat in notice.seats:
                        assert not is_quiet(movers.quiet_of(seat), clock.now), "a night reminder"
                elif isinstance(notice, TimedOut):
                    timeouts[notice.result.game.id] += 1
            for tn in await scheduler.tick():
                ended = tn.result.game if isinstance(tn, GameEnded) else None
                if ended is not None and ended.outcome and ended.outcome.reason == "adjudicated":
                    adjudicated[ended.id] += 1
            if rng.random() < 0.1:  # killed: its claims unreported, a new process instead
                kills += 1
                procs[which] = process(db if which == 0 else other_db, 100 + step)
        assert kills > 10
        assert timeouts and max(timeouts.values()) == 1
        assert reminders and max(reminders.values()) == 1
        assert adjudicated and max(adjudicated.values()) == 1
        async with db.read() as session:
            ends = Counter(
                game_id
                for game_id, code in await session.execute(
                    select(GameEventRow.game_id, GameEventRow.action)
                )
                if code.startswith(("forfeit:", "adjudicate:"))
            )
            assert max(ends.values()) == 1  # no game ended twice by the platform
            assert set(timeouts) | set(adjudicated) <= set(ends)
            boards = Counter(
                (r.round_no, r.board)
                for r in await session.scalars(
                    select(TournamentPairingRow).where(TournamentPairingRow.tournament_id == t.id)
                )
            )
            # Every round paired, each board once (a round's boards are announced again when
            # never posted — there is no Discord here — but paired once).
            assert set(boards.values()) == {1} and {r for r, _ in boards} == {1, 2, 3}
            # Three two-day rounds are over: each of their games ended (on time, on the board
            # or adjudicated), none left running.
            still = await session.scalars(
                select(GameRow.id).where(GameRow.tournament_id == t.id, GameRow.status == "active")
            )
            assert list(still) == []
    finally:
        await other_db.dispose()


async def a_move(games: GameService, rng: random.Random) -> None:
    """The player to move in a random running game plays a random legal move (it may lose the
    race to a clock or the other process: the normal case)."""
    async with games.db.read() as session:
        ids = list(await session.scalars(select(GameRow.id).where(GameRow.status == "active")))
    if not ids:
        return
    game = await games.queries.get(rng.choice(ids))
    movers = game.rules.to_act(game.state)
    if not movers:
        return
    seat = movers[0]
    legal = game.rules.legal_actions(game.state, seat)
    code = game.rules.format(legal[rng.randrange(len(legal))])
    with contextlib.suppress(ServiceError, RulesError):
        await games.actions.act(game.id, game.seats[seat].user_id, game.version, code)
