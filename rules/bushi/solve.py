"""The complete solution of Bushi Shogi, and a perfect player built on it.

Move phase: every position's value comes from ``rules.bushi.values`` (retrograde analysis from
the mates; a cycle is a draw). The drop phase (16 × 16 drops) is minimax on top of that.

Plies count every action, drops included: "win in 3" after White's drop means Black mates on
Black's second move.

Run ``python -m rules.bushi.solve [--cube seed|alternate]`` for a summary.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rules.bushi.cube import (
    ORIENTATIONS,
    CubeReading,
    Orientation,
    allowed_moves,
    is_mate,
    legal_drops,
    top_type,
)
from rules.bushi.game import BLACK, WHITE, BushiAction, BushiRules, BushiState, Drop, Move
from rules.bushi.values import Result as Result
from rules.bushi.values import Value as Value
from rules.bushi.values import position_index, retrograde
from rules.bushi.words import FACING_WORD
from rules.core.outcome import Seat
from rules.core.rng import Rng

_SIZE = len(ORIENTATIONS)
_RULES = BushiRules()
#: What the solution values: the actions that move a cube (a claim only ends the game).
CubeAction = Drop | Move
_index = position_index


@dataclass(frozen=True, slots=True)
class Solution:
    """Perfect-play values for one cube reading."""

    cube: CubeReading
    _positions: tuple[Value, ...]
    #: White's value when about to drop, by Black's drop (``Orientation.index``).
    _white_drops: tuple[Value | None, ...]

    def position_value(self, mover: Orientation, other: Orientation) -> Value:
        """The value for the side to move, both cubes placed (mate positions: loss in 0)."""
        return self._positions[_index(mover, other)]

    def value(self, state: BushiState) -> Value:
        """The value of any unfinished state for the seat to act, drop phase included."""
        self._check(state)
        if state.placed:
            return self.position_value(*state.mover_and_opponent())
        return max((v for _, v in self.move_values(state)), key=lambda v: v.rank)

    def move_values(self, state: BushiState) -> list[tuple[CubeAction, Value]]:
        """Each legal drop or move of the seat to act, with its value *for that seat* (a move
        that mates is a win in 1), in the order of ``legal_actions``. A dead-draw claim is not
        among them: it ends the game rather than moving the cube."""
        self._check(state)
        seat = state.to_move
        return [
            (action, self._after(state, seat, action).one_ply_earlier())
            for action in _RULES.legal_actions(state, seat)
            if isinstance(action, Drop | Move)
        ]

    def best_actions(self, state: BushiState) -> list[CubeAction]:
        """Every action that keeps the best value: fastest win, slowest loss, or a draw."""
        scored = self.move_values(state)
        best = max(v.rank for _, v in scored)
        return [a for a, v in scored if v.rank == best]

    def white_drop_value(self, black: Orientation) -> Value:
        """White's value when about to drop against Black's ``black``."""
        value = self._white_drops[black.index]
        if value is None:
            raise ValueError(f"{black} is not a legal drop")
        return value

    def game_value(self) -> Value:
        """The value of the empty board for Black, who drops first."""
        return max(
            (self.white_drop_value(o).one_ply_earlier() for o in legal_drops(self.cube)),
            key=lambda v: v.rank,
        )

    def _after(self, state: BushiState, seat: Seat, action: CubeAction) -> Value:
        """The value of the position after ``action`` for the opponent, who acts next."""
        if isinstance(action, Drop):
            if seat == BLACK:
                return self.white_drop_value(action.orientation)
            black = state.cubes[BLACK]
            assert black is not None
            return self.position_value(black, action.orientation)
        mover, other = state.mover_and_opponent()
        return self.position_value(other, mover.after(action.kind))

    def _check(self, state: BushiState) -> None:
        if state.outcome is not None:
            raise ValueError("the game is over")
        if state.cube is not self.cube:
            raise ValueError(f"this solution is for the {self.cube} cube, not {state.cube}")

    # --- statistics ------------------------------------------------------------------------

    def position_values(self) -> dict[tuple[Orientation, Orientation], Value]:
        """Every (side to move, other) position's value."""
        return {
            (mover, other): self.position_value(mover, other)
            for mover in ORIENTATIONS
            for other in ORIENTATIONS
        }

    def counts(self) -> dict[Result, int]:
        """How many of the 576 positions are won, lost and drawn for the side to move."""
        out = dict.fromkeys(Result, 0)
        for value in self._positions:
            out[value.result] += 1
        return out


def _compute(cube: CubeReading) -> Solution:
    positions = tuple(v if v is not None else Value.draw() for v in retrograde(cube))
    drops = legal_drops(cube)
    white_drops: list[Value | None] = [None] * _SIZE
    for black in drops:
        white_drops[black.index] = max(
            (positions[_index(black, white)].one_ply_earlier() for white in drops),
            key=lambda v: v.rank,
        )
    return Solution(cube, positions, tuple(white_drops))


_solve = cache(_compute)


def solution(cube: CubeReading | str = CubeReading.SEED) -> Solution:
    """The solution for one cube reading, computed once per process."""
    return _solve(CubeReading(cube))


def choose_action(state: BushiState, rng: Rng) -> tuple[BushiAction, Rng]:
    """A perfect action for the seat to act, chosen at random among the equally good."""
    return rng.choice(solution(state.cube).best_actions(state))


def perfect_player(
    rules: object, state: BushiState, seat: Seat, rng: Rng
) -> tuple[BushiAction, Rng]:
    """:func:`choose_action` in the shape of the service layer's bot players."""
    if seat != state.to_move:
        raise ValueError(f"seat {seat} is not to act")
    return choose_action(state, rng)


def reachable_states(cube: CubeReading) -> set[tuple[Orientation | None, Orientation | None, Seat]]:
    """Every (Black's cube, White's cube, side to act) reachable from the empty board."""
    start: tuple[Orientation | None, Orientation | None, Seat] = (None, None, BLACK)
    seen = {start}
    frontier = [start]
    drops = legal_drops(cube)
    while frontier:
        black, white, side = frontier.pop()
        nexts: list[tuple[Orientation | None, Orientation | None, Seat]] = []
        if black is None:
            nexts = [(o, None, WHITE) for o in drops]
        elif white is None:
            nexts = [(black, o, BLACK) for o in drops]
        elif not is_mate(black, white, cube):
            mover, other = (black, white) if side == BLACK else (white, black)
            for move in allowed_moves(mover, other, cube):
                after = mover.after(move)
                nexts.append((after, white, WHITE) if side == BLACK else (black, after, BLACK))
        for state in nexts:
            if state not in seen:
                seen.add(state)
                frontier.append(state)
    return seen


def _drop_name(orientation: Orientation, cube: CubeReading) -> str:
    kind = top_type(orientation, cube).text
    return f"{kind.ja} ({kind.en}) {FACING_WORD[orientation.facing].en}"


def report(cube: CubeReading) -> list[str]:
    """The solver's summary for one cube reading, as printed by ``python -m``."""
    started = time.perf_counter()
    solved = _compute(cube)  # uncached, to time it
    elapsed = time.perf_counter() - started
    counts = solved.counts()
    values = solved.position_values().values()
    mates = sum(1 for v in values if v == Value.loss(0))
    reachable = reachable_states(cube)
    placed = [s for s in reachable if s[0] is not None and s[1] is not None]
    mated = [
        s for s in placed if s[0] is not None and s[1] is not None and is_mate(s[0], s[1], cube)
    ]
    longest = max(v.plies for v in values if v.result is not Result.DRAW)
    lines = [
        f"Bushi Shogi, cube reading: {cube}",
        f"positions (side-to-move cube × other cube): {_SIZE} × {_SIZE} = {_SIZE * _SIZE}",
        f"  won for the side to move:  {counts[Result.WIN]}",
        f"  lost for the side to move: {counts[Result.LOSS]} ({mates} of them mate)",
        f"  drawn:                     {counts[Result.DRAW]}",
        f"  longest forced mate:       {longest} ply" + ("" if longest == 1 else "s"),
        f"states reachable from the empty board: {len(reachable)}",
        f"  1 empty, {len(legal_drops(cube))} after Black's drop,"
        f" {len(placed)} with both cubes placed ({len(mated)} of them mate)",
        "Black's first drops (value for Black):",
    ]
    for orientation in legal_drops(cube):
        value = solved.white_drop_value(orientation).one_ply_earlier()
        lines.append(f"  D-{orientation.code:5} {_drop_name(orientation, cube):36} {value}")
    lines.append(f"game value (for Black, who drops first): {solved.game_value()}")
    lines.append(f"solved in {elapsed * 1000:.1f} ms")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rules.bushi.solve", description=__doc__)
    parser.add_argument("--cube", choices=[c.value for c in CubeReading], default="seed")
    args = parser.parse_args(argv)
    print("\n".join(report(CubeReading(args.cube))))


if __name__ == "__main__":
    main()
