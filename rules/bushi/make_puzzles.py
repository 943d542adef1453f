"""Make the 武士将棋 puzzle set: ``python -m rules.bushi.make_puzzles`` writes puzzles.json.

Every position reachable from the empty board (both cubes placed, game not over) is reached by
its shortest line of play through the engine, so the stored moves replay without repeating a
position. A position is kept when the side to move has a choice, wins, and exactly one move wins
fastest.
The set is the same on every run (no randomness but a seeded sample).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import replace

from rules.bushi.game import BushiRules, BushiState
from rules.bushi.puzzles import KIND_WIN_IN_N, PUZZLES, prove_state
from rules.core.puzzle import Puzzle, write_puzzles
from rules.core.rng import Rng

CUBES = ("seed", "alternate")
#: How many puzzles to keep per length of the win (plies), at most.
PER_LENGTH = 24
SEED = 20


def _key(state: BushiState) -> tuple[object, ...]:
    return (state.cubes, state.to_move)


def shortest_lines(cube: str) -> list[tuple[BushiState, tuple[tuple[int, str], ...]]]:
    """Every reachable unfinished position with both cubes placed, by breadth-first search
    through the engine, each with its shortest line of play."""
    rules = BushiRules()
    start = rules.new_game({"cube": cube}, 0)
    seen = {_key(start)}
    frontier: deque[tuple[BushiState, tuple[tuple[int, str], ...]]] = deque([(start, ())])
    found = []
    while frontier:
        state, line = frontier.popleft()
        if state.outcome is not None:
            continue
        if all(c is not None for c in state.cubes):
            found.append((state, line))
        seat = state.to_move
        for action in rules.legal_actions(state, seat):
            after = rules.apply(state, seat, action).state
            if _key(after) not in seen:
                seen.add(_key(after))
                frontier.append((after, (*line, (seat, rules.format(action)))))
    return found


def difficulty(plies: int, tempting: int) -> int:
    """Longer wins are harder, and so are positions where other moves also win or draw."""
    base = 1 + min(4, plies // 3)  # 1 ply: 1; 3-5: 2; 6-8: 3; 9-11: 4; 12 and more: 5
    return min(5, base + (1 if tempting >= 2 else 0))


def make() -> list[Puzzle]:
    by_length: dict[int, list[Puzzle]] = {}
    for cube in CUBES:
        for state, line in shortest_lines(cube):
            answers, values = prove_state(state)
            # A puzzle is a choice: one fastest win among at least two legal moves.
            if len(answers) != 1 or len(values) < 2:
                continue
            plies = values[answers[0]][1]
            tempting = sum(
                1 for code, (r, _) in values.items() if code != answers[0] and r != "loss"
            )
            puzzle = Puzzle(
                id="",
                kind=KIND_WIN_IN_N,
                settings={"cube": cube},
                seed=0,
                moves=line,
                seat=state.to_move,
                answers=answers,
                difficulty=difficulty(plies, tempting),
                proof={"plies": plies, "tempting": tempting, "values": values},
            )
            by_length.setdefault(plies, []).append(puzzle)
    rng = Rng.from_seed(SEED)
    kept: list[Puzzle] = []
    for plies in sorted(by_length):
        pool = by_length[plies]
        picked: list[Puzzle] = []
        while pool and len(picked) < PER_LENGTH:
            index, rng = rng.below(len(pool))
            picked.append(pool.pop(index))
        kept += [_numbered(p, plies, n) for n, p in enumerate(picked, 1)]
    return kept


def _numbered(puzzle: Puzzle, plies: int, n: int) -> Puzzle:
    return replace(puzzle, id=f"w{plies}-{n:03d}")


def main() -> None:
    began = time.perf_counter()
    puzzles = make()
    write_puzzles(PUZZLES.path, puzzles, "python -m rules.bushi.make_puzzles")
    print(f"{len(puzzles)} puzzles in {time.perf_counter() - began:.1f} s -> {PUZZLES.path}")


if __name__ == "__main__":
    main()
