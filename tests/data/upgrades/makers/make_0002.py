"""Fixture at schema 0002, written by the release at 60aabe4 (the last commit before 0003).

That release adds 易双六 and 略式易双六 (solitaires won, lost, resigned, in progress) and
per-player results (``player_stat``) to 武士将棋: challenges answered, declined, withdrawn and expired; games won
by mate, by resignation, on time (the platform's forfeit), drawn by agreement; against the bot;
in progress; rated and casual; a board message and a turn ping recorded.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0002 60aabe4
    cd /tmp/rel-0002 && PYTHONPATH=. /work/main/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0002.py <repo>/tests/data/upgrades/0002.sqlite
"""

from __future__ import annotations

from _game_service import (
    Maker,
    bushi_games,
    bushi_in_progress,
    clocks_by_hand,
    open_challenges,
    run,
    yosukou_games,
)

REVISION = "0002"


async def make(maker: Maker) -> None:
    await bushi_games(maker)
    await yosukou_games(maker)
    await clocks_by_hand(maker)
    await bushi_in_progress(maker)
    await open_challenges(maker)


if __name__ == "__main__":
    run(REVISION, make)
