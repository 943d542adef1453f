"""What a committed change owes people reaches them whatever happens after the commit: the
bot dying at once (the move, an accepted challenge, an open challenge taken, a resignation, a
loss on time, a clock stopped or restarted by away mode, a tournament round's start), or
Discord failing to take the board's edit for a while. Each on SQLite and on PostgreSQL.

A "crash" here is the process stopping right after the service committed: nothing of the
front end's work after it runs (the player's click is left unanswered, as a kill leaves it);
the next process, on the same database, delivers what it finds owed as it starts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.bot.busy_database import database_busy
from tests.bot.harness import World, challenge, click, until
from tests.bot.test_discord_open_challenge import open_challenge
from tests.bot.test_discord_tournament_play import paired_event, round_boards
from tests.fakediscord import FakeMessage, InteractionRecord

#: The bot's own edits of its messages (boards redrawn from afar).
BOT_EDITS = r"/channels/[0-9]+/messages/[0-9]+$"


@pytest.fixture
def world(world_on_both: World) -> World:
    return world_on_both


def pings_to(world: World, user_id: int) -> list[FakeMessage]:
    """Every message ever posted in the channel that mentions ``user_id`` but the boards
    (deleted ones too: a ping replaced by the next turn's still went out)."""
    return [
        m
        for m in world.fake.messages_in(world.channel, include_deleted=True)
        if f"<@{user_id}>" in m.text and not m.selects() and not m.buttons()
    ]


def crash_after_commit(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, the process "dies" the moment a player's change has committed."""

    async def dead(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(world.bot.flows.playing, "_publish", dead)


async def started(world: World) -> FakeMessage:
    """A 武士将棋 game between Alice (to move) and Bob, in plain text, with Alice's turn ping."""
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()) and bool(pings_to(world, world.alice.id)))
    return board


async def drop_first(world: World, board: FakeMessage) -> None:
    menu = board.selects()[0]
    record = await world.fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice
    )
    await record.wait_complete()


async def restart_and_settle(world: World) -> None:
    """A new process on the same database, once its start-up delivery is over."""
    await world.restart()
    # As the start-up pass does (if it has not begun yet): each delivery is taken by one.
    await world.bot.deliver_owed(starting=True)
    assert await world.bot.asobiba.activity.wait_idle()


async def test_a_move_committed_as_the_bot_dies_is_shown_and_pinged_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await started(world)
    crash_after_commit(world, monkeypatch)
    await drop_first(world, board)
    assert "Black placed the cube" not in board.text  # nothing after the commit ran
    assert pings_to(world, world.bob.id) == []
    await restart_and_settle(world)
    await until(world, lambda: "Black placed the cube" in board.text)
    [ping] = pings_to(world, world.bob.id)
    assert f"/{board.id}" in ping.text
    # Delivered, so settled: another pass, and another start, tell nobody again.
    await world.bot.deliver_owed()
    await restart_and_settle(world)
    assert len(pings_to(world, world.bob.id)) == 1


async def test_an_accepted_challenge_committed_as_the_bot_dies_starts_on_its_board(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    crash_after_commit(world, monkeypatch)
    await click(world, board, world.bob, label="Accept")
    assert "Accept" in {b["label"] for b in board.buttons()}
    await restart_and_settle(world)
    await until(world, lambda: bool(board.selects()))
    assert "Accept" not in {b["label"] for b in board.buttons()}
    [ping] = pings_to(world, world.alice.id)
    assert f"/{board.id}" in ping.text  # Alice, to move, is told, with the board's link


async def test_an_open_challenge_taken_as_the_bot_dies_starts_on_its_board(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await open_challenge(world.fake, world.alice, world.channel)
    crash_after_commit(world, monkeypatch)
    await click(world, board, world.bob, label="Take it")
    assert "Take it" in {b["label"] for b in board.buttons()}  # nothing after the commit ran
    assert pings_to(world, world.alice.id) == []
    await restart_and_settle(world)
    await until(world, lambda: bool(board.selects()))
    assert "Take it" not in {b["label"] for b in board.buttons()}
    assert f"<@{world.bob.id}>" in board.text and "anyone" not in board.text
    [ping] = pings_to(world, world.alice.id)
    assert f"/{board.id}" in ping.text  # Alice, to move, is told, with the board's link


async def test_clocks_stopped_and_restarted_as_the_bot_dies_are_shown_at_the_restart(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/away and "I'm back now" each commit the games' clocks with their redraws owed; the bot
    dies before it shows them, and the next one does."""
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)

    async def dead(notices: object) -> None:
        return None

    monkeypatch.setattr(world.bot.flows.clock_notices, "announce", dead)
    record = await world.fake.slash(
        "away", user=world.alice, channel=world.channel, options={"days": 3}
    )
    await record.wait_complete()
    assert "is away until" not in board.text
    await restart_and_settle(world)
    await until(world, lambda: "alice is away until" in board.text)
    assert "the clock is stopped" in board.text

    monkeypatch.setattr(world.bot.flows.clock_notices, "announce", dead)
    [answer] = [
        m for m in world.fake.ephemeral_messages(world.alice) if "I'm back now" in str(m.components)
    ]
    await click(world, answer, world.alice, label="I'm back now")
    assert "alice is away until" in board.text
    await restart_and_settle(world)
    await until(world, lambda: "alice is away" not in board.text and "per move" in board.text)
    assert await world.bot.deliver_owed() == 0  # delivered, so settled


async def test_a_resignation_committed_as_the_bot_dies_ends_the_game_on_its_board(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await started(world)
    await click(world, board, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    crash_after_commit(world, monkeypatch)
    await click(world, confirm, world.bob, prefix="g:")
    assert "🏆" not in board.text
    await restart_and_settle(world)
    await until(world, lambda: "🏆" in board.text and "resignation" in board.text)
    results = [m for m in pings_to(world, world.alice.id) if "is over" in m.text]
    assert len(results) == 1


async def test_a_loss_on_time_claimed_as_the_bot_dies_is_shown_and_told_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)
    world.clock.advance(minutes=61)

    async def dead(notices: object) -> None:
        return None

    monkeypatch.setattr(world.bot.flows.clock_notices, "announce", dead)
    await world.bot.clock_tick()  # claimed (the game is lost on time), then the bot dies
    assert "time out" not in board.text
    await restart_and_settle(world)
    await until(world, lambda: "time out" in board.text)
    over = [
        m
        for m in world.fake.messages_in(world.channel, include_deleted=True)
        if re.search("is over", m.text)
    ]
    assert len(over) == 1


async def test_boards_are_right_soon_after_an_outage_of_message_edits(world: World) -> None:
    """Boards redrawn from afar (here: two games lost on time) while Discord answers every
    edit with 503: each waits and tries again, and all are right within ten seconds of
    Discord's return, their results told once."""
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    boards = []
    for _ in range(2):
        board = await challenge(world, clock="3600")
        await click(world, board, world.bob, label="Accept")
        await until(world, lambda b=board: "1 hour per move" in b.text)  # type: ignore[misc]
        boards.append(board)
    world.fake.inject_error("PATCH", BOT_EDITS, status=503, count=10_000)
    world.clock.advance(minutes=61)
    await world.bot.clock_tick()
    assert await world.bot.asobiba.activity.wait_idle()
    assert not any("time out" in b.text for b in boards)  # Discord took no edit
    # The outage goes on (30 s): each try waits longer, and each fails.
    for _ in range(6):
        world.clock.advance(seconds=5)
        await world.bot.deliver_owed()
    assert not any("time out" in b.text for b in boards)
    world.fake.clear_faults()  # Discord is back
    world.clock.advance(seconds=10)  # the longest wait between two tries
    await world.bot.deliver_owed()
    # (The bot's own pass, each second, may have taken them first: it is done when idle.)
    assert await world.bot.asobiba.activity.wait_idle()
    assert all("time out" in b.text for b in boards)
    over = [
        m
        for m in world.fake.messages_in(world.channel, include_deleted=True)
        if "is over" in m.text
    ]
    assert len(over) == 2  # each result told once
    world.clock.advance(minutes=5)
    assert await world.bot.asobiba.activity.wait_idle()
    assert await world.bot.deliver_owed() == 0  # nothing is owed any more


@pytest.mark.parametrize(
    ("command", "options", "control"),
    [("bushi challenge", {"opponent": "bob"}, "Accept"), ("yosukou start", {}, "Resign")],
)
async def test_a_start_is_answered_in_time_while_the_database_is_busy(
    world: World, command: str, options: dict[str, str], control: str
) -> None:
    """The database stays busy until the command has been answered: the bot answers with
    "thinking…" while its write waits, and the board follows once the game is written. (The
    lock is held until the answer, not for a time: were the bot to wait for its write before
    answering, the answer would come only after the lock's minute.)"""
    world.fake.response_deadline = 60.0  # the point is the order, not the machine's speed
    sent: list[InteractionRecord] = []
    chosen = {name: world.bob if value == "bob" else value for name, value in options.items()}
    async with database_busy(
        world, lambda: bool(sent) and sent[0].response_type is not None
    ) as held:
        sent.append(
            await world.fake.slash(command, user=world.alice, channel=world.channel, options=chosen)
        )
        record = sent[0]
        await record.wait_response()
        assert record.response_type == 5
    assert held.done and record.responded_at is not None
    assert record.responded_at <= held.released_at  # deferred while the database was busy
    await record.wait_complete()
    assert record.message is not None
    message = record.message
    await until(world, lambda: control in {b["label"] for b in message.buttons()})
    assert world.fake.violations == []
    assert await world.bot.asobiba.activity.wait_idle()
    games = await world.bot.games.queries.list_games(world.alice.id)
    assert [g.message_id for g in games] == [message.id]  # no game without its board


async def test_a_round_started_as_the_bot_dies_has_its_boards_posted_at_the_restart(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def dead(notices: object) -> None:
        return None

    monkeypatch.setattr(world.bot.flows.tournaments, "announce_tournaments", dead)
    await paired_event(world, world.alice)  # the round's games committed; the bot dies
    pairings = (await world.bot.asobiba.services.tournaments.queries.show(1)).pairings
    games = [p.game_id for p in pairings if p.game_id is not None]
    assert len(games) == 2
    for game_id in games:
        assert (await world.bot.games.queries.get(game_id)).message_id is None
    await restart_and_settle(world)
    await until(world, lambda: bool(world.fake.messages_in(world.channel)))
    assert await world.bot.asobiba.activity.wait_idle()
    boards = await round_boards(world)
    assert len(boards) == 2 and all("Autumn league" in b.text for b in boards)
