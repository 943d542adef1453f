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

Quiet hours are in play (issue 32): one player keeps Tokyo's nights (23:00–07:00, no daylight
saving), one Berlin's (the same hours, across the night the clocks go forward), one none, each
set through ``/settings`` as a player would. The director's account counts a clock's time and
a reminder's threshold outside the mover's nights with its own arithmetic
(:mod:`bench.soak_nights`, not the bot's), holds a reminder that falls due in the night until
it ends, and the check also reads the fake time each reminder was posted at: never inside its
recipient's nights. The time starts 40 minutes before Berlin's night (``START``); now and then
the director jumps just past a mover's night's start once a reminder's threshold has passed, so
the night must hold it, and the last game (started in ``finish``) is placed so a night holds
one by construction.
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
from datetime import time as wall
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import func, select

from bench.soak_nights import Nights, is_quiet, night_over, running_between, runs_out
from bot.db import Database, DeliveryRow, GameRow, UserPrefRow
from bot.services.clocks import CLOCK_KINDS, REMINDER_FRACTIONS
from bot.services.games import GameService
from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeDiscordError,
    FakeMessage,
    FakeUser,
)

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
#: Saturday 29 March 2031, 22:20 in Berlin, whose night begins at 23:00 CET and whose clocks go
#: forward in it (02:00 CET → 03:00 CEST, 01:00 UTC); Sunday 06:20 in Tokyo, still night there.
#: The first game's mover is in Tokyo, the second's in Berlin: the time moves on only with
#: games running, so the second starts before 01:00 UTC and its clock stands across the change.
START = datetime(2031, 3, 29, 21, 20, tzinfo=UTC)
#: The soak's clocked players: their nights, as they type them into ``/settings``.
NIGHTS: tuple[tuple[str, Nights | None], ...] = (
    ("tokyo", Nights("Asia/Tokyo", wall(23), wall(7))),
    ("berlin", Nights("Europe/Berlin", wall(23), wall(7))),
    ("sam", None),
)
#: How far ahead the director looks for a night to jump into past a reminder's threshold.
NIGHT_AHEAD = timedelta(hours=1)


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


@dataclass(frozen=True)
class ClockPlayer:
    user: FakeUser
    nights: Nights | None


def clock_players(fake: FakeDiscord) -> tuple[ClockPlayer, ...]:
    """The players of the clocked games, one per entry of :data:`NIGHTS`."""
    return tuple(ClockPlayer(fake.add_user(name), nights) for name, nights in NIGHTS)


@dataclass
class ClockedGame:
    """What the director knows of one game from the times it set, and what it expects."""

    id: int
    board: FakeMessage
    players: tuple[ClockPlayer, ClockPlayer]
    #: The player to move, and when their turn began.
    mover: ClockPlayer
    began: datetime
    deadline: datetime
    #: Reminders owed so far in the current turn (0, 1 or 2 thresholds passed).
    due: int = 0
    reminders: int = 0
    #: A threshold passed while the mover was quiet: the reminder waits for the night's end.
    waiting: bool = False
    timed_out: bool = False
    moves: int = 0

    def start_turn(self, mover: ClockPlayer, began: datetime) -> None:
        self.mover, self.began = mover, began
        self.deadline = runs_out(mover.nights, began, MOVE_SECONDS)
        self.due, self.waiting = 0, False

    @property
    def across_summer_time(self) -> bool:
        """The turn's clock runs across a change of its mover's offset from UTC."""
        nights = self.mover.nights
        if nights is None:
            return False
        zone = ZoneInfo(nights.zone)
        return self.began.astimezone(zone).utcoffset() != self.deadline.astimezone(zone).utcoffset()

    def thresholds_passed(self, now: datetime) -> int:
        """How many reminder thresholds the turn's clock has passed at ``now``: the clock's
        time left (outside the mover's nights) at most that share of the move time."""
        left = running_between(self.mover.nights, now, self.deadline).total_seconds()
        return sum(1 for f in REMINDER_FRACTIONS if left <= f * MOVE_SECONDS)

    def threshold_moments(self) -> list[datetime]:
        """When the turn's clock reaches each reminder threshold not yet passed."""
        return [
            runs_out(self.mover.nights, self.began, (1 - f) * MOVE_SECONDS)
            for f in REMINDER_FRACTIONS[self.due :]
        ]

    def news_at(self, now: datetime) -> bool:
        """Whether moving the time to ``now`` makes a loss on time or a reminder due."""
        if now >= self.deadline:
            return True
        quiet = is_quiet(self.mover.nights, now)
        return not quiet and self.thresholds_passed(now) > self.due


@dataclass
class ClockDirector:
    fake: FakeDiscord
    channel: FakeChannel
    players: tuple[ClockPlayer, ...]
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
    #: Reminders a night held back until it ended; moves of the time that landed in the night
    #: of a running game's mover.
    held: int = 0
    night_moves: int = 0
    #: Turns whose clock ran across a change of summer time in the mover's zone.
    summer_time_turns: int = 0
    #: The fake time each message in the clocks' channel was first seen at (by message id).
    seen_at: dict[int, datetime] = field(default_factory=dict)

    @property
    def running(self) -> list[ClockedGame]:
        return [g for g in self.games if not g.timed_out]

    async def set_quiet_hours(self) -> None:
        """Each player with nights sets them with ``/settings``, as a player would, before
        any clocked game starts (the bot is not killed meanwhile: this waits patiently)."""
        for player in self.players:
            if player.nights is None:
                continue
            nights = player.nights
            record = await self.fake.slash(
                "settings",
                user=player.user,
                channel=self.channel,
                options={"time_zone": nights.zone, "quiet_hours": nights.hours},
            )
            await asyncio.wait_for(record.wait_complete(), PATIENT_ANSWER)
            async with self.db.read() as session:
                row = await session.get(UserPrefRow, player.user.id)
            assert row is not None, f"{player.user.username}'s quiet hours were not kept"
            kept = (row.time_zone, f"{row.quiet_from}-{row.quiet_to}")
            assert kept == (nights.zone, nights.hours), kept

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

    def _next_news(self, games: list[ClockedGame] | None = None) -> datetime | None:
        """The next moment a running game (of ``games``) is owed something: a reminder's
        threshold (or, if its mover is quiet then, the end of that night), or its deadline."""
        now = self.time.now
        moments = [
            moment
            for game in (self.running if games is None else games)
            for moment in (
                *(night_over(game.mover.nights, max(m, now)) for m in game.threshold_moments()),
                game.deadline,
            )
            if moment > now
        ]
        return min(moments, default=None)

    def _night_jump(self, within: timedelta | None) -> datetime | None:
        """A moment just past the start of a running game's mover's night, when a reminder's
        threshold comes before it (and the deadline after): moving the time there, the night
        must hold the reminder until it ends. Only nights starting ``within`` from now, and
        no other game's news passed over (each reminder it owes still comes)."""
        now = self.time.now
        targets = []
        for game in self.running:
            nights = game.mover.nights
            if nights is None:
                continue
            for moment in game.threshold_moments():
                if moment <= now or nights.quiet(moment):
                    continue
                night = nights.next_change(moment)
                target = night + timedelta(seconds=self.chance.uniform(1, 600))
                others = self._next_news([g for g in self.running if g is not game])
                if (
                    target < game.deadline
                    and (within is None or night - now <= within)
                    and (others is None or others > target)
                ):
                    targets.append(target)
                break
        return min(targets, default=None)

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
        soonest = self._next_news()
        if soonest is None:
            return False
        # Up to a minute past it; a moment a night begins within that minute is taken closer.
        for past in (self.chance.uniform(0, 60), 1.0, 0.0):
            target = soonest + timedelta(seconds=past)
            if any(g.news_at(target) for g in self.running):
                break
        self._advance((target - self.time.now).total_seconds())
        assert self.news, "the time moved past a reminder or a deadline without news"
        while time.monotonic() < give_up:
            if await self.untold():
                return True
            await asyncio.sleep(0.002)
        return False

    async def step(self, *, advance: bool = False) -> bool:
        """One thing the players or the time do, once the last change has settled; False if
        there was nothing to do yet. The budget's last game is kept for ``finish``."""
        if not await self.settled():
            return False
        if not advance and len(self.running) < RUNNING and len(self.games) < self.budget - 1:
            await self._start()
        elif not advance and self.running and self.chance.random() < 0.25:
            await self._move(self.chance.choice(self.running))
        elif self.running:
            night = self._night_jump(NIGHT_AHEAD)
            if night is not None:
                self._advance((night - self.time.now).total_seconds())
            else:
                self._advance(self.chance.uniform(4, 22) * 60)
        else:
            return False
        return True

    async def finish(self) -> None:
        """Start the games the killed rounds had no time for (the bot is no longer killed,
        so it is waited for patiently), then the last one placed so a night holds its first
        reminder (``_night_game``) once the others have run out, and run it out too."""
        tries = 0
        while len(self.games) < self.budget - 1 and tries < 2 * self.budget:
            if await self.settled():
                tries += 1
                await self._start(answer=PATIENT_ANSWER)
            else:
                await asyncio.sleep(self.tick)
        await self._run_out()
        await self._night_game()
        await self._run_out()

    async def _run_out(self) -> None:
        """Move the time on until every running clock has run out and the last change has
        settled: 17 minutes at a time, so the reminders still come, or into a night past a
        reminder's threshold, or just past the end of a night holding one."""
        while self.running or self.changed_at is not None:
            if await self.settled() and self.running:
                now = self.time.now
                night = self._night_jump(None)
                later = now + timedelta(minutes=17)
                for game in self.running:
                    if game.waiting:  # a step from the night lands just past its end
                        end = night_over(game.mover.nights, now)
                        later = min(later, end + timedelta(seconds=self.chance.uniform(1, 60)))
                self._advance(((night or later) - now).total_seconds())
            await asyncio.sleep(self.tick)

    async def _night_game(self) -> None:
        """The budget's last game: the player whose next night (an hour on at least) begins
        soonest is to move 35 minutes before it, so half their time runs out 5 minutes
        before it — the jump past the night's start (``_night_jump``) then leaves that
        reminder for the night to hold, by construction (and 25 minutes are left after it)."""
        for _ in range(3):
            await self._until_settled()
            starts = {
                player: nights.next_change(night_over(nights, self.time.now + timedelta(hours=1)))
                for player in self.players
                if (nights := player.nights) is not None
            }
            night_owl = min(starts, key=lambda p: starts[p])
            start = starts[night_owl] - timedelta(minutes=35)
            self._advance((start - self.time.now).total_seconds())
            await self._until_settled()
            opponent = next(p for p in self.players if p is not night_owl)
            if await self._start(answer=PATIENT_ANSWER, pair=(night_owl, opponent)):
                return

    async def _until_settled(self) -> None:
        while True:
            if await self.settled():
                return
            await asyncio.sleep(self.tick)

    def _advance(self, seconds: float) -> None:
        self._see_posts()
        self.time.advance(seconds)
        self.changes += 1
        self.changed_at = time.monotonic()
        now = self.time.now
        self.news = False
        for game in self.running:
            if now >= game.deadline:
                game.timed_out = self.news = True
                continue
            due = game.thresholds_passed(now)
            if is_quiet(game.mover.nights, now):
                self.night_moves += 1
                # No reminder reaches anyone in their nights: it comes when the night ends.
                game.waiting = game.waiting or due > game.due
                continue
            if due > game.due:
                # Several thresholds passed in one jump make one reminder, not a burst.
                game.reminders += 1
                game.due = due
                self.held += game.waiting
                game.waiting = False
                self.news = True

    def _see_posts(self) -> None:
        """Note the fake time of the posts made since the last move of the time: it stood
        still meanwhile, so that was the time when they were posted."""
        for message in self.fake.messages_in(self.channel, include_deleted=True):
            self.seen_at.setdefault(message.id, self.time.now)

    async def _start(
        self,
        answer: float = ANSWER,
        pair: tuple[ClockPlayer, ClockPlayer] | None = None,
    ) -> bool:
        """A challenge on the clock, accepted at once; the challenger plays black and moves
        first. One the bot did not answer in time (a loaded machine) or refused (the database
        restarting) is left alone, counted in ``unstarted``: its challenge expires, if it was
        made at all. By default the players take turns at challenging (Tokyo, Berlin, none)."""
        if pair is None:
            n = len(self.games)  # a challenge not answered is made again, by the same
            pair = (self.players[n % 3], self.players[(n + 1) % 3])
        challenger, opponent = pair
        record = await self.fake.slash(
            "bushi challenge",
            user=challenger.user,
            channel=self.channel,
            options={"opponent": opponent.user, "colour": "black", "clock": str(MOVE_SECONDS)},
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
                accept = await self.fake.click(board, user=opponent.user, label="Accept")
                await asyncio.wait_for(accept.wait_complete(), answer)
                shown = board
                await self.fake.wait_until(lambda: bool(shown.selects()), timeout=answer)
        row = None
        if board is not None:
            async with self.db.read() as session:
                row = await session.scalar(select(GameRow).where(GameRow.message_id == board.id))
        if board is None or row is None or row.status != "active":
            self.unstarted += 1
            return False
        game = ClockedGame(row.id, board, pair, challenger, self.time.now, self.time.now)
        game.start_turn(challenger, self.time.now)
        assert row.deadline_at == game.deadline, (row.deadline_at, game.deadline)
        self.summer_time_turns += game.across_summer_time
        self.games.append(game)
        return True

    async def _move(self, game: ClockedGame) -> None:
        """The player to move picks something from the board's first menu; whether it made a
        move is read from the log, and a move restarts the clock for the other player."""
        service = GameService(self.db)
        before = await service.queries.get(game.id)
        acting = [s.user_id for s in before.seats_to_act]
        menus = game.board.selects()
        if not acting or not menus or not menus[0].get("options"):
            return
        assert acting == [game.mover.user.id], (acting, game.mover.user.id)
        option = self.chance.choice(menus[0]["options"])
        edits = game.board.edit_count
        record = await self.fake.select(
            game.board, menus[0]["custom_id"], [option["value"]], user=game.mover.user
        )
        # No kill comes while this waits (the soak kills between rounds): wait until the bot
        # is done with the choice, so that a move it makes is never committed after the
        # director has read the game, unseen. A slow answer is acknowledged first, and the
        # board's edit (or a private word) follows.
        with contextlib.suppress(TimeoutError, FakeDiscordError):
            await record.wait_response(timeout=PATIENT_ANSWER)
            if record.deferred:
                await self.fake.wait_until(
                    lambda: game.board.edit_count > edits or bool(record.followups),
                    timeout=PATIENT_ANSWER,
                )
            else:
                await self.fake.wait_until(lambda: game.board.edit_count > edits, timeout=1)
        after = await service.queries.get(game.id)
        if after.ply == before.ply:
            return
        game.moves += 1
        # A few random moves from the start never end a game: each is lost on time.
        assert after.status == "active", f"game {game.id} ended by a move"
        other = next(p for p in game.players if p is not game.mover)
        game.start_turn(other, self.time.now)
        assert after.deadline_at == game.deadline, (after.deadline_at, game.deadline)
        self.summer_time_turns += game.across_summer_time

    async def check(self) -> dict[str, int]:
        """Each reminder owed posted once, none inside its recipient's nights (by the fake
        time it was posted at), each game lost on time once: one event, one result message,
        the board showing it. Every miss or double is listed, not just the first."""
        self._see_posts()
        messages = self.fake.messages_in(self.channel, include_deleted=True)
        service = GameService(self.db)
        wrong: list[str] = []
        reminders = results = 0
        for game in self.games:
            tag = re.compile(rf"#{game.id}\b")
            mine = [m for m in messages if tag.search(m.text)]
            posted = [m for m in mine if "is due" in m.text]
            announced = sum(1 for m in mine if "is over" in m.text)
            log = await service.queries.event_log(game.id)
            timeouts = [e for e in log if e.action.endswith(":timeout")]
            snapshot = await service.queries.get(game.id)
            if len(posted) != game.reminders:
                wrong.append(
                    f"game {game.id}: {len(posted)} reminders posted, {game.reminders} owed"
                )
            for reminder in posted:
                at = self.seen_at[reminder.id]
                for player in game.players:
                    if f"<@{player.user.id}>" in reminder.text and is_quiet(player.nights, at):
                        wrong.append(
                            f"game {game.id}: a reminder reached {player.user.username} at "
                            f"{at:%Y-%m-%d %H:%M} UTC, in their quiet hours"
                        )
            if not game.timed_out or snapshot.status != "finished":
                wrong.append(f"game {game.id}: {snapshot.status}, not lost on time")
            if len(timeouts) != 1 or timeouts[0] is not log[-1]:
                wrong.append(f"game {game.id}: {len(timeouts)} timeout events")
            if announced != 1:
                wrong.append(f"game {game.id}: {announced} result messages")
            if "time out" not in game.board.text:
                wrong.append(f"game {game.id}: the board does not show the loss on time")
            reminders += len(posted)
            results += announced
        assert not wrong, "\n".join(wrong)
        return {
            "clocked_games": len(self.games),
            "clock_moves": sum(g.moves for g in self.games),
            "time_changes": self.changes,
            "reminders": reminders,
            "timeouts": results,
            "held_by_night": self.held,
            "night_moves": self.night_moves,
            "summer_time_turns": self.summer_time_turns,
            "fake_hours": round((self.time.now - START).total_seconds() / 3600),
            "cut_short": self.cut_short,
            "slow_settles": self.stuck,
            "unstarted": self.unstarted,
            "nonce_repeats": self.fake.nonce_repeats,
        }
