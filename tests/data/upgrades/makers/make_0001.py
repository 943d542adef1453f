"""Fixture at schema 0001, written by the release at ee30ee7 (the last commit before 0002).

That release plays 武士将棋 only: challenges answered, declined, withdrawn and expired; games won
by mate, by resignation, on time (the platform's forfeit), drawn by agreement; against the bot;
in progress; rated and casual; a board message and a turn ping recorded.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0001 ee30ee7
    cd /tmp/rel-0001 && PYTHONPATH=. <repo>/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0001.py <repo>/tests/data/upgrades/0001.sqlite
"""

from __future__ import annotations

from _game_service import (
    Maker,
    bushi_games,
    bushi_in_progress,
    clocks_by_hand,
    open_challenges,
    run,
)

REVISION = "0001"


async def make(maker: Maker) -> None:
    await bushi_games(maker)
    await clocks_by_hand(maker)
    await bushi_in_progress(maker)
    await open_challenges(maker)


if __name__ == "__main__":
    run(REVISION, make)
