"""What both soaks share (``bench.soak`` on SQLite, ``bench.soak_postgres``): the bot
processes they start and kill, the players acting through the fake Discord, and the final check
of every game against its log."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from bench.soak_clocks import ClockDirector
from bot.db import Database
from bot.services.games import GameService
from tests.fakediscord import FakeChannel, FakeDiscord, FakeDiscordError, FakeMessage
from tests.fakediscord.pace import quiet_seconds
from tests.fakediscord.server import API_PREFIX

ROOT = Path(__file__).resolve().parent.parent
#: Clicks played after the last restart.
FINAL_CLICKS = 40
#: The bot's move-clock tick in the child: short, so reminders and timeouts fall due in a round.
TICK_SECONDS = 0.05
#: Real seconds to wait for the bot to claim what a move of the time made due, to kill it
#: then (a wait, not a budget: past it the round's kill comes at its usual moment).
CLAIM_WAIT = 30.0


def connected(fake: FakeDiscord, guild_id: int, identifies: int) -> bool:
    """The new bot process has identified and its session serves the guild."""
    if len(fake.gateway.identifies) <= identifies or not fake.syncs:
        return False
    session = fake.gateway.session_for(guild_id)
    return session is not None and session.connected


#: The soak's players click at machine speed: it tests crashes, not the cooldown.
SOAK_ENV = {"RATE_LIMIT_PER_MINUTE": "0"}


def spawn_bot(
    fake: FakeDiscord,
    url: str,
    now_file: Path,
    shards: tuple[int, int] | None = None,
    *,
    env: Mapping[str, str] = SOAK_ENV,
    tick: float = TICK_SECONDS,
) -> subprocess.Popen[bytes]:
    """A bot process that imports everything, then waits for ``go`` (so the next one loads
    while this round runs: importing discord.py is most of a restart). ``shards``: (the shard
    it serves, out of how many); by default it serves them all. ``env``: settings for it."""
    args = [fake.base_url, fake.gateway_url, fake.token, url, API_PREFIX, str(now_file)]
    args.append(str(tick))
    if shards is not None:
        args += [str(shards[1]), str(shards[0])]
    return subprocess.Popen(
        [sys.executable, "-m", "bench.soak_child", *args],
        stdin=subprocess.PIPE,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LOG_LEVEL": "WARNING", **env},
    )


class Players:
    """Four players starting 易双六 solitaires in ``channels`` and clicking their boards'
    buttons — old boards included, across restarts — with the clocked games' director taking
    a turn now and then. Counts the clicks sent and the moves seen answered."""

    def __init__(
        self,
        fake: FakeDiscord,
        channels: list[FakeChannel],
        clocks: ClockDirector,
        chance: random.Random,
        *,
        kill_on_claim: bool = False,
    ) -> None:
        self.fake, self.channels, self.clocks, self.chance = fake, channels, clocks, chance
        #: A round whose move of the time made news ends the moment the bot has claimed it:
        #: the kill falls between the claim and its announcement every time, not by chance.
        self.kill_on_claim = kill_on_claim
        self.people = [fake.add_user(f"p{n}") for n in range(4)]
        self.boards: list[FakeMessage] = []
        self.clicks = 0
        self.answered = 0
        #: The clocks' director keeps its own account by reading the database: it waits while
        #: the database is away (the PostgreSQL soak's restart); the players play on.
        self.clocks_paused = False
        #: Held by the director's step under way, and by the restart: the database goes away
        #: only between two of the director's reads, never in the middle of one.
        self.director = asyncio.Lock()

    async def play_round(self, kill_at: float, jump_at: float | None, *, last: bool) -> None:
        """Act until ``kill_at``, the time jumping once at ``jump_at``; in the ``last`` round
        (after the last restart) for ``FINAL_CLICKS`` more clicks instead: old boards' buttons
        must still work. With ``kill_on_claim`` the jump goes just past the next reminder or
        deadline and ends the round as soon as the bot has claimed it (a round whose players
        ran past its jump jumps at its end)."""
        last_clicks = self.clicks + FINAL_CLICKS
        targeted = self.kill_on_claim and not last
        while self.clicks < last_clicks if last else time.monotonic() < kill_at:
            if jump_at is not None and time.monotonic() >= jump_at and self.director_free():
                jump_at = None
                async with self.director:
                    if not targeted:
                        await self.clocks.step(advance=True)
                    elif await self.clocks.news_then_claimed(CLAIM_WAIT):
                        return
            elif not await self.act():
                break
        if jump_at is not None and targeted and self.director_free():
            async with self.director:
                await self.clocks.news_then_claimed(CLAIM_WAIT)

    def director_free(self) -> bool:
        """Whether the clocks' director may read now (no restart under way or waiting)."""
        return not self.clocks_paused and not self.director.locked()

    async def act(self) -> bool:
        """One thing done; False when the bot did not answer a new game in time."""
        chance, fake = self.chance, self.fake
        if chance.random() < 0.5 and self.director_free():
            async with self.director:
                if await self.clocks.step():
                    return True
        if len(self.boards) < 6 or chance.random() < 0.1:
            user = chance.choice(self.people)
            channel = chance.choice(self.channels)
            record = await fake.slash("yosukou start", user=user, channel=channel)
            try:
                # A slow database answers "thinking…" first, and the board follows.
                await asyncio.wait_for(record.wait_complete(), 5)
            except (TimeoutError, FakeDiscordError):
                return False
            # A private answer is a refusal (the database restarting), not a board.
            if record.message is not None and not record.ephemeral:
                self.boards.append(record.message)
            return True
        board = chance.choice(self.boards)
        owner = next((p for p in self.people if f"<@{p.id}>" in board.text), None)
        if owner is None:  # not a board after all (a start refused after "thinking…")
            self.boards.remove(board)
            return True
        moves = [b for b in board.buttons() if b["custom_id"].startswith("g:")]
        if not moves:
            self.boards.remove(board)
            return True
        before = board.edit_count
        self.clicks += 1
        record = await fake.click(board, user=owner, custom_id=chance.choice(moves)["custom_id"])
        try:
            await asyncio.wait_for(record.wait_complete(), 5)
            # The move is shown once committed: the board is edited after the ack.
            await fake.wait_until(lambda: board.edit_count > before, timeout=0.5)
        except TimeoutError:
            return True  # refused (stale), or the bot was killed before answering
        self.answered += 1
        return True


def go(child: subprocess.Popen[bytes]) -> None:
    """Let a loaded bot process start."""
    assert child.stdin is not None
    child.stdin.write(b"go\n")
    child.stdin.close()


async def wait_connected(
    fake: FakeDiscord,
    guild_ids: list[int],
    identifies: int,
    children: list[subprocess.Popen[bytes]],
    limit: float = 60,
) -> None:
    """Until a new process has identified and the sessions serving ``guild_ids`` are up (for
    at most ``limit`` seconds of a quiet machine: a hang, not a slow start)."""
    deadline = time.monotonic() + quiet_seconds(limit)
    while not all(connected(fake, guild_id, identifies) for guild_id in guild_ids):
        if any(c.poll() is not None for c in children) or time.monotonic() > deadline:
            raise RuntimeError("the bot did not come back")
        await asyncio.sleep(0.02)


def stop_all(started: list[subprocess.Popen[bytes]]) -> None:
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(30)


async def check(
    url: str, kills: int, clicks: int, answered: int, clocked: frozenset[int]
) -> dict[str, int]:
    """Every game's snapshot equals its log's replay and its plies run 1, 2, 3 … with no gap
    or double; the solitaires' plies lie between the moves answered and the clicks sent (the
    two-player games' own account is ``ClockDirector.check``); and the outbox is empty — all
    that any change owed, however many kills cut it short, was delivered by the end."""
    db = Database(url)
    service = GameService(db)
    owed = await service.deliveries.backlog()
    assert owed.pending == 0, f"{owed.pending} deliveries still owed at the end"
    games = plies = 0
    for game_id in await _games(db):
        game = await service.queries.get(game_id)
        assert await service.queries.rebuild_state(game.id) == game.state, f"game {game.id}"
        log = await service.queries.event_log(game.id)
        assert [e.ply for e in log] == list(range(1, len(log) + 1)), f"game {game.id}"
        assert game.ply == len(log)
        games += 1
        if game.id not in clocked:
            plies += len(log)
    await db.dispose()
    assert answered <= plies <= clicks, (answered, plies, clicks)
    return {"kills": kills, "games": games, "clicks": clicks, "answered": answered, "plies": plies}


async def _games(db: Database) -> list[int]:
    from sqlalchemy import select

    from bot.db import GameRow

    async with db.read() as session:
        query = select(GameRow.id).where(GameRow.status.in_(("active", "finished")))
        return list(await session.scalars(query.order_by(GameRow.id)))
