"""Fixture at schema 0004, written by the release at f58e7c1 (the last commit before 0005).

That release adds ratings (moved by the rated games below), user preferences (notify, hidden
stats) and rematches to move clocks (a loss on time, a reminder, an expiry, run by its clock
service), 戦列札, 易双六, 略式易双六 and 武士将棋.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0004 f58e7c1
    cd /tmp/rel-0004 && PYTHONPATH=. <repo>/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0004.py <repo>/tests/data/upgrades/0004.sqlite
"""

from __future__ import annotations

from _game_service import Maker, every_game, preferences, run

from bot.services.clocks import ClockService
from bot.services.standings import StandingsService

REVISION = "0004"


async def make(maker: Maker) -> None:
    await every_game(maker, ClockService(maker.service))
    await preferences(maker, StandingsService(maker.service.db, maker.clock))


if __name__ == "__main__":
    run(REVISION, make)
