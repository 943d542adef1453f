"""What a Share costs: a 60-move game of each kind made into its animation and result card.

    python -m bench.bench_share [--moves 60] [--processes N] [--rounds 3]

Plays a game of each kind through the services on a fresh SQLite database (random legal moves,
then a resignation, or a 易双六 solitaire to its end), then times ``draw_film`` — every board
drawn from the spectator's views, the GIF and the result card — as Share does it, and beside it,
in the same run, the bare floor: drawing the same boards one after the other. Reports the
animation's size (the target: at most 2 MB), the time (the target: at most 2 s), the ratio to
the floor, and the longest the event loop was kept from running meanwhile (drawing is off the
loop: a few milliseconds at most).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.config import DEFAULT_DRAWING_PROCESSES
from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.ui.easel import Easel
from bot.ui.films import draw_film
from rules.core import Rng

ALICE = Player(101, "Alice")
BOB = Player(202, "ボブ")


async def played(service: GameService, game_type: str, moves: int, seed: int) -> int:
    """A finished game of ``game_type`` with about ``moves`` public moves; its id."""
    if game_type.startswith("yosukou"):
        result = await service.starts.start_solitaire("yosukou", ALICE, seed=seed)
    else:
        challenge = await service.starts.challenge(game_type, ALICE, BOB, challenger_seat=0)
        result = await service.starts.accept(challenge.game.id, BOB.user_id)
    rng = Rng.from_seed(seed)
    public = 0
    while result.game.status == "active" and public < moves:
        game = result.game
        seat = game.seats_to_act[0].seat
        action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        result = await service.actions.act(game.id, user, game.version, game.rules.format(action))
        public += any(e.visible_to is None for e in result.events)
    if result.game.status == "active":
        seat = result.game.seats_to_act[0].seat
        await service.actions.act(result.game.id, result.game.player(seat).user_id, None, "resign")
    return result.game.id


async def loop_lag(stop: asyncio.Event, worst: list[float]) -> None:
    """How late a 5 ms tick runs: the longest the loop was blocked."""
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.005)
        worst[0] = max(worst[0], time.perf_counter() - started - 0.005)


async def run(moves: int, processes: int, rounds: int) -> None:
    easel = Easel(processes)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite+aiosqlite:///{Path(tmp) / 'share.sqlite3'}")
        await db.migrate()
        service = GameService(db, seed_source=Rng.from_seed(3))
        print(f"Share: animation and result card of a {moves}-move game, {processes} processes")
        print(
            f"{'game':<10}{'moves':>6}{'frames':>7}{'KB':>7}{'film s':>8}"
            f"{'boards s':>9}{'ratio':>7}{'loop ms':>8}"
        )
        for game_type in ("bushi", "senretsu", "yosukou"):
            game_id = await played(service, game_type, moves, 5)
            film = await service.queries.film(game_id, ALICE.user_id)
            paint = film.game.spec.board_picture
            assert paint is not None
            await draw_film(film, "en", easel)  # fonts, workers and caches warm
            films, floors, lags = [], [], []
            shared = None
            for _ in range(rounds):
                worst = [0.0]
                stop = asyncio.Event()
                ticker = asyncio.create_task(loop_lag(stop, worst))
                started = time.perf_counter()
                shared = await draw_film(film, "en", easel)
                films.append(time.perf_counter() - started)
                stop.set()
                await ticker
                lags.append(worst[0])
                started = time.perf_counter()
                for step in film.steps:
                    paint(step.view, "en", step.events)
                floors.append(time.perf_counter() - started)
            assert shared is not None
            film_s, floor_s = statistics.median(films), statistics.median(floors)
            print(
                f"{game_type:<10}{len(film.steps):>6}{len(film.steps) + 3:>7}"
                f"{len(shared.animation) / 1024:>7.0f}{film_s:>8.2f}{floor_s:>9.2f}"
                f"{film_s / floor_s:>7.1f}{max(lags) * 1000:>8.1f}"
            )
        easel.shutdown()
        await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument(
        "--processes",
        type=int,
        default=DEFAULT_DRAWING_PROCESSES,
        help="drawing worker processes (0: threads)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(run(args.moves, args.processes, args.rounds))


if __name__ == "__main__":
    main()
