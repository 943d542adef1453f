"""Fixture at schema 0003, written by the release at dfa2b66 (the last commit before 0004).

That release adds move clocks (a loss on time, a reminder, an expiry, run by its clock
service) and 戦列札 (played out, resigned, against the bot, in progress) to 易双六, 略式易双六
and 武士将棋: challenges answered, declined, withdrawn and expired; games won
by mate, by resignation, on time (the platform's forfeit), drawn by agreement; against the bot;
in progress; rated and casual; a board message and a turn ping recorded.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0003 dfa2b66
    cd /tmp/rel-0003 && PYTHONPATH=. /work/main/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0003.py <repo>/tests/data/upgrades/0003.sqlite
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from _common import FixedClock, finalize, fresh, output_path, report, reproducibly
from _game_service import (
    Maker,
    bushi_games,
    bushi_in_progress,
    move_clocks,
    open_challenges,
    senretsu_games,
    yosukou_games,
)

from bot.db import Database
from bot.services.clocks import ClockService
from bot.services.games import GameService
from rules.core import Rng

REVISION = "0003"


async def make(maker: Maker) -> None:
    await bushi_games(maker)
    await yosukou_games(maker)
    await senretsu_games(maker)
    await move_clocks(maker, ClockService(maker.service))
    await bushi_in_progress(maker, move_seconds=86400)
    await open_challenges(maker, senretsu=True, move_seconds=3600)


async def main() -> None:
    reproducibly()
    path = output_path(f"{REVISION}.sqlite")
    fresh(path)
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    clock = FixedClock()
    service = GameService(
        db, clock=clock, challenge_ttl=timedelta(hours=24), seed_source=Rng.from_seed(16)
    )
    try:
        await make(Maker(service, clock))
    finally:
        await db.dispose()
    report(path, finalize(path, REVISION))


if __name__ == "__main__":
    asyncio.run(main())
