"""戦列札: random games per second, and the AI's time per decision.

python -m bench.bench_senretsu [--games 200] [--decisions 100]
"""

from __future__ import annotations

import argparse
import statistics
import time

from rules.core import Rng
from rules.senretsu import SenretsuRules
from rules.senretsu.ai import choose_action


def random_games(games: int) -> tuple[float, float]:
    """Uniformly random legal moves for both seats; returns (games/s, mean plies)."""
    rules = SenretsuRules()
    rng = Rng.from_seed(1)
    plies = 0
    started = time.perf_counter()
    for n in range(games):
        state = rules.new_game({"first_player": "coin"}, n)
        while not rules.is_over(state):
            seat = rules.to_act(state)[0]
            action, rng = rng.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action).state
            plies += 1
    return games / (time.perf_counter() - started), plies / games


def ai_decisions(decisions: int) -> list[float]:
    """The AI (seat 0) against a random player; the time of each of its decisions."""
    rules = SenretsuRules()
    rng = Rng.from_seed(2)
    times: list[float] = []
    game = 0
    while len(times) < decisions:
        state = rules.new_game({"first_player": "coin"}, 1000 + game)
        game += 1
        while not rules.is_over(state) and len(times) < decisions:
            seat = rules.to_act(state)[0]
            if seat == 0:
                started = time.perf_counter()
                action, rng = choose_action(rules.view_for(state, 0), rules, rng)
                times.append(time.perf_counter() - started)
            else:
                action, rng = rng.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action).state
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=100)
    args = parser.parse_args()
    per_second, plies = random_games(args.games)
    print(f"random games: {per_second:.0f} games/s ({plies:.0f} actions per game)")
    times = sorted(ai_decisions(args.decisions))
    print(
        f"AI per decision: mean {statistics.fmean(times) * 1000:.0f} ms, "
        f"p50 {times[len(times) // 2] * 1000:.0f} ms, "
        f"p95 {times[int(len(times) * 0.95)] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
