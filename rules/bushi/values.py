"""Every move-phase position of 武士将棋 valued by retrograde analysis from the mate positions.

A position is (the side to move's orientation, the other's), 24 × 24 = 576 per cube reading.
Working back from the mates (lost for the side to move, 0 plies) gives each position's value:
win in N / loss in N plies to mate with best play (fastest win, slowest loss), or a draw where
neither side can force mate. The repetition rule is ignored: a cycle is simply a draw.

This needs only the cube, so the rules themselves can ask it (the dead-draw rule,
``rules.bushi.dead_draw``); ``rules.bushi.solve`` builds the whole game's solution on it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.bushi.cube import ORIENTATIONS, CubeReading, Orientation, allowed_moves, is_mate
from rules.core.text import Locale, Text


class Result(StrEnum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


_DESCRIBE = {
    Result.WIN: Text("{n}手で勝ち", "win in {n}"),
    Result.LOSS: Text("{n}手で負け", "loss in {n}"),
    Result.DRAW: Text("引き分け", "draw"),
}


@dataclass(frozen=True, slots=True)
class Value:
    """A position's value for the side to act: ``plies`` to mate with best play, or a draw."""

    result: Result
    plies: int = 0

    @classmethod
    def win(cls, plies: int) -> Value:
        return cls(Result.WIN, plies)

    @classmethod
    def loss(cls, plies: int) -> Value:
        return cls(Result.LOSS, plies)

    @classmethod
    def draw(cls) -> Value:
        return cls(Result.DRAW)

    def one_ply_earlier(self) -> Value:
        """The value for the player whose action led to a position worth ``self`` to the
        opponent."""
        if self.result is Result.WIN:
            return Value.loss(self.plies + 1)
        if self.result is Result.LOSS:
            return Value.win(self.plies + 1)
        return self

    def one_ply_later(self) -> Value:
        """The value once one more ply has been played toward the result (a draw stays)."""
        if self.result is Result.DRAW:
            return self
        return Value(self.result, max(self.plies - 1, 0))

    @property
    def rank(self) -> tuple[int, int]:
        """Larger is better: quick wins, then draws, then slow losses."""
        if self.result is Result.WIN:
            return (2, -self.plies)
        if self.result is Result.DRAW:
            return (1, 0)
        return (0, self.plies)

    def describe(self, locale: Locale) -> str:
        """``3手で勝ち`` / ``win in 3``, ``引き分け`` / ``draw``, ``5手で負け`` / ``loss in 5``."""
        return _DESCRIBE[self.result].format(n=self.plies)(locale)

    def __str__(self) -> str:
        return self.describe("en")


_SIZE = len(ORIENTATIONS)


def position_index(mover: Orientation, other: Orientation) -> int:
    return mover.index * _SIZE + other.index


def retrograde(cube: CubeReading) -> tuple[Value | None, ...]:
    """Values of all (mover, other) positions; ``None`` where neither side can force mate."""
    count = _SIZE * _SIZE
    values: list[Value | None] = [None] * count
    unresolved_moves = [0] * count
    predecessors: list[list[int]] = [[] for _ in range(count)]
    queue: deque[int] = deque()
    for mover in ORIENTATIONS:
        for other in ORIENTATIONS:
            p = position_index(mover, other)
            if is_mate(mover, other, cube):
                values[p] = Value.loss(0)  # the opponent's move made mate
                queue.append(p)
                continue
            moves = allowed_moves(mover, other, cube)
            unresolved_moves[p] = len(moves)
            for move in moves:
                # One entry per move, so two moves to the same position count twice.
                predecessors[position_index(other, mover.after(move))].append(p)
    # Breadth first: values leave the queue in order of plies, so the first losing successor
    # found gives the fastest win and the last winning one the slowest loss.
    while queue:
        q = queue.popleft()
        value = values[q]
        assert value is not None
        for p in predecessors[q]:
            if values[p] is not None:
                continue
            if value.result is Result.LOSS:
                values[p] = Value.win(value.plies + 1)
                queue.append(p)
            else:
                unresolved_moves[p] -= 1
                if unresolved_moves[p] == 0:
                    values[p] = Value.loss(value.plies + 1)
                    queue.append(p)
    return tuple(values)


@cache
def position_values(cube: CubeReading) -> tuple[Value, ...]:
    """Every position's value for the side to move, by :func:`position_index`; computed once
    per process and reading (a few milliseconds)."""
    return tuple(v if v is not None else Value.draw() for v in retrograde(cube))


def position_value(mover: Orientation, other: Orientation, cube: CubeReading) -> Value:
    """The value of one position for the side to move (a mate position: loss in 0)."""
    return position_values(cube)[position_index(mover, other)]
