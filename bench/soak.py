"""Soak: the real bot process killed with SIGKILL at random moments while players act.

    python -m bench.soak [--kills 50] [--seed 1]

A loopback fake of Discord runs here; the bot runs as a child process (the real run path,
``python -m bot``'s ``run_bot``) on a SQLite file. Players start 易双六 solitaires and play
them by clicking the boards' buttons — old boards included, across restarts. After each kill the
bot is started again. At the end every game's snapshot must equal the replay of its event log,
no ply is doubled or missing, and every move a player saw answered is in the log.

Meanwhile two players play 武士将棋 on a one-hour move clock in another channel, and the time
the bot sees (a file, ``bench.soak_child``) jumps on, half the time just before a kill: every
reminder that fell due must be posted exactly once and every game whose time ran out lost on
time exactly once, with one result message (``bench.soak_clocks``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.soak_clocks import ClockDirector, FakeTime
from bot.db import Database
from bot.services.games import GameService
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.server import API_PREFIX

ROOT = Path(__file__).resolve().parent.parent
#: Clicks played after the last restart.
FINAL_CLICKS = 40
#: The bot's move-clock tick in the child: short, so reminders and timeouts fall due in a round.
TICK_SECONDS = 0.05


def connected(fake: FakeDiscord, guild_id: int, identifies: int) -> bool:
    """The new bot process has identified and its session serves the guild."""
    if len(fake.gateway.identifies) <= identifies or not fake.syncs:
        return False
    session = fake.gateway.session_for(guild_id)
    return session is not None and session.connected


def spawn_bot(fake: FakeDiscord, url: str, now_file: Path) -> subprocess.Popen[bytes]:
    """A bot process that imports everything, then waits for ``go`` (so the next one loads
    while this round runs: importing discord.py is most of a restart)."""
    args = [fake.base_url, fake.gateway_url, fake.token, url, API_PREFIX, str(now_file)]
    return subprocess.Popen(
        [sys.executable, "-m", "bench.soak_child", *args, str(TICK_SECONDS)],
        stdin=subprocess.PIPE,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "LOG_LEVEL": "WARNING"},
    )


async def soak(kills: int, seed: int, clocked_games: int | None = None) -> dict[str, int]:
    import random

    chance = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'soak.sqlite3'}"
        fake_time = FakeTime(Path(tmp) / "now")
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Soak")
            channel = fake.add_text_channel(guild, "games")
            players = [fake.add_user(f"p{n}") for n in range(4)]
            db = Database(url)
            clocks = ClockDirector(
                fake,
                fake.add_text_channel(guild, "clocks"),
                (fake.add_user("black"), fake.add_user("white")),
                db,
                fake_time,
                TICK_SECONDS,
                chance,
                max(8, kills // 2) if clocked_games is None else clocked_games,
            )
            boards: list[FakeMessage] = []
            spare: subprocess.Popen[bytes] | None = None
            answered = 0
            clicks = 0
            started: list[subprocess.Popen[bytes]] = []

            def spawn() -> subprocess.Popen[bytes]:
                started.append(spawn_bot(fake, url, fake_time.path))
                return started[-1]

            try:
                for round_no in range(kills + 1):
                    identifies = len(fake.gateway.identifies)
                    child = spare or spawn()
                    assert child.stdin is not None
                    child.stdin.write(b"go\n")
                    child.stdin.close()
                    spare = spawn() if round_no < kills else None
                    deadline = time.monotonic() + 60
                    while not connected(fake, guild.id, identifies):
                        if child.poll() is not None or time.monotonic() > deadline:
                            raise RuntimeError("the bot did not come back")
                        await asyncio.sleep(0.02)
                    up_since = time.monotonic()
                    kill_at = up_since + chance.uniform(0.05, 0.6)
                    # Now and then the time jumps just before the kill: the bot dies while it
                    # claims or announces what fell due.
                    jump_at = kill_at - chance.uniform(0, 0.25) if chance.random() < 0.5 else None
                    last_clicks = clicks + FINAL_CLICKS
                    # After the last restart: play on (old boards' buttons must still work).
                    while time.monotonic() < kill_at if round_no < kills else clicks < last_clicks:
                        if jump_at is not None and time.monotonic() >= jump_at:
                            jump_at = None
                            await clocks.step(advance=True)
                            continue
                        if chance.random() < 0.5 and await clocks.step():
                            continue
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
                                lambda shown=board, seen=before: shown.edit_count > seen,
                                timeout=0.5,
                            )
                        except TimeoutError:
                            continue  # refused (stale), or the bot was killed before answering
                        answered += 1
                    if round_no == kills:
                        await clocks.finish()
                        child.send_signal(signal.SIGTERM)
                        child.wait(30)
                    else:
                        child.send_signal(signal.SIGKILL)
                        child.wait(30)
                        await clocks.after_kill()
            finally:  # a failed soak leaves no bot behind, retrying to connect for minutes
                for process in started:
                    if process.poll() is None:
                        process.kill()
                        process.wait(30)
            clocked = await clocks.check()
            await db.dispose()
        played = await check(url, kills, clicks, answered, frozenset(g.id for g in clocks.games))
        return {**played, **clocked}


async def check(
    url: str, kills: int, clicks: int, answered: int, clocked: frozenset[int]
) -> dict[str, int]:
    """Every game's snapshot equals its log's replay and its plies run 1, 2, 3 … with no gap
    or double; the solitaires' plies lie between the moves answered and the clicks sent (the
    two-player games' own account is ``ClockDirector.check``)."""
    db = Database(url)
    service = GameService(db)
    games = plies = 0
    for game_id in await _games(db):
        game = await service.queries.get(game_id)
        assert await service.queries.rebuild_state(game.id) == game.state, f"game {game.id}"
        log = await service.queries.event_log(game.id)
        assert [e.ply for e in log] == list(range(1, len(log) + 1)), f"game {game.id}"
        assert game.ply == len(log)
        games += 1
        if game.id not in clocked:
            plies += len(log)
    await db.dispose()
    assert answered <= plies <= clicks, (answered, plies, clicks)
    return {"kills": kills, "games": games, "clicks": clicks, "answered": answered, "plies": plies}


async def _games(db: Database) -> list[int]:
    from sqlalchemy import select

    from bot.db import GameRow

    async with db.read() as session:
        query = select(GameRow.id).where(GameRow.status.in_(("active", "finished")))
        return list(await session.scalars(query.order_by(GameRow.id)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # A killed bot drops its connections mid-request: the fake's server would log each one.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    started = time.perf_counter()
    result = asyncio.run(soak(args.kills, args.seed))
    print(
        f"soak: {result['kills']} SIGKILLs, {result['games']} games, {result['clicks']} clicks, "
        f"{result['answered']} answered, {result['plies']} plies in the logs — every snapshot "
        f"equals its log's replay\n"
        f"clocks: {result['clocked_games']} 武士将棋 games on a 1-hour clock, "
        f"{result['clock_moves']} moves, {result['time_changes']} jumps of the time, "
        f"{result['reminders']} reminders and {result['timeouts']} losses on time, each "
        f"announced exactly once; {result['cut_short']} cut short by a kill between claim and "
        f"announcement, told by the next process ({result['nonce_repeats']} posts repeated and "
        f"answered by their nonce); {result['unstarted']} challenges not answered in time "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
