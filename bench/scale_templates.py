"""Rows shaped like real games, for :mod:`bench.scale_fill` to copy a million times.

A few games of each kind are played through the real service (random legal moves, in a scratch
SQLite file) — some to their end, some left half way — and read back whole: the game's every
column, its seats and its log. The fill reuses them with new ids, players, servers and times,
so every stored state, outcome and log line is one the bot itself wrote.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.db import Database, GameEventRow, GameRow, GameSeatRow
from bot.games.registry import spec_for
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.statuses import GameStatus
from rules.core import Rng

#: The kinds of game played, with their settings: the registry's games and both 易双六 rules.
KINDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("bushi", {}),
    ("senretsu", {}),
    ("yosukou", {"variant": "original"}),
    ("yosukou", {"variant": "simplified"}),
)
#: Games kept of each kind, finished and in play.
EACH = 3
#: A game left in play stops after this many actions at most.
LIVE_PLIES = 12
#: Actions after which a game that will not end is resigned (a solitaire: abandoned as played).
MOST_PLIES = 400


@dataclass(frozen=True)
class Template:
    """One game as stored: its row (no id), its seats (no game id) and its log (no ids)."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    events: list[dict[str, Any]]

    @property
    def players(self) -> int:
        return len(self.seats)


class _Clock:
    """Game time that moves a few minutes with every action, so logs have real gaps."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def make_templates(seed: int = 1) -> tuple[list[Template], list[Template]]:
    """(finished games, games in play), :data:`EACH` of each kind of :data:`KINDS` in each."""
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite+aiosqlite:///{Path(folder) / 'templates.sqlite3'}")
        await db.migrate()
        try:
            clock = _Clock()
            service = GameService(db, clock=clock, seed_source=Rng.from_seed(seed))
            rng = Rng.from_seed(seed)
            games = []
            for game_type, settings in KINDS:
                for n in range(2 * EACH):
                    game_id = await _start(service, game_type, settings, n)
                    rng = await _play(
                        service, clock, game_id, rng, None if n < EACH else LIVE_PLIES
                    )
                    games.append(await _read(db, game_id))
            # A game meant to be left half way may have ended early (a quick mate): it is one
            # more finished game then.
            live = [t for t in games if t.game["status"] == GameStatus.ACTIVE]
            return [t for t in games if t.game["status"] == GameStatus.FINISHED], live
        finally:
            await db.dispose()


async def _start(service: GameService, game_type: str, settings: dict[str, Any], n: int) -> int:
    one, two = Player(1 + 2 * n, "one"), Player(2 + 2 * n, "two")
    if spec_for(game_type).rules.seats == 1:
        started = await service.starts.start_solitaire(game_type, one, settings=settings)
        return started.game.id
    challenge = await service.starts.challenge(
        game_type, one, two, settings=settings, challenger_seat=0, move_seconds=86_400, rated=True
    )
    await service.starts.accept(challenge.game.id, two.user_id)
    return challenge.game.id


async def _play(
    service: GameService, clock: _Clock, game_id: int, rng: Rng, plies: int | None
) -> Rng:
    """Random legal moves until the game ends (or ``plies`` actions); returns the rng after."""
    for _ in range(plies or MOST_PLIES):
        game = await service.queries.get(game_id)
        if game.status != GameStatus.ACTIVE:
            return rng
        rules = game.rules
        seat = rules.to_act(game.state)[0]
        action, rng = rng.choice(rules.legal_actions(game.state, seat))
        clock.now += timedelta(minutes=3 + (game.ply * 37) % 240)
        await service.actions.act(game_id, game.player(seat).user_id, None, rules.format(action))
    game = await service.queries.get(game_id)
    if plies is None and game.status == GameStatus.ACTIVE:
        raise RuntimeError(f"a {game.game_type} game did not end in {MOST_PLIES} actions")
    return rng


async def _read(db: Database, game_id: int) -> Template:
    async with db.read() as session:
        game = (await session.execute(select(GameRow.__table__).where(GameRow.id == game_id))).one()
        seats = await session.execute(
            select(GameSeatRow.__table__)
            .where(GameSeatRow.game_id == game_id)
            .order_by(GameSeatRow.seat)
        )
        events = await session.execute(
            select(GameEventRow.__table__)
            .where(GameEventRow.game_id == game_id)
            .order_by(GameEventRow.ply)
        )
        return Template(
            {k: v for k, v in game._mapping.items() if k != "id"},
            [{k: v for k, v in s._mapping.items() if k != "game_id"} for s in seats],
            [{k: v for k, v in e._mapping.items() if k not in ("id", "game_id")} for e in events],
        )
