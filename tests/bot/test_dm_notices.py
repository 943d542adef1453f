"""Turn notices by DM replace each other, as the channel's pings do: a long game leaves one
message in the player's DMs, not a pile — across a restart too."""

from __future__ import annotations

from tests.bot.harness import World, challenge, click, until
from tests.fakediscord import FakeMessage, FakeUser


async def drop(world: World, board: FakeMessage, player: FakeUser) -> None:
    menu = board.selects()[0]
    record = await world.fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=player
    )
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()


async def move(world: World, board: FakeMessage, player: FakeUser) -> None:
    button = next(
        b
        for b in board.buttons()
        if b["custom_id"].startswith("g:") and "draw" not in b["custom_id"]
    )
    record = await world.fake.click(board, button["custom_id"], user=player)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()


async def test_a_turn_dm_replaces_the_one_before(world: World) -> None:
    fake = world.fake
    for user, notify in ((world.alice, "dm"), (world.bob, "dm")):
        record = await fake.slash(
            "settings", user=user, channel=world.channel, options={"notify": notify}
        )
        await record.wait_response()
    board = await challenge(world)  # Alice is Black and drops first
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: len(fake.dm_messages(world.alice)) == 1)
    first = fake.dm_messages(world.alice)[0]
    assert "your move" in first.text and f"/{board.id}" in first.text

    await drop(world, board, world.alice)
    await until(world, lambda: "your move" in fake.dm_messages(world.bob)[-1].text)
    await drop(world, board, world.bob)
    await until(world, lambda: first.deleted)
    [second] = fake.dm_messages(world.alice)
    assert "your move" in second.text

    # The bot restarts: what it knew in memory is gone; the DB still knows the last DM.
    await world.restart()
    await move(world, board, world.alice)
    await move(world, board, world.bob)
    await until(world, lambda: second.deleted)
    [third] = fake.dm_messages(world.alice)
    assert "your move" in third.text and third.id != second.id
    # Bob's DMs hold the challenge and one turn notice.
    assert ["challenges" in m.text for m in fake.dm_messages(world.bob)] == [True, False]
    assert len(fake.messages_in(fake.dm_channel(world.alice), include_deleted=True)) == 3
