"""Fixture at schema 0002, written by the release at 60aabe4 (the last commit before 0003).

That release adds 易双六 and 略式易双六 (solitaires won, lost, resigned, in progress) and
per-player results (``player_stat``) to 武士将棋, whose games are ``make_0001``'s (its ``make``).

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0002 60aabe4
    cd /tmp/rel-0002 && PYTHONPATH=. <repo>/.venv/bin/python \
        <repo>/tests/data/upgrades/makers/make_0002.py <repo>/tests/data/upgrades/0002.sqlite
"""

from __future__ import annotations

import make_0001
from _game_service import Maker, run, yosukou_games

REVISION = "0002"


async def make(maker: Maker) -> None:
    await make_0001.make(maker)
    await yosukou_games(maker)


if __name__ == "__main__":
    run(REVISION, make)
