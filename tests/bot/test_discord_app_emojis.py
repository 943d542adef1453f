"""The app's own emojis through the fake Discord: the games' faces uploaded once at start-up
(idempotent across restarts, stale ones of ours replaced, the operator's left alone), shown in
the menus beside the words — which stay — and a start that can't upload still plays."""

from __future__ import annotations

import asyncio
import io
import itertools
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from PIL import Image

from bot.client import AsobibaBot
from bot.games.registry import all_specs
from bot.ui.app_emojis import BOOK, OURS, EmojiBook, sync_emojis
from tests.bot.harness import (
    World,
    challenge,
    click,
    make_bot,
    private_count,
    private_reply,
    until,
)
from tests.bot.test_discord_corner import choose
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord.app_emojis import AppEmoji

FACES = sum(len(spec.faces.keys) for spec in all_specs() if spec.faces)
PNG_1PX = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


@pytest.fixture
async def emoji_world(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    guild = discord_fake.add_guild("Dojo", locale="en-US")
    channel = discord_fake.add_text_channel(guild, "games")
    alice, bob = discord_fake.add_user("alice"), discord_fake.add_user("bob", locale="ja")
    carol = discord_fake.add_user("carol")
    url = f"sqlite+aiosqlite:///{tmp_path / 'emoji.sqlite3'}"
    clock = FakeClock()
    bot = make_bot(url, clock, app_emojis=True)
    await discord_fake.run_client(bot)
    world = World(discord_fake, guild, channel, alice, bob, carol, url, bot, clock)
    yield world
    await discord_fake.stop_client(world.bot)
    BOOK.forget()


async def restart_with_emojis(world: World) -> None:
    await world.fake.stop_client(world.bot)
    BOOK.forget()
    world.bot = make_bot(world.db_url, world.clock, app_emojis=True)
    await world.fake.run_client(world.bot)


async def all_faces_known(world: World) -> None:
    """Wait for the start-up's sync (in the background) to have filled the book."""
    assert world.bot.emoji_sync is not None
    await asyncio.wait_for(asyncio.shield(world.bot.emoji_sync), 15)
    assert len(BOOK) == FACES


def uploads(world: World) -> list[str]:
    return [name for method, name in world.fake.app_emojis.calls if method == "POST"]


async def test_faces_are_uploaded_once_and_shown_beside_the_words(emoji_world: World) -> None:
    world = emoji_world
    await all_faces_known(world)
    stored = world.fake.app_emojis.emojis.values()
    assert len(stored) == FACES == 16 + 54 + 22  # cube tops, 戦列札's cards, the majors
    for emoji in stored:
        assert OURS.fullmatch(emoji.name)
        assert Image.open(io.BytesIO(emoji.image)).size == (128, 128)
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    options = board.selects()[0]["options"]
    ids = {str(e.id) for e in stored}
    # Every drop shows its top face (discord.py sends the id as a number; Discord takes both).
    assert all(str(o.get("emoji", {}).get("id")) in ids for o in options), options[0]
    assert all("up" in o["label"] for o in options)  # and still says it in words
    # The planning menus in Bob's corner show the same faces beside the same words.
    seen = private_count(world, world.bob)
    await click(world, board, world.bob, label="Note & plans")
    await private_reply(world, world.bob, seen)
    corner = world.fake.ephemeral_messages(world.bob)[-1]
    planned = next(s for s in corner.selects() if s["custom_id"].startswith("pt:"))["options"]
    assert all(str(o["emoji"]["id"]) in ids for o in planned)
    assert [o["label"] for o in planned] != [] and all("上" in o["label"] for o in planned)
    # And the plan, once kept, names each move with its face too (as message text).
    await choose(world, corner, world.bob, "pt:", 0)
    await until(world, lambda: any(s["custom_id"].startswith("pm:") for s in corner.selects()))
    await choose(world, corner, world.bob, "pm:", 0)
    await until(world, lambda: "予約手を保存しました" in corner.text)
    assert corner.text.count("<:ab_bu_") == 2
    # The board's last-move line shows the top a drop left, before its words.
    await choose(world, board, world.alice, board.selects()[0]["custom_id"], 0)
    await until(world, lambda: "<:ab_bu_" in board.text)
    shown = re.findall(r"<:ab_bu_\w+:(\d+)> \S", board.text.split("```")[-1])  # not in code
    assert shown and set(shown) <= ids

    # A restart uploads nothing again.
    before = list(world.fake.app_emojis.calls)
    await restart_with_emojis(world)
    await all_faces_known(world)
    assert world.fake.app_emojis.calls == before


async def test_stale_emojis_of_ours_are_replaced_and_others_kept(emoji_world: World) -> None:
    world = emoji_world
    await all_faces_known(world)
    store = world.fake.app_emojis
    # A face drawn differently before (another hash), and the operator's own emoji.
    current = next(e for e in store.emojis.values() if e.name.startswith("ab_bu_three_B_"))
    current.name = "ab_bu_three_B_00000000"
    store.emojis[1] = AppEmoji(1, "party_parrot", PNG_1PX)
    await restart_with_emojis(world)
    await all_faces_known(world)
    assert ("DELETE", "ab_bu_three_B_00000000") in store.calls
    assert [n for n in uploads(world) if n.startswith("ab_bu_three_B_")][
        -1
    ] != "ab_bu_three_B_00000000"
    assert "party_parrot" in {e.name for e in store.emojis.values()}
    assert len(store.emojis) == FACES + 1


async def test_a_start_that_cannot_upload_plays_in_words(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    guild = discord_fake.add_guild("Dojo", locale="en-US")
    channel = discord_fake.add_text_channel(guild, "games")
    alice, bob = discord_fake.add_user("alice"), discord_fake.add_user("bob")
    discord_fake.inject_error("GET", r"/applications/\d+/emojis$", status=500, count=5)
    url = f"sqlite+aiosqlite:///{tmp_path / 'words.sqlite3'}"
    bot = make_bot(url, FakeClock(), app_emojis=True)
    await discord_fake.run_client(bot)
    try:
        world = World(discord_fake, guild, channel, alice, bob, alice, url, bot, FakeClock())
        await bot.asobiba.services.servers.update(guild.id, pictures=False)
        board = await challenge(world)
        await click(world, board, bob, label="Accept")
        await until(world, lambda: bool(board.selects()))
        assert all("emoji" not in o for o in board.selects()[0]["options"])
        assert discord_fake.app_emojis.emojis == {}
    finally:
        await discord_fake.stop_client(bot)
        BOOK.forget()


async def test_the_fake_refuses_what_discord_refuses(emoji_world: World) -> None:
    bot: AsobibaBot = emoji_world.bot
    fake = emoji_world.fake
    await all_faces_known(emoji_world)
    taken = next(iter(fake.app_emojis.emojis.values())).name
    for name, image in (
        ("x", PNG_1PX),  # too short
        ("has space", PNG_1PX),  # not a word
        (taken, PNG_1PX),  # already the app's
        ("big_one", b"\x89PNG\r\n\x1a\n" + b"\x00" * (256 * 1024 + 1)),  # over 256 KiB
    ):
        with pytest.raises(discord.HTTPException) as refused:
            await bot.create_application_emoji(name=name, image=image)
        assert refused.value.status == 400
    assert len(fake.take_violations()) == 4
    made = await bot.create_application_emoji(name="ok_one", image=PNG_1PX)
    renamed = await made.edit(name="ok_two")
    assert (
        renamed.name == "ok_two" and (await bot.fetch_application_emoji(made.id)).name == "ok_two"
    )
    await made.delete()
    with pytest.raises(discord.NotFound):
        await bot.fetch_application_emoji(made.id)


async def test_the_fake_refuses_a_component_emoji_the_app_does_not_own(
    emoji_world: World,
) -> None:
    await all_faces_known(emoji_world)
    channel = emoji_world.bot.get_channel(emoji_world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(
        discord.ui.Button(label="x", custom_id="x", emoji=discord.PartialEmoji(name="ab", id=7))
    )
    with pytest.raises(discord.HTTPException):
        await channel.send("x", view=view)
    [violation] = emoji_world.fake.take_violations()
    assert "BUTTON_COMPONENT_INVALID_EMOJI" in str(violation)


def emoji_posts(fake: FakeDiscord) -> list[float]:
    """When each upload reached Discord."""
    return [
        r.at
        for r in fake.requests
        if r.method == "POST" and re.fullmatch(r"/applications/\d+/emojis", r.path)
    ]


async def test_uploads_go_one_at_a_time_paced(world: World) -> None:
    """Discord limits the emoji routes on their own: a first start's uploads (92 of them) went
    out within a second. One spec's 16 faces here, 50 ms apart."""
    cubes = next(spec for spec in all_specs() if spec.faces and len(spec.faces.keys) == 16)
    book = await sync_emojis(world.bot, [cubes], upload=True, pace=0.05, book=EmojiBook())
    assert len(book) == 16
    posted = emoji_posts(world.fake)
    assert len(posted) == 16
    gaps = [later - earlier for earlier, later in itertools.pairwise(posted)]
    assert min(gaps) >= 0.045, gaps
    assert not world.fake.invalid_requests()


async def test_a_rate_limit_that_lasts_leaves_the_rest_to_the_next_start(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    cubes = next(spec for spec in all_specs() if spec.faces and len(spec.faces.keys) == 16)
    # More 429s than discord.py waits out (it tries five times).
    world.fake.inject_rate_limit("POST", r"/applications/\d+/emojis$", retry_after=0.01, count=5)
    with caplog.at_level(logging.WARNING, logger="bot.ui.app_emojis"):
        book = await sync_emojis(world.bot, [cubes], upload=True, pace=0, book=EmojiBook())
    assert len(book) == 0 and world.fake.app_emojis.emojis == {}
    assert len(emoji_posts(world.fake)) == 5  # the first face's tries, and no further
    assert any(
        "the 16 faces left are uploaded at the next start" in r.getMessage() for r in caplog.records
    )
    book = await sync_emojis(world.bot, [cubes], upload=True, pace=0, book=EmojiBook())
    assert len(book) == 16  # the next start: Discord takes them again
