"""Full 易双六 games simulated per second on one core.

    python -m bench.bench_yosukou [--boards 2000]

Two figures for each variant: the Monte Carlo simulator (one mutable table per game, the same
rule code as the game) and full games through the public rules API (``apply`` on frozen states,
every legal action as a player would take it), which is what the bot pays per game.
"""

from __future__ import annotations

import argparse
import time

from rules.core import Rng
from rules.yosukou import YosukouRules
from rules.yosukou.simulate import simulate


def through_rules(variant: str, games: int, seed: int = 1) -> float:
    rules = YosukouRules()
    rng = Rng.from_seed(seed)
    started = time.perf_counter()
    for n in range(games):
        state = rules.new_game({"variant": variant}, n)
        while not rules.is_over(state):
            action, rng = rng.choice(rules.legal_actions(state, 0))
            state = rules.apply(state, 0, action).state
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=2000, help="boards for the simulator")
    parser.add_argument("--games", type=int, default=200, help="games through the rules API")
    args = parser.parse_args()
    for variant in ("original", "simplified"):
        report = simulate({"variant": variant}, args.boards, seed=1, start="random")
        print(
            f"{variant:<10} simulator: {report.games / report.elapsed:8.0f} games/s   "
            f"rules API: {through_rules(variant, args.games):6.0f} games/s"
        )


if __name__ == "__main__":
    main()
