"""Cost of /profile's pace (median and 90th-percentile time to move) for a player with 10 000
games, as a ratio against a player with 100 — the same query, the same process.

    python -m bench.bench_pace [--games 10000] [--plies 20] [--database-url URL]

The pace reads a player's most recent 100 games only (``RECENT_GAMES``), so the ratio should
stay near 1 however many games the heavy player has; an unbounded read would grow with them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert

from bench.bench_lists import summary, timed
from bot.db import Database, GameEventRow, GameRow, GameSeatRow
from bot.services.move_times import MoveTimeStats
from rules.bushi import BushiRules

HEAVY, LIGHT, OTHERS = 1, 2, 1000


async def fill(db: Database, heavy_games: int, light_games: int, plies: int) -> None:
    state = BushiRules().dump(BushiRules().new_game(None, 1))
    rng = random.Random(1)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    games, seats, events = [], [], []
    owners = [HEAVY] * heavy_games + [LIGHT] * light_games
    rng.shuffle(owners)
    for n, owner in enumerate(owners, start=1):
        when = start + timedelta(hours=n)
        games.append(
            {
                "id": n, "game_type": "bushi", "rules_version": 1, "schema_version": 1,
                "status": "finished", "settings": {"cube": "seed"}, "seed": n, "state": state,
                "version": plies + 1, "ply": plies, "rated": False, "challenger_seat": 0,
                "locale": "en", "created_at": when, "updated_at": when, "reminders_sent": 0,
                "finished_at": when,
            }
        )  # fmt: skip
        other = OTHERS + rng.randrange(1000)
        for seat, user in ((0, owner), (1, other)):
            seats.append(
                {"game_id": n, "seat": seat, "user_id": user, "display_name": f"u{user}",
                 "is_bot": False, "to_act": False}
            )  # fmt: skip
        for ply in range(1, plies + 1):
            when += timedelta(minutes=rng.randrange(1, 600))
            events.append(
                {"game_id": n, "ply": ply, "seat": (ply - 1) % 2, "action": "x",
                 "events": {"events": []}, "public_text_ja": "", "public_text_en": "",
                 "created_at": when}
            )  # fmt: skip
    async with db.transaction() as session:
        for table, rows in ((GameRow, games), (GameSeatRow, seats), (GameEventRow, events)):
            for at in range(0, len(rows), 2000):
                await session.execute(insert(table), rows[at : at + 2000])


async def run(url: str, games: int, plies: int) -> None:
    db = Database(url)
    await db.migrate()
    await fill(db, games, 100, plies)
    pace = MoveTimeStats(db)
    light = await timed(200, lambda n: pace.of(LIGHT))
    heavy = await timed(200, lambda n: pace.of(HEAVY))
    print(f"a player with {games} games and one with 100 ({plies} plies each)")
    print(summary("/profile pace, 100 games (baseline)", light))
    print(summary(f"/profile pace, {games} games", heavy))
    print(f"ratio (median): {statistics.median(heavy) / statistics.median(light):.2f}")
    await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--plies", type=int, default=20)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'pace.sqlite3'}"
        asyncio.run(run(url, args.games, args.plies))


if __name__ == "__main__":
    main()
