"""Who a notice reaches: the players it concerns, each the way they chose — never the player
whose own click caused it, and never one who chose no notices."""

from __future__ import annotations

from tests.bot.harness import World, challenge, click, until
from tests.fakediscord import FakeMessage, FakeUser


async def choose(world: World, user: FakeUser, notify: str) -> None:
    record = await world.fake.slash(
        "settings", user=user, channel=world.channel, options={"notify": notify}
    )
    await record.wait_response()


def newest_ping(world: World) -> FakeMessage:
    return world.fake.messages_in(world.channel)[-1]


async def test_a_draw_offer_pings_the_other_player_not_the_one_who_offered(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "your move" in newest_ping(world).text)
    await click(world, board, world.alice, label="Offer draw")
    await until(world, lambda: "draw offer" in newest_ping(world).text)
    ping = newest_ping(world)
    assert ping.pinged == [world.bob.id]
    assert f"<@{world.alice.id}>" not in ping.text
    assert world.fake.dm_messages(world.alice) == []


async def test_a_draw_offer_reaches_a_dm_player_by_dm_and_the_offerer_nowhere(
    world: World,
) -> None:
    await choose(world, world.alice, "dm")
    await choose(world, world.bob, "dm")
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: len(world.fake.dm_messages(world.alice)) == 1)
    seen = len(world.fake.messages_in(world.channel))
    await click(world, board, world.bob, label="Offer draw")
    await until(world, lambda: "draw offer" in world.fake.dm_messages(world.alice)[-1].text)
    await world.bot.asobiba.activity.wait_idle()
    assert not any("draw offer" in m.text for m in world.fake.dm_messages(world.bob))
    assert not any("引き分けが提案" in m.text for m in world.fake.dm_messages(world.bob))
    assert len(world.fake.messages_in(world.channel)) == seen  # no channel ping for either


async def test_a_result_pings_the_player_who_did_not_resign_and_dms_nobody_else(
    world: World,
) -> None:
    await choose(world, world.bob, "dm")
    board = await challenge(world)  # Alice (channel) is Black; Bob (DM) is White
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "your move" in newest_ping(world).text)
    dms_before = len(world.fake.dm_messages(world.bob))
    await click(world, board, world.alice, label="Resign")
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    await click(world, confirm, world.alice, prefix="g:")
    await until(world, lambda: len(world.fake.dm_messages(world.bob)) > dms_before)
    await world.bot.asobiba.activity.wait_idle()
    [result] = world.fake.dm_messages(world.bob)[dms_before:]
    assert "is over" in result.text and f"<@{world.bob.id}> wins" in result.text
    # Alice resigned: nobody posts her own result at her in the channel.
    posted = world.fake.messages_in(world.channel, include_deleted=True)
    assert not any("is over" in m.text for m in posted)
