"""Fixture at schema 0006, written by the release at a107d33 (the last commit before 0007).

That release adds boards as pictures or text (a server's choice and each user's own) to
daily deals, server settings (game channels, default clock, board language, a stuck game
aborted), preferences, ratings, rematches, move clocks, 戦列札, 易双六, 略式易双六 and 武士将棋.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0006 a107d33
    cd /tmp/rel-0006 && PYTHONPATH=. <repo>/.venv/bin/python \\
        <repo>/tests/data/upgrades/makers/make_0006.py <repo>/tests/data/upgrades/0006.sqlite
"""

from __future__ import annotations

from _game_service import Maker, daily_deals, every_game, preferences, run, server_settings

from bot.services.clocks import ClockService
from bot.services.guilds import GuildService
from bot.services.standings import StandingsService

REVISION = "0006"


async def make(maker: Maker) -> None:
    await every_game(maker, ClockService(maker.service))
    standings = StandingsService(maker.service.db, maker.clock)
    await preferences(maker, standings, pictures=(True, False, None, False))
    await server_settings(
        maker, GuildService(maker.service.db, maker.clock), pictures=(False, None)
    )
    await daily_deals(maker)


if __name__ == "__main__":
    run(REVISION, make)
