"""One user clicking 50 times a second, and everybody else: does the flood slow the others down?

    python -m bench.bench_spam [--users 20] [--clicks 400] [--rate 50] [--rounds 2] [--think 1]

The real bot in a process of its own (the real run path, as ``bench.soak`` starts it), driven
through the loopback fake of Discord in this one, as in
``bench.bench_clicks``: pairs of players play 武士将棋 (picture boards, the default), each
clicking their move ``--think`` seconds after it became their turn — people, not robots: a
player clicking at machine speed is exactly what the cooldown is there to slow down. Runs of three kinds, each on a fresh bot and
database, one after the other in the same process (quiet and limited interleaved ``--rounds``
times and pooled, so the shared machine's drift falls on both alike):

- **quiet**: the players alone;
- **spam, limited**: meanwhile one more user clicks a move button of their own 易双六
  solitaire ``--rate`` times a second, open loop (never waiting for an answer), with the
  per-user cooldown at its defaults (``RATE_LIMIT_PER_MINUTE``, ``RATE_LIMIT_BURST``);
- **spam, unlimited**: the same flood with the cooldown off (``RATE_LIMIT_PER_MINUTE=0``),
  to show what the cooldown holds back.

Reports the other players' p50 / p99 (from the interaction sent to their board edited) per run
and the ratio of the limited run's p99 to the quiet run's — the target is at most 1.20 — and how
the spammer's clicks were answered: each should get exactly one response within Discord's 3 s
("failed" counts those that did not — expected only without the cooldown, on a loaded machine).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import signal
import tempfile
import time
from pathlib import Path

from sqlalchemy import func, select

from bench.players import Table
from bench.soak_clocks import FakeTime
from bench.soak_parts import go, spawn_bot, wait_connected
from bench.stats import percentile
from bot.db import Database, GameRow, GameSeatRow
from rules.core import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from tests.fakediscord.models import FakeDiscordError, InteractionRecord


@dataclasses.dataclass
class Run:
    name: str
    latencies: list[float]
    spam_sent: int = 0
    spam_cooled: int = 0
    spam_played: int = 0
    #: Spammer's clicks never answered within Discord's 3 s ("This interaction failed").
    spam_failed: int = 0

    def line(self) -> str:
        spam = (
            f"   spammer: {self.spam_sent} clicks, {self.spam_cooled} cooled down, "
            f"{self.spam_played} moves played, {self.spam_failed} failed (no answer in 3 s)"
            if self.spam_sent
            else ""
        )
        return (
            f"{self.name:<16} others p50 {percentile(self.latencies, 0.5) * 1000:7.1f} ms   "
            f"p99 {percentile(self.latencies, 0.99) * 1000:7.1f} ms   "
            f"({len(self.latencies)} clicks){spam}"
        )


def first_move(board: FakeMessage) -> str | None:
    """The board's first move button (a start square, Draw …); None once the game is over."""
    moves = [str(b["custom_id"]) for b in board.buttons() if str(b["custom_id"]).startswith("g:")]
    return moves[0] if moves else None


class Spammer:
    """One user pressing a move button of their own solitaire ``rate`` times a second."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, user: FakeUser, rate: int):
        self.fake, self.channel, self.user, self.rate = fake, channel, user, rate
        self.records: list[InteractionRecord] = []

    async def new_board(self) -> FakeMessage | None:
        """A new solitaire; None when the command was cooled down."""
        record = await self.fake.slash("yosukou start", user=self.user, channel=self.channel)
        self.records.append(record)
        await record.wait_response()
        return None if record.ephemeral else record.message

    async def flood(self, stop: asyncio.Event) -> None:
        board = None
        period = 1.0 / self.rate
        next_at = time.perf_counter()
        while not stop.is_set():
            button = None if board is None else first_move(board)
            if board is None or button is None:  # none yet, or the game is over: another
                board = await self.new_board()
            else:
                self.records.append(await self.fake.click(board, button, user=self.user))
            next_at += period
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))


async def plies_of(db: Database, user_id: int) -> int:
    """The moves logged in the user's games."""
    async with db.read() as session:
        query = select(func.sum(GameRow.ply)).join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
        return int(await session.scalar(query.where(GameSeatRow.user_id == user_id)) or 0)


async def measure(
    name: str, users: int, clicks: int, spam_rate: int, limit: bool, think: float
) -> Run:
    """One run on a fresh database, the bot in a process of its own (the real run path, as the
    soak starts it): the fake Discord's own work — a gateway event and a checked HTTP call per
    click, Discord's share in real life — does not land on the bot's event loop."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'spam.sqlite3'}"
        now = FakeTime(Path(tmp) / "now")
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Bench", locale="en-US")
            channels = [fake.add_text_channel(guild, f"games-{n}") for n in range(5)]
            people = [fake.add_user(f"player{n}") for n in range(users)]
            spammer_user = fake.add_user("spammer")
            # Limited: the defaults (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_BURST); else none.
            env = {} if limit else {"RATE_LIMIT_PER_MINUTE": "0"}
            child = spawn_bot(fake, url, now.path, env=env, tick=30)
            try:
                go(child)
                await wait_connected(fake, [guild.id], 0, [child])
                run = await play(
                    fake, guild, channels, people, spammer_user, clicks, spam_rate, think
                )
                run.name = name
                if spam_rate:
                    db = Database(url)
                    run.spam_played = await plies_of(db, spammer_user.id)
                    await db.dispose()
            finally:
                child.send_signal(signal.SIGTERM)
                child.wait(30)
    return run


async def play(
    fake: FakeDiscord,
    guild: FakeGuild,
    channels: list[FakeChannel],
    people: list[FakeUser],
    spammer_user: FakeUser,
    clicks: int,
    spam_rate: int,
    think: float,
) -> Run:
    tables = [
        Table(fake, channels[n % len(channels)], people[2 * n], people[2 * n + 1])
        for n in range(len(people) // 2)
    ]
    await asyncio.gather(*(t.play(2, [], Rng.from_seed(n)) for n, t in enumerate(tables)))
    run = Run("", [])
    stop = asyncio.Event()
    spammer = Spammer(fake, fake.add_text_channel(guild, "spam"), spammer_user, spam_rate)
    flood = asyncio.create_task(spammer.flood(stop)) if spam_rate else None
    if flood is not None:
        await asyncio.sleep(1.0)  # the flood is under way (its burst spent)
    per_table = clicks // len(tables)
    try:
        await asyncio.gather(
            *(
                t.play(per_table, run.latencies, Rng.from_seed(n), think=think)
                for n, t in enumerate(tables)
            )
        )
    except BaseException:
        if flood is not None:
            flood.cancel()
        raise
    stop.set()
    if flood is not None:
        await flood
        await asyncio.sleep(4)  # past Discord's 3 s: what is unanswered now failed
        run.spam_sent = len(spammer.records)
        run.spam_failed = sum(not r.responded for r in spammer.records)
        run.spam_cooled = sum(
            any("a lot of clicks" in m.text for m in r.all_messages) for r in spammer.records
        )
    return run


def pooled(name: str, runs: list[Run]) -> Run:
    total = Run(name, [latency for r in runs for latency in r.latencies])
    for r in runs:
        total.spam_sent += r.spam_sent
        total.spam_cooled += r.spam_cooled
        total.spam_played += r.spam_played
        total.spam_failed += r.spam_failed
    return total


async def run(users: int, clicks: int, rate: int, rounds: int, think: float) -> None:
    """``rounds`` of quiet and limited runs, interleaved (the machine's drift falls on both
    alike) and pooled; then one unlimited run."""
    print(
        f"{users} players playing 武士将棋 in pairs, each clicking {think:g} s after their turn "
        f"came; one more user clicking {rate}/s",
        flush=True,
    )
    quiet: list[Run] = []
    limited: list[Run] = []
    for n in range(1, rounds + 1):
        quiet.append(await measure(f"quiet #{n}", users, clicks, 0, True, think))
        print(quiet[-1].line(), flush=True)
        limited.append(await measure(f"spam, limited #{n}", users, clicks, rate, True, think))
        print(limited[-1].line(), flush=True)
    all_quiet, all_limited = pooled("quiet", quiet), pooled("spam, limited", limited)
    print(all_quiet.line())
    print(all_limited.line())
    base = percentile(all_quiet.latencies, 0.99)
    print(
        f"others' p99 spam/quiet with the cooldown: "
        f"{percentile(all_limited.latencies, 0.99) / base:.2f} (target ≤ 1.20)",
        flush=True,
    )
    try:
        unlimited = await measure("spam, unlimited", users, clicks, rate, False, think)
    except (TimeoutError, FakeDiscordError) as error:
        # The flood can starve the others outright: a challenge unanswered for seconds.
        print(f"spam, unlimited: the other players' games broke down ({type(error).__name__})")
        return
    print(unlimited.line())
    print(f"others' p99 spam/quiet without it: {percentile(unlimited.latencies, 0.99) / base:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--clicks", type=int, default=400)
    parser.add_argument("--rate", type=int, default=50, help="the spammer's clicks per second")
    parser.add_argument("--rounds", type=int, default=2, help="quiet and limited runs, each")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds a player looks before clicking"
    )
    args = parser.parse_args()
    asyncio.run(run(args.users, args.clicks, args.rate, args.rounds, args.think))


if __name__ == "__main__":
    main()
