"""Fixture at schema 0007, written by the release at 19986bf (the last commit on main before 0009;
main never had 0008 as its newest: tournaments came in with 0009's merge).

That release adds the deployment secret (made at the first daily deal, which it keys; here
counted, not drawn, so the file is reproducible) and sealed seeds of hidden-random games to
boards as pictures or text (a server's choice and each user's own) to
daily deals, server settings (game channels, default clock, board language, a stuck game
aborted), preferences, ratings, rematches, move clocks, 戦列札, 易双六, 略式易双六 and 武士将棋.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0007 19986bf
    cd /tmp/rel-0007 && PYTHONPATH=. /work/main/.venv/bin/python \\
        <repo>/tests/data/upgrades/makers/make_0007.py <repo>/tests/data/upgrades/0007.sqlite
"""

from __future__ import annotations

from _game_service import Maker, daily_deals, every_game, preferences, run, server_settings

from bot.services.clocks import ClockService
from bot.services.guilds import GuildService
from bot.services.standings import StandingsService

REVISION = "0007"


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
