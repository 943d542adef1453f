"""/profile's pace (median and 90th-percentile time to move) through the fake Discord, in
both languages, from moves made by players at different speeds."""

from __future__ import annotations

from tests.bot.harness import World, challenge, click, until
from tests.fakediscord import FakeMessage, FakeUser


async def move(world: World, board: FakeMessage, user: FakeUser) -> None:
    """Play the first move the board offers (a drop from the menu, else a move button)."""
    before = board.text
    menus = [s for s in board.selects() if s["custom_id"].startswith("gs:")]
    if menus:
        value = menus[0]["options"][0]["value"]
        record = await world.fake.select(board, menus[0]["custom_id"], [value], user=user)
        await record.wait_complete()
    else:
        button = next(
            b
            for b in board.buttons()
            if b["custom_id"].startswith("g:") and "draw" not in b["custom_id"]
        )
        await click(world, board, user, custom_id=button["custom_id"])
    await until(world, lambda: board.text != before)


async def profile(world: World, asker: FakeUser, about: FakeUser) -> str:
    record = await world.fake.slash(
        "profile", user=asker, channel=world.channel, options={"user": about}
    )
    await record.wait_response()
    assert record.ephemeral
    return record.text


async def test_profile_shows_each_player_s_pace_in_their_language(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    assert "No timed moves yet" in await profile(world, world.carol, world.alice)
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    world.clock.advance(hours=5)
    await move(world, board, world.alice)  # her first turn began at the accept: 5 hours
    world.clock.advance(minutes=30)
    await move(world, board, world.bob)  # Bob: 30 minutes
    world.clock.advance(days=1, hours=4)
    await move(world, board, world.alice)  # Alice: a day and four hours

    english = await profile(world, world.carol, world.alice)
    assert "⏱️ **Time to move** (from the last 100 games)" in english
    assert "**Bushi Shogi**: median 5h, 90% within 1d 4h (moves timed: 2)" in english
    japanese = await profile(world, world.bob, world.bob)  # Bob's client is Japanese
    assert "指すまでの時間" in japanese and "中央値 30分・90%は 30分 以内（1手）" in japanese

    # Hidden results hide the pace too.
    record = await world.fake.slash(
        "settings", user=world.alice, channel=world.channel, options={"hide_stats": True}
    )
    await record.wait_response()
    assert "Time to move" not in await profile(world, world.carol, world.alice)


async def test_my_games_put_the_soonest_deadline_first(world: World) -> None:
    """Alice has two boards waiting on her: the one due in an hour comes before the one due in
    a day, though the latter was started later; a game waiting on Bob comes last."""
    slow = await challenge(world, clock="86400")
    await click(world, slow, world.bob, label="Accept")
    world.clock.advance(minutes=5)
    fast = await challenge(world, clock="3600")
    await click(world, fast, world.bob, label="Accept")
    world.clock.advance(minutes=5)
    theirs = await challenge(world, colour="white")
    await click(world, theirs, world.bob, label="Accept")
    await until(world, lambda: bool(fast.selects()) and bool(slow.selects()))
    record = await world.fake.slash("games", user=world.alice, channel=world.channel)
    await record.wait_response()
    lines = [line for line in record.text.splitlines() if "#" in line]
    order = [next(n for n in (1, 2, 3) if f"#{n} " in line) for line in lines]
    assert order == [2, 1, 3], record.text
    assert "soonest due first" in record.text
    japanese = await world.fake.slash("games", user=world.bob, channel=world.channel)
    await japanese.wait_response()
    assert "期限の近い順" in japanese.text
