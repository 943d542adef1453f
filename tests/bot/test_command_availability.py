"""Where the commands are offered, read from what the bot synced to the fake Discord: everything
installable to users and usable in DMs and group DMs, except /server (a server's own settings,
installed with the bot and used in servers only). Tournaments are run in servers that added the
bot: elsewhere /tournament says so in both languages, and shows the player's own tournaments."""

from __future__ import annotations

import pytest

from tests.bot.harness import World
from tests.fakediscord import FakeDiscordError

#: Discord's values: integration types 0 = server install, 1 = user install; interaction
#: contexts 0 = a server, 1 = the bot's DM, 2 = DMs and group DMs between users.
ANYWHERE = {"integration_types": [0, 1], "contexts": [0, 1, 2]}
SERVER_ONLY = {"integration_types": [0], "contexts": [0]}


async def test_every_command_but_server_is_offered_to_user_installs(world: World) -> None:
    commands = world.fake.commands()
    names = {command["name"] for command in commands}
    assert {"bushi", "senretsu", "yosukou", "rules", "games", "standings"} <= names
    assert {"profile", "history", "settings", "tournament", "server"} <= names
    for command in commands:
        offered = {k: command.get(k) for k in ("integration_types", "contexts")}
        expected = SERVER_ONLY if command["name"] == "server" else ANYWHERE
        assert offered == expected, (command["name"], offered)


async def test_server_settings_cannot_be_used_in_a_dm(world: World) -> None:
    with pytest.raises(FakeDiscordError, match="not available"):
        await world.fake.slash("server settings", user=world.alice, channel=None)


async def test_rules_answer_in_the_bots_dm(world: World) -> None:
    record = await world.fake.slash(
        "rules", user=world.bob, channel=None, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.ephemeral and record.embeds[0]["title"] == "武士将棋"


@pytest.mark.parametrize(
    ("user", "words"),
    [("alice", "Tournaments run in servers that added Asobiba"), ("bob", "サーバーで開かれます")],
)
async def test_tournaments_are_made_and_joined_only_in_servers_with_the_bot(
    world: World, user: str, words: str
) -> None:
    player = getattr(world, user)
    create = await world.fake.slash("tournament create bushi", user=player, channel=None)
    await create.wait_response()
    assert create.ephemeral and words in create.text
    join = await world.fake.slash("tournament join", user=player, channel=None)
    await join.wait_response()
    assert join.ephemeral and words in join.text
    assert not world.fake.messages_in(world.channel)


async def test_tournaments_are_refused_in_group_dms_and_servers_without_the_bot(
    world: World,
) -> None:
    fake = world.fake
    fake.install_for_user(world.alice)
    elsewhere = fake.add_guild("Elsewhere", bot_installed=False)
    lounge = fake.add_text_channel(elsewhere, "lounge")
    fake.add_member(elsewhere, world.alice)
    for channel in (fake.add_group_dm(world.alice, world.bob), lounge):
        record = await fake.slash("tournament create bushi", user=world.alice, channel=channel)
        await record.wait_response()
        assert record.ephemeral
        assert "Tournaments run in servers that added Asobiba" in record.text
        # /server is not even offered there.
        with pytest.raises(FakeDiscordError):
            await fake.slash("server settings", user=world.alice, channel=channel)


async def test_away_from_servers_the_list_shows_the_players_own_tournaments(
    world: World,
) -> None:
    fake = world.fake
    await world.bot.asobiba.services.servers.update(world.guild.id, tournaments_by_everyone=True)
    created = await fake.slash(
        "tournament create bushi",
        user=world.alice,
        channel=world.channel,
        options={"name": "Spring Cup"},
    )
    await created.wait_complete()
    joined = await fake.slash("tournament join", user=world.bob, channel=world.channel)
    await joined.wait_complete()

    mine = await fake.slash("tournament list", user=world.bob, channel=None)
    await mine.wait_complete()  # a loaded machine says "thinking…" first
    assert mine.ephemeral and "あなたが参加した大会" in mine.text and "Spring Cup" in mine.text
    theirs = await fake.slash("tournament list", user=world.carol, channel=None)
    await theirs.wait_response()
    assert "Tournaments you entered" in theirs.text and "Spring Cup" not in theirs.text

    shown = await fake.slash("tournament show", user=world.bob, channel=None)
    await shown.wait_response()
    assert "Spring Cup" in shown.text
    # Someone who never entered it cannot read a server's tournament from outside it.
    refused = await fake.slash(
        "tournament show", user=world.carol, channel=None, options={"tournament": 1}
    )
    await refused.wait_response()
    assert refused.ephemeral and "None of the tournaments you entered" in refused.text
