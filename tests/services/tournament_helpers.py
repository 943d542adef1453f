"""Helpers for tournament tests: services over one database, entrants, and ending games."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from sqlalchemy import func, select

from bot.db import Database, GameRow, TournamentPairingRow
from bot.services.game_clock import BankRule
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.snapshots import Player
from bot.services.tournament_snapshots import TournamentInfo
from bot.services.tournaments import TournamentService
from rules.core import AcceptDraw, OfferDraw, Resign, Rng
from tests.conftest import FakeClock

GUILD = 500
CHANNEL = 600
HOUR = 3600
PLAYERS = [Player(1000 + n, f"player{n}") for n in range(1, 13)]


@dataclass
class Services:
    games: GameService
    tournaments: TournamentService


def services(db: Database, clock: FakeClock, seed: int = 1) -> Services:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(seed))
    return Services(games, TournamentService(games, GuildService(db, clock)))


async def create(
    s: Services,
    game_type: str = "bushi",
    *,
    format: str | None = "round_robin",
    rounds: int = 3,
    max_players: int | None = None,
    rated: bool = False,
    settings: dict[str, object] | None = None,
    signup_seconds: int = 24 * HOUR,
    round_seconds: int | None = None,
    bank: BankRule | None = None,
) -> TournamentInfo:
    return await s.tournaments.actions.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=PLAYERS[0],
        manages_server=True,
        name="Autumn league",
        game_type=game_type,
        settings=settings or {},
        format=format,
        rounds=rounds,
        move_seconds=24 * HOUR,
        rated=rated,
        signup_seconds=signup_seconds,
        max_players=max_players,
        play_seconds=7 * 24 * HOUR,
        locale="en",
        round_seconds=round_seconds,
        bank=bank,
    )


async def enter(s: Services, tournament_id: int, count: int) -> list[Player]:
    players = PLAYERS[:count]
    for player in players:
        await s.tournaments.actions.join(tournament_id, GUILD, player)
    return players


async def end_game(games: GameService, game_id: int, result: str) -> None:
    """``result``: ``1-0`` (Black resigns), ``0-1`` (White resigns) or a draw by agreement."""
    game = await games.queries.get(game_id)
    white, black = game.player(0).user_id, game.player(1).user_id
    if result == "1-0":
        await games.actions.act(game_id, black, None, Resign.code)
    elif result == "0-1":
        await games.actions.act(game_id, white, None, Resign.code)
    else:
        await games.actions.act(game_id, white, None, OfferDraw.code)
        await games.actions.act(game_id, black, None, AcceptDraw.code)


def decide(white: int, black: int) -> str:
    """A deterministic result: the lower id wins, except that every fifth pairing is drawn."""
    if (white + black) % 5 == 0:
        return "½-½"
    return "1-0" if white < black else "0-1"


async def active_games(games: GameService, tournament_id: int) -> list[int]:
    async with games.db.read() as session:
        return list(
            await session.scalars(
                select(GameRow.id)
                .where(GameRow.tournament_id == tournament_id, GameRow.status == "active")
                .order_by(GameRow.id)
            )
        )


async def pairing_counts(db: Database, tournament_id: int) -> dict[int, int]:
    """How many boards each round has: a round paired twice would have twice as many."""
    async with db.read() as session:
        rows = await session.execute(
            select(TournamentPairingRow.round_no, func.count())
            .where(TournamentPairingRow.tournament_id == tournament_id)
            .group_by(TournamentPairingRow.round_no)
        )
        return {round_no: count for round_no, count in rows.all()}


async def game_count(db: Database, tournament_id: int) -> int:
    async with db.read() as session:
        count = await session.scalar(
            select(func.count()).select_from(GameRow).where(GameRow.tournament_id == tournament_id)
        )
    return int(count or 0)


async def second_database(db: Database) -> Database:
    """Another handle on the same database, as a second bot process would have."""
    if db.is_sqlite:
        return Database(str(db.url))
    async with db.engine.connect() as conn:
        path = await conn.exec_driver_sql("SHOW search_path")
        schema = str(path.scalar()).strip('"')
    url = db.url.render_as_string(hide_password=False)
    return Database(url, connect_args={"server_settings": {"search_path": schema}})


@asynccontextmanager
async def two_processes(
    db: Database, clock: FakeClock, seeds: tuple[int, int] = (3, 4)
) -> AsyncIterator[tuple[Services, Services]]:
    """The services of two bot processes sharing one database (each its own connection)."""
    other_db = await second_database(db)
    try:
        yield services(db, clock, seed=seeds[0]), services(other_db, clock, seed=seeds[1])
    finally:
        await other_db.dispose()
