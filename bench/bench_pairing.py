"""Tournament pairing speed on one core: Swiss rounds and round-robin schedules.

    python -m bench.bench_pairing [--players 200] [--rounds 9] [--events 5] [--rr-players 50]

A Swiss event of ``--players`` entrants is paired round by round with random results (40 %
White wins, 40 % Black wins, 20 % draws); each round's pairing time is collected over
``--events`` events with different seeds. Also reported: the colour spread reached and the
time to build a whole round-robin schedule and its final table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.tournament import (
    ByeRecord,
    Entrant,
    Format,
    GameRecord,
    Outcome,
    Record,
    round_robin_schedule,
    swiss_pairings,
    table,
)


def random_outcome(rng: random.Random) -> Outcome:
    roll = rng.random()
    if roll < 0.4:
        return Outcome.WHITE_WINS
    return Outcome.BLACK_WINS if roll < 0.8 else Outcome.DRAW


def swiss_event(players: int, rounds: int, seed: int) -> tuple[list[float], list[Record]]:
    rng = random.Random(seed)
    entrants = [Entrant(player=1000 + n, seed=n) for n in range(1, players + 1)]
    history: list[Record] = []
    times: list[float] = []
    for round_no in range(1, rounds + 1):
        started = time.perf_counter()
        round_ = swiss_pairings(entrants, history, round_no)
        times.append(time.perf_counter() - started)
        history += [
            GameRecord(round_no, p.white, p.black, random_outcome(rng)) for p in round_.pairings
        ]
        if round_.bye is not None:
            history.append(ByeRecord(round_no, round_.bye))
    return times, history


def colour_spread(history: list[Record]) -> int:
    difference: dict[int, int] = {}
    for record in history:
        if isinstance(record, GameRecord):
            difference[record.white] = difference.get(record.white, 0) + 1
            difference[record.black] = difference.get(record.black, 0) - 1
    return max(abs(d) for d in difference.values())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--events", type=int, default=5, help="Swiss events, one seed each")
    parser.add_argument("--rr-players", type=int, default=50)
    args = parser.parse_args()

    per_round: list[float] = []
    totals: list[float] = []
    spread = 0
    for seed in range(args.events):
        times, history = swiss_event(args.players, args.rounds, seed)
        per_round += times
        totals.append(sum(times))
        spread = max(spread, colour_spread(history))
    print(
        f"swiss {args.players} players x {args.rounds} rounds ({args.events} events): "
        f"per round p50 {statistics.median(per_round) * 1e3:6.1f} ms  "
        f"p99 {percentile(per_round, 0.99) * 1e3:6.1f} ms  "
        f"event total p50 {statistics.median(totals):5.2f} s  "
        f"largest colour difference {spread}"
    )

    n = args.rr_players
    started = time.perf_counter()
    schedule = round_robin_schedule(list(range(n)), double=True)
    scheduled = time.perf_counter() - started
    rng = random.Random(1)
    games: list[Record] = [
        GameRecord(r.round_no, p.white, p.black, random_outcome(rng))
        for r in schedule
        for p in r.pairings
    ]
    started = time.perf_counter()
    table(Format.DOUBLE_ROUND_ROBIN, [Entrant(p, p + 1) for p in range(n)], games)
    tabled = time.perf_counter() - started
    print(
        f"double round robin {n} players: schedule {scheduled * 1e3:6.1f} ms "
        f"({len(schedule)} rounds, {len(games)} games)  final table {tabled * 1e3:6.1f} ms"
    )


if __name__ == "__main__":
    main()
