"""A click's cost through Discord: the real bot in this process, driven through the loopback
fake of Discord by concurrent players, each clicking their move as soon as it is their turn;
beside it, in the same run, a bare discord.py client answering as many clicks.

    python -m bench.bench_clicks [--users 50] [--clicks 1000] [--text] [--processes N]
    python -m bench.bench_clicks --compare [--rounds 3] [--together]

``--compare`` measures text boards and picture boards in turn in the same run, ``--rounds``
times each, and reports the medians and the ratio of picture to text clicks per second (the
machine's load changes from minute to minute: only figures taken side by side compare). There
the fake and its players run in a process of their own (:mod:`bench.fake_apart`), as Discord
and its players are elsewhere: the fake's cost (parsing each uploaded picture, validating and
keeping every message) is then not charged to the bot, and the CPU per click it reports is
the bot's process alone (the fake's beside it, and the drawing workers' for pictures, read
from ``/proc``); both kinds of board are measured so.
``--together`` keeps the fake in the bot's process, as the figures before it did.

Reports p50 / p99 from the interaction being sent to the board being edited and clicks per
second, for the bot (武士将棋 games between pairs of players) and for the bare client (the same
two calls, defer and edit, with no database or rendering); the database transactions the bot
began per click under that load (the move's guarded write; the board, the notices and the ping
bookkeeping need none of their own — several players' moves may even share one commit), and
counted alone, with nothing else running: a 易双六 solitaire's Draw and a 武士将棋 move (its turn
ping included). The last line is the ratio of the two p50s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import re
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import discord
import yarl
from sqlalchemy import event
from sqlalchemy.engine import Connection

from bench.fake_apart import serve
from bench.players import Table, click_until_edited, draw_button
from bench.stats import percentile
from bot.client import AsobibaBot
from bot.config import DEFAULT_DRAWING_PROCESSES, Settings
from bot.db import Database
from bot.db.sqlite_store import SqliteGameStore
from bot.services.games import GameService
from bot.ui.app_emojis import BOOK
from bot.ui.easel import EASEL
from rules.core import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.server import API_PREFIX


def count_transactions(db: Database) -> list[int]:
    """A counter of the transactions the bot begins: the ORM's and the store's batches."""
    begun = [0]

    @event.listens_for(db.engine.sync_engine, "begin")
    def _orm(_conn: Connection) -> None:
        begun[0] += 1

    store = db.store
    assert isinstance(store, SqliteGameStore)
    for name in ("_read_batch", "_write_batch"):
        batch = getattr(store, name)

        def counted(conn: sqlite3.Connection, jobs: list[Any], batch: Any = batch) -> Any:
            begun[0] += 1
            return batch(conn, jobs)

        setattr(store, name, counted)
    return begun


async def draw_transactions(
    fake: FakeDiscord, bot: AsobibaBot, channel: FakeChannel, begun: list[int], games: int = 10
) -> float:
    """Transactions per Draw in 易双六 solitaires, one click at a time."""
    draws = counted = 0
    for n in range(games):
        user = fake.add_user(f"solo{n}")
        record = await fake.slash("yosukou start", user=user, channel=channel, options={})
        await record.wait_response()
        board = record.message
        assert board is not None
        start = next(b for b in board.buttons() if str(b["custom_id"]).split(":")[3] == "start")
        await click_until_edited(fake, board, user, str(start["custom_id"]))
        await bot.asobiba.activity.wait_idle()
        custom_id = draw_button(board)
        if custom_id is None:
            continue
        before = begun[0]
        await click_until_edited(fake, board, user, custom_id)
        await bot.asobiba.activity.wait_idle()
        counted += begun[0] - before
        draws += 1
    return counted / max(draws, 1)


async def move_transactions(
    fake: FakeDiscord, bot: AsobibaBot, channel: FakeChannel, begun: list[int], moves: int = 8
) -> float:
    """Transactions per 武士将棋 move between two people, one move at a time (the turn ping
    included)."""
    table = Table(fake, channel, fake.add_user("black"), fake.add_user("white"))
    board = await table.start()  # the challenge and its answer are not counted
    await bot.asobiba.activity.wait_idle()
    latencies: list[float] = []
    before = begun[0]
    await table.play(moves, latencies, Rng.from_seed(98), bot, board)
    return (begun[0] - before) / max(len(latencies), 1)


async def measure_bot(
    users: int,
    clicks: int,
    pictures: bool,
    processes: int = DEFAULT_DRAWING_PROCESSES,
    beside: Callable[[str], AbstractAsyncContextManager[object]] | None = None,
) -> tuple[list[float], float, float, float, float, float]:
    """The bot's latencies under load, its clicks per second, and transactions per click: under
    load, per Draw alone, per 武士将棋 move alone. ``beside``: what else runs over the bot's
    database (its URL) while the clicks are measured (``bench.bench_web``: the web pages' readers)."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}"
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Bench", locale="en-US")
            channels = [fake.add_text_channel(guild, f"games-{n}") for n in range(5)]
            people = [fake.add_user(f"player{n}") for n in range(users)]
            # A new bot on a new fake: the emojis learnt from the last one are not this one's.
            BOOK.forget()
            db = Database(url)
            bot = AsobibaBot(
                # Players here click at machine speed: the per-user cooldown's bucket is
                # counted on every click, but set far above what they reach.
                Settings(
                    discord_token="fake-token",
                    database_url=url,
                    drawing_processes=processes,
                    rate_limit_per_minute=60_000,
                ),
                db,
                GameService(db, seed_source=Rng.from_seed(1)),
            )
            await fake.run_client(bot)
            await bot.asobiba.services.servers.update(guild.id, pictures=pictures)
            tables = [
                Table(fake, channels[n % len(channels)], people[2 * n], people[2 * n + 1])
                for n in range(users // 2)
            ]
            latencies: list[float] = []
            await asyncio.gather(*(t.play(2, [], Rng.from_seed(n)) for n, t in enumerate(tables)))
            begun = count_transactions(db)
            async with beside(url) if beside is not None else contextlib.nullcontext():
                started, cpu = time.perf_counter(), time.process_time()
                per_table = clicks // len(tables)
                await asyncio.gather(
                    *(t.play(per_table, latencies, Rng.from_seed(n)) for n, t in enumerate(tables))
                )
                elapsed = time.perf_counter() - started
            # CPU of this process (the bot and the fake) per click: unlike the time, hardly
            # moved by other processes on the machine.
            cpu_per_click = (time.process_time() - cpu) / len(latencies) * 1000
            under_load = begun[0] / len(latencies)
            await bot.asobiba.activity.wait_idle()
            per_draw = await draw_transactions(fake, bot, channels[0], begun)
            per_move = await move_transactions(fake, bot, channels[1], begun)
            await fake.stop_client(bot)
    return latencies, len(latencies) / elapsed, under_load, per_draw, per_move, cpu_per_click


async def measure_apart(
    users: int, clicks: int, pictures: bool, processes: int = DEFAULT_DRAWING_PROCESSES
) -> tuple[list[float], float, float, float, float]:
    """The bot alone in this process, the fake and its players in a child
    (:mod:`bench.fake_apart`): latencies, clicks per second, and CPU per click in ms of the
    bot's process, of the fake's, and of the drawing workers'."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    child = context.Process(target=serve, args=(theirs, users, clicks), daemon=True)
    child.start()
    theirs.close()  # the child's end: should the child die, our reads fail instead of waiting
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    try:
        base_url, gateway_url, token, guild_id = await asyncio.to_thread(ours.recv)
        discord.http.Route.BASE = base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}"
            # A new bot on a new fake: the emojis learnt from the last one are not this one's.
            BOOK.forget()
            db = Database(url)
            bot = AsobibaBot(
                # As in measure_bot: the per-user cooldown far above machine-speed players.
                Settings(
                    discord_token=token,
                    database_url=url,
                    drawing_processes=processes,
                    rate_limit_per_minute=60_000,
                ),
                db,
                GameService(db, seed_source=Rng.from_seed(1)),
            )
            running = asyncio.create_task(bot.start(token))
            assert await asyncio.to_thread(ours.recv) == "identified"
            await bot.asobiba.services.servers.update(guild_id, pictures=pictures)
            ours.send("go")
            assert await asyncio.to_thread(ours.recv) == "measuring"
            cpu, drawing = time.process_time(), drawing_cpu()
            latencies, elapsed, fake_cpu = await asyncio.to_thread(ours.recv)
            cpu, drawing = time.process_time() - cpu, drawing_cpu() - drawing
            await bot.asobiba.activity.wait_idle()
            await bot.close()
            await running
            ours.send("stop")
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
        child.join(timeout=30)
        if child.is_alive():
            child.kill()
    per_click = 1000 / len(latencies)
    return (
        latencies,
        len(latencies) / elapsed,
        cpu * per_click,
        fake_cpu * per_click,
        drawing * per_click,
    )


def drawing_cpu() -> float:
    """Seconds of CPU the easel's worker processes have used (Linux's /proc; 0 elsewhere)."""
    used = 0.0
    for pid in EASEL.worker_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return used


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"n:(?P<n>[0-9]+)"):
    """The bare baseline's button: it counts, and the message shows the count."""

    def __init__(self, n: int) -> None:
        self.n = n
        super().__init__(discord.ui.Button(label=f"Draw {n}", custom_id=f"n:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.edit_original_response(content=f"count {self.n + 1}", view=view)


class BareClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)


async def measure_bare(users: int, clicks: int) -> tuple[list[float], float]:
    """A bare discord.py client on the same fake: ``users`` players clicking at once, as many
    clicks in all as the bot got; latencies and clicks per second."""
    async with FakeDiscord(assert_clean_on_exit=False) as fake:
        guild = fake.add_guild("Bench", locale="en-US")
        channel = fake.add_text_channel(guild, "bare")
        client = BareClient()
        await fake.run_client(client)
        people = [fake.add_user(f"p{n}") for n in range(users)]
        boards = []
        for _user in people:
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            sent = await client.get_partial_messageable(channel.id).send("count 0", view=view)
            boards.append(fake.messages[sent.id])
        latencies: list[float] = []

        async def bare_player(board: FakeMessage, user: FakeUser) -> None:
            for _ in range(clicks // users):
                custom_id = board.custom_ids()[0]
                latencies.append(await click_until_edited(fake, board, user, custom_id))

        started = time.perf_counter()
        await asyncio.gather(*(bare_player(b, u) for b, u in zip(boards, people, strict=True)))
        elapsed = time.perf_counter() - started
        await fake.stop_client(client)
    return latencies, len(latencies) / elapsed


def describe(name: str, latencies: list[float], per_second: float) -> str:
    return (
        f"{name:<16} p50 {percentile(latencies, 0.5) * 1000:7.1f} ms   "
        f"p99 {percentile(latencies, 0.99) * 1000:7.1f} ms   "
        f"{per_second:7.0f} clicks/s   ({len(latencies)} clicks)"
    )


async def run(
    users: int, clicks: int, pictures: bool, processes: int = DEFAULT_DRAWING_PROCESSES
) -> None:
    bare, bare_rate = await measure_bare(users, clicks)
    measured = await measure_bot(users, clicks, pictures, processes)
    latencies, rate, under_load, per_draw, per_move, cpu_per_click = measured
    kind = f"picture boards ({processes} drawing processes)" if pictures else "text boards"
    print(f"clicks through the fake Discord: {users} players at once, {kind}")
    print(describe("bare discord.py", bare, bare_rate))
    print(describe("asobiba", latencies, rate))
    print(f"CPU of the bot's process (and the fake) per click: {cpu_per_click:.1f} ms")
    print(f"database transactions per click: {under_load:.2f} (under load, new games included)")
    print(f"database transactions per click: {per_draw:.2f} (易双六 Draw, alone)")
    print(f"database transactions per click: {per_move:.2f} (武士将棋 move, turn ping included)")
    ratio = percentile(latencies, 0.5) / percentile(bare, 0.5)
    print(f"click p50 asobiba/bare: {ratio:.1f}")


async def compare(users: int, clicks: int, processes: int, rounds: int, together: bool) -> None:
    rates: dict[bool, list[float]] = {False: [], True: []}
    p99s: dict[bool, list[float]] = {False: [], True: []}
    cpus: dict[bool, list[float]] = {False: [], True: []}
    fakes: dict[bool, list[float]] = {False: [], True: []}
    drawings: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(rounds):
        for pictures in (False, True):
            if together:
                latencies, rate, *_, cpu = await measure_bot(users, clicks, pictures, processes)
                fake_cpu = drawing = 0.0
            else:
                latencies, rate, cpu, fake_cpu, drawing = await measure_apart(
                    users, clicks, pictures, processes
                )
            drawings[pictures].append(drawing)
            rates[pictures].append(rate)
            p99s[pictures].append(percentile(latencies, 0.99) * 1000)
            cpus[pictures].append(cpu)
            fakes[pictures].append(fake_cpu)
    where = "in the bot's process" if together else "in a process of its own"
    print(f"text and picture boards in turn, {rounds} rounds, {users} players at once")
    print(f"the fake Discord and its players {where}")
    for pictures, name in ((False, "text"), (True, f"picture ({processes} processes)")):
        runs = ", ".join(f"{r:.0f}" for r in rates[pictures])
        fake = "" if together else f" (the fake's {statistics.median(fakes[pictures]):4.1f} ms)"
        if pictures and processes and not together:
            fake += f", drawing workers' {statistics.median(drawings[pictures]):4.1f} ms"
        print(
            f"{name:<24} median {statistics.median(rates[pictures]):6.0f} clicks/s ({runs})   "
            f"p99 median {statistics.median(p99s[pictures]):6.0f} ms   "
            f"bot CPU/click {statistics.median(cpus[pictures]):5.1f} ms{fake}"
        )
    ratio = statistics.median(rates[True]) / statistics.median(rates[False])
    print(f"picture/text clicks per second: {ratio:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--text", action="store_true", help="text boards instead of pictures")
    parser.add_argument(
        "--processes",
        type=int,
        default=DEFAULT_DRAWING_PROCESSES,
        help="drawing worker processes (0: a thread, as before DRAWING_PROCESSES)",
    )
    parser.add_argument("--compare", action="store_true", help="text and pictures in turn")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--together",
        action="store_true",
        help="--compare with the fake in the bot's process (as before; it pays for the fake)",
    )
    args = parser.parse_args()
    if args.compare:
        asyncio.run(compare(args.users, args.clicks, args.processes, args.rounds, args.together))
    else:
        asyncio.run(run(args.users, args.clicks, not args.text, args.processes))


if __name__ == "__main__":
    main()
