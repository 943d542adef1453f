"""What the bot sends when it registers its commands, read from the bulk overwrites the fake
Discord recorded: never the deprecated ``dm_permission`` (``contexts`` replaced it, and
discord.py sends both), and on one server's registration (``DEV_GUILD_ID``) only that
server's context and install — ``contexts`` and ``integration_types`` are for global commands
("Application Commands": "only for globally-scoped commands")."""

from __future__ import annotations

from pathlib import Path

from bot.client import as_registered
from tests.bot.harness import World, make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord


async def test_global_commands_carry_contexts_and_no_dm_permission(world: World) -> None:
    (sync,) = world.fake.syncs
    assert sync.guild_id is None and len(sync.payload) >= 10
    for command in sync.payload:
        assert "dm_permission" not in command, command["name"]
        assert command["contexts"] and command["integration_types"], command["name"]
    # What discord.py would have sent: the reason for the override.
    tree = world.bot.tree
    assert all("dm_permission" in c.to_dict(tree) for c in tree.get_commands())


async def test_a_dev_guild_registers_for_that_server_alone(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    guild = discord_fake.add_guild("Workbench")
    url = f"sqlite+aiosqlite:///{tmp_path / 'dev.sqlite3'}"
    bot = make_bot(url, FakeClock(), dev_guild_id=guild.id)
    await discord_fake.run_client(bot)
    try:
        (sync,) = discord_fake.syncs
        assert sync.guild_id == guild.id
        names = {command["name"] for command in sync.payload}
        assert {"bushi", "rules", "server"} <= names
        for command in sync.payload:
            assert "dm_permission" not in command
            assert command["contexts"] == [0] and command["integration_types"] == [0]
        assert discord_fake.commands() == []  # nothing global
        assert {c["name"] for c in discord_fake.commands(guild)} == names
    finally:
        await discord_fake.stop_client(bot)


def test_only_the_top_level_payload_is_shaped() -> None:
    payload = {
        "name": "rules",
        "dm_permission": True,
        "contexts": [0, 1, 2],
        "integration_types": [0, 1],
        "options": [{"name": "game", "type": 3}],
    }
    assert as_registered(payload, guild_scoped=False) == {
        "name": "rules",
        "contexts": [0, 1, 2],
        "integration_types": [0, 1],
        "options": [{"name": "game", "type": 3}],
    }
    assert as_registered(payload, guild_scoped=True)["contexts"] == [0]
    assert payload["dm_permission"] is True  # the tree's own payload is left as it was
