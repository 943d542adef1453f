"""The daily deal: the same for everyone in a server on a day, and keyed by the deployment's
own secret — so nobody can compute a day's deal from public facts in advance."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest

from bot.db import Database
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import Player
from rules.core import Resign
from tests.conftest import FakeClock

GUILD = 5
SETTINGS = {"variant": "original"}


async def deal(service: GameService, user_id: int) -> tuple[int, object]:
    result, _ = await service.starts.start_daily(
        "yosukou", Player(user_id, f"p{user_id}"), SETTINGS, guild_id=GUILD, channel_id=1
    )
    return result.game.seed, result.game.state.board


async def test_everyone_gets_the_same_secret_deal(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    (seed_a, board_a), (seed_b, board_b) = await deal(service, 1), await deal(service, 2)
    assert seed_a == seed_b and board_a == board_b
    # Not the old public recipe (a hash of server, day and variant anyone could compute).
    key = f"{clock().date().isoformat()}:yosukou:original"
    public = int.from_bytes(
        hashlib.sha256(f"asobiba-daily:{GUILD}:{key}".encode()).digest()[:8], "big"
    )
    assert seed_a not in (public >> 1, public)
    # Another day, another deal.
    clock.advance(days=1)
    assert (await deal(service, 1))[0] != seed_a


async def test_the_secret_is_made_once_and_kept(db: Database, clock: FakeClock) -> None:
    first, second = DeploymentSecrets(db, clock), DeploymentSecrets(db, clock)
    # Two processes asking at once end up with one secret.
    a, b = await asyncio.gather(first.get("daily"), second.get("daily"))
    assert a == b and len(a) == 32
    assert await DeploymentSecrets(db, clock).get("daily") == a  # after a restart too


async def test_another_deployment_deals_differently(tmp_path: Path, clock: FakeClock) -> None:
    seeds = []
    for name in ("one", "two"):
        database = Database(f"sqlite+aiosqlite:///{tmp_path / name}.sqlite3")
        await database.migrate()
        seeds.append((await deal(GameService(database, clock=clock), 1))[0])
        await database.dispose()
    assert seeds[0] != seeds[1]


async def test_todays_deal_is_its_players_alone_until_the_day_is_over(
    db: Database, clock: FakeClock
) -> None:
    service = GameService(db, clock=clock)
    result, _ = await service.starts.start_daily(
        "yosukou", Player(1, "p1"), SETTINGS, guild_id=GUILD, channel_id=1
    )
    game_id = result.game.id
    await service.actions.act(game_id, 1, None, Resign.code)
    clock.advance(hours=11, minutes=59)  # 23:59 UTC: still the deal's day
    assert await service.queries.finished_games(1, viewer=2) == []
    for attempt in (
        service.queries.public_log(game_id, 2),
        service.queries.state_at(game_id, 0, 2),
        service.queries.hint(game_id, "en", 2),
        service.queries.shown_game(game_id, 2),
        service.queries.verification(game_id),
    ):
        with pytest.raises(ServiceError):
            await attempt
    # Its player sees all of hers.
    assert [g.id for g in await service.queries.finished_games(1, viewer=1)] == [game_id]
    assert len(await service.queries.public_log(game_id, 1)) == 1
    clock.advance(minutes=1)  # midnight: the day is over, and so is the secret
    assert [g.id for g in await service.queries.finished_games(1, viewer=2)] == [game_id]
    assert len(await service.queries.public_log(game_id, 2)) == 1
    assert (await service.queries.verification(game_id)).ok


async def test_a_deal_still_being_played_after_its_day_stays_shut_to_its_player(
    db: Database, clock: FakeClock
) -> None:
    """Nobody can start a deal after its day, but one started at 23:59 may still be going:
    its player may not read the others' games of it until theirs is over."""
    service = GameService(db, clock=clock)
    games = {}
    for user in (1, 2):
        result, _ = await service.starts.start_daily(
            "yosukou", Player(user, f"p{user}"), SETTINGS, guild_id=GUILD, channel_id=1
        )
        games[user] = result.game.id
    await service.actions.act(games[1], 1, None, Resign.code)
    clock.advance(days=1)
    assert len(await service.queries.public_log(games[1], 3)) == 1  # not playing it: open
    for attempt in (
        service.queries.public_log(games[1], 2),
        service.queries.state_at(games[1], 0, 2),
        service.queries.verification(games[1], 2),
    ):
        with pytest.raises(ServiceError, match=f"still playing this deal \\(#{games[2]}\\)"):
            await attempt
    await service.actions.act(games[2], 2, None, Resign.code)
    assert len(await service.queries.public_log(games[1], 2)) == 1
    assert (await service.queries.verification(games[1], 2)).ok
