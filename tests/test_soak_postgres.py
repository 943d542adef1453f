"""The PostgreSQL soak, short: two bot processes splitting the shards on one PostgreSQL, killed
with SIGKILL a few times (either, or both), and the database restarted once while players act
(a private server from ``initdb``/``pg_ctl`` when installed, else every session on a fresh
database on TEST_DATABASE_URL's server terminated). Every snapshot equals its log's replay, no
ply is doubled or lost, every reminder and loss on time is told exactly once, no reminder in
its recipient's quiet hours
(``bench/soak_postgres.py``; the full run is ``python -m bench.soak --postgres``)."""

from __future__ import annotations

import pytest

from bench.soak_postgres import soak_postgres
from tests.conftest import PG_SKIP_REASON, postgres_url


@pytest.mark.slow
@pytest.mark.postgres
async def test_two_shards_and_a_database_restart_lose_and_double_nothing() -> None:
    url = postgres_url()
    if url is None:
        pytest.skip(PG_SKIP_REASON)
    result = await soak_postgres(kills=4, seed=3, clocked_games=3, shared_url=url)
    assert result["kills"] == 4 and result["postgres_restarts"] == 1
    assert result["shard_0_kills"] + result["shard_1_kills"] >= 4
    assert 0 < result["answered"] <= result["plies"] <= result["clicks"]
    assert result["clocked_games"] == 3 and result["timeouts"] == 3
    assert result["reminders"] >= 3
    # The last game's reminder was held by its mover's night (quiet hours in play).
    assert result["held_by_night"] >= 1
