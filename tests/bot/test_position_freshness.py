"""The position decides freshness, and every copy of a board knows its place — through the fake
Discord, in a group DM where only Alice installed Asobiba (the bot edits a board there only
through an interaction on it, for 15 minutes) and in a server channel.

A click made against the position the game is at is played whatever else moved the game's row
on since: time off and back, an adjournment resumed, a note, a sealed move, a snapshot rebuilt
on upgrade. A move since makes it stale: refused, and the board where it was clicked shows the
game as it is. A board posted again leaves older copies behind: those an interaction still
holds are closed at once (no buttons, a link to the newest board), the others at their next
click, and the end of the game reaches every copy the bot can still edit."""

from __future__ import annotations

import copy
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import Any

import pytest
from sqlalchemy import update

from bot.db import GameRow
from bot.services.snapshot_refresh import refresh_old_snapshots
from bot.services.snapshots import GameSnapshot
from bot.statuses import GameStatus
from tests.bot.harness import World
from tests.bot.test_play_anywhere import Friends, friends  # noqa: F401 - a fixture
from tests.fakediscord import FakeChannel, FakeMessage, FakeUser
from tests.fakediscord.models import JSON

STALE = "The board has changed"
#: Longer than an interaction token lives: nothing can edit a group DM's board after it.
TOKENS_EXPIRE = 20 * 60


@dataclass
class Table(Friends):
    """Alice and Bob in a conversation: the group DM of ``friends``, or the server channel of
    ``world`` (as ``group``)."""

    place: str = "group DM"

    @classmethod
    def of(cls, source: Friends | World) -> Table:
        if isinstance(source, Friends):
            return cls(*(getattr(source, f.name) for f in fields(Friends)))
        world = source
        return cls(
            world.fake,
            world.bot,
            world.clock,
            world.db_url,
            world.alice,
            world.bob,
            world.carol,
            world.channel,
            "server channel",
        )

    @property
    def channel(self) -> FakeChannel:
        return self.group

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
    return Table.of(request.getfixturevalue("friends" if request.param == "group DM" else "world"))


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
    the log, keeping the version (the position is the log's)."""
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
    # A note is kept beside the game and a rebuilt snapshot holds the same position: those two
    # leave the version; the rest move it on without a move.
    assert (moved.version > before.version) == (change not in ("a note", "a snapshot rebuilt"))

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
    table = Table.of(world)
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
    table = Table.of(friends)
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


async def test_games_in_a_channel_closes_the_copy_it_replaces(world: World) -> None:
    """/games posts a board again in a channel the bot is in: the copy it replaces is closed
    at once (edited through REST), and shows the result when the game ends."""
    table = Table.of(world)
    old = await table.started()
    record = await table.slash("games", world.alice)
    listing = world.fake.ephemeral_messages(world.alice)[-1]
    menu = listing.selects()[0]
    record = await world.fake.select(listing, menu["custom_id"], ["1"], user=world.alice)
    await table.settle(record)
    fresh = world.fake.message((await table.game()).message_id)  # type: ignore[arg-type]
    assert fresh.id != old.id and fresh.selects()
    assert old.custom_ids() == [] and f"/{fresh.id})" in old.text
    assert "To move" not in old.text

    await table.click(fresh, world.alice, label="Resign")
    await table.click(world.fake.ephemeral_messages(world.alice)[-1], world.alice, prefix="g:")
    assert "🏆" in fresh.text and "🏆" in old.text and old.custom_ids() == []


LIVE = ("g", "gs", "rs", "adj", "hand", "hint", "cn")


def live_controls(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.split(":")[0] in LIVE]


async def test_a_move_on_an_older_copy_plays_nothing_and_closes_it(
    friends: Friends,  # noqa: F811 - the fixture imported above
) -> None:
    """/games brings the board here again while nothing can edit the old one: the old copy
    still looks live, but a move made on it is not played — it is closed there, and Alice is
    told where the game goes on."""
    table = Table.of(friends)
    old = await table.started()
    await table.slash("games", friends.alice)
    listing = friends.fake.ephemeral_messages(friends.alice)[-1]
    menu = listing.selects()[0]
    await table.settle(
        await friends.fake.select(listing, menu["custom_id"], ["1"], user=friends.alice)
    )
    fresh = friends.fake.message((await table.game()).message_id)  # type: ignore[arg-type]
    assert fresh.id != old.id and live_controls(old)

    await table.select_first(old, friends.alice)
    assert (await table.game()).ply == 0
    told = table.said_to(friends.alice)[-1]
    assert "older copy" in told and f"/{fresh.id}" in told
    assert live_controls(old) == [] and f"/{fresh.id})" in old.text and "To move" not in old.text
    await table.select_first(fresh, friends.alice)
    assert (await table.game()).ply == 1 and "Black placed the cube" in fresh.text


async def test_a_senretsu_game_in_a_group_dm_leaves_no_live_copy(
    friends: Friends,  # noqa: F811 - the fixture imported above
) -> None:
    """戦列札 is played in private panels; a move made there when nothing can edit the board
    any more posts the board afresh. Each copy it leaves is closed: at once where an
    interaction still holds it, else at its next click; the end reaches every copy held."""
    fake = friends.fake
    table = Table.of(friends)
    record = await table.slash("senretsu challenge", friends.alice, opponent=friends.bob)
    first = record.message
    assert first is not None
    await table.click(first, friends.bob, label="Accept")

    async def current() -> GameSnapshot:
        return await table.game()

    async def board() -> FakeMessage:
        return fake.message((await current()).message_id)  # type: ignore[arg-type]

    async def panel_step() -> None:
        """Whoever is to act does what their hand asks (janken: each, until one picked)."""
        game = await current()
        for info in game.seats_to_act:
            user = friends.alice if info.user_id == friends.alice.id else friends.bob
            await friends.do_as_the_panel_asks(await board(), user)
            if (await current()).ply != game.ply:
                return

    async def moved_on() -> FakeMessage:
        """Panel steps until one posts the board afresh; that new copy."""
        shown = (await current()).message_id
        for _ in range(40):
            await panel_step()
            if (await current()).message_id != shown:
                return await board()
        raise AssertionError("the board was never posted afresh")

    while (await current()).state.phase == "janken":
        await panel_step()
    table.later()
    second = await moved_on()  # held by the panel click that posted it
    # Bob brings the board here with /games: the copy it replaces is still held, so it is
    # closed at once; the first board, out of reach, still looks live for now.
    fake.install_for_user(friends.bob)
    await table.slash("games", friends.bob)
    listing = fake.ephemeral_messages(friends.bob)[-1]
    menu = listing.selects()[0]
    await table.settle(await fake.select(listing, menu["custom_id"], ["1"], user=friends.bob))
    third = await board()
    assert third.id not in (first.id, second.id)
    assert live_controls(second) == [] and "To move" not in second.text
    assert f"/{third.id})" in second.text
    assert live_controls(first) and "To move" in first.text

    # Later, a click on the first board closes it (nothing is played) and says where the
    # game is; that click holds it now.
    table.later()
    ply = (await current()).ply
    await table.click(first, friends.alice, prefix="hand:")
    assert f"/{third.id}" in table.said_to(friends.alice)[-1]
    assert live_controls(first) == [] and "To move" not in first.text
    assert (await current()).ply == ply
    fourth = await moved_on()

    # Alice resigns on the newest board: the copies still held show the result (the first,
    # held by her click; the newest); the third, out of reach, is closed at its next click.
    await table.click(fourth, friends.alice, prefix="rs:")
    await table.click(fake.ephemeral_messages(friends.alice)[-1], friends.alice, prefix="g:")
    assert (await current()).status is GameStatus.FINISHED
    assert "🏆" in fourth.text and "🏆" in first.text
    assert live_controls(third) and "To move" in third.text
    await table.click(third, friends.bob, prefix="rs:")
    assert "🏆" in third.text and live_controls(third) == []
    copies = [
        m for m in fake.visible_messages(friends.group, friends.carol) if m.text.startswith("###")
    ]
    assert {first.id, second.id, third.id, fourth.id} <= {m.id for m in copies}
    for copy_ in copies:
        assert live_controls(copy_) == [] and "To move" not in copy_.text, copy_.text
