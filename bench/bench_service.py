"""Service-layer cost of one action: load → apply → save → commit → render.

    python -m bench.bench_service [--quick] [--games 1000] [--actors 50] [--actions 5000]
                                  [--database-url URL] [--pg-url URL]

Creates ``--games`` live 武士将棋 games, then ``--actors`` concurrent players each act on their
own games (as people in a busy server would), rendering the board after each action, and reports
p50 / p99 latency and actions per second. Beside it, in the same run, a bare aiosqlite loop
on the same kind of file (per action: SELECT the game, a version-guarded UPDATE, COMMIT) shows
what the database alone costs.

Then the open loop (``bench.open_loop``): actions arriving at fixed rates from 250/s up, p50 and
p99 from arrival to committed result, and the highest rate whose p99 stays under 20 ms; and the
time of a full Bushi solve. With ``--pg-url`` (default ``$TEST_DATABASE_URL``) the same closed
loop runs on PostgreSQL beside a bare asyncpg loop of conditional UPDATEs (one round trip each),
and the statements an ordinary action sends are counted. The last line is the SQLite ratio
``service/bare: R (service S actions/s, bare B actions/s)``. Beside every ratio: CPU time per
action (service, bare) and the service's Python calls per action (counted, not timed: see
:func:`calls_per_action`), so a change of load on the machine cannot hide a regression.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import os
import pstats
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import event

from bench.bare import bare_asyncpg, bare_sqlite
from bench.open_loop import P99_LIMIT_MS, open_loop
from bench.stats import percentile
from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng

#: Actions whose Python calls are counted (after a warm-up), on games of their own.
COUNTED_ACTIONS = 200
COUNTED_GAMES = 20
WARM_UP = 20


async def make_games(service: GameService, count: int) -> list[int]:
    ids = []
    for n in range(count):
        black, white = Player(10_000 + 2 * n, f"p{2 * n}"), Player(10_001 + 2 * n, f"p{2 * n + 1}")
        challenge = await service.starts.challenge("bushi", black, white, challenger_seat=0)
        await service.starts.accept(challenge.game.id, white.user_id)
        ids.append(challenge.game.id)
    return ids


async def actor(
    service: GameService, games: list[int], actions: int, rng: Rng, latencies: list[float]
) -> None:
    for n in range(actions):
        game_id = games[n % len(games)]
        game = await service.queries.get(game_id)
        if game.status != "active":  # finished: start a fresh one in its place
            seat0, seat1 = game.seats
            fresh = await service.starts.challenge(
                "bushi", Player(seat0.user_id, "a"), Player(seat1.user_id, "b"), challenger_seat=0
            )
            await service.starts.accept(fresh.game.id, seat1.user_id)
            games[n % len(games)] = fresh.game.id
            game = await service.queries.get(fresh.game.id)
        rules = game.rules
        seat = rules.to_act(game.state)[0]
        action, rng = rng.choice(rules.legal_actions(game.state, seat))
        started = time.perf_counter()
        result = await service.actions.act(
            game.id, game.player(seat).user_id, game.version, rules.format(action)
        )
        rules.render(rules.view_for(result.game.state, None), "ja")
        latencies.append(time.perf_counter() - started)


def settle_heap() -> None:
    """What the bot does once set up (``bot.client.freeze_start_up_heap``): collect, then
    freeze what is alive, so the collector's full passes no longer walk it."""
    gc.collect()
    gc.freeze()


async def service_benchmark(url: str, games: int, actors: int, actions: int) -> dict[str, float]:
    async with scratch_database(url) as db:
        return await _run(db, games, actors, actions)


@contextlib.asynccontextmanager
async def scratch_database(url: str) -> AsyncIterator[Database]:
    """A database to measure in: SQLite's file as given; on PostgreSQL a schema of our own,
    dropped afterwards."""
    if not url.startswith("postgres"):
        db = Database(url)
        try:
            yield db
        finally:
            await db.dispose()
        return
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = Database(url)
    async with admin.engine.begin() as conn:
        await conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    db = Database(url, connect_args={"server_settings": {"search_path": schema}})
    try:
        yield db
    finally:
        await db.dispose()
        async with admin.engine.begin() as conn:
            await conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.dispose()


async def _run(db: Database, games: int, actors: int, actions: int) -> dict[str, float]:
    await db.migrate()
    service = GameService(db, seed_source=Rng.from_seed(1))
    ids = await make_games(service, games)
    settle_heap()
    per_actor = [ids[i::actors] for i in range(actors)]
    latencies: list[float] = []
    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(
        *(
            actor(service, per_actor[i], actions // actors, Rng.from_seed(i), latencies)
            for i in range(actors)
        )
    )
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {
        "actions": len(latencies),
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "mean_ms": statistics.fmean(latencies) * 1000,
        "actions_per_s": len(latencies) / elapsed,
        "cpu_ms": cpu / len(latencies) * 1000,
    }


def solve_times(repeats: int = 5) -> dict[str, float]:
    from rules.bushi.solve import _solve, solution

    out = {}
    for cube in ("seed", "alternate"):
        times = []
        for _ in range(repeats):
            _solve.cache_clear()
            t0 = time.perf_counter()
            solution(cube)
            times.append(time.perf_counter() - t0)
        out[f"solve_{cube}_ms"] = min(times) * 1000
    return out


async def open_loop_figures(
    url: str, games: int, rates: list[float], seconds: float
) -> list[tuple[float, float, float, int]]:
    db = Database(url)
    await db.migrate()
    try:
        service = GameService(db, seed_source=Rng.from_seed(2))
        ids = await make_games(service, games)
        settle_heap()
        return await open_loop(service, ids, rates, seconds)
    finally:
        await db.dispose()


async def round_trips_per_action(url: str, actions: int = 100) -> float:
    """Statements sent to PostgreSQL per ordinary action (a move on a game held here): each
    asyncpg call is one round trip once its statement is prepared; the ORM's transactions
    count too."""
    calls = 0

    def counting(method: Any) -> Any:
        async def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            return await method(self, *args, **kwargs)

        return counted

    names = ("fetchrow", "fetch", "fetchval", "execute", "executemany")
    originals = {name: getattr(asyncpg.Connection, name) for name in names}
    async with scratch_database(url) as db:
        try:
            await db.migrate()
            service = GameService(db, seed_source=Rng.from_seed(3))
            [game_id] = await make_games(service, 1)
            game = await service.queries.get(game_id)
            rng = Rng.from_seed(4)

            @event.listens_for(db.engine.sync_engine, "begin")
            def _orm(_conn: Any) -> None:
                nonlocal calls
                calls += 1

            for name, method in originals.items():
                setattr(asyncpg.Connection, name, counting(method))
            ordinary = sent = 0
            for _ in range(actions):
                if game.status != "active":  # a finishing action is not an ordinary one
                    [game_id] = await make_games(service, 1)
                    game = await service.queries.get(game_id)
                seat = game.rules.to_act(game.state)[0]
                action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
                code = game.rules.format(action)
                before = calls
                result = await service.actions.act(
                    game.id, game.player(seat).user_id, game.version, code
                )
                if result.game.status == "active":
                    ordinary += 1
                    sent += calls - before
                game = result.game
            return sent / max(1, ordinary)
        finally:
            for name, method in originals.items():
                setattr(asyncpg.Connection, name, method)


async def calls_per_action(url: str, actions: int = COUNTED_ACTIONS) -> float:
    """Python calls (functions and builtins, as cProfile counts them) per action of the closed
    loop's kind — the service reads the game, then the move is applied and written — over
    ``actions`` actions, one at a time, after a warm-up. A count, not a time: the same on a
    busy machine as on an idle one, so a change of load cannot hide more work. Counted on the
    second of two identical runs (the same games, seeds and moves): the first leaves the
    rules' caches as the second finds them whatever ran before, so any process counts the
    same."""
    await counted_run(url, actions, None)
    profile = cProfile.Profile()
    await counted_run(url, actions, profile)
    return pstats.Stats(profile).total_calls / actions  # type: ignore[attr-defined,no-any-return]


async def counted_run(url: str, actions: int, profile: cProfile.Profile | None) -> None:
    """``actions`` actions on games of their own, one at a time, what the service does for
    each (after the warm-up) in ``profile``."""
    async with scratch_database(url) as db:
        await db.migrate()
        service = GameService(db, seed_source=Rng.from_seed(5))
        ids = await make_games(service, COUNTED_GAMES)
        rng = Rng.from_seed(6)
        held = [await service.queries.get(game_id) for game_id in ids]
        done, n = -WARM_UP, 0
        while done < actions:
            at, n = n % len(ids), n + 1
            if held[at].status != "active":  # finished: a fresh game in its place
                [ids[at]] = await make_games(service, 1)
                held[at] = await service.queries.get(ids[at])
                continue
            # After the warm-up: what the service does, and no more.
            counted = profile if done >= 0 else None
            if counted:
                counted.enable()
            game = await service.queries.get(ids[at])
            if counted:
                counted.disable()
            seat = game.rules.to_act(game.state)[0]
            action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
            code = game.rules.format(action)
            user_id = game.player(seat).user_id
            if counted:
                counted.enable()
            result = await service.actions.act(game.id, user_id, game.version, code)
            if counted:
                counted.disable()
            held[at], done = result.game, done + 1


def work(service: dict[str, float], bare: dict[str, float], calls: float) -> str:
    """What a ratio of rates leaves out: CPU time per action (service and bare, and their
    ratio) and the service's Python calls per action, a count that no load on the machine
    moves — a regression shows here even when a busy run flatters the rates."""
    return (
        f"CPU per action: service {service['cpu_ms']:.3f} ms, bare {bare['cpu_ms']:.3f} ms "
        f"({service['cpu_ms'] / bare['cpu_ms']:.2f}x); {calls:.0f} Python calls per action"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actors", type=int, default=50)
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("TEST_DATABASE_URL") or None,
        help="PostgreSQL to measure too (default: $TEST_DATABASE_URL; none: skipped)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a shorter run of the same measurement (~1 min)"
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.actions = min(args.games, 200), min(args.actions, 1000)
    rates = [250.0, 500.0, 750.0, 1000.0, 1500.0, 2000.0, 3000.0]
    seconds = 1.5 if args.quick else 4.0
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
        result = asyncio.run(service_benchmark(url, args.games, args.actors, args.actions))
        print(
            f"service  ({args.games} live games, {args.actors} actors): "
            f"{result['actions']:.0f} actions, p50 {result['p50_ms']:.2f} ms, "
            f"p99 {result['p99_ms']:.2f} ms, {result['actions_per_s']:.0f} actions/s"
        )
        bare = asyncio.run(bare_sqlite(Path(tmp) / "bare.sqlite3", args.games, args.actions))
        calls = asyncio.run(calls_per_action(f"sqlite+aiosqlite:///{Path(tmp) / 'calls.sqlite3'}"))
        print(
            f"bare aiosqlite SELECT+guarded UPDATE+COMMIT: p50 {bare['p50_ms']:.2f} ms, "
            f"p99 {bare['p99_ms']:.2f} ms, {bare['updates_per_s']:.0f} actions/s"
        )
        opened = asyncio.run(
            open_loop_figures(
                f"sqlite+aiosqlite:///{Path(tmp) / 'open.sqlite3'}", args.games, rates, seconds
            )
        )
    for rate, p50, p99, missed in opened:
        print(
            f"open loop {rate:.0f} actions/s offered: p50 {p50:.2f} ms, p99 {p99:.2f} ms"
            + (f" ({missed} arrivals found no idle game)" if missed else "")
        )
    held = [rate for rate, _, p99, _ in opened if p99 < P99_LIMIT_MS]
    print(
        f"open loop: p99 under {P99_LIMIT_MS:.0f} ms up to "
        + (f"{max(held):.0f} actions/s offered" if held else "no rate tried")
        + (" (the highest rate tried)" if len(held) == len(opened) else "")
    )
    solves = solve_times()
    print(
        f"bushi full solve: seed {solves['solve_seed_ms']:.1f} ms, "
        f"alternate {solves['solve_alternate_ms']:.1f} ms"
    )
    if args.pg_url:
        pg = asyncio.run(service_benchmark(args.pg_url, args.games, args.actors, args.actions))
        pg_bare = asyncio.run(bare_asyncpg(args.pg_url, args.games, args.actions))
        pg_bare_read = asyncio.run(
            bare_asyncpg(args.pg_url, args.games, args.actions, select_first=True)
        )
        trips = asyncio.run(round_trips_per_action(args.pg_url))
        pg_calls = asyncio.run(calls_per_action(args.pg_url))
        print(
            f"PostgreSQL service: p50 {pg['p50_ms']:.2f} ms, p99 {pg['p99_ms']:.2f} ms, "
            f"{pg['actions_per_s']:.0f} actions/s; {trips:.2f} round trips per ordinary action"
        )
        print(
            f"PostgreSQL bare asyncpg conditional UPDATE: p50 {pg_bare['p50_ms']:.2f} ms, "
            f"p99 {pg_bare['p99_ms']:.2f} ms, {pg_bare['updates_per_s']:.0f} actions/s"
        )
        print(
            f"PostgreSQL bare asyncpg SELECT+conditional UPDATE: "
            f"p50 {pg_bare_read['p50_ms']:.2f} ms, p99 {pg_bare_read['p99_ms']:.2f} ms, "
            f"{pg_bare_read['updates_per_s']:.0f} actions/s"
        )
        print(
            f"PostgreSQL service/bare: {pg['actions_per_s'] / pg_bare['updates_per_s']:.3f} "
            f"against the conditional UPDATE, "
            f"{pg['actions_per_s'] / pg_bare_read['updates_per_s']:.3f} against SELECT+UPDATE "
            "(the service's loop reads the game, then acts: two round trips); "
            + work(pg, pg_bare_read, pg_calls)
        )
    service_rate, bare_rate = result["actions_per_s"], bare["updates_per_s"]
    print(
        f"service/bare: {service_rate / bare_rate:.3f} "
        f"(service {service_rate:.0f} actions/s, bare {bare_rate:.0f} actions/s); "
        + work(result, bare, calls)
    )


if __name__ == "__main__":
    main()
