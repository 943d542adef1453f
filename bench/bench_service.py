"""Service-layer cost of one action: load → apply → save → commit → render.

    python -m bench.bench_service [--quick] [--games 1000] [--actors 50] [--actions 5000]
                                  [--database-url URL]

Creates ``--games`` live 武士将棋 games, then ``--actors`` concurrent players each act on their
own games (as people in a busy server would), rendering the board after each action, and reports
p50 / p99 latency and actions per second. Beside it, in the same run, a bare aiosqlite loop
on the same kind of file (per action: SELECT the game, a version-guarded UPDATE, COMMIT) shows
what the database alone costs, and the time of a full Bushi solve. The last line is the ratio
``service/bare: R (service S actions/s, bare B actions/s)``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import aiosqlite

from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def make_games(service: GameService, count: int) -> list[int]:
    ids = []
    for n in range(count):
        black, white = Player(10_000 + 2 * n, f"p{2 * n}"), Player(10_001 + 2 * n, f"p{2 * n + 1}")
        challenge = await service.challenge("bushi", black, white, challenger_seat=0)
        await service.accept(challenge.game.id, white.user_id)
        ids.append(challenge.game.id)
    return ids


async def actor(
    service: GameService, games: list[int], actions: int, rng: Rng, latencies: list[float]
) -> None:
    for n in range(actions):
        game_id = games[n % len(games)]
        game = await service.get(game_id)
        if game.status != "active":  # finished: start a fresh one in its place
            seat0, seat1 = game.seats
            fresh = await service.challenge(
                "bushi", Player(seat0.user_id, "a"), Player(seat1.user_id, "b"), challenger_seat=0
            )
            await service.accept(fresh.game.id, seat1.user_id)
            games[n % len(games)] = fresh.game.id
            game = await service.get(fresh.game.id)
        rules = game.rules
        seat = rules.to_act(game.state)[0]
        action, rng = rng.choice(rules.legal_actions(game.state, seat))
        started = time.perf_counter()
        result = await service.act(
            game.id, game.player(seat).user_id, game.version, rules.format(action)
        )
        rules.render(rules.view_for(result.game.state, None), "ja")
        latencies.append(time.perf_counter() - started)


async def service_benchmark(url: str, games: int, actors: int, actions: int) -> dict[str, float]:
    if url.startswith("postgres"):
        return await _in_scratch_schema(url, games, actors, actions)
    return await _run(Database(url), games, actors, actions)


async def _in_scratch_schema(url: str, games: int, actors: int, actions: int) -> dict[str, float]:
    """PostgreSQL: measure in a schema of our own, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = Database(url)
    async with admin.engine.begin() as conn:
        await conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        db = Database(url, connect_args={"server_settings": {"search_path": schema}})
        return await _run(db, games, actors, actions)
    finally:
        async with admin.engine.begin() as conn:
            await conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.dispose()


async def _run(db: Database, games: int, actors: int, actions: int) -> dict[str, float]:
    await db.migrate()
    service = GameService(db, seed_source=Rng.from_seed(1))
    ids = await make_games(service, games)
    per_actor = [ids[i::actors] for i in range(actors)]
    latencies: list[float] = []
    started = time.perf_counter()
    await asyncio.gather(
        *(
            actor(service, per_actor[i], actions // actors, Rng.from_seed(i), latencies)
            for i in range(actors)
        )
    )
    elapsed = time.perf_counter() - started
    await db.dispose()
    return {
        "actions": len(latencies),
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "mean_ms": statistics.fmean(latencies) * 1000,
        "actions_per_s": len(latencies) / elapsed,
    }


async def bare_sqlite(path: Path, rows: int, updates: int) -> dict[str, float]:
    """What the database alone costs per action: read the game, write it back only if nobody
    changed it (the version guard), commit — through aiosqlite, WAL, synchronous=NORMAL."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, version INT, state TEXT)")
        await conn.executemany("INSERT INTO g VALUES (?, 1, ?)", [(i, "{}") for i in range(rows)])
        latencies = []
        started = time.perf_counter()
        for n in range(updates):
            t0 = time.perf_counter()
            cursor = await conn.execute("SELECT version, state FROM g WHERE id = ?", (n % rows,))
            version, _state = await cursor.fetchone()  # type: ignore[misc]
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute(
                "UPDATE g SET version = version + 1, state = ? WHERE id = ? AND version = ?",
                (f'{{"n": {n}}}', n % rows, version),
            )
            await conn.execute("COMMIT")
            latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - started
    return {
        "updates": updates,
        "p50_ms": percentile(latencies, 0.5) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "updates_per_s": updates / elapsed,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actors", type=int, default=50)
    parser.add_argument("--actions", type=int, default=5000)
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument(
        "--quick", action="store_true", help="a shorter run of the same measurement (~1 min)"
    )
    args = parser.parse_args()
    if args.quick:
        args.games, args.actions = min(args.games, 200), min(args.actions, 1000)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}"
        result = asyncio.run(service_benchmark(url, args.games, args.actors, args.actions))
        print(
            f"service  ({args.games} live games, {args.actors} actors): "
            f"{result['actions']:.0f} actions, p50 {result['p50_ms']:.2f} ms, "
            f"p99 {result['p99_ms']:.2f} ms, {result['actions_per_s']:.0f} actions/s"
        )
        bare = asyncio.run(bare_sqlite(Path(tmp) / "bare.sqlite3", args.games, args.actions))
        print(
            f"bare aiosqlite SELECT+guarded UPDATE+COMMIT: p50 {bare['p50_ms']:.2f} ms, "
            f"p99 {bare['p99_ms']:.2f} ms, {bare['updates_per_s']:.0f} actions/s"
        )
    solves = solve_times()
    print(
        f"bushi full solve: seed {solves['solve_seed_ms']:.1f} ms, "
        f"alternate {solves['solve_alternate_ms']:.1f} ms"
    )
    service_rate, bare_rate = result["actions_per_s"], bare["updates_per_s"]
    print(
        f"service/bare: {service_rate / bare_rate:.3f} "
        f"(service {service_rate:.0f} actions/s, bare {bare_rate:.0f} actions/s)"
    )


if __name__ == "__main__":
    main()
