"""The README's promises that code can check: the invite permissions, the two commands, its
length, where the Application ID is found — and its guides': every setting the bot reads
(docs/setup.md) and the tests the table of the slowest ones names (docs/development.md)."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import distributions
from pathlib import Path

import discord

from bot.config import Settings

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SETUP = (ROOT / "docs" / "setup.md").read_text(encoding="utf-8")
DEVELOPMENT = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


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
        "python3 -m venv .venv && .venv/bin/pip install -c constraints.txt -e '.[dev]' "
        "&& .venv/bin/python -m pytest"
    )
    assert command in README and CI.strip().splitlines()[-1] == command


def test_every_install_uses_the_pinned_versions() -> None:
    """The README's two commands and the Docker image install through constraints.txt, and it
    pins every dependency (direct or not) to one version."""
    run = "python3 -m venv .venv && .venv/bin/pip install -c constraints.txt -e . && "
    assert run + ".venv/bin/python -m bot" in README
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "COPY pyproject.toml README.md LICENSE constraints.txt ./" in dockerfile
    assert "pip install -c constraints.txt ." in dockerfile
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned: {line}"
            pins[canonical(name)] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["dev"]
    names = {canonical(re.split(r"[\[<>=!~; ]", spec, maxsplit=1)[0]) for spec in wanted}
    assert names <= set(pins), f"unpinned: {names - set(pins)}"
    installed = {canonical(d.metadata["Name"]): d.version for d in distributions()}
    for name, version in pins.items():
        if name in installed:
            assert installed[name] == version, (
                f"{name} {installed[name]} is not the pinned {version}"
            )


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_setting_is_documented() -> None:
    source = (Path(__file__).resolve().parent.parent / "bot" / "config.py").read_text()
    names = set(re.findall(r'"([A-Z][A-Z_]+)"', source))
    assert names >= {"DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT"}
    missing = {n for n in names if f"`{n}`" not in SETUP}
    assert not missing, f"settings missing from docs/setup.md: {missing}"
    assert Settings.from_env({}).database_url.startswith("sqlite+aiosqlite:///")


def test_the_slowest_tests_the_readme_lists_exist() -> None:
    """The development guide's table of the ten slowest tests names ten tests that exist: one
    renamed or removed must leave the table too."""
    section = DEVELOPMENT.split("### The ten slowest tests", 1)[1].split("\n#", 1)[0]
    named = re.findall(r"^\| `(tests/[\w/]+\.py)::(\w+)(?:\[[^\]`]*\])?` \|", section, re.M)
    assert len(named) == 10, named
    for path, name in named:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^(async )?def {name}\(", source, re.M), f"{path}::{name}"


def test_the_readme_fits_on_a_screen() -> None:
    """A newcomer's page, not a manual (it was 1 776 lines): the rest lives in docs/."""
    assert len(README.splitlines()) <= 250


def test_the_application_id_is_said_where_it_is_used() -> None:
    """Every page that asks for ``<APPLICATION_ID>`` says where to find it."""
    for page in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        text = page.read_text(encoding="utf-8")
        if "<APPLICATION_ID>" in text:
            assert "General Information" in text and "Application ID" in text, page.name


def test_the_readme_shows_the_bot_in_discord_near_the_top() -> None:
    """Pictures of the bot in Discord — a board, a hand, a lesson — before the first command."""
    top = README.split("## Quick start", 1)[0]
    pictures = re.findall(r'<img src="(docs/pictures/[^"]+\.png)"', top)
    assert pictures == [
        "docs/pictures/discord-bushi-en.png",
        "docs/pictures/discord-senretsu-hand-en.png",
        "docs/pictures/discord-learn-en.png",
    ]
    assert "drawn from a test game" in top
    for picture in pictures:
        assert (ROOT / picture).is_file(), picture
