"""The move clock's announcements survive a crash of the bot process: what a clock tick
claimed but never told is told by the next process at start-up, once — and a post that did go
out before the crash is not made again (its nonce gets the first message back)."""

from __future__ import annotations

import re

import pytest

from bot.services.clocks import Notice
from tests.bot.harness import World, challenge, click, until
from tests.fakediscord import FakeMessage


async def clocked_board(world: World) -> FakeMessage:
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)
    return board


def posted(world: World, text: str) -> list[FakeMessage]:
    return [
        m
        for m in world.fake.messages_in(world.channel, include_deleted=True)
        if re.search(text, m.text)
    ]


async def test_a_reminder_claimed_before_a_crash_is_posted_once_after_it(world: World) -> None:
    await clocked_board(world)
    world.clock.advance(minutes=31)
    # The tick claims the reminder, then the process dies before telling anyone.
    [notice] = await world.bot.asobiba.services.clocks.tick()
    assert posted(world, "is due") == []
    await world.restart()  # the new process tells what it finds owed as it starts
    await until(world, lambda: bool(posted(world, "is due")))
    assert await world.bot.asobiba.activity.wait_idle()
    [reminder] = posted(world, "is due")
    assert f"<@{world.alice.id}>" in reminder.text
    # Told once: neither a second pass of the outbox nor the next tick repeats it.
    await world.bot.deliver_owed(starting=True)
    await world.bot.clock_tick()
    assert len(posted(world, "is due")) == 1
    assert notice.number == 1


async def test_a_loss_on_time_told_just_before_a_crash_is_not_told_twice(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await clocked_board(world)
    world.clock.advance(minutes=61)

    def crash_before_forgetting(notice: Notice) -> None:
        """The result went out, then the process died before the outbox row was deleted."""

    monkeypatch.setattr(world.bot.asobiba.services.clocks, "done", crash_before_forgetting)
    await world.bot.clock_tick()
    assert "time out" in board.text
    [result] = posted(world, "is over")
    await world.restart()
    # The same post again as it starts, with the same nonce: Discord hands back the first one.
    await until(world, lambda: world.fake.nonce_repeats == 1)
    assert await world.bot.asobiba.activity.wait_idle()  # the start-up catch-up is over
    assert posted(world, "is over") == [result]
    assert world.fake.nonce_repeats == 1
    assert not result.deleted  # it is still the newest ping, not replaced by itself
    assert "time out" in board.text
    await world.bot.deliver_owed(starting=True)
    await world.bot.asobiba.activity.wait_idle()
    assert world.fake.nonce_repeats == 1  # told, so forgotten this time
