"""The soak's move clocks: 武士将棋 games with a one-hour clock between two fake users, the
time moved on by the soak while the bot is killed at random moments.

The bot process reads "now" from a file (``bench.soak_child``); only this module writes it. The
director keeps its own account of what the clocks owe — computed from the times it set, never
from the bot's bookkeeping — and the soak checks the fake Discord's messages and the database
against it at the end: every reminder that fell due posted exactly once, every game whose
deadline passed lost on time exactly once (one event, one result message), none missed.

The director moves the time on, or lets a player move, only once the last change has
*settled*: the database shows the work it made due claimed (reminders counted, games finished)
and the clock's outbox empty, i.e. announced — possibly by a later process than the one that
claimed it, when a kill fell in between (the case under test). This is only a signal to go on:
what counts is checked against the director's own account at the end. A change that does not
settle within ``SETTLE_LIMIT`` seconds is counted as slow and reported (``slow_settles``): a
wall-clock budget says how loaded the machine was, not whether anything was lost — what was
owed is checked at the end, once, whatever the pace.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import func, select

from bot.db import Database, DeliveryRow, GameRow
from bot.services.clocks import CLOCK_KINDS, REMINDER_FRACTIONS
from bot.services.games import GameService
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

#: The move clock of the soak's two-player games (the shortest one offered).
MOVE_SECONDS = 3600
#: Real seconds a change of time may take to settle (restarts included) before it is stuck:
#: it settles within a second or two on a quiet machine; the margin is for a loaded one (a
#: budget in wall-clock time all the same, which issue 30 asks to replace).
SETTLE_LIMIT = 90.0
#: Two-player games running at once, and how many the whole soak starts at most.
RUNNING = 4
#: Real seconds to wait for one answer from the bot while it may be killed at any moment, and
#: once no kill is coming (the last round tops the games up to the budget, however loaded the
#: machine was: how many clocks had work must not depend on the pace).
ANSWER = 5.0
PATIENT_ANSWER = 120.0
START = datetime(2031, 3, 1, 9, 0, tzinfo=UTC)


class FakeTime:
    """The time the bot process sees: a file, replaced atomically whenever it moves on."""

    def __init__(self, path: Path, start: datetime = START) -> None:
        self.path = path
        self.now = start
        self._write()

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
        self._write()

    def _write(self) -> None:
        partial = self.path.with_suffix(".partial")
        partial.write_text(self.now.isoformat(), encoding="utf-8")
        os.replace(partial, self.path)


@dataclass
class ClockedGame:
    """What the director knows of one game from the times it set, and what it expects."""

    id: int
    board: FakeMessage
    deadline: datetime
    #: Reminders owed so far in the current turn (0, 1 or 2 thresholds passed).
    due: int = 0
    reminders: int = 0
    timed_out: bool = False
    moves: int = 0


def thresholds_passed(deadline: datetime, now: datetime) -> int:
    left = (deadline - now).total_seconds()
    return sum(1 for f in REMINDER_FRACTIONS if left <= f * MOVE_SECONDS)


@dataclass
class ClockDirector:
    fake: FakeDiscord
    channel: FakeChannel
    players: tuple[FakeUser, FakeUser]
    db: Database
    time: FakeTime
    tick: float
    chance: random.Random
    budget: int
    games: list[ClockedGame] = field(default_factory=list)
    #: Real time of the last change the bot has not yet been seen to settle.
    changed_at: float | None = None
    looked_at: float = 0.0
    changes: int = 0
    stuck: int = 0
    #: Notices a kill left claimed but not (or not known to be) announced.
    cut_short: int = 0
    #: Challenges the bot did not answer in time.
    unstarted: int = 0
    #: The last move of the time made a reminder or a loss on time due.
    news: bool = False

    @property
    def running(self) -> list[ClockedGame]:
        return [g for g in self.games if not g.timed_out]

    async def settled(self) -> bool:
        if self.changed_at is None:
            return True
        # Look no more often than the bot ticks: the players go on meanwhile.
        if time.monotonic() - self.looked_at < self.tick:
            return False
        self.looked_at = time.monotonic()
        if not await self._caught_up():
            if time.monotonic() - self.changed_at < SETTLE_LIMIT:
                return False
            self.stuck += 1
        self.changed_at = None
        return True

    async def _caught_up(self) -> bool:
        async with self.db.read() as session:
            rows = await session.execute(
                select(GameRow.id, GameRow.status, GameRow.reminders_sent).where(
                    GameRow.id.in_([g.id for g in self.games])
                )
            )
            found = {id_: (status, sent) for id_, status, sent in rows}
            outbox = await session.scalar(
                select(func.count()).where(DeliveryRow.kind.in_(CLOCK_KINDS))
            )
        return outbox == 0 and all(
            found[g.id][0] == ("finished" if g.timed_out else "active")
            and (g.timed_out or found[g.id][1] == g.due)
            for g in self.games
        )

    async def untold(self) -> int:
        """The clock's notices claimed and not yet announced (or announced and not yet
        flushed): the outbox's rows of the clock's kinds."""
        async with self.db.read() as session:
            left = await session.scalar(
                select(func.count()).where(DeliveryRow.kind.in_(CLOCK_KINDS))
            )
        return left or 0

    async def after_kill(self) -> None:
        """Count what the kill interrupted between a claim and its announcement."""
        self.cut_short += await self.untold()

    async def news_then_claimed(self, limit: float) -> bool:
        """Once the last change has settled, move the time just past the next moment a
        running game is owed something (a reminder's threshold, or its deadline), then wait
        (the players idle) until the bot has claimed that news and not yet told it, for at
        most ``limit`` real seconds: the moment to kill it. False if that moment was not
        seen (nothing running, not settled in time, or told before it was seen)."""
        give_up = time.monotonic() + limit
        while not await self.settled():
            if time.monotonic() > give_up:
                return False
            await asyncio.sleep(self.tick)
        if not self.running:
            return False
        now = self.time.now
        soonest = min(
            moment
            for game in self.running
            for moment in (
                *(game.deadline - timedelta(seconds=f * MOVE_SECONDS) for f in REMINDER_FRACTIONS),
                game.deadline,
            )
            if moment > now
        )
        self._advance((soonest - now).total_seconds() + self.chance.uniform(0, 60))
        assert self.news, "the time moved past a reminder or a deadline without news"
        while time.monotonic() < give_up:
            if await self.untold():
                return True
            await asyncio.sleep(0.002)
        return False

    async def step(self, *, advance: bool = False) -> bool:
        """One thing the players or the time do, once the last change has settled; False if
        there was nothing to do yet."""
        if not await self.settled():
            return False
        if not advance and len(self.running) < RUNNING and len(self.games) < self.budget:
            await self._start()
        elif not advance and self.running and self.chance.random() < 0.25:
            await self._move(self.chance.choice(self.running))
        elif self.running:
            self._advance(self.chance.uniform(4, 22) * 60)
        else:
            return False
        return True

    async def finish(self) -> None:
        """Start the games the killed rounds had no time for (the bot is no longer killed,
        so it is waited for patiently), then move time on (in steps, so the reminders still
        come) until every clock has run out and the last change has settled."""
        tries = 0
        while len(self.games) < self.budget and tries < 2 * self.budget:
            if await self.settled():
                tries += 1
                await self._start(answer=PATIENT_ANSWER)
            else:
                await asyncio.sleep(self.tick)
        while self.running or self.changed_at is not None:
            if await self.settled() and self.running:
                self._advance(17 * 60)
            await asyncio.sleep(self.tick)

    def _advance(self, seconds: float) -> None:
        self.time.advance(seconds)
        self.changes += 1
        self.changed_at = time.monotonic()
        now = self.time.now
        self.news = False
        for game in self.running:
            if now >= game.deadline:
                game.timed_out = self.news = True
                continue
            due = thresholds_passed(game.deadline, now)
            if due > game.due:
                # Several thresholds passed in one jump make one reminder, not a burst.
                game.reminders += 1
                game.due = due
                self.news = True

    async def _start(self, answer: float = ANSWER) -> None:
        """A challenge on the clock, accepted at once. One the bot did not answer in time (a
        loaded machine) or refused (the database restarting) is left alone, counted in
        ``unstarted``: its challenge expires, if it was made at all."""
        challenger, opponent = self.players
        record = await self.fake.slash(
            "bushi challenge",
            user=challenger,
            channel=self.channel,
            options={"opponent": opponent, "colour": "black", "clock": str(MOVE_SECONDS)},
        )
        board: FakeMessage | None = None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(record.wait_response(), answer)
            # Refused privately (the database restarting): no board, nothing to accept.
            board = None if record.ephemeral else record.message
            if board is not None:
                # A slow database answers "thinking…" first, and the board follows.
                shown_first = board
                await self.fake.wait_until(
                    lambda: bool(shown_first.find_components(label="Accept")), timeout=answer
                )
                accept = await self.fake.click(board, user=opponent, label="Accept")
                await asyncio.wait_for(accept.wait_complete(), answer)
                shown = board
                await self.fake.wait_until(lambda: bool(shown.selects()), timeout=answer)
        row = None
        if board is not None:
            async with self.db.read() as session:
                row = await session.scalar(select(GameRow).where(GameRow.message_id == board.id))
        if board is None or row is None or row.status != "active":
            self.unstarted += 1
            return
        deadline = self.time.now + timedelta(seconds=MOVE_SECONDS)
        assert row.deadline_at == deadline, (row.deadline_at, deadline)
        self.games.append(ClockedGame(row.id, board, deadline))

    async def _move(self, game: ClockedGame) -> None:
        """The player to move picks something from the board's first menu; whether it made a
        move is read from the log, and a move restarts the clock for the other player."""
        service = GameService(self.db)
        before = await service.queries.get(game.id)
        acting = [s.user_id for s in before.seats_to_act]
        menus = game.board.selects()
        if not acting or not menus or not menus[0].get("options"):
            return
        user = next(p for p in self.players if p.id == acting[0])
        option = self.chance.choice(menus[0]["options"])
        edits = game.board.edit_count
        record = await self.fake.select(
            game.board, menus[0]["custom_id"], [option["value"]], user=user
        )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(record.wait_complete(), ANSWER)
            await self.fake.wait_until(lambda: game.board.edit_count > edits, timeout=1)
        after = await service.queries.get(game.id)
        if after.ply == before.ply:
            return
        game.moves += 1
        if after.deadline_at != before.deadline_at:
            game.deadline = self.time.now + timedelta(seconds=MOVE_SECONDS)
            assert after.deadline_at == game.deadline, (after.deadline_at, game.deadline)
            game.due = 0

    async def check(self) -> dict[str, int]:
        """Each reminder owed posted once, each game lost on time once: one event, one result
        message, the board showing it. Every miss or double is listed, not just the first."""
        messages = self.fake.messages_in(self.channel, include_deleted=True)
        service = GameService(self.db)
        wrong: list[str] = []
        reminders = results = 0
        for game in self.games:
            tag = re.compile(rf"#{game.id}\b")
            mine = [m.text for m in messages if tag.search(m.text)]
            posted = sum(1 for c in mine if "is due" in c)
            announced = sum(1 for c in mine if "is over" in c)
            log = await service.queries.event_log(game.id)
            timeouts = [e for e in log if e.action.endswith(":timeout")]
            snapshot = await service.queries.get(game.id)
            if posted != game.reminders:
                wrong.append(f"game {game.id}: {posted} reminders posted, {game.reminders} owed")
            if not game.timed_out or snapshot.status != "finished":
                wrong.append(f"game {game.id}: {snapshot.status}, not lost on time")
            if len(timeouts) != 1 or timeouts[0] is not log[-1]:
                wrong.append(f"game {game.id}: {len(timeouts)} timeout events")
            if announced != 1:
                wrong.append(f"game {game.id}: {announced} result messages")
            if "time out" not in game.board.text:
                wrong.append(f"game {game.id}: the board does not show the loss on time")
            reminders += posted
            results += announced
        assert not wrong, "\n".join(wrong)
        return {
            "clocked_games": len(self.games),
            "clock_moves": sum(g.moves for g in self.games),
            "time_changes": self.changes,
            "reminders": reminders,
            "timeouts": results,
            "cut_short": self.cut_short,
            "slow_settles": self.stuck,
            "unstarted": self.unstarted,
            "nonce_repeats": self.fake.nonce_repeats,
        }
