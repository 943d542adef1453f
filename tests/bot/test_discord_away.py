"""Away mode through Discord: /away stops every clock of a player's games (the board and
/games say so, nothing reminds or times out), a restart changes nothing, coming back early is
one click, and the deadline comes back moved on by the time the clock stood."""

from __future__ import annotations

import re
from datetime import timedelta

from bot.db import GameRow
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeMessage, FakeUser


async def clocked_board(world: World) -> FakeMessage:
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)
    return board


async def away(world: World, user: FakeUser, **options: object) -> str:
    seen = private_count(world, user)
    record = await world.fake.slash("away", user=user, channel=world.channel, options=options)
    await record.wait_complete()
    return await private_reply(world, user, seen)


async def deadline_of(world: World) -> object:
    async with world.bot.db.read() as session:
        row = await session.get(GameRow, 1)
        assert row is not None
        return row.deadline_at, row.held_since


def posted(world: World, text: str) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(world.channel) if re.search(text, m.text)]


async def test_away_stops_the_clock_survives_a_restart_and_one_click_brings_it_back(
    world: World,
) -> None:
    board = await clocked_board(world)
    before, _ = await deadline_of(world)
    world.clock.advance(minutes=10)
    said = await away(world, world.alice, days=3)
    assert "You are away until" in said and "Left this year: **17 days** (of 20)" in said
    assert "Games paused: 1" in said
    await until(world, lambda: "alice is away until" in board.text)
    assert "the clock is stopped" in board.text and "is due" not in board.text
    # Two days pass, and a restart: no reminder, no loss on time.
    world.clock.advance(days=2)
    await world.bot.clock_tick()
    await world.restart()
    await world.bot.clock_tick()
    assert posted(world, "is due") == [] and "time out" not in board.text
    # The opponent sees it in /games, in Japanese.
    seen = private_count(world, world.bob)
    record = await world.fake.slash("games", user=world.bob, channel=world.channel)
    await record.wait_complete()
    games = await private_reply(world, world.bob, seen)
    # The game's line says until when the opponent is away, and no deadline (the title may
    # speak of deadlines: it says how games are ordered).
    line = games.split("\n", 1)[1]
    assert "まで不在" in line and "期限" not in line
    # /profile counts the days planned.
    seen = private_count(world, world.alice)
    record = await world.fake.slash("profile", user=world.alice, channel=world.channel)
    await record.wait_complete()
    assert "Days away: 3/20 used this year (17 left)" in await private_reply(
        world, world.alice, seen
    )
    # Back early: one click on the answer to /away.
    [answer] = [
        m for m in world.fake.ephemeral_messages(world.alice) if "I'm back now" in str(m.components)
    ]
    seen = private_count(world, world.alice)
    await click(world, answer, world.alice, label="I'm back now")
    assert "Welcome back" in await private_reply(world, world.alice, seen)
    await until(world, lambda: "alice is away" not in board.text and "per move" in board.text)
    after, held = await deadline_of(world)
    assert held is None
    # The clock stood from going away (10 minutes in) to now: the deadline moved on by that.
    assert after - before == timedelta(days=2)
    # A second click changes nothing and says so.
    seen = private_count(world, world.alice)
    await click(world, answer, world.alice, label="I'm back now")
    assert "You are not away" in await private_reply(world, world.alice, seen)
    assert await deadline_of(world) == (after, None)
    # The clock runs again: 50 minutes more and she has lost on time.
    world.clock.advance(minutes=51)
    await world.bot.clock_tick()
    await until(world, lambda: "time out" in board.text)


async def test_a_time_off_ends_by_itself_and_counts_the_days_it_took(world: World) -> None:
    board = await clocked_board(world)
    said = await away(world, world.bob, until="+2")
    assert "不在にしました" in said and "残り：**18日**" in said  # bob reads Japanese
    await until(world, lambda: "bob is away until" in board.text)
    world.clock.advance(days=2, minutes=1)
    await world.bot.clock_tick()
    await until(world, lambda: "bob is away" not in board.text)
    assert "per move" in board.text and "time out" not in board.text
    status = await world.bot.asobiba.services.away.status(world.bob.id)
    # Charged up to its end date (the tick came a minute late: not a day more).
    assert status.until is None and status.used == 2


async def test_away_refuses_too_long_and_garbage_and_changes_nothing(world: World) -> None:
    await clocked_board(world)
    assert "**20 days** of" in await away(world, world.alice, days=21)
    assert "did not make sense" in await away(world, world.alice, until="next tuesday-ish")
    assert "did not make sense" in await away(world, world.alice, until="2/30")
    assert await deadline_of(world) == ((await deadline_of(world))[0], None)
    assert (await world.bot.asobiba.services.away.status(world.alice.id)).until is None
