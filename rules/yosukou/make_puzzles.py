"""Make the 易双六 / 略式易双六 puzzle set: ``python -m rules.yosukou.make_puzzles``.

Boards are dealt by the engine from seeds 1, 2, 3 …; each board may give a "where do you
start?" puzzle, and the game played on from it through the engine (a seeded random start,
draws, later swords by the simple rule) may give a "MOVE or STAY?" puzzle at its first lower
swords. Only answers significant by :func:`rules.yosukou.puzzles.significant_best` are kept.
The run stops at fixed counts or at a fixed last seed, so it always makes the same set.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from rules.core.puzzle import Puzzle, write_puzzles
from rules.core.rng import Rng
from rules.yosukou.engine import goal_of
from rules.yosukou.game import YosukouRules
from rules.yosukou.puzzles import (
    KIND_MOVE_OR_STAY,
    KIND_START,
    PUZZLES,
    significant_best,
    simulate,
)
from rules.yosukou.state import CHOOSE, OVER, PLAY, START, WAR, YosukouState

VARIANTS = ("original", "simplified")
#: Simulated games per choice.
GAMES = {KIND_START: 600, KIND_MOVE_OR_STAY: 1500}
#: Puzzles to make per variant and kind.
TARGET = {KIND_START: 16, KIND_MOVE_OR_STAY: 10}
#: A quick look first (a quarter of the games, another seed): only a position whose answer
#: looks this clear is simulated in full (most lower-sword moments are close calls).
SCREEN_LEVEL = 0.2
SCREEN_SEED = 1_000_003
#: Lower-sword moments looked at per dealt game before giving up on it.
MOMENTS_PER_GAME = 3
#: The last seed dealt: the run stops there even short of the targets (略式's starts are
#: rarely clear enough; this bounds the run, and the set stays the same run after run).
LAST_SEED = 70

Line = tuple[tuple[int, str], ...]


def difficulty(wins: dict[str, int], right: tuple[str, ...], games: int) -> int:
    """Close calls are harder: the gap between the weakest right answer and the best wrong
    one, in points."""
    gap = (
        100
        * (min(wins[c] for c in right) - max(w for c, w in wins.items() if c not in right))
        / games
    )
    return 5 if gap < 6 else 4 if gap < 9 else 3 if gap < 13 else 2 if gap < 18 else 1


def _puzzle(
    kind: str, variant: str, seed: int, line: Line, state: YosukouState, sim_seed: int
) -> Puzzle | None:
    games = GAMES[kind]
    glance = simulate(state, kind, games // 4, sim_seed + SCREEN_SEED)
    if significant_best(glance, games // 4, SCREEN_LEVEL) is None:
        return None
    wins = simulate(state, kind, games, sim_seed)
    best = significant_best(wins, games)
    if best is None:
        return None
    return Puzzle(
        id="",
        kind=kind,
        settings={"variant": variant},
        seed=seed,
        moves=line,
        seat=0,
        answers=best[0],
        difficulty=difficulty(wins, best[0], games),
        proof={"games": games, "sim_seed": sim_seed, "wins": wins, "p": best[1]},
    )


def moments(state: YosukouState, seed: int) -> list[tuple[Line, YosukouState]]:
    """Play on through the engine from a dealt board to its first lower-sword moments."""
    rules = YosukouRules()
    rng = Rng.from_seed(seed)
    line: Line = ()
    found: list[tuple[Line, YosukouState]] = []
    while state.phase != OVER and len(found) < MOMENTS_PER_GAME:
        if state.phase == START:
            start, rng = rng.choice(rules.legal_starts(state))
            code = f"start:{start}"
        elif state.phase in (PLAY, WAR):
            code = "draw"
        elif state.phase == CHOOSE:
            found.append((line, state))
            assert state.start is not None and state.token is not None
            goal = goal_of(state.start)
            code = "stay" if state.token in goal and state.token + 3 not in goal else "move"
        else:
            break
        line = (*line, (0, code))
        state = rules.apply(state, 0, rules.parse(code)).state
    return found


def make_variant(variant: str) -> list[Puzzle]:
    rules = YosukouRules()
    made: dict[str, list[Puzzle]] = {KIND_START: [], KIND_MOVE_OR_STAY: []}
    seed = 0
    while any(len(made[k]) < TARGET[k] for k in made) and seed < LAST_SEED:
        seed += 1
        dealt = rules.new_game({"variant": variant}, seed)
        if len(made[KIND_START]) < TARGET[KIND_START] and len(rules.legal_starts(dealt)) > 1:
            found = _puzzle(KIND_START, variant, seed, (), dealt, seed)
            if found is not None:
                made[KIND_START].append(found)
        if len(made[KIND_MOVE_OR_STAY]) < TARGET[KIND_MOVE_OR_STAY]:
            for line, state in moments(dealt, seed):
                found = _puzzle(KIND_MOVE_OR_STAY, variant, seed, line, state, seed)
                if found is not None:
                    made[KIND_MOVE_OR_STAY].append(found)
                    break
        print(variant, seed, {k: len(v) for k, v in made.items()}, flush=True)
    prefix = {"original": "o", "simplified": "s"}[variant]
    return [
        replace(p, id=f"{prefix}-{kind}-{n:02d}")
        for kind in (KIND_START, KIND_MOVE_OR_STAY)
        for n, p in enumerate(made[kind], 1)
    ]


def main() -> None:
    began = time.perf_counter()
    # The variants are made apart (a process each); each one's set depends on its seeds only.
    with ProcessPoolExecutor(len(VARIANTS)) as pool:
        puzzles = [p for made in pool.map(make_variant, VARIANTS) for p in made]
    write_puzzles(PUZZLES.path, puzzles, "python -m rules.yosukou.make_puzzles")
    print(f"{len(puzzles)} puzzles in {time.perf_counter() - began:.0f} s -> {PUZZLES.path}")


if __name__ == "__main__":
    main()
