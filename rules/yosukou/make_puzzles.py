"""Make the 易双六 / 略式易双六 puzzle books: ``python -m rules.yosukou.make_puzzles``.

Boards are dealt by the engine from seeds 1, 2, 3 …; each board may give a "where do you
start?" puzzle, and the game played on from it through the engine (a seeded random start,
draws, later swords by the simple rule) may give "MOVE or STAY?" puzzles at its lower swords.

Two passes, because the full simulation is dear (``--games``, 100 000 games per choice by
default; the pieces run in a process pool, ``nice`` it on a shared machine):

1. Quick looks (:data:`LOOKS`: games per choice, other seeds) pass on the positions where
   one choice looks best by a margin — only that one can be the single answer — and where the
   book still passes the depth check with it (:mod:`rules.core.puzzle_depth`): no start, MOVE
   or STAY, nor the simulator's own rule, right more often than the check allows.
2. Those are simulated in full, and kept when the same answer is significantly best
   (:func:`rules.yosukou.puzzles.significant_best`).

A puzzle kept from an earlier book (the same position and the same answer) keeps its id; a new
one gets an id never used before, so players' earlier answers never land on another puzzle.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from rules.core.puzzle import Puzzle, read_puzzles, stable_ids, write_puzzles
from rules.core.puzzle_depth import (
    BINARY_RULE_LIMIT,
    GUESS_LIMIT,
    RULE_LIMIT,
    Asked,
    check,
)
from rules.core.rng import Rng
from rules.yosukou.engine import goal_of
from rules.yosukou.game import YosukouRules
from rules.yosukou.puzzles import (
    KIND_MOVE_OR_STAY,
    KIND_START,
    PUZZLES,
    jobs,
    options,
    piece,
    significant_best,
)
from rules.yosukou.state import CHOOSE, OVER, PLAY, START, WAR, YosukouState

VARIANTS = ("original", "simplified")
#: Simulated games per choice for the committed figures.
GAMES = 100_000
#: Puzzles per variant and kind.
TARGET = {KIND_START: 4, KIND_MOVE_OR_STAY: 8}
#: The quick looks, each only if the one before passed: games per choice, how clear the best
#: must look there, and the look's own seed (added to the puzzle's). Starts of one trigram
#: are often within a point or two of each other, so a second, larger look keeps the full
#: simulation for positions whose best start will most likely hold.
LOOKS: tuple[tuple[int, float, int], ...] = ((800, 0.1, 1_000_003), (4_000, 0.05, 2_000_003))
#: Lower-sword moments looked at per dealt game.
MOMENTS_PER_GAME = 3
#: The boards dealt per variant (the run is bounded and makes the same book every time).
LAST_SEED = 150

Line = tuple[tuple[int | None, str], ...]
Candidate = tuple[str, int, Line, YosukouState]
Runner = Callable[[Iterable[tuple[YosukouState, str, int, int, int]]], Iterable[int]]


def difficulty(wins: dict[str, int], right: tuple[str, ...], games: int) -> int:
    """Close calls are harder: the gap between the right answer and the best other one, in
    points."""
    gap = (
        100
        * (min(wins[c] for c in right) - max(w for c, w in wins.items() if c not in right))
        / games
    )
    return 5 if gap < 1.5 else 4 if gap < 3 else 3 if gap < 6 else 2 if gap < 10 else 1


def run(state: YosukouState, kind: str, games: int, seed: int, runner: Runner) -> dict[str, int]:
    """:func:`rules.yosukou.puzzles.simulate`, its pieces run by ``runner`` (a pool's map)."""
    wins = dict.fromkeys(options(state, kind), 0)
    todo = jobs(state, kind, games, seed)
    for job, won in zip(todo, runner(todo), strict=True):
        wins[job[1]] += won
    return wins


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


def candidates(variant: str, last_seed: int) -> list[Candidate]:
    rules = YosukouRules()
    out: list[Candidate] = []
    for seed in range(1, last_seed + 1):
        dealt = rules.new_game({"variant": variant}, seed)
        if len(rules.legal_starts(dealt)) > 1:
            out.append((KIND_START, seed, (), dealt))
        out.extend((KIND_MOVE_OR_STAY, seed, line, state) for line, state in moments(dealt, seed))
    return out


def _sim_seed(seed: int, line: Line) -> int:
    return seed * 1000 + len(line)


def fits(book: list[Puzzle], puzzle: Puzzle, target: int) -> bool:
    """Whether ``puzzle`` can join ``book`` and the full book (``target`` puzzles of the
    kind) still pass the depth check, whatever the rest turn out to be."""
    trial = [*book, puzzle]
    binary = puzzle.kind == KIND_MOVE_OR_STAY
    limit = BINARY_RULE_LIMIT if binary else RULE_LIMIT
    asked = [Asked(p, PUZZLES.choices(p, p.position(PUZZLES.rules))) for p in trial]
    [report] = check("yosukou", asked, PUZZLES.obvious_rules, PUZZLES.binary)
    [kind] = report.kinds
    if any(r.right > int(limit * target) for r in kind.rules):
        return False
    return binary or kind.guess * len(trial) <= GUESS_LIMIT * target


class Cache:
    """Simulations already run (a JSON line each), so a stopped run goes on where it was."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.known: dict[str, dict[str, int]] = {}
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                entry = json.loads(line)
                self.known[entry["key"]] = entry["wins"]

    def run(
        self, state: YosukouState, kind: str, games: int, seed: int, runner: Runner, tag: str
    ) -> dict[str, int]:
        key = f"{tag}:{kind}:{games}:{seed}"
        if key not in self.known:
            self.known[key] = run(state, kind, games, seed, runner)
            if self.path is not None:
                with self.path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"key": key, "wins": self.known[key]}) + "\n")
        return self.known[key]


def make_variant(
    variant: str,
    games: int,
    runner: Runner,
    old: Sequence[Puzzle],
    cache: Cache | None = None,
    stop_at: float = math.inf,
) -> list[Puzzle]:
    cache = cache or Cache(None)
    made: dict[str, list[Puzzle]] = {KIND_START: [], KIND_MOVE_OR_STAY: []}
    simulated = 0
    began = time.perf_counter()
    for kind, seed, line, state in candidates(variant, LAST_SEED):
        if all(len(made[k]) >= TARGET[k] for k in made) or time.time() >= stop_at:
            break  # done, or out of time: the book is what was made (the depth test says so)
        if len(made[kind]) >= TARGET[kind] or any(p.seed == seed for p in made[kind]):
            continue  # one puzzle of a kind per dealt board, so the book is varied
        sim_seed = _sim_seed(seed, line)
        tag = f"{variant}:{seed}:{len(line)}"
        looks = None
        for size, level, extra in LOOKS:
            glance = cache.run(state, kind, size, sim_seed + extra, runner, tag)
            simulated += size * len(glance)
            looks = significant_best(glance, size, level, single=True)
            if looks is None:
                break
        if looks is None:
            continue
        draft = Puzzle("", kind, {"variant": variant}, seed, line, 0, looks[0], 3)
        if not fits(made[kind], draft, TARGET[kind]):
            continue  # the book has enough of this answer already
        wins = cache.run(state, kind, games, sim_seed, runner, tag)
        simulated += games * len(wins)
        best = significant_best(wins, games, single=True)
        if best is None or best[0] != looks[0]:
            continue
        made[kind].append(
            replace(
                draft,
                difficulty=difficulty(wins, best[0], games),
                proof={"games": games, "sim_seed": sim_seed, "wins": wins, "p": best[1]},
            )
        )
        rate = simulated / (time.perf_counter() - began)
        print(
            variant,
            kind,
            seed,
            best[0][0],
            {k: len(v) for k, v in made.items()},
            f"{simulated} games, {rate:.0f} games/s",
            flush=True,
        )
    prefix = {"original": "o", "simplified": "s"}[variant]
    return [
        p
        for kind in (KIND_START, KIND_MOVE_OR_STAY)
        for p in stable_ids(
            sorted(made[kind], key=lambda p: (p.seed, len(p.moves))), old, f"{prefix}-{kind}-"
        )
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rules.yosukou.make_puzzles")
    parser.add_argument("--games", type=int, default=GAMES, help="games per choice")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variant", choices=VARIANTS, action="append")
    parser.add_argument("--out", type=Path, default=PUZZLES.path, help="the book to write")
    parser.add_argument("--cache", type=Path, help="keep simulations here to resume a run")
    parser.add_argument(
        "--minutes", type=float, default=math.inf, help="start no new position after this"
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    old = read_puzzles(PUZZLES.path)
    variants = args.variant or list(VARIANTS)
    keep = [p for p in old if p.settings.get("variant") not in variants]
    pool: Executor
    with ProcessPoolExecutor(args.workers) as pool:
        made = [
            p
            for variant in variants
            for p in make_variant(
                variant,
                args.games,
                lambda js: pool.map(piece, js),
                old,
                Cache(args.cache),
                time.time() + 60 * args.minutes,
            )
        ]
    order = {v: i for i, v in enumerate(VARIANTS)}
    puzzles = sorted(
        [*keep, *made], key=lambda p: (order[str(p.settings["variant"])], p.kind != KIND_START)
    )
    write_puzzles(args.out, puzzles, "python -m rules.yosukou.make_puzzles")
    print(f"{len(made)} puzzles in {time.perf_counter() - began:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
