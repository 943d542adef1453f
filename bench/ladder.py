"""The bot levels' ladder: each level against the one below it — 武士将棋 on both readings of
the cube, 戦列札 — and 戦列札's strongest level against today's bot, each score with its 95 %
Wilson interval.

Every pairing plays ``--games`` games on fresh seeds (from ``--first-seed``, far from the seeds
any level was tuned on: 戦列札's weights on deals 1000–1099, the old ladder on 0–99). Games
``2k`` and ``2k + 1`` are the same deal with the seats swapped, so the luck of a deal and of
moving first cancels out; each game's decisions draw on a generator seeded with its own number.
A win scores 1, a draw ½. 戦列札's searching levels think for their in-play time cap unless
``--seconds`` sets one for every level; the strongest level's decision times are reported
(median and p99, wall clock, so they include the machine's load).

python -m bench.ladder [--games 1000] [--first-seed 100000] [--jobs 1] [--seconds S]
                       [--game bushi|senretsu] [--cube seed|alternate] [--upper LEVEL]

``--upper KEY`` plays only the pairing(s) whose upper level is ``KEY`` (``--upper search``:
戦列札's strongest level against today's bot, the retired ``search``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from itertools import pairwise

from bench.stats import percentile
from rules.bushi import RULES as BUSHI
from rules.bushi.cube import CubeReading
from rules.bushi.levels import LEVELS as BUSHI_LEVELS
from rules.bushi.levels import level as bushi_level
from rules.core import Rng
from rules.senretsu import RULES as SENRETSU
from rules.senretsu.levels import LEVELS as SENRETSU_LEVELS
from rules.senretsu.levels import TODAY as SENRETSU_TODAY
from rules.senretsu.levels import SenretsuLevel
from rules.senretsu.levels import level as senretsu_level

Z95 = 1.96
#: A 戦列札 game that runs this long is a bug, not a game.
MAX_PLIES = 5000
#: Far from every seed used in tuning (see the module's docstring).
FIRST_SEED = 100_000


@dataclass(frozen=True, slots=True)
class Score:
    games: int
    mean: float
    low: float
    high: float

    def line(self, upper: str, lower: str) -> str:
        return (
            f"| {upper} | {lower} | {self.games} | {100 * self.mean:.1f} % |"
            f" {100 * self.low:.1f}–{100 * self.high:.1f} % |"
        )


def wilson(points: list[float]) -> Score:
    """The mean score and its 95 % Wilson interval, a draw counting as half a win.

    Wilson's interval stays inside [0, 1] and keeps its coverage near a score of 0 or 1, where
    the normal approximation's does not; with draws the per-game variance is below the
    binomial's, so the interval is, if anything, a little wide.
    """
    n = len(points)
    p = sum(points) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Score(n, p, max(centre - half, 0.0), min(centre + half, 1.0))


@dataclass(frozen=True, slots=True)
class Result:
    """One game: seat-of-the-upper-level's score, and the upper level's decision times."""

    points: float
    seconds: tuple[float, ...] = ()


def bushi_game(upper: str, lower: str, cube: str, first_seed: int, n: int) -> Result:
    players = (bushi_level(upper), bushi_level(lower))
    seats = players if n % 2 == 0 else players[::-1]
    state = BUSHI.new_game({"cube": cube}, first_seed + n // 2)
    rng = Rng.from_seed(first_seed + n)
    while state.outcome is None:
        seat = state.to_move
        action, rng = seats[seat].choose(state, rng)
        state = BUSHI.apply(state, seat, action).state
    return Result(state.outcome.points[n % 2])


def senretsu_game(upper: str, lower: str, seconds: float | None, first_seed: int, n: int) -> Result:
    return senretsu_levels_game(
        senretsu_level(upper), senretsu_level(lower), seconds, first_seed, n
    )


def senretsu_levels_game(
    up: SenretsuLevel, low: SenretsuLevel, seconds: float | None, first_seed: int, n: int
) -> Result:
    """:func:`senretsu_game` for two levels given as such (a variant under trial, say)."""
    players = (up, low)
    upper_seat = n % 2
    seats = players if upper_seat == 0 else players[::-1]
    state = SENRETSU.new_game({"first_player": "coin"}, first_seed + n // 2)
    rng = Rng.from_seed(first_seed + n)
    took: list[float] = []
    for _ in range(MAX_PLIES):
        if state.outcome is not None:
            return Result(state.outcome.points[upper_seat], tuple(took))
        seat = SENRETSU.to_act(state)[0]
        view = SENRETSU.view_for(state, seat)
        started = time.perf_counter()
        action, rng = seats[seat].choose(view, SENRETSU, rng, seconds)
        if seat == upper_seat:
            took.append(time.perf_counter() - started)
        state = SENRETSU.apply(state, seat, action).state
    raise RuntimeError(f"game {n} did not end")


def pairing(upper: str, lower: str, game: Callable[[int], Result], games: int, jobs: int) -> str:
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(game, range(games), chunksize=max(1, games // (8 * jobs))))
    else:
        results = [game(n) for n in range(games)]
    took = time.perf_counter() - started
    decisions = [s for r in results for s in r.seconds]
    timing = "–"
    if decisions:
        median, p99 = statistics.median(decisions), percentile(decisions, 0.99)
        timing = f"{1000 * median:.0f} / {1000 * p99:.0f} ms"
    score = wilson([r.points for r in results])
    return score.line(upper, lower) + f" {timing} | {took:.0f} s |"


def pairings(args: argparse.Namespace) -> Iterator[tuple[str, str, Callable[[int], Result]]]:
    """Every pairing asked for: a label for each level and a game of them from a number.

    ``--upper KEY`` keeps the pairings whose upper level is ``KEY``, or whose lower one is
    ``KEY`` when it names today's bot (the retired ``search``, never an upper level)."""

    def wanted(upper: str, lower: str) -> bool:
        return args.upper is None or args.upper == upper or args.upper == lower == SENRETSU_TODAY

    if args.game in (None, "bushi"):
        cubes = [args.cube] if args.cube else [c.value for c in CubeReading]
        for cube in cubes:
            for low, up in pairwise(BUSHI_LEVELS):
                if wanted(up.key, low.key):
                    game = partial(bushi_game, up.key, low.key, cube, args.first_seed)
                    yield f"武士将棋 {up.key} ({cube})", low.key, game
    if args.game in (None, "senretsu"):
        steps = [(low.key, up.key) for low, up in pairwise(SENRETSU_LEVELS)]
        steps.append((SENRETSU_TODAY, SENRETSU_LEVELS[-1].key))
        for low_key, up_key in steps:
            if wanted(up_key, low_key):
                game = partial(senretsu_game, up_key, low_key, args.seconds, args.first_seed)
                yield f"戦列札 {up_key}", low_key, game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    parser.add_argument(
        "--seconds", type=float, default=None, help="one time cap for every 戦列札 level"
    )
    parser.add_argument("--game", choices=("bushi", "senretsu"), default=None)
    parser.add_argument("--cube", choices=[c.value for c in CubeReading], default=None)
    parser.add_argument("--upper", default=None, help="only the pairings of this upper level")
    args = parser.parse_args()
    print("| level | against | games | score | 95 % interval | decision median / p99 | time |")
    print("|---|---|---|---|---|---|---|")
    for upper, lower, game in pairings(args):
        print(pairing(upper, lower, game, args.games, args.jobs), flush=True)


if __name__ == "__main__":
    main()
