"""A backup taken while the bot runs and players are in the middle of their games: ``python -m
bot backup`` (a process of its own) copies the live SQLite database as of one moment, and
``restore`` puts a database in place where every game's snapshot equals its log's replay."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.db import Database
from bot.services.errors import ServiceError
from bot.services.snapshots import Player
from bot.statuses import GameStatus
from rules.core import RulesError
from tests.bot.harness import World
from tests.test_upgrades import assert_every_game_reads

ROOT = Path(__file__).resolve().parents[2]


async def bot_cli(*args: str, database: Path) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=ROOT,
        env={**env, "SQLITE_PATH": str(database)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def moves_in(path: Path) -> int:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(connection.execute("SELECT count(*) FROM game_event").fetchone()[0])
    finally:
        connection.close()


async def players_acting(world: World, stop: asyncio.Event) -> int:
    """Pairs of players moving in their games (a new game when one ends) until ``stop``."""
    games = world.bot.asobiba.services.games
    rnd = random.Random(8)
    people = [Player(700 + n, f"p{n}") for n in range(8)]
    kinds = ["bushi", "senretsu", "bushi", "senretsu"]
    open_games: list[int] = []
    for n, kind in enumerate(kinds):
        made = await games.starts.challenge(kind, people[2 * n], people[2 * n + 1])
        await games.starts.accept(made.game.id, people[2 * n + 1].user_id)
        open_games.append(made.game.id)
    played = 0
    while not stop.is_set():
        slot = rnd.randrange(len(open_games))
        game = await games.queries.get(open_games[slot])
        if game.status != GameStatus.ACTIVE:
            a, b = game.seats[0], game.seats[1]
            made = await games.starts.challenge(
                game.game_type, Player(a.user_id, a.display_name), Player(b.user_id, b.display_name)
            )
            await games.starts.accept(made.game.id, b.user_id)
            open_games[slot] = made.game.id
            continue
        seat = rnd.choice(game.rules.to_act(game.state))
        action = rnd.choice(game.rules.legal_actions(game.state, seat))
        try:
            await games.actions.act(
                game.id, game.player(seat).user_id, game.version, game.rules.format(action)
            )
            played += 1
        except (ServiceError, RulesError):
            pass  # a race with the other pair's move: as a player, look again
        await asyncio.sleep(0)
    return played


@pytest.mark.slow
async def test_a_backup_taken_in_the_middle_of_play_restores_whole(
    world: World, tmp_path: Path
) -> None:
    live = Path(world.db_url.split("///", 1)[1])
    stop = asyncio.Event()
    playing = asyncio.create_task(players_acting(world, stop))
    await asyncio.sleep(0.5)
    backups = []
    for n in range(2):
        target = tmp_path / f"backup-{n}.sqlite3"
        code, out, err = await bot_cli("backup", str(target), database=live)
        assert code == 0, err
        assert out.startswith("backed up the database at") and not err
        backups.append(target)
        await asyncio.sleep(0.3)
    stop.set()
    played = await playing
    assert played > 20
    final = moves_in(live)
    taken = [moves_in(b) for b in backups]
    assert 0 < taken[0] < taken[1] < final  # copies of the games as they were, mid-play

    for n, backup in enumerate(backups):
        restored = tmp_path / f"restored-{n}.sqlite3"
        code, out, err = await bot_cli("restore", str(backup), database=restored)
        assert code == 0, err
        assert "games replay to their snapshots" in out
        db = Database(f"sqlite+aiosqlite:///{restored}")
        try:
            assert await assert_every_game_reads(db) >= 4
        finally:
            await db.dispose()
        assert moves_in(restored) == taken[n]
