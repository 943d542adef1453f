"""What a finished 戦列札 game may show of its moves: what each player decided, not how.

A placement phase's staging and take-backs are private for good (the log folds them away), but
what was committed at ``end`` is public, so a phase with take-backs is rewritten as the plain
placements that build the same lines. A janken pick is public once the round's result showed
both; the staging of a phase that never ended and a pick the round never revealed are dropped:
neither changed the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.errors import RulesError
from rules.core.outcome import Seat
from rules.senretsu.actions import (
    Action,
    EndPlacement,
    Janken,
    Place,
    TakeBack,
    format_action,
    parse_action,
)
from rules.senretsu.state import FieldCard, SenretsuState, Side

Move = tuple[Seat | None, str]


def disclosed_moves(moves: Sequence[Move], before: Sequence[SenretsuState]) -> list[Move]:
    """``moves`` (a whole log) as a finished game may show them; ``before[i]`` is the state
    move ``i`` was played in."""
    out: list[Move] = []
    staging: list[int] = []  # indices of this phase's Place / TakeBack moves
    picks: list[Move] = []  # this janken round's picks, public once the round is decided
    for index, (seat, code) in enumerate(moves):
        action: Action | None = _game_action(code)
        if isinstance(action, Place | TakeBack):
            staging.append(index)
            continue
        if isinstance(action, Janken):
            picks.append((seat, code))
            if len(picks) == 2:
                out += picks
                picks = []
            continue
        if isinstance(action, EndPlacement) and staging:
            if any(isinstance(_game_action(moves[i][1]), TakeBack) for i in staging):
                lines = (_staged(before[staging[0]]), _staged(before[index]))
                out += [(seat, format_action(p)) for p in placements_building(*lines)]
            else:
                out += [moves[i] for i in staging]
        staging, picks = [], []
        out.append((seat, code))
    return out


def placements_building(before: Side, after: Side) -> list[Place]:
    """Placements that turn the lines ``before`` into ``after`` (``after`` only adds cards to
    the ends of lines and new lines at the front or back, as one placement phase does)."""
    new_front = len(after.front) - len(before.front)
    out: list[Place] = []
    for line in reversed(after.front[:new_front]):  # each new front line goes in at index 0
        out += _line_from(line, 0)
    kept = after.lines()[new_front:]  # the old lines, then the new back lines (zip stops)
    for index, (old, new) in enumerate(zip(before.lines(), kept, strict=False)):
        if old is not None and new is not None:
            out += [_place(fc, new_front + index) for fc in new[len(old) :]]
    first_new_back = after.size - (len(after.back) - len(before.back))
    for k, line in enumerate(after.back[len(before.back) :]):
        out += _line_from(line, first_new_back + k)
    return out


def _line_from(line: Sequence[FieldCard], index: int) -> list[Place]:
    return [_place(line[0], index, new=True), *(_place(fc, index) for fc in line[1:])]


def _place(fc: FieldCard, line: int, new: bool = False) -> Place:
    return Place(fc.card, line, new, fc.range if fc.card.is_joker else None)


def _staged(state: SenretsuState) -> Side:
    assert state.staging is not None
    return state.staging.side


def _game_action(code: str) -> Action | None:
    try:
        return parse_action(code)
    except RulesError:  # a platform action (resign, forfeit): not the game's own
        return None
