"""戦列札's ladder one game at a time, each game's result written as it finishes, so that a run
cut short still counts and a run can be split over processes (``--part 0/2`` and ``--part 1/2``
play the even and the odd games: both seats of a deal go to the same process only when the
split is 1, so the summary pairs nothing and simply counts every game it finds).

python -m bench.ladder_games --upper sampling --out run.txt [--games 1000] [--first-seed 100000]
                             [--part K/N] [--lower sharp] [--seconds S]
python -m bench.ladder_games --summary run-*.txt

``--upper`` names a level, or one of :data:`VARIANTS` (levels under trial, tuned on seeds from
20 000, apart from the ladder's from 100 000). Each line of ``--out``: the game's number, the
upper level's points, and its decision times in milliseconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time
from pathlib import Path

from bench.ladder import FIRST_SEED, senretsu_levels_game, wilson
from bench.stats import percentile
from rules.senretsu.levels import SAMPLING, SenretsuLevel, level

#: Levels under trial, by name.
VARIANTS: dict[str, SenretsuLevel] = {
    # The playouts' leaf counting the decks half in draws of three (rules.senretsu.ai.deck_value):
    # +6.6 ± 6.2 points on tuning deals, not confirmed on the ladder's (docs/levels.md).
    "leaf": SenretsuLevel("leaf", dataclasses.replace(SAMPLING, leaf_draws=0.5)),
    # The same wholly in draws.
    "leaf1": SenretsuLevel("leaf1", dataclasses.replace(SAMPLING, leaf_draws=1.0)),
    # Up to 32 samples more while the best two candidates are within a deck card of each other.
    "close": SenretsuLevel("close", dataclasses.replace(SAMPLING, more_samples=32, close=1.0)),
    # Twice the beam, twice the deals and six candidates: the shipped level's uncapped decisions
    # take 75 ms of CPU (median; p99 160) of its 0.8 s cap on a quiet machine, these 177 (420).
    "deeper": SenretsuLevel(
        "deeper", dataclasses.replace(SAMPLING, plan_width=64, samples=32, candidates=6)
    ),
}


def _level(key: str) -> SenretsuLevel:
    return VARIANTS[key] if key in VARIANTS else level(key)


def run(args: argparse.Namespace) -> None:
    part, parts = (int(x) for x in args.part.split("/"))
    up, low = _level(args.upper), _level(args.lower)
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {int(line.split()[0]) for line in out.read_text().splitlines() if line.strip()}
    with out.open("a") as f:
        for n in range(args.games):
            if n % parts != part or n in done:
                continue
            result = senretsu_levels_game(up, low, args.seconds, args.first_seed, n)
            ms = " ".join(f"{1000 * s:.0f}" for s in result.seconds)
            load = os.getloadavg()[0]
            f.write(f"{n} {result.points} {time.time():.0f} {load:.1f} {ms}\n")
            f.flush()


def summary(paths: list[str]) -> None:
    points: list[float] = []
    decisions: list[float] = []
    loads: list[float] = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            fields = line.split()
            if not fields:
                continue
            points.append(float(fields[1]))
            loads.append(float(fields[3]))
            decisions.extend(float(x) for x in fields[4:])
    score = wilson(points)
    over = sum(1 for d in decisions if d > 1000)
    print(
        f"{score.games} games: {100 * score.mean:.1f} % ({100 * score.low:.1f}–"
        f"{100 * score.high:.1f} %); decisions {len(decisions)}: median "
        f"{statistics.median(decisions):.0f} ms, p99 {percentile(decisions, 0.99):.0f} ms, "
        f"max {max(decisions):.0f} ms, {over} over 1 s; load {min(loads):.1f}–{max(loads):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--upper", default="sampling")
    parser.add_argument("--lower", default="sharp")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--part", default="0/1")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--out", default=None)
    parser.add_argument("--summary", nargs="+", default=None)
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
    else:
        run(args)


if __name__ == "__main__":
    main()
