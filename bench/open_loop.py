"""Open loop: actions arrive at a fixed rate, whether or not earlier ones are done, and each
one's latency runs from its arrival to its committed result (so a queue building up shows; no
coordinated omission). Each arrival is a move on a game with no action in flight, carrying the
version its player last saw, as a click does."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from bench.stats import percentile
from bot.services.games import GameService
from bot.services.snapshots import GameSnapshot, Player
from rules.core import Rng

#: The latency an arrival must stay under at the 99th percentile.
P99_LIMIT_MS = 20.0


@dataclass
class _Table:
    """The games being played, and which have an action in flight."""

    games: list[GameSnapshot]
    busy: set[int] = field(default_factory=set)
    next_index: int = 0
    rng: Rng = field(default_factory=lambda: Rng.from_seed(11))

    def free(self) -> int | None:
        for _ in range(len(self.games)):
            index = self.next_index
            self.next_index = (self.next_index + 1) % len(self.games)
            if index not in self.busy:
                return index
        return None


async def _fresh(service: GameService, old: GameSnapshot) -> GameSnapshot:
    seat0, seat1 = old.seats
    challenge = await service.starts.challenge(
        "bushi", Player(seat0.user_id, "a"), Player(seat1.user_id, "b"), challenger_seat=0
    )
    return (await service.starts.accept(challenge.game.id, seat1.user_id)).game


async def _arrive(
    service: GameService, table: _Table, index: int, arrival: float, latencies: list[float]
) -> None:
    game = table.games[index]
    rules = game.rules
    seat = rules.to_act(game.state)[0]
    action, table.rng = table.rng.choice(rules.legal_actions(game.state, seat))
    try:
        result = await service.actions.act(
            game.id, game.player(seat).user_id, game.version, rules.format(action)
        )
        latencies.append(time.perf_counter() - arrival)
        game = result.game
        if game.status != "active":
            game = await _fresh(service, game)
        table.games[index] = game
    finally:
        table.busy.discard(index)


async def at_rate(
    service: GameService, table: _Table, rate: float, seconds: float
) -> tuple[list[float], int]:
    """Offer ``rate`` actions per second for ``seconds``; returns the latencies and how many
    arrivals found no idle game (none should)."""
    latencies: list[float] = []
    tasks: set[asyncio.Task[None]] = set()
    missed = 0
    start = time.perf_counter()
    count = int(rate * seconds)
    for n in range(count):
        arrival = start + n / rate
        delay = arrival - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        index = table.free()
        if index is None:
            missed += 1
            continue
        table.busy.add(index)
        task = asyncio.create_task(_arrive(service, table, index, arrival, latencies))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks)
    return latencies, missed


async def open_loop(
    service: GameService, game_ids: list[int], rates: list[float], seconds: float
) -> list[tuple[float, float, float, int]]:
    """For each rate in turn (stopping after the first whose p99 is over the limit): the
    rate, p50 and p99 in ms, and the arrivals that found no idle game."""
    table = _Table([await service.queries.get(game_id) for game_id in game_ids])
    out = []
    for rate in rates:
        latencies, missed = await at_rate(service, table, rate, seconds)
        p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
        out.append((rate, p50, p99, missed))
        if p99 >= P99_LIMIT_MS:
            break
    return out
