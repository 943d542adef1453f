"""The bot levels' ladder: each level against the one below it, and 戦列札's strongest level
against today's bot, with a 95 % interval on each score.

Every pairing plays ``--games`` games, seats alternating: games ``2k`` and ``2k + 1`` are the
same deal (戦列札's seed ``k``) with the seats swapped, so the luck of a deal cancels out; each
game's decisions draw on a generator seeded with its number. A win scores 1, a draw ½. 戦列札's searching levels get the same time cap per decision
(``--seconds``), so a stronger level is stronger for the same thinking time.

python -m bench.ladder [--games 200] [--seconds 0.1] [--game bushi|senretsu] [--upper LEVEL]

``--upper search`` plays only 戦列札's strongest level against today's bot (the retired
``search``).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from rules.bushi import RULES as BUSHI
from rules.bushi.levels import LEVELS as BUSHI_LEVELS
from rules.bushi.levels import BushiLevel
from rules.core import Rng
from rules.senretsu import RULES as SENRETSU
from rules.senretsu.levels import LEVELS as SENRETSU_LEVELS
from rules.senretsu.levels import TODAY as SENRETSU_TODAY
from rules.senretsu.levels import SenretsuLevel, level

#: A game between two players from seed ``n``: seat 0's score (1 win, ½ draw, 0 loss).
Match = Callable[[int], float]
Z95 = 1.96
#: A 戦列札 game that runs this long is a bug, not a game.
MAX_PLIES = 5000


@dataclass(frozen=True, slots=True)
class Score:
    games: int
    mean: float
    half_width: float

    def line(self, upper: str, lower: str) -> str:
        # A score lies in [0, 1]: the normal approximation's interval is clipped to it.
        low, high = max(self.mean - self.half_width, 0.0), min(self.mean + self.half_width, 1.0)
        return (
            f"| {upper} | {lower} | {self.games} | {100 * self.mean:.1f} % |"
            f" {100 * low:.1f}–{100 * high:.1f} % |"
        )


def score(points: list[float]) -> Score:
    """The mean score and its 95 % interval (normal approximation on the per-game scores)."""
    n = len(points)
    mean = sum(points) / n
    variance = sum((p - mean) ** 2 for p in points) / max(n - 1, 1)
    return Score(n, mean, Z95 * math.sqrt(variance / n))


def bushi_game(upper: BushiLevel, lower: BushiLevel) -> Match:
    def play(n: int) -> float:
        players = (upper, lower) if n % 2 == 0 else (lower, upper)
        state = BUSHI.new_game({}, n)
        rng = Rng.from_seed(n)
        while state.outcome is None:
            action, rng = players[state.to_move].choose(state, rng)
            state = BUSHI.apply(state, state.to_move, action).state
        return state.outcome.points[n % 2]

    return play


def senretsu_game(upper: SenretsuLevel, lower: SenretsuLevel, seconds: float) -> Match:
    def play(n: int) -> float:
        players = (upper, lower) if n % 2 == 0 else (lower, upper)
        state = SENRETSU.new_game({"first_player": "coin"}, n // 2)
        rng = Rng.from_seed(n)
        for _ in range(MAX_PLIES):
            if state.outcome is not None:
                return state.outcome.points[n % 2]
            seat = SENRETSU.to_act(state)[0]
            view = SENRETSU.view_for(state, seat)
            action, rng = players[seat].choose(view, SENRETSU, rng, seconds)
            state = SENRETSU.apply(state, seat, action).state
        raise RuntimeError(f"game {n} did not end")

    return play


def pairing(upper: str, lower: str, match: Match, games: int) -> str:
    started = time.perf_counter()
    result = score([match(n) for n in range(games)])
    took = time.perf_counter() - started
    return result.line(upper, lower) + f" {took:.0f} s |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--game", choices=("bushi", "senretsu"), default=None)
    parser.add_argument(
        "--upper", default=None, help="only the pairing of this level and the one below"
    )
    args = parser.parse_args()
    print("| level | against | games | score | 95 % interval | time |")
    print("|---|---|---|---|---|---|")
    if args.game in (None, "bushi"):
        for lower, upper in pairwise(BUSHI_LEVELS):
            if args.upper not in (None, upper.key):
                continue
            match = bushi_game(upper, lower)
            print(pairing(f"武士将棋 {upper.key}", lower.key, match, args.games), flush=True)
    if args.game in (None, "senretsu"):
        for lower, upper in pairwise(SENRETSU_LEVELS):
            if args.upper not in (None, upper.key):
                continue
            match = senretsu_game(upper, lower, args.seconds)
            print(pairing(f"戦列札 {upper.key}", lower.key, match, args.games), flush=True)
        strongest, today = SENRETSU_LEVELS[-1], level(SENRETSU_TODAY)
        if args.upper in (None, SENRETSU_TODAY):
            match = senretsu_game(strongest, today, args.seconds)
            print(pairing(f"戦列札 {strongest.key}", today.key, match, args.games), flush=True)


if __name__ == "__main__":
    main()
