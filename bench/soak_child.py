"""The bot process the soak kills: the real run path (``bot.__main__.run_bot``) pointed at the
loopback fake of Discord, with the time read from a file the soak advances.

    python -m bench.soak_child BASE GATEWAY TOKEN DATABASE_URL API_PREFIX NOW_FILE TICK_SECONDS \
        [SHARD_COUNT SHARD_IDS]

It loads everything, then waits for a line ``go`` on its standard input before it starts.

Only two things differ from production, both through the bot's own seams: ``make_bot`` builds
the services with a clock that reads ``NOW_FILE`` (an ISO 8601 time, replaced atomically by the
soak), and ``clock_tick_seconds`` is short so reminders and timeouts fall due within a round.
Every other setting comes from the environment (the soak turns the per-user cooldown off:
``RATE_LIMIT_PER_MINUTE=0``; ``bench.bench_spam`` runs the bot here with it on and off).
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import Settings

if TYPE_CHECKING:
    from bot.services.clock import Clock


def file_clock(path: Path) -> Clock:
    """A clock that tells the time written in ``path``: the soak parent moves it on."""

    def now() -> datetime:
        return datetime.fromisoformat(path.read_text(encoding="utf-8"))

    return now


def main(argv: list[str]) -> int:
    import discord
    import yarl

    base, gateway, token, url, prefix, now_file, tick, *shards = argv
    discord.http.Route.BASE = base + prefix
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)

    for module in ("alembic.command", "alembic.config"):  # loaded before the start, as the rest
        importlib.import_module(module)

    from bot.__main__ import run_bot
    from bot.client import AsobibaBot
    from bot.db import Database
    from bot.services.clock import system_clock
    from bot.services.games import GameService

    clock = file_clock(Path(now_file))

    def make_bot(settings: Settings) -> AsobibaBot:
        db = Database(settings.database_url)
        ttl = timedelta(seconds=settings.challenge_ttl_seconds)
        # The soak's time stands still until the bot has told what fell due: the outbox's
        # leases and back-offs run on real time, as they do in production.
        services = GameService(db, clock=clock, challenge_ttl=ttl, delivery_clock=system_clock)
        return AsobibaBot(settings, db, services)

    # Loaded: wait for the soak's word (it starts the next process while this round runs).
    if sys.stdin.readline().strip() != "go":
        return 0
    # The rest from the environment, as in production (the cooldown's settings, the logs …).
    settings = dataclasses.replace(
        Settings.from_env(),
        discord_token=token,
        database_url=url,
        clock_tick_seconds=float(tick),
        heartbeat_file="",
        # As SHARD_COUNT and SHARD_IDS would (the PostgreSQL soak splits the shards).
        shard_count=int(shards[0]) if shards else None,
        shard_ids=tuple(int(s) for s in shards[1].split(",")) if shards else None,
    )
    return asyncio.run(run_bot(settings, make_bot=make_bot))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
