"""The Prometheus endpoint, scraped for real over HTTP after a game played through the fake
Discord: every family moves by what the game did (deltas: the process's counters are shared
by every test in it)."""

from __future__ import annotations

import json
import logging
import os
import platform
import socket
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import ConfigError, Settings
from bot.db.faults import DatabaseUnavailable
from bot.db.migrations import head_revision
from bot.log_format import JsonFormatter
from bot.metrics import METRICS
from tests.bot.harness import World, challenge, click, make_bot, private_reply, until

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "operating.md").read_text(encoding="utf-8")

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def scrape(port: int) -> Samples:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        body = await response.text()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(body)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def test_a_scrape_after_a_game_shows_what_it_did(world: World) -> None:
    port = free_port()
    await world.fake.stop_client(world.bot)
    world.bot = make_bot(world.db_url, world.clock, metrics_port=port, metrics_host="127.0.0.1")
    await world.fake.run_client(world.bot)
    before = await scrape(port)
    assert value(before, "asobiba_shards_connected") == 1
    assert value(before, "asobiba_shards") == 1

    board = await challenge(world, clock="3600")
    await click(world, board, world.carol, label="Accept")  # not her game: refused
    await private_reply(world, world.carol, 0)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    world.clock.advance(minutes=31)
    await world.bot.clock_tick()  # a reminder
    world.clock.advance(minutes=30)
    await world.bot.clock_tick()  # out of time: the game is over
    await until(world, lambda: "🏆" in board.text)
    await world.bot.asobiba.activity.wait_idle()
    world.bot.metrics_server.gauges.counted_at = float("-inf")  # type: ignore[union-attr]
    after = await scrape(port)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("asobiba_interactions_total", kind="command", outcome="ok") == 1
    assert moved("asobiba_interactions_total", kind="component", outcome="ok") == 1
    assert moved("asobiba_interactions_total", kind="component", outcome="refused") == 1
    assert moved("asobiba_refusals_total", reason="NotAParticipant") == 1
    assert moved("asobiba_ack_seconds_count") == 3  # every interaction acknowledged once
    assert moved("asobiba_ack_seconds_sum") > 0
    assert moved("asobiba_commit_seconds_count") >= 2  # the acceptance, the loss on time
    assert moved("asobiba_picture_seconds_count") >= 2  # boards are pictures by default
    assert moved("asobiba_board_edit_seconds_count") >= 2
    assert moved("asobiba_clock_work_total", kind="reminder") == 1
    assert moved("asobiba_clock_work_total", kind="timedout") == 1
    assert value(after, "asobiba_games_open") == 0  # counted afresh: the game has ended
    assert value(after, "asobiba_shards_connected") == 1
    # The histograms have their buckets, around Discord's 3-second deadline too.
    assert moved("asobiba_ack_seconds_bucket", le="+Inf") == 3
    assert moved("asobiba_ack_seconds_bucket", le="5.0") == 3


async def test_the_scrape_says_which_release_runs_and_how_the_process_fares(
    world: World,
) -> None:
    port = free_port()
    await world.fake.stop_client(world.bot)
    world.bot = make_bot(world.db_url, world.clock, metrics_port=port, metrics_host="127.0.0.1")
    await world.fake.run_client(world.bot)
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        families = list(text_string_to_metric_families(await response.text()))
    samples = {(s.name, frozenset(s.labels.items())): s.value for f in families for s in f.samples}
    release = {
        "version": metadata.version("asobiba"),
        "python": platform.python_version(),
        "discord_py": discord.__version__,
        "revision": head_revision(),
    }
    assert value(samples, "asobiba_build_info", **release) == 1
    assert [name for name, _ in samples].count("asobiba_build_info") == 1
    if sys.platform == "linux":  # what the process collector reads is in /proc
        assert value(samples, "process_resident_memory_bytes") > 0
        assert value(samples, "process_cpu_seconds_total") > 0
        assert value(samples, "process_open_fds") > 0
    assert any(name == "python_info" for name, _ in samples)
    # Every family of the bot's own is in the operating guide's table, and the process's are named.
    ours = {f.name for f in families if f.name.startswith("asobiba_")}
    assert {"asobiba_build_info", "asobiba_games_open"} <= ours
    assert not {name for name in ours if f"`{name}" not in GUIDE}
    assert "`process_cpu_seconds_total`" in GUIDE and "`python_gc_*`" in GUIDE


async def test_games_open_counts_and_caches(world: World) -> None:
    port = free_port()
    await world.fake.stop_client(world.bot)
    world.bot = make_bot(world.db_url, world.clock, metrics_port=port, metrics_host="127.0.0.1")
    await world.fake.run_client(world.bot)
    await challenge(world)
    assert value(await scrape(port), "asobiba_games_open") == 1
    await challenge(world)
    # Within the cache's lifetime a scrape storm costs no query: the count stays.
    assert value(await scrape(port), "asobiba_games_open") == 1
    world.bot.metrics_server.gauges.counted_at = float("-inf")  # type: ignore[union-attr]
    assert value(await scrape(port), "asobiba_games_open") == 2


async def test_no_port_no_endpoint(world: World) -> None:
    assert Settings.from_env({}).metrics_port is None
    assert world.bot.metrics_server is None  # the harness sets no port: nothing listens
    settings = Settings.from_env({"METRICS_PORT": "9108", "LOG_FORMAT": "JSON"})
    assert settings.metrics_port == 9108 and settings.log_format == "json"


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"METRICS_PORT": "http"}, "METRICS_PORT must be a whole number"),
        ({"METRICS_PORT": "70000"}, "METRICS_PORT must be a TCP port"),
        ({"METRICS_PORT": "0"}, "METRICS_PORT must be at least 1"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be one of text, json"),
        ({"RATE_LIMIT_BURST": "0"}, "RATE_LIMIT_BURST must be at least 1"),
        ({"RATE_LIMIT_PER_MINUTE": "-1"}, "RATE_LIMIT_PER_MINUTE must be at least 0"),
        ({"MAX_OPEN_CHALLENGES": "many"}, "MAX_OPEN_CHALLENGES must be a whole number"),
    ],
)
def test_bad_settings_are_named(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        Settings.from_env(env)


def test_a_database_failure_is_counted() -> None:
    before = METRICS.database_errors._value.get()
    DatabaseUnavailable()
    assert METRICS.database_errors._value.get() == before + 1


def test_log_format_json_from_the_command_line(tmp_path: Path) -> None:
    env = {**os.environ, "LOG_FORMAT": "json", "LOG_LEVEL": "INFO"}
    env["SQLITE_PATH"] = str(tmp_path / "asobiba.sqlite3")
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    entries = [json.loads(line) for line in done.stderr.splitlines()]
    assert entries and all({"time", "level", "logger", "message"} <= set(e) for e in entries)
    assert any(e["logger"].startswith("alembic") for e in entries)


def test_json_logs_are_one_object_a_line_with_the_extras() -> None:
    record = logging.LogRecord("bot.client", logging.WARNING, __file__, 1, "game %s", (7,), None)
    record.game_id = 7
    try:
        raise ValueError("boom")
    except ValueError as error:
        record.exc_info = (type(error), error, error.__traceback__)
    line = JsonFormatter().format(record)
    assert "\n" not in line.replace("\\n", "")
    entry = json.loads(line)
    assert entry["level"] == "WARNING" and entry["logger"] == "bot.client"
    assert entry["message"] == "game 7" and entry["game_id"] == 7
    assert "ValueError: boom" in entry["exception"] and entry["time"].endswith("+00:00")
