"""Writes ``tests/data/upgrades/<newest revision>.sqlite``: a database at the newest schema, filled
by the bot's own services with games of every kind in every state.

Run it before writing a new migration, so the upgrade tests hold a database made by the code
that migration upgrades from (commit the file with the migration):

    python -m tests.data.upgrades.make_fixture [path]

What it holds: 武士将棋 won by mate, by resignation and on time, drawn by agreement, resigned
against the bot, declined, withdrawn, called off, expired, in progress (one with a declined draw offer);
易双六 and 略式易双六 solitaires won, lost, resigned and in progress; 戦列札 played out, resigned
(against a person and the bot), timed out, in progress; open challenges; move clocks with a
reminder sent and clock notices both announced and left unannounced (a crash); rated games and
ratings, a rematch; preferences; server settings and a stuck game aborted; two days' daily
deals (with the deployment secret they are keyed by); tournaments of every format (round robin
finished, Swiss running with a withdrawal, solitaire events running and closed, one cancelled,
one in sign-up; the Swiss round's unposted boards claimed to be announced again). Six people
(two with Japanese names) on two servers.

The file is the same on every run: fixed times, seeded choices, string hashing fixed, the
deployment secret and salts counted instead of drawn, 戦列札's AI never cut short by its clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import os
import random
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from alembic.script import ScriptDirectory

from bot.db import Database
from bot.db.engine import alembic_config
from bot.services.clocks import ClockService
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.snapshots import Player
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from rules.core import Rng

HERE = Path(__file__).resolve().parent
EPOCH = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
HOUR = 3600
DAY = 24 * HOUR
GUILDS = (710_000_000_000_000_001, 710_000_000_000_000_002)
CHANNELS = (720_000_000_000_000_001, 720_000_000_000_000_002)
MESSAGE_BASE = 740_000_000_000_000_000
PEOPLE = tuple(
    Player(730_000_000_000_000_000 + i, name)
    for i, name in enumerate(("alice", "bob", "carol", "dave", "瑛太", "ゆい"), start=1)
)
ALICE, BOB, CAROL, DAVE, EITA, YUI = PEOPLE
BOT = Player(739_999_999_999_999_999, "Asobiba", is_bot=True)


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


@dataclass
class FixedClock:
    """The services' clock: stands still until the maker moves it on."""

    now: datetime = EPOCH

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class CountingSecrets:
    """Stands in for the ``secrets`` module: the same bytes on every run (counted, hashed)."""

    def __init__(self) -> None:
        self.count = 0

    def token_bytes(self, n: int) -> bytes:
        self.count += 1
        return hashlib.sha256(f"asobiba-fixture:{self.count}".encode()).digest()[:n]


@contextlib.contextmanager
def reproducible() -> Iterator[None]:
    """The secret and salts counted, 戦列札's AI on a clock that stands still (its time cap
    would otherwise cut its sampling short at a load-dependent point)."""
    replaced = {
        "rules.core.fairness": ("secrets", CountingSecrets()),
        "bot.services.secrets": ("secrets", CountingSecrets()),
        "rules.senretsu.ai": ("time", SimpleNamespace(monotonic=lambda: 0.0)),
    }
    saved = []
    for module_name, (attribute, fake) in replaced.items():
        module = importlib.import_module(module_name)
        saved.append((module, attribute, getattr(module, attribute)))
        setattr(module, attribute, fake)
    try:
        yield
    finally:
        for module, attribute, original in saved:
            setattr(module, attribute, original)


class Maker:
    """Plays through the services as people would, one seeded choice at a time."""

    def __init__(self, games: GameService, clock: FixedClock) -> None:
        self.games = games
        self.clock = clock
        self.placed = 0

    def place(self) -> dict[str, Any]:
        """Games alternate between the two servers and the two languages."""
        self.placed += 1
        return {
            "guild_id": GUILDS[self.placed % 2],
            "channel_id": CHANNELS[self.placed % 2],
            "locale": "ja" if self.placed % 3 == 0 else "en",
        }

    async def challenge(self, kind: str, a: Player, b: Player, **options: Any) -> int:
        self.clock.advance(minutes=7)
        return (await self.games.starts.challenge(kind, a, b, **self.place(), **options)).game.id

    async def started(self, kind: str, a: Player, b: Player, **options: Any) -> int:
        game_id = await self.challenge(kind, a, b, **options)
        if not b.is_bot:
            self.clock.advance(minutes=3)
            await self.games.starts.accept(game_id, b.user_id)
        return game_id

    async def solitaire(self, player: Player, seed: int, **settings: Any) -> int:
        self.clock.advance(minutes=5)
        result = await self.games.starts.start_solitaire(
            "yosukou", player, settings=settings, seed=seed, **self.place()
        )
        return result.game.id

    async def play(self, game_id: int, plies: int | None, *, prefer_win: bool = False) -> None:
        """``plies`` actions (``None``: to the end), each by a person who is to act: a seeded
        random legal one, or one that wins at once when ``prefer_win`` and there is one."""
        done = 0
        while plies is None or done < plies:
            game = await self.games.queries.get(game_id)
            people = [s for s in game.seats_to_act if not s.is_bot]
            if game.status != "active" or not people:
                return
            seat = people[done % len(people)]
            rules, state = game.rules, game.state
            legal = list(rules.legal_actions(state, seat.seat))
            winning = [
                a
                for a in legal
                if prefer_win
                and (outcome := rules.apply(state, seat.seat, a).state.outcome) is not None
                and outcome.winner == seat.seat
            ]
            choice = random.Random(f"{game_id}:{game.ply}:{seat.seat}").choice(legal)
            self.clock.advance(minutes=11)
            code = rules.format(winning[0] if winning else choice)
            await self.games.actions.act(game_id, seat.user_id, game.version, code)
            done += 1

    async def act(self, game_id: int, user: Player, code: str) -> None:
        self.clock.advance(minutes=5)
        game = await self.games.queries.get(game_id)
        await self.games.actions.act(game_id, user.user_id, game.version, code)

    async def resign_whoever_moves(self, game_id: int) -> None:
        game = await self.games.queries.get(game_id)
        if game.status == "active":
            mover = game.seats_to_act[0].user_id
            await self.act(game_id, next(p for p in PEOPLE if p.user_id == mover), "resign")


async def bushi_games(maker: Maker) -> None:
    game_id = await maker.started("bushi", ALICE, BOB, rated=True, challenger_seat=0)
    await maker.play(game_id, None, prefer_win=True)
    game_id = await maker.started("bushi", CAROL, DAVE, settings={"cube": "alternate"})
    await maker.play(game_id, 4)
    await maker.act(game_id, DAVE, "resign")
    for a, b in ((ALICE, BOB), (CAROL, DAVE)):
        game_id = await maker.started("bushi", a, b, rated=True)
        await maker.play(game_id, 5)
        await maker.resign_whoever_moves(game_id)
    game_id = await maker.started("bushi", CAROL, EITA, challenger_seat=0)
    await maker.play(game_id, 4)
    await maker.act(game_id, CAROL, "draw-offer")
    await maker.act(game_id, EITA, "draw-accept")
    game_id = await maker.started("bushi", BOB, BOT, challenger_seat=0)
    await maker.play(game_id, 4)
    await maker.act(game_id, BOB, "resign")
    await maker.games.starts.decline(await maker.challenge("bushi", ALICE, DAVE), DAVE.user_id)
    await maker.games.starts.abort(await maker.challenge("bushi", BOB, EITA), BOB.user_id)
    await maker.games.starts.abort(await maker.started("bushi", CAROL, YUI), YUI.user_id)


async def yosukou_games(maker: Maker) -> None:
    """Short solitaires (one end-card appearance) until each variant has a win and a loss."""
    for variant, first_seed in (("original", 100), ("simplified", 200)):
        won: set[bool] = set()
        seed = first_seed
        while len(won) < 2:
            seed += 1
            assert seed < first_seed + 40, variant
            player = (ALICE, CAROL, EITA, YUI)[seed % 4]
            game_id = await maker.solitaire(player, seed, variant=variant, rule_terminals=1)
            await maker.play(game_id, None, prefer_win=True)
            outcome = (await maker.games.queries.get(game_id)).outcome
            assert outcome is not None
            won.add(outcome.reason == "goal")
        game_id = await maker.solitaire(BOB, seed + 50, variant=variant, rule_terminals=1)
        await maker.play(game_id, 2)
        await maker.act(game_id, BOB, "resign")
        game_id = await maker.solitaire(DAVE, seed + 60, variant=variant, rule_terminals=1)
        await maker.play(game_id, 4)
    await maker.solitaire(YUI, 999, variant="simplified", rule_terminals=1)


async def senretsu_games(maker: Maker) -> None:
    game_id = await maker.started("senretsu", ALICE, CAROL, rated=True)
    await maker.play(game_id, None, prefer_win=True)
    game_id = await maker.started("senretsu", BOB, YUI)
    await maker.play(game_id, 6)
    await maker.act(game_id, YUI, "resign")
    game_id = await maker.started("senretsu", CAROL, BOT, challenger_seat=0)
    await maker.play(game_id, 8)
    await maker.act(game_id, CAROL, "resign")
    await maker.play(await maker.started("senretsu", YUI, ALICE), 7)
    await maker.play(await maker.started("senretsu", EITA, BOT, challenger_seat=1), 3)


async def move_clocks(maker: Maker, clocks: ClockService) -> None:
    """A loss on time, 戦列札 timed out, an expired challenge (announced: their notices done);
    then a reminder and a loss on time whose notices a crash left unannounced."""
    hour = {"move_seconds": HOUR}
    late = await maker.started("bushi", ALICE, DAVE, rated=True, challenger_seat=0, **hour)
    await maker.play(late, 3)
    await maker.play(await maker.started("senretsu", CAROL, EITA, **hour), 5)
    await maker.challenge("bushi", DAVE, CAROL, rated=True, **hour)
    maker.clock.advance(hours=25)
    announced = await clocks.tick()
    assert len(announced) >= 3, announced
    for notice in announced:
        clocks.done(notice)
    await clocks.deliveries.flush()
    reminded = await maker.started("bushi", BOB, YUI, challenger_seat=1, **hour)
    await maker.play(reminded, 2)
    unlucky = await maker.started("bushi", EITA, CAROL, challenger_seat=0, **hour)
    await maker.play(unlucky, 1)
    maker.clock.advance(minutes=35)
    await maker.play(unlucky, 1)
    maker.clock.advance(minutes=40)
    assert len(await clocks.tick()) == 2  # never announced: left in the outbox


async def in_progress(maker: Maker) -> None:
    day = {"move_seconds": DAY}
    for a, b in ((ALICE, BOB), (CAROL, DAVE), (YUI, BOB)):
        await maker.play(await maker.started("bushi", a, b, rated=a is ALICE, **day), 6)
    game_id = await maker.started("bushi", DAVE, YUI, challenger_seat=0, **day)
    await maker.play(game_id, 3)
    await maker.act(game_id, DAVE, "draw-offer")
    await maker.act(game_id, YUI, "draw-decline")
    await maker.play(game_id, 1)
    await maker.games.messages.attach_message(game_id, CHANNELS[0], MESSAGE_BASE + game_id)
    await maker.games.messages.swap_ping(game_id, MESSAGE_BASE + 1000 + game_id)
    await maker.play(await maker.started("bushi", YUI, BOT, challenger_seat=1, **day), 2)
    await maker.started("bushi", EITA, ALICE, **day)
    await maker.challenge("bushi", YUI, EITA, settings={"cube": "alternate"}, **day)
    await maker.challenge("bushi", ALICE, BOB, rated=True)
    await maker.challenge("senretsu", BOB, DAVE, settings={"colours": "red"}, **day)
    await maker.games.starts.rematch(1, BOB.user_id)


async def people_and_servers(maker: Maker, servers: GuildService) -> None:
    standings = StandingsService(maker.games.db, maker.clock)
    for person, notify, hide, pictures in zip(
        PEOPLE[:4],
        ("dm", "none", "channel", "dm"),
        (False, True, False, True),
        (True, False, None, False),
        strict=True,
    ):
        maker.clock.advance(minutes=1)
        await standings.set_prefs(person.user_id, notify=notify, hide_stats=hide, pictures=pictures)
    for i, guild_id in enumerate(GUILDS):
        maker.clock.advance(minutes=2)
        await servers.update(
            guild_id,
            allow_channel=CHANNELS[i],
            default_clock_seconds=(DAY, None)[i],
            locale=("ja", None)[i],
            pictures=(False, None)[i],
            tournaments_by_everyone=(True, False)[i],
        )
    stuck = await maker.started("bushi", ALICE, BOB)
    await maker.play(stuck, 3)
    await maker.games.actions.abort_by_platform(
        stuck, (await maker.games.queries.get(stuck)).version
    )


async def daily_deals(maker: Maker) -> None:
    for day, variant in enumerate(("simplified", "original")):
        maker.clock.advance(days=day)
        for person, plies in ((ALICE, 6), (CAROL, 8), (YUI, 5), (BOB, 0)):
            result, new = await maker.games.starts.start_daily(
                "yosukou", person, {"variant": variant}, **maker.place()
            )
            assert new
            await maker.play(result.game.id, plies)
            if day == 0 and person is ALICE:
                await maker.act(result.game.id, ALICE, "resign")


class Tournaments:
    """Tournaments on the first server, organised by alice."""

    def __init__(self, maker: Maker, servers: GuildService) -> None:
        self.maker = maker
        self.service = TournamentService(maker.games, servers)

    async def create(self, name: str, game_type: str, **options: Any) -> int:
        self.maker.clock.advance(minutes=13)
        info = await self.service.actions.create(
            guild_id=GUILDS[0],
            channel_id=CHANNELS[0],
            organiser=ALICE,
            manages_server=True,
            name=name,
            game_type=game_type,
            settings=options.pop("settings", {}),
            format=options.pop("format", None),
            rounds=options.pop("rounds", 2),
            move_seconds=DAY,
            rated=options.pop("rated", False),
            signup_seconds=DAY,
            max_players=None,
            play_seconds=7 * DAY,
            locale=options.pop("locale", "ja"),
        )
        assert not options, options
        return info.id

    async def enter(self, tournament_id: int, count: int) -> None:
        for person in PEOPLE[:count]:
            self.maker.clock.advance(minutes=1)
            await self.service.actions.join(tournament_id, GUILDS[0], person)

    async def started(self, name: str, game_type: str, entrants: int, **options: Any) -> int:
        tournament_id = await self.create(name, game_type, **options)
        await self.enter(tournament_id, entrants)
        await self.service.actions.start(
            tournament_id, GUILDS[0], ALICE.user_id, manages_server=True
        )
        return tournament_id

    async def play_round(self, tournament_id: int, plies: int, *, end: bool) -> None:
        for pairing in (await self.service.queries.show(tournament_id)).pairings:
            if pairing.game_id is not None and pairing.result is None:
                await self.maker.play(pairing.game_id, plies)
                if end:
                    await self.maker.resign_whoever_moves(pairing.game_id)

    async def deal(self, tournament_id: int, person: Player, plies: int | None) -> None:
        deal = await self.service.actions.play(tournament_id, GUILDS[0], person)
        await self.maker.play(deal.result.game.id, plies, prefer_win=True)

    async def status(self, tournament_id: int) -> str:
        return (await self.service.queries.show(tournament_id)).tournament.status

    async def make_all(self) -> None:
        league = await self.started("秋の武士将棋リーグ", "bushi", 3, format="round_robin")
        for _round in range(3):  # three entrants: a bye each round
            await self.play_round(league, 4, end=True)
            await self.service.scheduler.advance(league)
        assert await self.status(league) == "finished"
        short = {"variant": "simplified", "rule_terminals": 1}
        closed = await self.started("略式 weekly", "yosukou", 2, rounds=1, settings=short)
        for person in (ALICE, BOB):
            await self.deal(closed, person, None)
        self.maker.clock.advance(days=8)
        await self.service.scheduler.tick()
        assert await self.status(closed) == "finished"
        swiss = await self.started(
            "Senretsu Swiss", "senretsu", 4, format="swiss", rated=True, locale="en"
        )
        await self.play_round(swiss, 6, end=False)
        first = (await self.service.queries.show(swiss)).pairings[0]
        assert first.game_id is not None and first.black is not None
        black = next(p for p in PEOPLE if p.user_id == first.black)
        await self.maker.act(first.game_id, black, "resign")
        await self.service.scheduler.advance(swiss)
        await self.service.actions.withdraw(swiss, GUILDS[0], black.user_id)
        event = await self.started("易双六杯", "yosukou", 3, settings={"rule_terminals": 1})
        for person, plies in ((ALICE, None), (CAROL, None), (ALICE, 4)):
            await self.deal(event, person, plies)
        called_off = await self.started("Cancelled cup", "bushi", 2, format="swiss", rounds=1)
        await self.play_round(called_off, 2, end=False)
        await self.service.actions.cancel(called_off, GUILDS[0], ALICE.user_id, manages_server=True)
        signup = await self.create("Winter open", "bushi", format="swiss", rounds=3)
        await self.enter(signup, 3)
        await self.service.actions.leave(signup, GUILDS[0], CAROL.user_id)
        # Nothing here posts boards: the scheduler claims the Swiss round's to announce again.
        self.maker.clock.advance(minutes=5)
        assert await self.service.scheduler.tick()


async def fill(maker: Maker) -> None:
    servers = GuildService(maker.games.db, maker.clock)
    await bushi_games(maker)
    await yosukou_games(maker)
    await senretsu_games(maker)
    await move_clocks(maker, ClockService(maker.games))
    await in_progress(maker)
    await people_and_servers(maker, servers)
    await daily_deals(maker)
    await Tournaments(maker, servers).make_all()
    await maker.games.messages.flush_pings()


def finish(path: Path, revision: str) -> dict[str, int]:
    """One self-contained file (WAL folded in, rollback journal, vacuumed), checked; its row
    counts per table."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (revision,)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {t: conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


async def make(path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{path}")
    try:
        await db.migrate()
        clock = FixedClock()
        games = GameService(db, clock=clock, seed_source=Rng.from_seed(16))
        with reproducible():
            await fill(Maker(games, clock))
    finally:
        await db.dispose()


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Set orders depend on string hashing: run again with it fixed.
        os.execve(
            sys.executable,
            [sys.executable, "-m", "tests.data.upgrades.make_fixture", *sys.argv[1:]],
            {**os.environ, "PYTHONHASHSEED": "0"},
        )
    revision = head_revision()
    path = (Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / f"{revision}.sqlite").resolve()
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    asyncio.run(make(path))
    counts = finish(path, revision)
    print(f"{path} ({path.stat().st_size} bytes)")
    for table, count in counts.items():
        print(f"  {table}: {count}")


if __name__ == "__main__":
    main()
