"""Where a game of 武士将棋 turned for one player: their first action that lost value by the
solver (a slower win, a won or drawn game thrown away, a faster loss), and a better action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.bushi.game import BushiAction, BushiState, Drop, Move
from rules.bushi.solve import Value, solution
from rules.core.outcome import Seat


@dataclass(frozen=True, slots=True)
class Slip:
    """The first action of a player that lost value: when (its ply, from 1), the state before
    it, what was played and its value, and the best action and its value."""

    ply: int
    before: BushiState
    played: BushiAction
    played_value: Value
    better: BushiAction
    better_value: Value


def first_slip(steps: Sequence[tuple[BushiState, Seat | None, Any]], seat: Seat) -> Slip | None:
    """``seat``'s first value-losing action in ``steps`` (each the state before an action, who
    acted and the action), or ``None`` if every one of its actions kept the value."""
    for ply, (state, actor, action) in enumerate(steps, start=1):
        if actor != seat or not isinstance(action, Drop | Move) or state.outcome is not None:
            continue
        scored = solution(state.cube).move_values(state)
        best_action, best_value = max(scored, key=lambda item: item[1].rank)
        played_value = next(v for a, v in scored if a == action)
        if played_value.rank < best_value.rank:
            return Slip(ply, state, action, played_value, best_action, best_value)
    return None
