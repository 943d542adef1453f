"""戦列札: random games per second, and the default bot level's time per decision — alone, and under the load of
the service benchmark (its concurrent players acting on a SQLite database in the same process,
the AI run off the event loop as the bot runs it).

python -m bench.bench_senretsu [--games 200] [--decisions 100] [--actors 50]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from rules.core import Rng
from rules.senretsu import SenretsuRules
from rules.senretsu.levels import DEFAULT_LEVEL, TODAY, SenretsuLevel, level

#: The bot as it plays a challenge that names no level, and the search it replaced.
DEFAULT = level(DEFAULT_LEVEL)
SEARCH = level(TODAY)


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


def ai_decisions(decisions: int, player: SenretsuLevel = DEFAULT) -> list[float]:
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
                action, rng = player.choose(rules.view_for(state, 0), rules, rng)
                times.append(time.perf_counter() - started)
            else:
                action, rng = rng.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action).state
    return times


def positions(decisions: int) -> list[tuple[object, Rng]]:
    """Views the AI (seat 0) must decide on, from games against a random player."""
    rules = SenretsuRules()
    rng = Rng.from_seed(2)
    out: list[tuple[object, Rng]] = []
    game = 0
    while len(out) < decisions:
        state = rules.new_game({"first_player": "coin"}, 1000 + game)
        game += 1
        while not rules.is_over(state) and len(out) < decisions:
            seat = rules.to_act(state)[0]
            if seat == 0:
                out.append((rules.view_for(state, 0), rng))
                action, rng = DEFAULT.choose(rules.view_for(state, 0), rules, rng)
            else:
                action, rng = rng.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, seat, action).state
    return out


async def under_load(decisions: int, actors: int) -> tuple[list[float], list[float]]:
    """The same decisions while ``actors`` players keep the service busy (bench_service's
    closed loop on SQLite), each in a thread as the bot's turns are played: the time of each
    decision in its thread, and as the event loop waits for it (the hand-off to the thread and
    back to a loop saturated by the players included)."""
    from bench.bench_service import actor, make_games, settle_heap
    from bot.db import Database
    from bot.services.games import GameService

    rules = SenretsuRules()
    views = positions(decisions)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite+aiosqlite:///{Path(tmp) / 'load.sqlite3'}")
        await db.migrate()
        service = GameService(db, seed_source=Rng.from_seed(1))
        ids = await make_games(service, 4 * actors)
        settle_heap()
        stop = False

        async def keep_busy(games: list[int], rng: Rng) -> None:
            while not stop:
                await actor(service, games, 20, rng, [])

        load = [
            asyncio.create_task(keep_busy(ids[i::actors], Rng.from_seed(i))) for i in range(actors)
        ]
        await asyncio.sleep(0.5)
        inside: list[float] = []
        waited: list[float] = []

        def decide(view: object, rng: Rng) -> None:
            started = time.perf_counter()
            DEFAULT.choose(view, rules, rng)  # type: ignore[arg-type]
            inside.append(time.perf_counter() - started)

        for view, rng in views:
            started = time.perf_counter()
            await asyncio.to_thread(decide, view, rng)
            waited.append(time.perf_counter() - started)
        stop = True
        await asyncio.gather(*load)
        await db.dispose()
    return inside, waited


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return (
        f"mean {statistics.fmean(ordered) * 1000:.0f} ms, "
        f"p50 {ordered[len(ordered) // 2] * 1000:.0f} ms, "
        f"p99 {ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--actors", type=int, default=50, help="players acting meanwhile")
    args = parser.parse_args()
    per_second, plies = random_games(args.games)
    print(f"random games: {per_second:.0f} games/s ({plies:.0f} actions per game)")
    assert DEFAULT.budget is not None and SEARCH.budget is not None
    budget = DEFAULT.budget.seconds * 1000
    print(
        f"AI ({DEFAULT.key}, the default level) per decision (cap {budget:.0f} ms):"
        f" {summary(ai_decisions(args.decisions))}"
    )
    searched = summary(ai_decisions(args.decisions, SEARCH))
    print(f"  the retired {SEARCH.key} level, for comparison: {searched}")
    inside, waited = asyncio.run(under_load(args.decisions, args.actors))
    print(f"AI per decision under the service load ({args.actors} players): {summary(inside)}")
    print(f"  as the event loop waits for it (thread hand-off included): {summary(waited)}")


if __name__ == "__main__":
    main()
