"""Fixture at schema 0003, written by the release at dfa2b66 (the last commit before 0004).

That release adds move clocks (a loss on time, a reminder, an expiry, run by its clock
service) and 戦列札 (played out, resigned, against the bot, in progress) to 易双六, 略式易双六
and 武士将棋: challenges answered, declined, withdrawn and expired; games won
by mate, by resignation, on time (the platform's forfeit), drawn by agreement; against the bot;
in progress; rated and casual; a board message and a turn ping recorded.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0003 dfa2b66
    cd /tmp/rel-0003 && PYTHONPATH=. <repo>/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0003.py <repo>/tests/data/upgrades/0003.sqlite
"""

from __future__ import annotations

from _game_service import Maker, every_game, run

from bot.services.clocks import ClockService

REVISION = "0003"


async def make(maker: Maker) -> None:
    await every_game(maker, ClockService(maker.service))


if __name__ == "__main__":
    run(REVISION, make)
