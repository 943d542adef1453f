"""Soak: the real bot process killed with SIGKILL at random moments while players act.

    python -m bench.soak [--kills 50] [--seed 1]

A loopback fake of Discord runs here; the bot runs as a child process (the real run path,
``python -m bot``'s ``run_bot``) on a SQLite file. Players start 易双六 solitaires and play
them by clicking the boards' buttons — old boards included, across restarts. After each kill the
bot is started again. At the end every game's snapshot must equal the replay of its event log,
no ply is doubled or missing, and every move a player saw answered is in the log.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.db import Database
from bot.services.games import GameService
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.server import API_PREFIX

ROOT = Path(__file__).resolve().parent.parent
#: Clicks played after the last restart.
FINAL_CLICKS = 40
CHILD = """
import asyncio, sys
import discord, yarl
base, gateway, token, url = sys.argv[1:5]
discord.http.Route.BASE = base + sys.argv[5]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
from bot.__main__ import run_bot
from bot.config import Settings
sys.exit(asyncio.run(run_bot(Settings(discord_token=token, database_url=url))))
"""


def connected(fake: FakeDiscord, guild_id: int, identifies: int) -> bool:
    """The new bot process has identified and its session serves the guild."""
    if len(fake.gateway.identifies) <= identifies or not fake.syncs:
        return False
    session = fake.gateway.session_for(guild_id)
    return session is not None and session.connected


def start_bot(fake: FakeDiscord, url: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, fake.base_url, fake.gateway_url, fake.token, url, API_PREFIX],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LOG_LEVEL": "WARNING"},
    )


async def soak(kills: int, seed: int) -> dict[str, int]:
    import random

    chance = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'soak.sqlite3'}"
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Soak")
            channel = fake.add_text_channel(guild, "games")
            players = [fake.add_user(f"p{n}") for n in range(4)]
            boards: list[FakeMessage] = []
            answered = 0
            clicks = 0
            for round_no in range(kills + 1):
                identifies = len(fake.gateway.identifies)
                child = start_bot(fake, url)
                deadline = time.monotonic() + 60
                while not connected(fake, guild.id, identifies):
                    if child.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the bot did not come back")
                    await asyncio.sleep(0.02)
                kill_at = time.monotonic() + chance.uniform(0.05, 0.6)
                last_clicks = clicks + FINAL_CLICKS
                # After the last restart: play on (old boards' buttons must still work).
                while time.monotonic() < kill_at if round_no < kills else clicks < last_clicks:
                    if len(boards) < 6 or chance.random() < 0.1:
                        user = chance.choice(players)
                        record = await fake.slash("yosukou start", user=user, channel=channel)
                        try:
                            await asyncio.wait_for(record.wait_response(), 5)
                        except TimeoutError:
                            break
                        if record.message is not None:
                            boards.append(record.message)
                        continue
                    board = chance.choice(boards)
                    owner = next(p for p in players if f"<@{p.id}>" in board.text)
                    moves = [b for b in board.buttons() if b["custom_id"].startswith("g:")]
                    if not moves:
                        boards.remove(board)
                        continue
                    before = board.edit_count
                    clicks += 1
                    record = await fake.click(
                        board, user=owner, custom_id=chance.choice(moves)["custom_id"]
                    )
                    try:
                        await asyncio.wait_for(record.wait_complete(), 5)
                        # The move is shown once committed: the board is edited after the ack.
                        await fake.wait_until(
                            lambda shown=board, seen=before: shown.edit_count > seen, timeout=0.5
                        )
                    except TimeoutError:
                        continue  # refused (stale), or the bot was killed before answering
                    answered += 1
                if round_no < kills:
                    child.send_signal(signal.SIGKILL)
                else:
                    child.send_signal(signal.SIGTERM)
                child.wait(30)
        return await check(url, kills, clicks, answered)


async def check(url: str, kills: int, clicks: int, answered: int) -> dict[str, int]:
    db = Database(url)
    service = GameService(db)
    games = plies = 0
    for user_id in await _players(db):
        for summary in await service.list_games(
            user_id, statuses=("active", "finished"), limit=1000
        ):
            game = await service.get(summary.id)
            assert await service.rebuild_state(game.id) == game.state, f"game {game.id}"
            log = await service.event_log(game.id)
            assert [e.ply for e in log] == list(range(1, len(log) + 1)), f"game {game.id}"
            assert game.ply == len(log)
            games += 1
            plies += len(log)
    await db.dispose()
    assert answered <= plies <= clicks, (answered, plies, clicks)
    return {"kills": kills, "games": games, "clicks": clicks, "answered": answered, "plies": plies}


async def _players(db: Database) -> set[int]:
    from sqlalchemy import select

    from bot.db import GameSeatRow

    async with db.read() as session:
        return set(await session.scalars(select(GameSeatRow.user_id).distinct()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    result = asyncio.run(soak(args.kills, args.seed))
    print(
        f"soak: {result['kills']} SIGKILLs, {result['games']} games, {result['clicks']} clicks, "
        f"{result['answered']} answered, {result['plies']} plies in the logs — every snapshot "
        f"equals its log's replay ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
