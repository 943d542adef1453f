"""Make the 易双六 / 略式易双六 puzzle books: ``python -m rules.yosukou.make_puzzles``.

Boards are dealt by the engine from seeds 1, 2, 3 …; each board may give a "where do you
start?" puzzle, and the game played on from it through the engine (a seeded random start,
draws, later swords by the simple rule) may give "MOVE or STAY?" puzzles at its lower swords.

Two passes, because the full simulation is dear (``--games``, 200 000 games per choice by
default; the pieces run in a process pool, ``nice`` it on a shared machine; the games are
played by the C play-out of :mod:`rules.yosukou.fastsim` where a C compiler is at hand, the
same games as the Python engine's, about fifty times as fast):

1. Quick looks (:data:`LOOKS`: games per choice, other seeds) at every candidate pass on the
   positions where one choice looks best by a margin — only that one can be the single answer.
2. Those are taken clearest first (by the last look's p) and, where the book still passes the
   depth check with them (:mod:`rules.core.puzzle_depth`: no start, MOVE or STAY, nor the
   simulator's own rule, right more often than the check allows, a blind guess right at most
   40 % of the time), simulated in full with the puzzle's own seed, and kept when the same
   answer is significantly best there (:func:`rules.yosukou.puzzles.significant_best`).

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
from rules.yosukou.engine import UPPER, goal_of
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
#: Simulated games per choice for the committed figures: at 200 000 a figure's standard error
#: is about 0.11 points, so a fresh run of 100 000 games (0.15) lands within ±0.5 points of it
#: for all but about one figure in 150.
GAMES = 200_000
#: Puzzles per variant and kind, at most. A blind guess is right 1/6 of the time on a start
#: where all six are legal, 1/3 where the deal forces a trigram, 1/2 on MOVE or STAY; the
#: starts found decide how many MOVE-or-STAY questions fit under the 40 % limit (with eight
#: starts of six choices, twelve: (8/6 + 6) / 20 = 37 %).
TARGET: dict[str, dict[str, int]] = {
    "original": {KIND_START: 8, KIND_MOVE_OR_STAY: 12},
    "simplified": {KIND_START: 8, KIND_MOVE_OR_STAY: 12},
}
#: The quick looks, each only if the one before passed: games per choice, how clear the best
#: must look there, and the look's own seed (added to the puzzle's). The starts of one trigram
#: are often within half a point of each other, so the second look is large; the positions
#: passing both are simulated in full clearest first (by the second look's p) until the book
#: is full, so it holds the clearest puzzles the depth check allows.
LOOKS: tuple[tuple[int, float, int], ...] = ((10_000, 0.2, 1_000_003), (50_000, 0.05, 2_000_003))
#: Lower-sword moments looked at per dealt game.
MOMENTS_PER_GAME = 3
#: The boards dealt per variant (the run is bounded and makes the same book every time).
LAST_SEED = 300
#: Further boards looked at for start questions only, and which: a board's best start is
#: most often within a few tenths of a point of its trigram's others, so single-answer start
#: questions are rare. 易双六's start on 3 is the best on every open board where one start is
#: clearly best (300 boards, none other provably best at 200 000 games), so it looks further
#: only at boards whose deal forces the upper trigram (about 1 in 80).
MORE_START_SEEDS: dict[str, tuple[int, bool]] = {
    "original": (3000, True),
    "simplified": (1600, False),
}

#: The highest number each id prefix had in earlier books (git history of puzzles.json): a new
#: puzzle's number is above it, so no earlier answer lands on it.
RETIRED = {"o-start-": 16, "s-start-": 16, "o-move_or_stay-": 13, "s-move_or_stay-": 15}

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
    more, upper_only = MORE_START_SEEDS.get(variant, (0, False))
    for seed in range(last_seed + 1, more + 1):
        dealt = rules.new_game({"variant": variant}, seed)
        starts = tuple(rules.legal_starts(dealt))
        if len(starts) > 1 and (starts == UPPER or not upper_only):
            out.append((KIND_START, seed, (), dealt))
    return out


def _sim_seed(seed: int, line: Line) -> int:
    return seed * 1000 + len(line)


def fits(made: dict[str, list[Puzzle]], puzzle: Puzzle, targets: dict[str, int]) -> bool:
    """Whether ``puzzle`` can join the book ``made`` (puzzles by kind) and its kind, full
    (``targets`` of it), still pass the depth check whatever the rest turn out to be: no rule
    right too often, a blind guess right at most :data:`GUESS_LIMIT` of the time (over the
    book, :func:`_binary_room` sees to it)."""
    target = targets[puzzle.kind]
    trial = [*made[puzzle.kind], puzzle]
    binary = puzzle.kind == KIND_MOVE_OR_STAY
    limit = BINARY_RULE_LIMIT if binary else RULE_LIMIT
    [report] = check("yosukou", _asked(trial), PUZZLES.obvious_rules, PUZZLES.binary)
    [kind] = report.kinds
    if any(r.right > int(limit * target) for r in kind.rules):
        return False
    return binary or kind.guess * len(trial) <= GUESS_LIMIT * target


def _asked(puzzles: Sequence[Puzzle]) -> list[Asked]:
    return [Asked(p, PUZZLES.choices(p, p.position(PUZZLES.rules))) for p in puzzles]


def _within_rule_limit(starts: list[Puzzle]) -> list[Puzzle]:
    """The most of ``starts`` (clearest first) that no rule gets right in more than half of:
    room was kept for :data:`TARGET` of them, and fewer may have been found."""
    for size in range(len(starts), 0, -1):
        picked: list[Puzzle] = []
        for puzzle in starts:
            trial = [*picked, puzzle]
            [report] = check("yosukou", _asked(trial), PUZZLES.obvious_rules, PUZZLES.binary)
            if all(r.right <= int(RULE_LIMIT * size) for r in report.kinds[0].rules):
                picked = trial
            if len(picked) == size:
                return picked
    return []


def _binary_room(starts: list[Puzzle], targets: dict[str, int]) -> int:
    """How many MOVE-or-STAY questions (a blind guess right half the time) the book can hold
    beside ``starts`` with a blind guess right at most :data:`GUESS_LIMIT` over the book."""
    guessed = sum(a.guess for a in _asked(starts))
    room = targets[KIND_MOVE_OR_STAY]
    while room and (guessed + room / 2) > GUESS_LIMIT * (len(starts) + room) - 1e-9:
        room -= 1
    return room


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
    targets = TARGET[variant]
    made: dict[str, list[Puzzle]] = {KIND_START: [], KIND_MOVE_OR_STAY: []}
    simulated = 0
    began = time.perf_counter()
    # The looks: every candidate, then the contenders clearest first.
    contenders: list[tuple[float, str, int, Line, YosukouState, str]] = []
    for kind, seed, line, state in candidates(variant, LAST_SEED):
        if time.time() >= stop_at:
            break
        sim_seed = _sim_seed(seed, line)
        tag = f"{variant}:{seed}:{len(line)}"
        looks = None
        for size, level, extra in LOOKS:
            glance = cache.run(state, kind, size, sim_seed + extra, runner, tag)
            simulated += size * len(glance)
            looks = significant_best(glance, size, level, single=True)
            if looks is None:
                break
        if looks is not None:
            contenders.append((looks[1], kind, seed, line, state, looks[0][0]))
    print(
        variant,
        f"{len(contenders)} contenders, {simulated} games in {time.perf_counter() - began:.0f} s",
        flush=True,
    )
    contenders.sort(key=lambda c: (c[0], c[2], len(c[3])))
    # Starts first: how many there are decides how many MOVE-or-STAY questions (a blind guess
    # is right on half of those) the book can hold and stay within the guess limit.
    for phase in (KIND_START, KIND_MOVE_OR_STAY):
        if phase == KIND_MOVE_OR_STAY:
            made[KIND_START] = _within_rule_limit(made[KIND_START])
            targets = {**targets, KIND_MOVE_OR_STAY: _binary_room(made[KIND_START], targets)}
        for _p, kind, seed, line, state, answer in contenders:
            if kind != phase:
                continue
            if len(made[kind]) >= targets[kind] or time.time() >= stop_at:
                break  # done, or out of time: the book is what was made (the depth test says so)
            if any(p.seed == seed for p in made[kind]):
                continue  # one puzzle of a kind per dealt board, so the book is varied
            draft = Puzzle("", kind, {"variant": variant}, seed, line, 0, (answer,), 3)
            if not fits(made, draft, targets):
                continue  # the book has enough of this answer already
            sim_seed = _sim_seed(seed, line)
            tag = f"{variant}:{seed}:{len(line)}"
            wins = cache.run(state, kind, games, sim_seed, runner, tag)
            simulated += games * len(wins)
            best = significant_best(wins, games, single=True)
            if best is None or best[0] != (answer,):
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
                answer,
                {k: len(v) for k, v in made.items()},
                f"{simulated} games, {rate:.0f} games/s",
                flush=True,
            )
    prefix = {"original": "o", "simplified": "s"}[variant]
    return [
        p
        for kind in (KIND_START, KIND_MOVE_OR_STAY)
        for p in stable_ids(
            sorted(made[kind], key=lambda p: (p.seed, len(p.moves))),
            old,
            f"{prefix}-{kind}-",
            first_free=RETIRED.get(f"{prefix}-{kind}-", 0) + 1,
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
