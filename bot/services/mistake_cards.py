"""Your mistakes come back — the making: once a game is over with a result, each of its
players' value-losing decisions (found by the game's home: ``GameSpec.mistakes``) becomes a
personal puzzle card, due at once.

Exactly once per game, across crashes and restarts and several processes: a game's cards are
written in one transaction with its ``mistake_scan`` row (the game's id its key), so a second
try — a catch-up after a restart, another process — fails on that key and writes nothing; cards
are also unique per (player, game, step). The finding runs after the game's commit, off the
event loop (a thread; one game of each kind at a time, so a long 易双六 simulation never holds
up the others); what a stop interrupted is found again by :meth:`MistakeCards.catch_up` when
the bot starts.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bot.db import Database, GameRow
from bot.db.models import MistakeCardRow, MistakeScanRow
from bot.games.registry import all_specs, spec_for
from bot.services.clock import Clock
from bot.services.games import GameService
from bot.services.mistake_reviews import new_card
from bot.services.snapshots import GameSummary, is_former_player
from bot.statuses import GameStatus
from rules.core.mistakes import Mistake, MistakeFinder, Step, Stop, Stopped, never

log = logging.getLogger(__name__)

#: How far back a start looks for finished games whose cards were never made.
CATCH_UP = timedelta(days=3)


@dataclass(frozen=True, slots=True)
class Made:
    """A game's cards written: how many, and the seconds from the game's end (as this process
    saw it) to their commit."""

    game_id: int
    cards: int
    seconds: float


def find_mistakes(
    finder: MistakeFinder,
    settings: Any,
    seed: int,
    moves: Sequence[tuple[int | None, str]],
    seats: Sequence[int],
    stop: Stop = never,
) -> list[Mistake]:
    """Replay a finished game's log and find the mistakes of each seat in ``seats``."""
    rules = finder.rules
    state = rules.new_game(settings, seed)
    steps: list[Step] = []
    for actor, code in moves:
        action = rules.parse(code)
        steps.append((state, actor, action))
        state = rules.apply(state, actor, action).state
    return [m for seat in seats for m in finder.find(steps, seat, stop)]


class MistakeCards:
    def __init__(self, db: Database, games: GameService, clock: Clock | None = None) -> None:
        self.db = db
        self.games = games
        self.clock = clock or games.clock
        self._tasks: set[asyncio.Task[Made | None]] = set()
        #: One finding per game kind at a time.
        self._lanes: dict[str, asyncio.Semaphore] = {}
        #: Set when the bot stops: a finding in a thread gives up at its next look.
        self._stopping = threading.Event()

    def listen(self) -> None:
        """Make cards after every game that ends with a result (the writer tells us, after
        its commit)."""
        self.games.writer.finished.append(self.game_over)

    def game_over(self, game: GameSummary) -> None:
        if spec_for(game.game_type).mistakes is None:
            return
        task = asyncio.get_running_loop().create_task(
            self.make(game.id, time.monotonic()), name=f"asobiba-mistakes-{game.id}"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait for the cards being made now (tests; a graceful stop)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def stop(self) -> None:
        """Give up the cards being made: the next start's catch-up makes them."""
        self._stopping.set()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def make(self, game_id: int, since: float | None = None) -> Made | None:
        """Find and write a finished game's cards; ``None`` if they were made before (or the
        game has no result, or no mistakes to find)."""
        began = time.monotonic() if since is None else since
        try:
            return await self._make(game_id, began)
        except asyncio.CancelledError:
            raise
        except Stopped:
            return None  # the bot is stopping: the next start's catch-up makes them
        except Exception:  # a card is a courtesy: never the game's problem
            log.warning("could not make the mistake cards of game %s", game_id, exc_info=True)
            return None

    async def _make(self, game_id: int, began: float) -> Made | None:
        async with self.db.read() as session:
            if await session.get(MistakeScanRow, game_id) is not None:
                return None
        game = await self.games.queries.get(game_id)
        finder = game.spec.mistakes
        if game.status != GameStatus.FINISHED or finder is None:
            return None
        people = {
            s.seat: s.user_id
            for s in game.seats
            if not s.is_bot and not is_former_player(s.user_id)
        }
        moves = [(r.seat, r.action) for r in await self.games.queries.event_log(game_id)]
        lane = self._lanes.setdefault(game.game_type, asyncio.Semaphore(1))
        async with lane:
            found = await asyncio.to_thread(
                find_mistakes,
                finder,
                game.settings,
                game.seed,
                moves,
                sorted(people),
                self._stopping.is_set,
            )
        game_key = game.spec.variant_of(game.settings).key
        now = self.clock()
        try:
            async with self.db.transaction() as session:
                seconds = time.monotonic() - began
                session.add(
                    MistakeScanRow(
                        game_id=game_id, cards=len(found), seconds=seconds, scanned_at=now
                    )
                )
                for mistake in found:
                    card, due = new_card(now)
                    session.add(
                        MistakeCardRow(
                            user_id=people[mistake.seat],
                            game_id=game_id,
                            ply=mistake.ply,
                            game_type=game.game_type,
                            game_key=game_key,
                            kind=mistake.kind,
                            seat=mistake.seat,
                            position=dict(mistake.position),
                            played=mistake.played,
                            answers=list(mistake.answers),
                            proof=dict(mistake.proof),
                            card=card,
                            due_at=due,
                            reviews=0,
                            created_at=now,
                        )
                    )
        except IntegrityError:
            return None  # made meanwhile by another try: that one counts
        if found:
            log.info("game %s: %d mistake card(s) in %.2f s", game_id, len(found), seconds)
        return Made(game_id, len(found), seconds)

    async def catch_up(self) -> list[Made]:
        """Make the cards of recently finished games that have none yet (a stop came between
        a game's end and its cards)."""
        kinds = [spec.game_type for spec in all_specs() if spec.mistakes is not None]
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(GameRow.id)
                    .outerjoin(MistakeScanRow, MistakeScanRow.game_id == GameRow.id)
                    .where(
                        GameRow.status == GameStatus.FINISHED,
                        GameRow.game_type.in_(kinds),
                        GameRow.finished_at >= self.clock() - CATCH_UP,
                        MistakeScanRow.game_id.is_(None),
                    )
                    .order_by(GameRow.id)
                )
            )
        made = [await self.make(game_id) for game_id in ids]
        return [m for m in made if m is not None]
