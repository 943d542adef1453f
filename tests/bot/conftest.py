"""The ``world`` fixture: a fake Discord server with three users and the real bot."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.ui import answering
from tests.bot.busy_database import world_on
from tests.bot.click_inventory import CONTROLS, click_key
from tests.bot.harness import World, make_world
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def world(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(discord_fake, f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
    yield world
    await discord_fake.stop_client(world.bot)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def world_on_both(
    request: pytest.FixtureRequest, discord_fake: FakeDiscord, tmp_path: Path
) -> AsyncIterator[World]:
    """The world on SQLite, and on PostgreSQL where ``TEST_DATABASE_URL`` is set: a module
    whose tests must hold on both asks for it as its ``world``."""
    async with world_on(request.param, discord_fake, tmp_path) as world:
        yield world


@pytest.fixture(autouse=True)
def _forms_open_however_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake Discord gives a loaded machine more than Discord's 3 s (its pace); a form's
    read of what it shows must not be taken for a busy database there. The tests of a slow
    form set :data:`answering.FORM_WITHIN` back."""
    monkeypatch.setattr(answering, "FORM_WITHIN", 3600.0)


@pytest.fixture(autouse=True)
def _clicks_the_inventory_promises(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that ``click_inventory.CONTROLS`` names must click (or choose, or submit) that
    control, and the bot must answer it: the inventory can't go stale while the suite passes."""
    name = f"{request.path.name}::{getattr(request.node, 'originalname', request.node.name)}"
    owed = [control for control in CONTROLS if name in control.tests]
    if not owed or "discord_fake" not in request.fixturenames:
        yield
        return
    fake: FakeDiscord = request.getfixturevalue("discord_fake")
    yield
    answered = [
        key
        for record in fake.interactions.values()
        if record.payload.get("type") in (3, 5) and record.response_type is not None
        for key in [click_key(record.payload)]
        if key is not None
    ]
    missing = [c.label for c in owed if not any(c.matches(key) for key in answered)]
    assert not missing, f"{name} is listed as clicking {missing} but never did: {answered}"
