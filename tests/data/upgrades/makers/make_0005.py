"""Fixture at schema 0005, written by the release at 8de540b (the last commit before 0006).

That release (games in a registry, ``bot/games``) adds daily deals and server settings
(game channels, default clock, board language, a stuck game aborted) to preferences, ratings,
rematches, move clocks, 戦列札, 易双六, 略式易双六 and 武士将棋.

The same maker, run at 403b87a (the release issue 16 was found with, schema 0005 before the game
registry: the same service calls), wrote ``0005-403b87a.sqlite``.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0005 8de540b
    cd /tmp/rel-0005 && PYTHONPATH=. <repo>/.venv/bin/python \\
        <repo>/tests/data/upgrades/makers/make_0005.py <repo>/tests/data/upgrades/0005.sqlite
"""

from __future__ import annotations

from _game_service import Maker, daily_deals, every_game, preferences, run, server_settings

from bot.services.clocks import ClockService
from bot.services.guilds import GuildService
from bot.services.standings import StandingsService

REVISION = "0005"


async def make(maker: Maker) -> None:
    await every_game(maker, ClockService(maker.service))
    await preferences(maker, StandingsService(maker.service.db, maker.clock))
    await server_settings(maker, GuildService(maker.service.db, maker.clock))
    await daily_deals(maker)


if __name__ == "__main__":
    run(REVISION, make)
