"""Open challenges through Discord: ``/bushi challenge`` with no opponent posts a board anyone
there may take — the first click wins (two racing clicks start one game), the challenger can't
take their own, a rating range refuses takers outside it (saying their rating), it expires like
any challenge, survives a restart, and works in a group DM the bot is not in (the board is the
command's answer; taking it is a click on it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.statuses import GameStatus
from tests.bot.harness import World, click, make_bot, private_count, private_reply, until
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


async def open_challenge(
    fake: FakeDiscord, user: FakeUser, channel: FakeChannel, **options: object
) -> FakeMessage:
    record = await fake.slash(
        "bushi challenge", user=user, channel=channel, options={"colour": "black", **options}
    )
    await record.wait_complete()
    assert record.message is not None and not record.ephemeral, record.text
    return record.message


async def refusal(world: World, board: FakeMessage, user: FakeUser, label: str) -> str:
    seen = private_count(world, user)
    await click(world, board, user, label=label)
    return await private_reply(world, user, seen)


async def test_anyone_may_take_it_first_click_wins(world: World) -> None:
    board = await open_challenge(world.fake, world.alice, world.channel)
    assert "alice" in board.text or f"<@{world.alice.id}>" in board.text
    assert "looking for a game" in board.text and "anyone may take it" in board.text
    assert board["mentions"] == [] or all(u["id"] == str(world.alice.id) for u in board["mentions"])
    assert "Decline" not in str(board.components)
    assert "can't take your own" in await refusal(world, board, world.alice, "Take it")
    # Bob and Carol click at the same instant: one game, one taker, the other told so.
    bob_seen, carol_seen = private_count(world, world.bob), private_count(world, world.carol)
    clicks = await asyncio.gather(
        world.fake.click(board, user=world.bob, label="Take it"),
        world.fake.click(board, user=world.carol, label="Take it"),
    )
    for record in clicks:
        await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    game = await world.bot.games.queries.get(1)
    assert game.status == GameStatus.ACTIVE and game.open_to is None
    taker = next(s for s in game.seats if s.user_id != world.alice.id)
    assert taker.user_id in (world.bob.id, world.carol.id)
    loser, seen = (
        (world.carol, carol_seen) if taker.user_id == world.bob.id else (world.bob, bob_seen)
    )
    told = await private_reply(world, loser, seen)
    assert "quicker" in told or "ひと足遅く" in told or "out of date" in told or "古い" in told
    await until(world, lambda: "Take it" not in str(board.components))
    assert f"<@{taker.user_id}>" in board.text and "anyone" not in board.text


async def test_a_rating_range_refuses_takers_outside_it_with_their_rating(world: World) -> None:
    board = await open_challenge(world.fake, world.alice, world.channel, min_rating=1600)
    assert "Ratings 1600 to — only" in board.text
    told = await refusal(world, board, world.bob, "受けて立つ" if False else "Take it")
    assert "あなたのレートは **1500**" in told  # Bob reads Japanese
    game = await world.bot.games.queries.get(1)
    assert game.status == GameStatus.CHALLENGE and game.open_to is not None
    # A range without an open seat makes no sense, and says so.
    record = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.bob, "max_rating": 1700},
    )
    await record.wait_complete()
    assert record.ephemeral and "open challenge only" in record.text


async def test_it_expires_and_survives_a_restart(world: World) -> None:
    board = await open_challenge(world.fake, world.alice, world.channel)
    await world.restart()
    await click(world, board, world.carol, label="Take it")
    await until(world, lambda: f"<@{world.carol.id}>" in board.text)
    second = await open_challenge(world.fake, world.alice, world.channel)
    world.clock.advance(hours=25)
    await world.bot.clock_tick()
    await until(world, lambda: "expired" in second.text)
    assert "Take it" not in str(second.components)


async def test_in_a_group_dm_the_bot_is_not_in(discord_fake: FakeDiscord, tmp_path: Path) -> None:
    alice = discord_fake.add_user("alice")
    bob = discord_fake.add_user("bob", locale="ja")
    carol = discord_fake.add_user("carol")
    discord_fake.install_for_user(alice)
    group = discord_fake.add_group_dm(alice, bob, carol, name="friends")
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'open.sqlite3'}", FakeClock())
    await discord_fake.run_client(bot)
    try:
        board = await open_challenge(discord_fake, alice, group)
        assert "anyone may take it" in board.text
        record = await discord_fake.click(board, user=bob, label="Take it")
        await record.wait_complete()
        await bot.asobiba.activity.wait_idle()
        assert f"<@{bob.id}>" in board.text and board.selects()  # Alice's drops, on the board
        assert discord_fake.rest_calls_to(group) == []  # all through the interactions
    finally:
        await discord_fake.stop_client(bot)
