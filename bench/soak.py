"""Soak: the real bot process killed with SIGKILL at random moments while players act.

    python -m bench.soak [--kills 50] [--seed 1] [--postgres]

A loopback fake of Discord runs here; the bot runs as a child process (the real run path,
``python -m bot``'s ``run_bot``) on a SQLite file. Players start 易双六 solitaires and play
them by clicking the boards' buttons — old boards included, across restarts. After each kill the
bot is started again. At the end every game's snapshot must equal the replay of its event log,
no ply is doubled or missing, and every move a player saw answered is in the log.

Meanwhile three players play 武士将棋 on a one-hour move clock in another channel, two of them
with quiet hours (Tokyo, and Berlin across a change to summer time), and the time the bot sees
(a file, ``bench.soak_child``) jumps on, through their nights, half the time just before a
kill: every reminder that fell due must be posted exactly once and never in its recipient's
nights, and every game whose time ran out lost on time exactly once, with one result message
(``bench.soak_clocks``).

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
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.soak_clocks import ClockDirector, FakeTime, clock_players
from bench.soak_parts import (
    TICK_SECONDS,
    Players,
    check,
    go,
    spawn_bot,
    stop_all,
    wait_connected,
)
from bot.db import Database
from tests.fakediscord import FakeDiscord


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
                clock_players(fake),
                db,
                fake_time,
                TICK_SECONDS,
                chance,
                max(8, kills // 2) if clocked_games is None else clocked_games,
            )
            players = Players(fake, [channel], clocks, chance, kill_on_claim=True)
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
                    if round_no == 0:  # before any clocked game, and before the first kill
                        await clocks.set_quiet_hours()
                    kill_at = time.monotonic() + chance.uniform(0.05, 0.6)
                    # Now and then the time jumps just before the kill: the bot dies while it
                    # claims or announces what fell due.
                    jump_at = kill_at - chance.uniform(0, 0.25) if chance.random() < 0.5 else None
                    await players.play_round(kill_at, jump_at, last=round_no == kills)
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
        f"announced exactly once ({result['slow_settles']} settled slower than the budget); "
        f"quiet hours (Tokyo, Berlin across daylight saving, none): {result['fake_hours']} "
        f"fake hours, {result['night_moves']} moves of the time into a mover's night, "
        f"{result['summer_time_turns']} turns across a change of summer time, "
        f"{result['held_by_night']} reminders held until the night ended, none posted in "
        f"one; "
        f"{result['cut_short']} cut short by a kill between claim and "
        f"announcement, told by the next process ({result['nonce_repeats']} posts repeated and "
        f"answered by their nonce); {result['unstarted']} challenges not answered in time "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
