"""Server settings for admins, and the daily deal, through the fake Discord."""

from __future__ import annotations

import discord
import pytest

from tests.bot.harness import World, challenge, until
from tests.fakediscord import FakeDiscordError


def make_admin(world: World) -> None:
    perms = discord.Permissions.general()
    perms.manage_guild = True
    world.fake.add_member(world.guild, world.carol, permissions=perms.value)


async def test_only_admins_change_server_settings(world: World) -> None:
    # Discord itself hides the command from members without Manage Server…
    required = world.fake.command("server")["default_member_permissions"]
    assert int(required) == discord.Permissions(manage_guild=True).value
    with pytest.raises(FakeDiscordError, match="lacks default_member_permissions"):
        await world.fake.slash(
            "server settings", user=world.alice, channel=world.channel, options={"language": "ja"}
        )


async def test_channels_clock_language_and_abort(world: World) -> None:
    make_admin(world)
    other = world.fake.add_text_channel(world.guild, "elsewhere")
    record = await world.fake.slash(
        "server settings",
        user=world.carol,
        channel=world.channel,
        options={"allow_channel": world.channel, "default_clock": "3600", "language": "ja"},
    )
    await record.wait_response()
    assert record.ephemeral and f"<#{world.channel.id}>" in record.text
    assert "default clock: 1 hour /" in record.text  # words, not "1 h" or "1 days"

    # Not an allowed channel: refused politely, nothing posted.
    refused = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=other, options={"opponent": world.bob}
    )
    await refused.wait_response()
    assert refused.ephemeral and "can't be played in this channel" in refused.text
    assert world.fake.messages_in(other) == []

    # The allowed channel: the board is in Japanese and has the server's clock.
    board = await challenge(world)
    assert "対局を申し込みました" in board.text
    await world.fake.click(board, user=world.bob, label="受ける")
    await until(world, lambda: "1時間／手" in board.text)

    games = await world.bot.games.queries.list_games(world.alice.id)
    record = await world.fake.slash(
        "server abort", user=world.carol, channel=world.channel, options={"game": games[0].id}
    )
    await record.wait_response()
    await until(world, lambda: "中止されました" in board.text)
    assert (await world.bot.games.queries.get(games[0].id)).status == "aborted"


async def test_the_daily_deal_is_the_same_for_everyone(world: World) -> None:
    boards = []
    for user in (world.alice, world.carol):  # both read English
        record = await world.fake.slash("yosukou daily", user=user, channel=world.channel)
        await record.wait_response()
        assert record.message is not None and record.ephemeral  # each board its player's own
        boards.append(record.message)
    # The same six majors for both: the same board picture.
    assert boards[0].attachments[0].data == boards[1].attachments[0].data
    # Asked again, the same game's board comes back (privately), not a second deal.
    again = await world.fake.slash("yosukou daily", user=world.alice, channel=world.channel)
    await again.wait_response()
    assert again.ephemeral and again.message is not None
    assert again.message.text.split("\n")[0] == boards[0].text.split("\n")[0]

    alice_game = (await world.bot.games.queries.list_games(world.alice.id))[0]
    await world.bot.games.actions.act(alice_game.id, world.alice.id, None, "resign")
    today = await world.fake.slash("yosukou today", user=world.carol, channel=world.channel)
    await today.wait_response()
    assert today.message is not None
    text = today.message.text
    assert f"<@{world.alice.id}> lost" in text and f"<@{world.carol.id}> still playing" in text


async def test_admins_publish_the_servers_standings_on_the_web(world: World) -> None:
    make_admin(world)
    record = await world.fake.slash(
        "server settings", user=world.carol, channel=world.channel, options={"web": "publish"}
    )
    await record.wait_response()
    assert "published as" in record.text and world.guild.name in record.text
    assert (
        await world.bot.asobiba.services.servers.get(world.guild.id)
    ).web_name == world.guild.name
    record = await world.fake.slash(
        "server settings", user=world.carol, channel=world.channel, options={"web": "private"}
    )
    await record.wait_response()
    assert "not published" in record.text
