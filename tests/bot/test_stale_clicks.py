"""Clicks on a board that has moved on: the stale answer and the board as it is now."""

from __future__ import annotations

import copy

from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord.models import JSON


async def test_a_click_on_a_game_that_just_ended_gets_the_stale_answer_and_fresh_board(
    world: World,
) -> None:
    fake = world.fake
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    menu = board.selects()[0]  # the board as Alice last saw it
    seen_board = copy.deepcopy(board.payload())
    await click(world, board, world.bob, label="Resign")
    await private_reply(world, world.bob, 0)
    await click(world, fake.ephemeral_messages(world.bob)[-1], world.bob, prefix="g:")
    await until(world, lambda: "🏆" in board.text)
    edits = board.edit_count

    # Alice's click left before the board was redrawn: Discord delivers it with the message
    # as she saw it (discord.py drops component clicks the message no longer carries).
    def as_she_saw_it(payload: JSON) -> None:
        payload["message"] = seen_board

    seen = private_count(world, world.alice)
    record = await fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={
            "custom_id": menu["custom_id"],
            "component_type": 3,
            "values": [menu["options"][0]["value"]],
        },
        source_message=board,
        shape=as_she_saw_it,
    )
    await record.wait_complete()
    assert "This game has ended since you looked" in await private_reply(world, world.alice, seen)
    await until(world, lambda: board.edit_count > edits)  # redrawn where she clicked
    assert "🏆" in board.text and board.selects() == []
