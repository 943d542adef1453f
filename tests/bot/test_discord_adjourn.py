"""Adjournment through Discord: one player asks, only the other can accept; the clocks stand and
no move is played meanwhile; the player to move seals a move by playing it as usual, nobody
else sees it, and it is played — revealed — when either player resumes, after a restart too."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.db import GameRow
from bot.services.errors import WrongStatus
from bot.services.freshness import Seen
from rules.core.fairness import verify_move_commitment
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeMessage


async def clocked_board(world: World) -> FakeMessage:
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)
    return board


async def row(world: World) -> GameRow:
    async with world.bot.db.read() as session:
        game = await session.get(GameRow, 1)
        assert game is not None
        return game


async def test_adjourn_seal_restart_resume(world: World) -> None:
    board = await clocked_board(world)
    before = (await row(world)).deadline_at
    assert before is not None
    await click(world, board, world.alice, label="Adjourn")
    await until(world, lambda: "alice asks to adjourn the game (bob may" in board.text)
    # The asker cannot accept her own request, nor can a bystander.
    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Accept adjournment")
    assert "Only your opponent" in await private_reply(world, world.alice, seen)
    seen = private_count(world, world.carol)
    await click(world, board, world.carol, label="Accept adjournment")
    assert "not" in (await private_reply(world, world.carol, seen)).lower()
    old_seen = Seen.parse(
        board.find_component(label="Accept adjournment", type=2)["custom_id"].split(":")[2]
    )
    world.clock.advance(minutes=20)
    await click(world, board, world.bob, label="Accept adjournment")
    await until(world, lambda: "Adjourned — the clocks stand" in board.text)
    assert "alice may seal a move" in board.text and "per move" not in board.text
    # A second click on the request, answered since, changes nothing.
    adjournments = world.bot.asobiba.services.adjournments
    with pytest.raises(WrongStatus):
        await adjournments.answer(1, world.bob.id, old_seen, accept=False)
    assert (await row(world)).pause == {**(await row(world)).pause, "adjourned": True}
    # Days pass: nobody loses on time, nothing reminds.
    world.clock.advance(days=3)
    await world.bot.clock_tick()
    assert "time out" not in board.text and (await row(world)).held_since is not None
    # Alice plays her move as usual: it is sealed, told to her alone.
    menu = board.selects()[0]
    choice = menu["options"][0]
    seen = private_count(world, world.alice)
    picked = await world.fake.select(board, menu["custom_id"], [choice["value"]], user=world.alice)
    await picked.wait_complete()
    told = await private_reply(world, world.alice, seen)
    assert "You sealed" in told
    await until(world, lambda: "alice has sealed a move (seal `" in board.text)
    seal = re.search(r"seal `([0-9a-f]+)`", board.text)[1]  # type: ignore[index]
    assert (await row(world)).ply == 0  # not played
    sealed = (await row(world)).pause
    assert sealed is not None and choice["value"] not in str(sealed)  # encrypted at rest
    assert "placed the cube" not in board.text and choice["label"] not in board.text
    assert all(choice["label"] not in m.text for m in world.fake.ephemeral_messages(world.bob))
    # A second move cannot be sealed; bob cannot seal (not his move).
    await world.restart()
    await world.bot.clock_tick()
    assert "time out" not in board.text
    # Either player resumes: the sealed move is played at once, and the clock runs for bob.
    await click(world, board, world.bob, label="Resume")
    await until(world, lambda: "Adjourned" not in board.text and "per move" in board.text)
    game = await row(world)
    assert game.ply == 1 and game.held_since is None and game.pause is None
    assert "Black placed the cube" in board.text
    assert game.deadline_at == world.clock.now + timedelta(hours=1)

    # The reveal is public, and its seal checks out against what the board showed.
    def reveals() -> list[FakeMessage]:
        return [
            m for m in world.fake.messages_in(world.channel) if "sealed move, revealed" in m.text
        ]

    await until(world, lambda: bool(reveals()))
    [reveal] = reveals()
    found = re.search(
        r"revealed: (\S+) \(seal `([0-9a-f]{64})`, salt `([0-9a-f]{32})`", reveal.text
    )
    assert found is not None and found[2].startswith(seal)
    assert verify_move_commitment(found[2], found[1], 0, bytes.fromhex(found[3]))


async def test_a_declined_adjournment_leaves_the_game_running(world: World) -> None:
    board = await clocked_board(world)
    before = (await row(world)).deadline_at
    await click(world, board, world.bob, label="Adjourn")
    await until(world, lambda: "bob asks to adjourn" in board.text)

    # Alice hears of it beside the board, like a draw offer.
    def pings() -> list[FakeMessage]:
        return [
            m
            for m in world.fake.messages_in(world.channel)
            if "asks to adjourn" in m.text and m.id != board.id
        ]

    await until(world, lambda: bool(pings()))
    [ping] = pings()
    assert f"<@{world.alice.id}>" in ping.text and f"<@{world.bob.id}>" not in ping.text
    assert (await row(world)).deadline_at == before  # asking stops nothing
    seen = private_count(world, world.bob)  # Bob reads Japanese: he cannot accept his own
    await click(world, board, world.bob, label="Accept adjournment")
    assert "答えられるのは相手だけ" in await private_reply(world, world.bob, seen)
    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Decline")
    assert "declined" in await private_reply(world, world.alice, seen)
    await until(world, lambda: "asks to adjourn" not in board.text)
    assert (await row(world)).held_since is None and "Adjourn" in str(board.components)
