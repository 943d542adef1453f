"""``/standings scope`` (this server · everywhere) and the two tables of ``/profile``, as a player
reads them through the fake Discord in both languages. "Everywhere" is the table of games
played outside servers that added the bot (their results are kept under server 0)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.db import PlayerStatRow
from tests.bot.harness import World
from tests.fakediscord import FakeChannel, FakeUser

OUTSIDE_SERVERS = 0


async def seed(world: World, guild_id: int, user: FakeUser, won: int, played: int) -> None:
    """A player's 易双六 results in one table (as finished games leave them)."""
    async with world.bot.db.transaction() as session:
        session.add(
            PlayerStatRow(
                guild_id=guild_id,
                user_id=user.id,
                game_key="yosukou:original",
                played=played,
                won=won,
                drawn=0,
                lost=played - won,
                current_streak=won,
                best_streak=won,
                rated_games=0,
                updated_at=world.clock(),
            )
        )


def server_without_the_bot(world: World, *players: FakeUser) -> FakeChannel:
    """A channel of a server that never added Asobiba, where ``players`` added it to their
    own accounts."""
    guild = world.fake.add_guild("Elsewhere", bot_installed=False)
    channel = world.fake.add_text_channel(guild, "lounge")
    for player in players:
        world.fake.add_member(guild, player)
        world.fake.install_for_user(player)
    return channel


async def standings(
    world: World,
    user: FakeUser,
    *,
    dm: bool = False,
    channel: FakeChannel | None = None,
    **options: str,
) -> Any:
    record = await world.fake.slash(
        "standings",
        user=user,
        channel=None if dm else channel or world.channel,
        options={"game": "yosukou:original", **options},
    )
    await record.wait_response()
    return record


@pytest.fixture
async def tables(world: World) -> World:
    await seed(world, world.guild.id, world.alice, won=3, played=4)
    await seed(world, OUTSIDE_SERVERS, world.carol, won=5, played=6)
    return world


async def test_in_a_server_the_default_is_its_own_table(tables: World) -> None:
    world = tables
    record = await standings(world, world.bob)
    assert not record.ephemeral
    assert f"<@{world.alice.id}>" in record.text and f"<@{world.carol.id}>" not in record.text
    assert "everywhere" not in record.text

    # Everyone in the channel reads the table: in the server's language (English here).
    record = await standings(world, world.bob, scope="everywhere")
    assert "standings — everywhere (DMs, group DMs and servers without Asobiba)" in record.text
    assert f"<@{world.carol.id}>" in record.text and f"<@{world.alice.id}>" not in record.text


async def test_away_from_servers_the_default_is_everywhere(tables: World) -> None:
    world = tables
    record = await standings(world, world.alice, dm=True)
    assert "standings — everywhere (DMs, group DMs and servers without Asobiba)" in record.text
    assert f"<@{world.carol.id}> — 5 won of 6" in record.text
    assert f"<@{world.alice.id}>" not in record.text
    record = await standings(world, world.bob, dm=True)
    assert "の順位 — どこでも（DM・グループ DM・Asobiba のいないサーバー）" in record.text
    assert f"<@{world.carol.id}> — 5勝／6回" in record.text


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("alice", "“This server” standings exist only in a server that added Asobiba"),
        ("bob", "「このサーバー」の順位は"),
    ],
)
async def test_this_server_where_the_bot_is_not_installed_is_refused(
    tables: World, user: str, words: str
) -> None:
    world = tables
    player = getattr(world, user)
    record = await standings(world, player, dm=True, scope="server")
    assert record.ephemeral and words in record.text
    elsewhere = server_without_the_bot(world, player)
    record = await standings(world, player, channel=elsewhere, scope="server")
    assert record.ephemeral and words in record.text
    # Without a scope, a server that never added the bot shows the everywhere table.
    record = await standings(world, player, channel=elsewhere)
    assert not record.ephemeral and f"<@{world.carol.id}>" in record.text
    assert f"<@{world.alice.id}>" not in record.text


async def test_profile_shows_both_tables_in_a_server(tables: World) -> None:
    world = tables
    await seed(world, OUTSIDE_SERVERS, world.alice, won=1, played=2)
    record = await world.fake.slash("profile", user=world.alice, channel=world.channel)
    await record.wait_response()
    server, everywhere = record.text.split("🌐")
    assert "🏠 **This server**" in server and "4 played, 3W 1L" in server
    assert "**Everywhere** (DMs, group DMs and servers without Asobiba)" in everywhere
    assert "2 played, 1W 1L" in everywhere

    record = await world.fake.slash(
        "profile", user=world.bob, channel=world.channel, options={"user": world.alice}
    )
    await record.wait_response()
    assert "🏠 **このサーバー**" in record.text and "🌐 **どこでも**" in record.text
    assert "4局 3勝 1敗" in record.text and "2局 1勝 1敗" in record.text


async def test_profile_away_from_servers_shows_everywhere_only(tables: World) -> None:
    world = tables
    record = await world.fake.slash("profile", user=world.carol, channel=None)
    await record.wait_response()
    assert "This server" not in record.text
    assert "🌐 **Everywhere**" in record.text and "6 played, 5W 1L" in record.text
    record = await world.fake.slash("profile", user=world.bob, channel=None)
    await record.wait_response()
    assert "このサーバー" not in record.text
    assert "🌐 **どこでも**" in record.text and "まだ終わった対局がありません。" in record.text


@pytest.mark.parametrize(
    ("user", "words"),
    [
        ("alice", "This server does not allow external apps"),
        ("bob", "このサーバーでは外部アプリが許可されていない"),
    ],
)
async def test_a_server_denying_external_apps_is_explained(
    tables: World, user: str, words: str
) -> None:
    world = tables
    player = getattr(world, user)
    elsewhere = server_without_the_bot(world, player)
    record = await standings(world, player, channel=elsewhere)
    assert not record.ephemeral and words not in record.text  # public: nothing to explain
    world.fake.set_external_apps(elsewhere.guild, False)
    record = await standings(world, player, channel=elsewhere)
    assert record.ephemeral and words in record.text and "DM" in record.text
    # Where the server added the bot, its answers are public whatever that permission says.
    world.fake.set_external_apps(world.guild, False)
    record = await standings(world, player)
    assert not record.ephemeral and words not in record.text


async def test_games_away_from_servers_lists_all_of_the_players_games(tables: World) -> None:
    world = tables
    record = await world.fake.slash("games", user=world.carol, channel=None)
    await record.wait_response()
    assert record.ephemeral and record.text == "You have no games going."
    record = await world.fake.slash("games", user=world.bob, channel=None)
    await record.wait_response()
    assert record.text == "進行中の対局はありません。"
