"""The full check of the 易双六 puzzle figures: every puzzle simulated again with another seed
at the book's own size, each choice's win rate against the one shown.

    nice -n 10 python -m bench.puzzle_figures [--games N] [--workers W] [--seed S]

Prints, per puzzle, the largest difference in points between a shown win rate and the fresh
run's, and at the end the largest of all and how many exceed ±0.5 points. At the books' size
the difference of two runs has a standard error of ``sqrt(2 p (1 - p) / games)``: 0.21 points
at 100 000 games, 0.48 at 20 000 (so ±0.5 holds for nearly every figure only from about
100 000 games a choice). Not a ratio against a baseline as the other benches: the figure here
is an agreement, not a speed; the speed (games a second) is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from rules.yosukou.puzzles import PUZZLES, jobs, piece

#: The seed of the fresh runs (the books' own seeds are below 1 000 000).
FRESH_SEED = 7_777_777
LIMIT = 0.5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.puzzle_figures")
    parser.add_argument("--games", type=int, help="games per choice (default: the book's own)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=FRESH_SEED)
    args = parser.parse_args(argv)
    worst = 0.0
    beyond = total = simulated = 0
    began = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for puzzle in PUZZLES.puzzles:
            shown_games = int(puzzle.proof["games"])
            games = args.games or shown_games
            state = puzzle.position(PUZZLES.rules)
            todo = jobs(state, puzzle.kind, games, args.seed)
            fresh: dict[str, int] = {}
            for job, won in zip(todo, pool.map(piece, todo), strict=True):
                fresh[job[1]] = fresh.get(job[1], 0) + won
            simulated += games * len(fresh)
            gaps = {
                code: 100 * abs(won / shown_games - fresh[code] / games)
                for code, won in puzzle.proof["wins"].items()
            }
            worst = max(worst, *gaps.values())
            beyond += sum(1 for g in gaps.values() if g > LIMIT)
            total += len(gaps)
            print(
                f"{puzzle.id}: {shown_games} shown / {games} fresh games a choice, "
                f"largest gap {max(gaps.values()):.2f} points",
                flush=True,
            )
    elapsed = time.perf_counter() - began
    print(
        f"{total} figures: largest gap {worst:.2f} points, {beyond} beyond ±{LIMIT}; "
        f"{simulated} games in {elapsed:.0f} s ({simulated / elapsed:.0f} games/s)"
    )
    return 0 if beyond == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
