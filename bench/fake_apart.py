"""The loopback fake of Discord and its players in a process of their own, as Discord and its
players are elsewhere: the bot's process then pays for the bot alone (not for the fake parsing
its uploads, validating its requests and keeping its messages), and its CPU per click is the
bot's own.

The bench's process starts :func:`serve` in a child and talks to it over a pipe:

1. the child starts the fake, its guild, channels and players and sends ``(base URL, gateway
   URL, token, guild id)``;
2. the bench starts the bot against those; the child says ``"identified"`` when it has;
3. the bench sets the guild's options and sends ``"go"``: the child warms up (two moves a
   table), says ``"measuring"``, plays ``clicks`` moves and sends ``(latencies, seconds, CPU
   seconds of the fake's process)``;
4. the bench stops the bot and sends ``"stop"``.
"""

from __future__ import annotations

import asyncio
import time
from multiprocessing.connection import Connection

from bench.players import Table
from rules.core import Rng
from tests.fakediscord import FakeDiscord


def serve(conn: Connection, users: int, clicks: int) -> None:
    """The child's entry point (see the module's docstring)."""
    asyncio.run(_serve(conn, users, clicks))


async def _serve(conn: Connection, users: int, clicks: int) -> None:
    async with FakeDiscord(assert_clean_on_exit=False) as fake:
        guild = fake.add_guild("Bench", locale="en-US")
        channels = [fake.add_text_channel(guild, f"games-{n}") for n in range(5)]
        people = [fake.add_user(f"player{n}") for n in range(users)]
        conn.send((fake.base_url, fake.gateway_url, fake.token, guild.id))
        await fake.wait_until(lambda: len(fake.gateway.identifies) > 0, timeout=60)
        conn.send("identified")
        assert await asyncio.to_thread(conn.recv) == "go"
        tables = [
            Table(fake, channels[n % len(channels)], people[2 * n], people[2 * n + 1])
            for n in range(users // 2)
        ]
        await asyncio.gather(*(t.play(2, [], Rng.from_seed(n)) for n, t in enumerate(tables)))
        conn.send("measuring")
        latencies: list[float] = []
        started, cpu = time.perf_counter(), time.process_time()
        per_table = clicks // len(tables)
        await asyncio.gather(
            *(t.play(per_table, latencies, Rng.from_seed(n)) for n, t in enumerate(tables))
        )
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        conn.send((latencies, elapsed, cpu))
        assert await asyncio.to_thread(conn.recv) == "stop"
