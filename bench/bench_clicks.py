"""A click's cost through Discord: the real bot in this process, driven through the loopback
fake of Discord by concurrent players, each clicking their move as soon as it is their turn;
beside it, in the same run, a bare discord.py client answering as many clicks.

    python -m bench.bench_clicks [--users 50] [--clicks 1000] [--text] [--processes N]
    python -m bench.bench_clicks --compare [--rounds 3]

``--compare`` measures text boards and picture boards in turn in the same run, ``--rounds``
times each, and reports the medians and the ratio of picture to text clicks per second (the
machine's load changes from minute to minute: only figures taken side by side compare).

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
import re
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from sqlalchemy import event
from sqlalchemy.engine import Connection

from bench.stats import percentile
from bot.client import AsobibaBot
from bot.config import DEFAULT_DRAWING_PROCESSES, Settings
from bot.db import Database
from bot.db.sqlite_store import SqliteGameStore
from bot.services.games import GameService
from rules.core import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


def moves_on(board: FakeMessage) -> tuple[str, list[str]] | None:
    """A move the board offers: (the drop menu's custom_id, its values) or (a move button's
    custom_id, []); None when the board offers none (the game is over)."""
    menus = [m for m in board.selects() if str(m["custom_id"]).startswith("gs:")]
    if menus:
        return str(menus[0]["custom_id"]), [str(o["value"]) for o in menus[0]["options"]]
    buttons = [
        str(b["custom_id"])
        for b in board.buttons()
        if str(b["custom_id"]).startswith("g:") and "draw" not in str(b["custom_id"])
    ]
    return (buttons[0], []) if buttons else None


def draw_button(board: FakeMessage) -> str | None:
    """A 易双六 board's Draw button (None once the game is over)."""
    for button in board.buttons():
        if str(button["custom_id"]).endswith(":draw"):
            return str(button["custom_id"])
    return None


async def click_until_edited(
    fake: FakeDiscord, board: FakeMessage, user: FakeUser, custom_id: str, value: str | None = None
) -> float:
    """Press a button (or pick ``value`` in a menu); seconds until the board was edited."""
    edits = board.edit_count
    started = time.perf_counter()
    if value is None:
        await fake.click(board, custom_id, user=user)
    else:
        await fake.select(board, custom_id, [value], user=user)
    await fake.wait_until(lambda: board.edit_count > edits, timeout=30)
    return time.perf_counter() - started


class Table:
    """Two players at one board, taking turns."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, black: FakeUser, white: FakeUser):
        self.fake, self.channel, self.players = fake, channel, (black, white)

    async def start(self) -> FakeMessage:
        black, white = self.players
        record = await self.fake.slash(
            "bushi challenge",
            user=black,
            channel=self.channel,
            options={"opponent": white, "colour": "black"},
        )
        await record.wait_response()
        board = record.message
        assert board is not None
        accept = next(b for b in board.buttons() if str(b["custom_id"]).endswith(":accept"))
        await self.fake.click(board, str(accept["custom_id"]), user=white)
        await self.fake.wait_until(lambda: moves_on(board) is not None, timeout=30)
        return board

    async def play(
        self,
        clicks: int,
        latencies: list[float],
        rng: Rng,
        bot: AsobibaBot | None = None,
        board: FakeMessage | None = None,
        think: float = 0.0,
    ) -> None:
        """``clicks`` moves (a new game when one ends) on ``board`` (by default a new game);
        with ``bot``, each waits until the bot has done everything the move set off (the turn
        ping too). ``think``: seconds a player looks at the board before clicking."""
        board = await self.start() if board is None else board
        turn = 0
        for _ in range(clicks):
            offered = moves_on(board)
            if offered is None or "🏆" in board.text:
                board, turn = await self.start(), 0
                offered = moves_on(board)
                assert offered is not None
            custom_id, values = offered
            value = None
            if values:
                value, rng = rng.choice(values)
            user = self.players[turn]
            if think:
                await asyncio.sleep(think)
            latencies.append(await click_until_edited(self.fake, board, user, custom_id, value))
            if bot is not None:
                await bot.asobiba.activity.wait_idle()
            turn = 1 - turn


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
    users: int, clicks: int, pictures: bool, processes: int = DEFAULT_DRAWING_PROCESSES
) -> tuple[list[float], float, float, float, float, float]:
    """The bot's latencies under load, its clicks per second, and transactions per click: under
    load, per Draw alone, per 武士将棋 move alone."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}"
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Bench", locale="en-US")
            channels = [fake.add_text_channel(guild, f"games-{n}") for n in range(5)]
            people = [fake.add_user(f"player{n}") for n in range(users)]
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


async def compare(users: int, clicks: int, processes: int, rounds: int) -> None:
    rates: dict[bool, list[float]] = {False: [], True: []}
    p99s: dict[bool, list[float]] = {False: [], True: []}
    cpus: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(rounds):
        for pictures in (False, True):
            latencies, rate, *_, cpu = await measure_bot(users, clicks, pictures, processes)
            rates[pictures].append(rate)
            p99s[pictures].append(percentile(latencies, 0.99) * 1000)
            cpus[pictures].append(cpu)
    print(f"text and picture boards in turn, {rounds} rounds, {users} players at once")
    for pictures, name in ((False, "text"), (True, f"picture ({processes} processes)")):
        runs = ", ".join(f"{r:.0f}" for r in rates[pictures])
        print(
            f"{name:<24} median {statistics.median(rates[pictures]):6.0f} clicks/s ({runs})   "
            f"p99 median {statistics.median(p99s[pictures]):6.0f} ms   "
            f"CPU/click {statistics.median(cpus[pictures]):5.1f} ms"
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
    args = parser.parse_args()
    if args.compare:
        asyncio.run(compare(args.users, args.clicks, args.processes, args.rounds))
    else:
        asyncio.run(run(args.users, args.clicks, not args.text, args.processes))


if __name__ == "__main__":
    main()
