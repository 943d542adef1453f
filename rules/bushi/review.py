"""How a game of 武士将棋 went by the solver: every action of either player that lost value (a
slower win, a won or drawn game thrown away, a faster loss) with the best action beside it, in
the order played — so a review can say who slipped first and name every turning point — and a
resignation of a position that was not lost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.bushi.game import BushiState, Drop, Move
from rules.bushi.solve import CubeAction, Result, Value, solution
from rules.core.outcome import Seat
from rules.core.protocol import Resign


@dataclass(frozen=True, slots=True)
class Slip:
    """An action that lost value: when (its ply, from 1), who played it, the state before it,
    what was played and its value, and the best action and its value — values for the player
    who acted."""

    ply: int
    seat: Seat
    before: BushiState
    played: CubeAction
    played_value: Value
    better: CubeAction
    better_value: Value


@dataclass(frozen=True, slots=True)
class Resignation:
    """``seat`` resigned after ``ply`` actions, where the position was worth ``value`` to it
    (a draw or a win: a resignation of a lost position is not news)."""

    ply: int
    seat: Seat
    value: Value


Step = tuple[BushiState, Seat | None, Any]


def slips(steps: Sequence[Step]) -> list[Slip]:
    """Every value-losing drop or move in ``steps`` (each the state before an action, who
    acted and the action), whoever played it, in the order played."""
    found = []
    for state, actor, action in steps:
        if actor is None or not isinstance(action, Drop | Move) or state.outcome is not None:
            continue
        scored = solution(state.cube).move_values(state)
        best_action, best_value = max(scored, key=lambda item: item[1].rank)
        played_value = next(v for a, v in scored if a == action)
        if played_value.rank < best_value.rank:
            found.append(
                Slip(state.ply + 1, actor, state, action, played_value, best_action, best_value)
            )
    return found


def first_slip(steps: Sequence[Step], seat: Seat) -> Slip | None:
    """``seat``'s first value-losing action, or ``None`` if every one of its actions kept the
    value."""
    return next((s for s in slips(steps) if s.seat == seat), None)


def value_for(state: BushiState, seat: Seat) -> Value:
    """The value of an unfinished ``state`` to ``seat``, whether or not it is ``seat``'s turn
    (the other side's win in N is ``seat``'s loss in N)."""
    value = solution(state.cube).value(state)
    return value if state.to_move == seat else flipped(value)


def flipped(value: Value) -> Value:
    """The same count of plies seen from the other side."""
    if value.result is Result.WIN:
        return Value.loss(value.plies)
    if value.result is Result.LOSS:
        return Value.win(value.plies)
    return value


def resignation(steps: Sequence[Step]) -> Resignation | None:
    """The resignation that ended the game, if the position was not lost for the resigner."""
    if not steps:
        return None
    state, actor, action = steps[-1]
    if actor is None or not isinstance(action, Resign) or state.outcome is not None:
        return None
    value = value_for(state, actor)
    if value.result is Result.LOSS:
        return None
    return Resignation(state.ply, actor, value)
