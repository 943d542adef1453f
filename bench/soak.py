"""Soak: the real bot process killed with SIGKILL at random moments while players act.

    python -m bench.soak [--kills 50] [--seed 1] [--postgres]

A loopback fake of Discord runs here; the bot runs as a child process (the real run path,
``python -m bot``'s ``run_bot``) on a SQLite file. Players start 易双六 solitaires and play
them by clicking the boards' buttons — old boards included, across restarts. After each kill the
bot is started again. At the end every game's snapshot must equal the replay of its event log,
no ply is doubled or missing, and every move a player saw answered is in the log.

Meanwhile two players play 武士将棋 on a one-hour move clock in another channel, and the time
the bot sees (a file, ``bench.soak_child``) jumps on, half the time just before a kill: every
reminder that fell due must be posted exactly once and every game whose time ran out lost on
time exactly once, with one result message (``bench.soak_clocks``).

``--postgres``: the same on PostgreSQL with two processes splitting the shards, either killed,
and the database server restarted mid-run (``bench.soak_postgres``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.soak_clocks import ClockDirector, FakeTime
from bot.db import Database
from bot.services.games import GameService
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage
from tests.fakediscord.server import API_PREFIX

ROOT = Path(__file__).resolve().parent.parent
#: Clicks played after the last restart.
FINAL_CLICKS = 40
#: The bot's move-clock tick in the child: short, so reminders and timeouts fall due in a round.
TICK_SECONDS = 0.05


def connected(fake: FakeDiscord, guild_id: int, identifies: int) -> bool:
    """The new bot process has identified and its session serves the guild."""
    if len(fake.gateway.identifies) <= identifies or not fake.syncs:
        return False
    session = fake.gateway.session_for(guild_id)
    return session is not None and session.connected


def spawn_bot(
    fake: FakeDiscord, url: str, now_file: Path, shards: tuple[int, int] | None = None
) -> subprocess.Popen[bytes]:
    """A bot process that imports everything, then waits for ``go`` (so the next one loads
    while this round runs: importing discord.py is most of a restart). ``shards``: (the shard
    it serves, out of how many); by default it serves them all."""
    args = [fake.base_url, fake.gateway_url, fake.token, url, API_PREFIX, str(now_file)]
    args.append(str(TICK_SECONDS))
    if shards is not None:
        args += [str(shards[1]), str(shards[0])]
    return subprocess.Popen(
        [sys.executable, "-m", "bench.soak_child", *args],
        stdin=subprocess.PIPE,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LOG_LEVEL": "WARNING"},
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
    ) -> None:
        self.fake, self.channels, self.clocks, self.chance = fake, channels, clocks, chance
        self.people = [fake.add_user(f"p{n}") for n in range(4)]
        self.boards: list[FakeMessage] = []
        self.clicks = 0
        self.answered = 0

    async def act(self) -> bool:
        """One thing done; False when the bot did not answer a new game in time."""
        chance, fake = self.chance, self.fake
        if chance.random() < 0.5 and await self.clocks.step():
            return True
        if len(self.boards) < 6 or chance.random() < 0.1:
            user = chance.choice(self.people)
            channel = chance.choice(self.channels)
            record = await fake.slash("yosukou start", user=user, channel=channel)
            try:
                await asyncio.wait_for(record.wait_response(), 5)
            except TimeoutError:
                return False
            if record.message is not None:
                self.boards.append(record.message)
            return True
        board = chance.choice(self.boards)
        owner = next(p for p in self.people if f"<@{p.id}>" in board.text)
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


async def soak(kills: int, seed: int, clocked_games: int | None = None) -> dict[str, int]:
    chance = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'soak.sqlite3'}"
        fake_time = FakeTime(Path(tmp) / "now")
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Soak")
            channel = fake.add_text_channel(guild, "games")
            db = Database(url)
            clocks = ClockDirector(
                fake,
                fake.add_text_channel(guild, "clocks"),
                (fake.add_user("black"), fake.add_user("white")),
                db,
                fake_time,
                TICK_SECONDS,
                chance,
                max(8, kills // 2) if clocked_games is None else clocked_games,
            )
            players = Players(fake, [channel], clocks, chance)
            spare: subprocess.Popen[bytes] | None = None
            started: list[subprocess.Popen[bytes]] = []

            def spawn() -> subprocess.Popen[bytes]:
                started.append(spawn_bot(fake, url, fake_time.path))
                return started[-1]

            try:
                for round_no in range(kills + 1):
                    identifies = len(fake.gateway.identifies)
                    child = spare or spawn()
                    go(child)
                    spare = spawn() if round_no < kills else None
                    await wait_connected(fake, [guild.id], identifies, [child])
                    kill_at = time.monotonic() + chance.uniform(0.05, 0.6)
                    # Now and then the time jumps just before the kill: the bot dies while it
                    # claims or announces what fell due.
                    jump_at = kill_at - chance.uniform(0, 0.25) if chance.random() < 0.5 else None
                    last_clicks = players.clicks + FINAL_CLICKS
                    # After the last restart: play on (old boards' buttons must still work).
                    while (
                        time.monotonic() < kill_at
                        if round_no < kills
                        else players.clicks < last_clicks
                    ):
                        if jump_at is not None and time.monotonic() >= jump_at:
                            jump_at = None
                            await clocks.step(advance=True)
                        elif not await players.act():
                            break
                    if round_no == kills:
                        await clocks.finish()
                        child.send_signal(signal.SIGTERM)
                        child.wait(30)
                    else:
                        child.send_signal(signal.SIGKILL)
                        child.wait(30)
                        await clocks.after_kill()
            finally:  # a failed soak leaves no bot behind, retrying to connect for minutes
                stop_all(started)
            clocked = await clocks.check()
            await db.dispose()
        played = await check(
            url,
            kills,
            players.clicks,
            players.answered,
            frozenset(g.id for g in clocks.games),
        )
        return {**played, **clocked}


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
    """Until a new process has identified and the sessions serving ``guild_ids`` are up."""
    deadline = time.monotonic() + limit
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
    two-player games' own account is ``ClockDirector.check``)."""
    db = Database(url)
    service = GameService(db)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="two shard processes on PostgreSQL, restarted mid-run (bench.soak_postgres)",
    )
    args = parser.parse_args()
    # A killed bot drops its connections mid-request: the fake's server would log each one.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    started = time.perf_counter()
    if args.postgres:
        from bench.soak_postgres import soak_postgres

        result: dict[str, Any] = asyncio.run(
            soak_postgres(args.kills, args.seed, shared_url=os.environ.get("TEST_DATABASE_URL"))
        )
        print(
            f"PostgreSQL ({result['postgres']} {result['postgres_restarts']} time(s)), two "
            f"shard processes: shard 0 killed {result['shard_0_kills']} times, shard 1 "
            f"{result['shard_1_kills']} times"
        )
    else:
        result = asyncio.run(soak(args.kills, args.seed))
    print(
        f"soak: {result['kills']} SIGKILLs, {result['games']} games, {result['clicks']} clicks, "
        f"{result['answered']} answered, {result['plies']} plies in the logs — every snapshot "
        f"equals its log's replay\n"
        f"clocks: {result['clocked_games']} 武士将棋 games on a 1-hour clock, "
        f"{result['clock_moves']} moves, {result['time_changes']} jumps of the time, "
        f"{result['reminders']} reminders and {result['timeouts']} losses on time, each "
        f"announced exactly once; {result['cut_short']} cut short by a kill between claim and "
        f"announcement, told by the next process ({result['nonce_repeats']} posts repeated and "
        f"answered by their nonce); {result['unstarted']} challenges not answered in time "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
