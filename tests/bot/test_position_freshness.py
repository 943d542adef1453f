"""The position decides freshness — through the fake Discord, in a group DM where only Alice
installed Asobiba (the bot edits a board there only through an interaction on it, for 15
minutes) and in a server channel.

A click made against the position the game is at is played whatever else moved the game's row
on since: time off and back, an adjournment resumed, a note, a sealed move, a snapshot rebuilt
on upgrade. A move since makes it stale: refused, and the board where it was clicked shows the
game as it is."""

from __future__ import annotations

import copy
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import update

from bot.client import AsobibaBot
from bot.db import GameRow
from bot.services.snapshot_refresh import refresh_old_snapshots
from bot.services.snapshots import GameSnapshot
from bot.statuses import GameStatus
from tests.bot.harness import World
from tests.bot.test_play_anywhere import Friends, friends  # noqa: F401 - a fixture
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.models import JSON

STALE = "The board has changed"
#: Longer than an interaction token lives: nothing can edit a group DM's board after it.
TOKENS_EXPIRE = 20 * 60


@dataclass
class Table:
    """Alice and Bob at a board: in the group DM (``friends``) or the server channel
    (``world``)."""

    place: str
    source: Friends | World
    channel: FakeChannel

    @property
    def fake(self) -> FakeDiscord:
        return self.source.fake

    @property
    def bot(self) -> AsobibaBot:
        return self.source.bot

    @property
    def clock(self) -> FakeClock:
        return self.source.clock

    @property
    def alice(self) -> FakeUser:
        return self.source.alice

    @property
    def bob(self) -> FakeUser:
        return self.source.bob

    async def settle(self, record: Any) -> None:
        await record.wait_complete()
        await self.bot.asobiba.activity.wait_idle()

    async def click(self, message: FakeMessage, user: FakeUser, **where: str) -> None:
        await self.settle(await self.fake.click(message, user=user, **where))

    async def select_first(self, message: FakeMessage, user: FakeUser) -> None:
        menu = message.selects()[0]
        value = menu["options"][0]["value"]
        await self.settle(await self.fake.select(message, menu["custom_id"], [value], user=user))

    async def slash(self, command: str, user: FakeUser, **options: object) -> Any:
        record = await self.fake.slash(command, user=user, channel=self.channel, options=options)
        await self.settle(record)
        return record

    def said_to(self, user: FakeUser) -> list[str]:
        return [m.text for m in self.fake.ephemeral_messages(user)]

    async def game(self, game_id: int = 1) -> GameSnapshot:
        return await self.bot.games.queries.get(game_id)

    def later(self) -> None:
        """Time passes: every interaction that could edit a board in the group DM expires."""
        self.clock.advance(seconds=TOKENS_EXPIRE)
        self.fake.advance(TOKENS_EXPIRE)

    async def started(self, **options: object) -> FakeMessage:
        """Alice (Black, to move first) challenges Bob to 武士将棋 here and Bob accepts; then
        time passes, so in the group DM nothing but a click can redraw the board."""
        record = await self.slash(
            "bushi challenge", self.alice, opponent=self.bob, colour="black", **options
        )
        board = record.message
        assert board is not None
        await self.click(board, self.bob, label="Accept")
        assert board.selects(), "Alice's drops are offered"
        self.later()
        return board


@pytest.fixture(params=["group DM", "server channel"])
def table(request: pytest.FixtureRequest) -> Table:
    if request.param == "group DM":
        group: Friends = request.getfixturevalue("friends")
        return Table("group DM", group, group.group)
    world: World = request.getfixturevalue("world")
    return Table("server channel", world, world.channel)


@dataclass(frozen=True)
class AsSeen:
    """A control as a player saw it on a board at one moment, clicked later as it was then
    (Discord sends the message as the client showed it; the bot takes a click whose control
    left the message since)."""

    message: JSON
    custom_id: str
    value: str | None  # a menu's chosen value; None: a button

    @classmethod
    def menu(cls, board: FakeMessage) -> AsSeen:
        menu = board.selects()[0]
        return cls(copy.deepcopy(board.payload()), menu["custom_id"], menu["options"][0]["value"])

    @classmethod
    def button(cls, board: FakeMessage, label: str) -> AsSeen:
        button = board.find_component(label=label, type=2)
        return cls(copy.deepcopy(board.payload()), button["custom_id"], None)

    async def click(self, table: Table, board: FakeMessage, user: FakeUser) -> None:
        data: JSON = {"custom_id": self.custom_id, "component_type": 2}
        if self.value is not None:
            data = {"custom_id": self.custom_id, "component_type": 3, "values": [self.value]}

        def as_seen(payload: JSON) -> None:
            payload["message"] = self.message

        record = await table.fake.raw_interaction(
            user=user, channel=table.channel, data=data, source_message=board, shape=as_seen
        )
        await table.settle(record)


async def away_and_back(table: Table, board: FakeMessage) -> None:
    """Alice goes away for a day (her clock stops) and comes back at once."""
    await table.slash("away", table.alice, days=1)
    [answer] = [
        m for m in table.fake.ephemeral_messages(table.alice) if "I'm back now" in str(m.components)
    ]
    await table.click(answer, table.alice, label="I'm back now")
    assert "Welcome back" in table.said_to(table.alice)[-1]


async def adjourned_and_resumed(table: Table, board: FakeMessage) -> None:
    await table.click(board, table.alice, label="Adjourn")
    await table.click(board, table.bob, label="Accept adjournment")
    assert "Adjourned" in board.text
    await table.click(board, table.bob, label="Resume")
    assert "Adjourned" not in board.text


async def note_saved(table: Table, board: FakeMessage) -> None:
    await table.click(board, table.alice, prefix="cn:")
    corner = table.fake.ephemeral_messages(table.alice)[-1]
    opened = await table.fake.click(corner, user=table.alice, label="Write note")
    await opened.wait_response()
    assert opened.modal is not None
    [label] = opened.modal["components"]
    typed = {label["component"]["custom_id"]: "push the left file"}
    await table.settle(await table.fake.submit_modal(opened, typed))
    assert "Note saved" in table.fake.ephemeral_messages(table.alice)[-1].text


async def snapshot_rebuilt(table: Table, board: FakeMessage) -> None:
    """An upgrade changed what 武士将棋's state holds: the start-up rebuilds the snapshot from
    the log (and moves the version on)."""
    db = table.bot.db
    async with db.transaction() as session:
        await session.execute(update(GameRow).where(GameRow.id == 1).values(schema_version=0))
    assert await refresh_old_snapshots(db) == 1


CHANGES: dict[str, Callable[[Table, FakeMessage], Awaitable[None]]] = {
    "away and back": away_and_back,
    "an adjournment resumed": adjourned_and_resumed,
    "a note": note_saved,  # kept beside the game: its row does not even change
    "a snapshot rebuilt": snapshot_rebuilt,
}


@pytest.mark.parametrize("change", list(CHANGES))
async def test_a_click_on_the_position_as_it_is_is_played(table: Table, change: str) -> None:
    board = await table.started()
    seen = AsSeen.menu(board)  # Alice's drops, as her screen shows them
    before = await table.game()
    await CHANGES[change](table, board)
    moved = await table.game()
    assert moved.ply == before.ply == 0
    assert moved.version > before.version or change == "a note"

    await seen.click(table, board, table.alice)
    assert (await table.game()).ply == 1, f"refused: {table.said_to(table.alice)[-1:]}"
    assert not any(STALE in text for text in table.said_to(table.alice))
    assert "Black placed the cube" in board.text


async def test_a_resume_clicked_after_a_sealed_move_plays_it(table: Table) -> None:
    board = await table.started(clock="3600")
    await table.click(board, table.alice, label="Adjourn")
    await table.click(board, table.bob, label="Accept adjournment")
    resume = AsSeen.button(board, "Resume")  # Bob's screen, before Alice seals
    table.later()
    await table.select_first(board, table.alice)
    assert "You sealed" in table.said_to(table.alice)[-1]
    game = await table.game()
    assert game.ply == 0 and game.pause is not None and game.pause.get("sealed")

    await resume.click(table, board, table.bob)
    game = await table.game()
    assert game.ply == 1 and game.held_since is None, table.said_to(table.bob)[-1:]
    assert not any(STALE in text for text in table.said_to(table.bob))
    assert "Black placed the cube" in board.text and "Adjourned" not in board.text


async def test_a_click_made_before_a_move_is_stale_and_shows_the_board_as_it_is(
    table: Table,
) -> None:
    board = await table.started()
    seen = AsSeen.menu(board)
    await table.select_first(board, table.alice)  # her move
    assert "Black placed the cube" in board.text and (await table.game()).ply == 1
    shown = board.edit_count

    await seen.click(table, board, table.alice)  # her double click, from the board as it was
    assert STALE in table.said_to(table.alice)[-1]
    assert (await table.game()).ply == 1
    assert board.edit_count > shown  # redrawn where she clicked: Bob is to move
    assert f"To move: <@{table.bob.id}>" in board.text


async def test_a_control_drawn_before_positions_decided_is_judged_by_its_version(
    world: World,
) -> None:
    """A board posted by an older release carries the game's version: clicked at that version
    it is played; once anything moved the game on since, it is stale (as it always was)."""
    table = Table("server channel", world, world.channel)
    board = await table.started()
    game = await table.game()

    def old_release(board: FakeMessage, version: int) -> AsSeen:
        seen = AsSeen.menu(board)
        token = f":p{game.ply}:"
        text = json.dumps(seen.message).replace(token, f":{version}:")
        return AsSeen(json.loads(text), seen.custom_id.replace(token, f":{version}:"), seen.value)

    stale = old_release(board, game.version - 1)
    await stale.click(table, board, table.alice)
    assert STALE in table.said_to(table.alice)[-1] and (await table.game()).ply == 0
    await old_release(board, game.version).click(table, board, table.alice)
    assert (await table.game()).ply == 1 and "Black placed the cube" in board.text


async def test_a_timed_out_games_board_shows_the_result_at_its_next_click(
    friends: Friends,  # noqa: F811 - the fixture imported above
) -> None:
    table = Table("group DM", friends, friends.group)
    board = await table.started(clock="3600")
    table.clock.advance(minutes=61)
    table.fake.advance(61 * 60)
    await table.bot.clock_tick()
    await table.bot.asobiba.activity.wait_idle()
    assert (await table.game()).status is GameStatus.FINISHED
    assert board.selects() and "To move" in board.text  # out of reach: as it was, for now

    await table.select_first(board, friends.alice)
    assert "This game has ended since you looked" in table.said_to(friends.alice)[-1]
    assert "🏆" in board.text and "time out" in board.text
    assert board.selects() == [] and "To move" not in board.text
    assert not [c for c in board.custom_ids() if c.split(":")[0] in ("g", "gs", "rs", "adj")]
