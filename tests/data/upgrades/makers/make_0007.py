"""Fixture at schema 0007, written by the release at 19986bf (the last commit on main before 0009;
main never had 0008 as its newest: tournaments came in with 0009's merge).

The same games as ``make_0006`` (its ``make``). That release adds the deployment secret (made
at the first daily deal, which it keys; here counted, not drawn, so the file is reproducible)
and sealed seeds of hidden-random games to boards as pictures or text, daily deals, server
settings, preferences, ratings, rematches, move clocks, 戦列札, 易双六, 略式易双六 and 武士将棋.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0007 19986bf
    cd /tmp/rel-0007 && PYTHONPATH=. <repo>/.venv/bin/python \\
        <repo>/tests/data/upgrades/makers/make_0007.py <repo>/tests/data/upgrades/0007.sqlite
"""

from __future__ import annotations

from _game_service import run
from make_0006 import make

REVISION = "0007"


if __name__ == "__main__":
    run(REVISION, make)
