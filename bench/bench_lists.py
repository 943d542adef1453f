"""Latency of /games and /standings with 10 000 finished games and 1 000 users.

    python -m bench.bench_lists [--games 10000] [--users 1000] [--database-url URL]

Fills a fresh database with finished 武士将棋 games (plus 1 000 live ones) between random pairs
of users, and their standings rows, then times the two service calls behind the commands:
``GameQueries.list_games`` (a user's live games, waiting on them first) and
``StandingsService.standings`` (one page of a server's table).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from bench.bench_service import percentile
from bot.db import Database, GameRow, GameSeatRow, PlayerStatRow
from bot.services.games import GameService
from bot.services.standings import StandingsService
from rules.bushi import BushiRules

GUILD = 1


async def fill(db: Database, games: int, users: int, live: int) -> None:
    rules = BushiRules()
    state = rules.dump(rules.new_game(None, 1))
    rng = random.Random(1)
    now = datetime(2026, 11, 22, tzinfo=UTC)
    game_rows, seat_rows = [], []
    stats: dict[int, list[int]] = {u: [0, 0, 0] for u in range(users)}
    ratings = {u: 1500.0 for u in range(users)}
    for n in range(games + live):
        a, b = rng.sample(range(users), 2)
        finished = n < games
        when = now - timedelta(minutes=games + live - n)
        game_rows.append(
            {
                "id": n + 1,
                "game_type": "bushi",
                "rules_version": 1,
                "schema_version": 1,
                "status": "finished" if finished else "active",
                "settings": {"cube": "seed"},
                "seed": n,
                "state": state,
                "version": 1,
                "ply": 10,
                "rated": True,
                "challenger_seat": 0,
                "guild_id": GUILD,
                "channel_id": 2,
                "message_id": 3,
                "locale": "en",
                "created_at": when,
                "updated_at": when,
                "reminders_sent": 0,
                "outcome": {"points": [1.0, 0.0], "reason": "mate"} if finished else None,
                "finished_at": when if finished else None,
            }
        )
        for seat, user in ((0, a), (1, b)):
            seat_rows.append(
                {
                    "game_id": n + 1,
                    "seat": seat,
                    "user_id": 10_000 + user,
                    "display_name": f"user{user}",
                    "is_bot": False,
                    "to_act": (not finished) and seat == 0,
                }
            )
        if finished:
            stats[a][0] += 1
            stats[b][1] += 1
            ratings[a] += 8
            ratings[b] -= 8
    stat_rows = [
        {
            "guild_id": GUILD,
            "user_id": 10_000 + u,
            "game_key": "bushi",
            "played": w + lo,
            "won": w,
            "drawn": 0,
            "lost": lo,
            "current_streak": 0,
            "best_streak": 0,
            "rating_mu": ratings[u],
            "rating_sigma": 200.0,
            "rated_games": w + lo,
            "updated_at": now,
        }
        for u, (w, lo, _) in stats.items()
        if w + lo
    ]
    async with db.transaction() as session:
        for table, rows in (
            (GameRow, game_rows),
            (GameSeatRow, seat_rows),
            (PlayerStatRow, stat_rows),
        ):
            for start in range(0, len(rows), 2000):
                await session.execute(insert(table), rows[start : start + 2000])


async def timed(calls: int, call: object) -> list[float]:
    out = []
    for n in range(calls):
        started = time.perf_counter()
        await call(n)  # type: ignore[operator]
        out.append(time.perf_counter() - started)
    return out


def summary(name: str, samples: list[float]) -> str:
    return (
        f"{name}: p50 {percentile(samples, 0.5) * 1000:.2f} ms, "
        f"p99 {percentile(samples, 0.99) * 1000:.2f} ms, mean {statistics.fmean(samples) * 1000:.2f} ms"
    )


async def run(url: str, games: int, users: int) -> None:
    db = Database(url)
    await db.migrate()
    await fill(db, games, users, live=1000)
    service, standings = GameService(db), StandingsService(db)
    rng = random.Random(2)
    my_games = await timed(
        500, lambda n: service.queries.list_games(10_000 + rng.randrange(users), guild_id=GUILD)
    )
    history = await timed(
        200, lambda n: service.queries.finished_games(10_000 + rng.randrange(users), guild_id=GUILD)
    )
    pages = await timed(500, lambda n: standings.standings(GUILD, "bushi", rng.randrange(100)))
    print(f"{games} finished + 1000 live games, {users} users")
    print(summary("/games (list_games)", my_games))
    print(summary("/history (finished_games)", history))
    print(summary("/standings (one page)", pages))
    await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=1_000)
    parser.add_argument(
        "--database-url",
        default=None,
        help="default: a fresh SQLite file; an empty PostgreSQL database also works",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'lists.sqlite3'}"
        asyncio.run(run(url, args.games, args.users))


if __name__ == "__main__":
    main()
