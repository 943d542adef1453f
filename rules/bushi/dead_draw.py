"""The dead-draw rule, our addition to 武士将棋 (labelled so in ``/rules``, as repetition is).

On the seed reading of the cube almost every position (561 of 576) is a draw with best play
and the longest forced mate is one ply, so a game between players who only avoid giving a
mate in one never ends. The rule lets such a game end, and the game's complete solution
decides when, so no judgement is involved:

    A *drawn ply* is a drop or move after which both cubes are on the board and the position
    (both cubes and the side to move) is a draw by retrograde analysis — neither side can
    force mate from it. When the last :data:`DEAD_DRAW_RUN` plies were all drawn plies, the
    player to move may claim a draw (outcome reason ``dead_draw``).

A ply that leaves a position someone can win — a slip the opponent could punish — starts the
count again, so a winning chance always gets its full stretch of play. Forty plies from White's
drop are twenty actions each; the bot offers the draw once when it first may claim it and
claims it itself :data:`BOT_CLAIMS_AFTER` drawn plies in a row (twenty more moves each), so a
person who wants to play on for the bot's mistakes can, and every game still ends.
"""

from __future__ import annotations

from typing import Final

from rules.bushi.cube import CubeReading, Orientation
from rules.bushi.values import Result, position_value

#: How many drawn plies in a row let the player to move claim a draw.
DEAD_DRAW_RUN: Final = 40
#: How many the bot lets pass, after offering the draw, before it claims it itself.
BOT_CLAIMS_AFTER: Final = 2 * DEAD_DRAW_RUN


def is_drawn(mover: Orientation, other: Orientation, cube: CubeReading) -> bool:
    """Whether the position (the side to move's cube, the other's) is a draw with best play."""
    return position_value(mover, other, cube).result is Result.DRAW


def next_run(run: int, drawn: bool) -> int:
    """The count of drawn plies in a row after a ply that left a drawn position or not."""
    return run + 1 if drawn else 0


def may_claim(run: int) -> bool:
    """Whether ``run`` drawn plies in a row let the player to move claim a draw."""
    return run >= DEAD_DRAW_RUN
