"""The soak on PostgreSQL: two bot processes splitting the shards (``SHARD_COUNT=2``, one
``SHARD_IDS`` each) on one PostgreSQL, either or both SIGKILLed at random moments while players
act, and the PostgreSQL server restarted once mid-run.

    python -m bench.soak --postgres [--kills 50] [--seed 1]

The server is a private one (``bench.private_postgres``: ``initdb``/``pg_ctl`` in a temporary
folder, restarted with ``pg_ctl restart -m immediate``); without those binaries, a fresh database
on ``TEST_DATABASE_URL``'s server, where the restart is simulated by terminating every session
on it (the soak says which it did).

Each shard has its own server (guild) where players start and play 易双六 solitaires; the
clocked 武士将棋 games (``bench.soak_clocks``) run in the second shard's. At the end, as in
``bench.soak``: every snapshot equals its log's replay, no ply doubled or missing, every
answered move logged, every reminder and timeout told exactly once.
"""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bench.private_postgres import Server, postgres_to_break
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
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.fakediscord.pace import quiet_seconds

SHARDS = (0, 1)
#: How often both processes are killed at once, rather than one.
BOTH_AT_ONCE = 0.2
#: How long players act between kills: longer than the SQLite soak's rounds, as two processes
#: take longer to come back and the players should get moves in between.
ROUND_SECONDS = (0.2, 1.5)


async def soak_postgres(
    kills: int, seed: int, clocked_games: int | None = None, shared_url: str | None = None
) -> dict[str, Any]:
    async with postgres_to_break(shared_url) as server:
        result = await _soak(server, kills, seed, clocked_games)
    return {**result, "postgres": server.restart_kind}


async def _soak(server: Server, kills: int, seed: int, clocked_games: int | None) -> dict[str, Any]:
    chance = random.Random(seed)
    url = server.url
    with tempfile.TemporaryDirectory() as tmp:
        fake_time = FakeTime(Path(tmp) / "now")
        async with FakeDiscord(assert_clean_on_exit=False, shard_count=len(SHARDS)) as fake:
            guilds = [fake.add_guild(f"Soak {shard}", shard=shard) for shard in SHARDS]
            db = Database(url)
            clocks = ClockDirector(
                fake,
                fake.add_text_channel(guilds[1], "clocks"),
                clock_players(fake),
                db,
                fake_time,
                TICK_SECONDS,
                chance,
                max(8, kills // 2) if clocked_games is None else clocked_games,
            )
            players = Players(
                fake, [fake.add_text_channel(g, "games") for g in guilds], clocks, chance
            )
            started: list[subprocess.Popen[bytes]] = []

            def spawn(shard: int) -> subprocess.Popen[bytes]:
                started.append(spawn_bot(fake, url, fake_time.path, (shard, len(SHARDS))))
                return started[-1]

            killed = {shard: 0 for shard in SHARDS}
            restarts = 0
            try:
                identifies = len(fake.gateway.identifies)
                running = {shard: spawn(shard) for shard in SHARDS}
                for child in running.values():
                    go(child)
                spares = {shard: spawn(shard) for shard in SHARDS}
                await wait_connected(
                    fake, [g.id for g in guilds], identifies, list(running.values())
                )
                await clocks.set_quiet_hours()  # before any clocked game and any kill
                for round_no in range(kills + 1):
                    now = time.monotonic()
                    kill_at = now + chance.uniform(*ROUND_SECONDS)
                    jump_at = kill_at - chance.uniform(0, 0.25) if chance.random() < 0.5 else None
                    # Once, half-way: the database goes away and comes back while players act.
                    restart = (
                        asyncio.create_task(
                            restart_soon(server, players, chance.uniform(0, kill_at - now))
                        )
                        if round_no == kills // 2
                        else None
                    )
                    await players.play_round(kill_at, jump_at, last=round_no == kills)
                    if restart is not None:
                        await restart
                        restarts += 1
                    if round_no == kills:
                        await clocks.finish()
                        for child in running.values():
                            child.send_signal(signal.SIGTERM)
                        for child in running.values():
                            child.wait(30)
                        break
                    victims = list(SHARDS) if chance.random() < BOTH_AT_ONCE else []
                    victims = victims or [chance.choice(SHARDS)]
                    old = {v: fake.gateway.session_for(guilds[v].id) for v in victims}
                    for victim in victims:
                        running[victim].send_signal(signal.SIGKILL)
                        running[victim].wait(30)
                        killed[victim] += 1
                    await clocks.after_kill()
                    for victim in victims:
                        running[victim] = spares[victim]
                        go(running[victim])
                        spares[victim] = spawn(victim)
                    await wait_replaced(fake, {v: guilds[v] for v in victims}, old, running)
            finally:  # a failed soak leaves no bot behind, retrying to connect for minutes
                stop_all(started)
            clocked = await clocks.check()
            await db.dispose()
        played = await check(
            url, kills, players.clicks, players.answered, frozenset(g.id for g in clocks.games)
        )
    return {
        **played,
        **clocked,
        "shard_0_kills": killed[0],
        "shard_1_kills": killed[1],
        "postgres_restarts": restarts,
    }


async def restart_soon(server: Server, players: Players, delay: float) -> None:
    await asyncio.sleep(delay)
    players.clocks_paused = True
    try:
        async with players.director:  # the director's read under way ends first
            await server.restart()
    finally:
        players.clocks_paused = False


async def wait_replaced(
    fake: FakeDiscord,
    guilds: dict[int, FakeGuild],
    old: Mapping[int, object],
    running: dict[int, subprocess.Popen[bytes]],
    limit: float = 60,
) -> None:
    """Until a new session serves the guild of each restarted shard (``guilds``: shard →
    guild), not the killed process's (``old``: shard → its session); for at most ``limit``
    seconds of a quiet machine."""
    deadline = time.monotonic() + quiet_seconds(limit)

    def replaced() -> bool:
        for shard, guild in guilds.items():
            session = fake.gateway.session_for(guild.id)
            if session is None or not session.connected or session is old[shard]:
                return False
        return True

    while not replaced():
        if any(c.poll() is not None for c in running.values()) or time.monotonic() > deadline:
            raise RuntimeError("the bot did not come back")
        await asyncio.sleep(0.02)
