"""One shape for a game: the snapshot a front end gets holds every column its record holds,
however it was made — read by the store, loaded by the ORM, or worked out after a move's write
without reading again — and the game after a move is the game read again."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import joinedload

from bot.db import Database, GameRow
from bot.db.game_columns import GAME
from bot.db.records import GameRecord
from bot.services.adjournment import Adjournments
from bot.services.games import GameService
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import GameSnapshot, GameSummary, Player
from bot.statuses import BoardReach
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")


def a_service(db: Database, clock: FakeClock) -> GameService:
    """A process of its own: nothing held yet."""
    return GameService(db, clock=clock, seed_source=Rng.from_seed(3))


async def started(service: GameService) -> GameSnapshot:
    challenge = await service.starts.challenge(
        "bushi", ALICE, BOB, challenger_seat=0, move_seconds=3600
    )
    return (await service.starts.accept(challenge.game.id, BOB.user_id)).game


async def move(service: GameService, game: GameSnapshot) -> GameSnapshot:
    """The first legal move of whoever is to act, played by ``service``."""
    seat = game.rules.to_act(game.state)[0]
    code = game.rules.format(game.rules.legal_actions(game.state, seat)[0])
    result = await service.actions.act(game.id, game.player(seat).user_id, game.version, code)
    return result.game


def shown(game: GameSummary) -> dict[str, Any]:
    """Every field of ``game``; a decoded state as the rules store it."""
    values = {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}
    if isinstance(game, GameSnapshot) and game.state is not None:
        values["state"] = game.rules.dump(game.state)
    return values


def assert_same_game(after_write: GameSnapshot, read_again: GameSnapshot) -> None:
    assert after_write.version == read_again.version
    got, expected = shown(after_write), shown(read_again)
    for name in expected:
        assert got[name] == expected[name], f"after the write, {name} is {got[name]!r}"


def assert_holds_record(game: GameSummary, record: GameRecord, path: str) -> None:
    """Every field of ``record`` reaches ``game``: the columns by name, the outcome both as
    stored and decoded, the seats as they are, the state (if any) decoded."""
    for field in dataclasses.fields(record):
        value = getattr(record, field.name)
        if field.name == "outcome":
            assert game.raw_outcome == value, f"{path}: outcome"
            assert (game.outcome is None) == (value is None), f"{path}: outcome decoded"
        elif field.name == "state":
            if isinstance(game, GameSnapshot) and game.state is not None:
                assert game.rules.dump(game.state) == value, f"{path}: state"
        else:
            assert getattr(game, field.name) == value, f"{path}: {field.name}"


async def test_every_record_field_reaches_the_snapshot(db: Database, clock: FakeClock) -> None:
    service = a_service(db, clock)
    game = await move(service, await started(service))
    # Adjourned (its clock stopped), then resigned: the write ends the stop too.
    adjournments = Adjournments(service, DeploymentSecrets(db, clock))
    game = await adjournments.ask(game.id, ALICE.user_id, game.version)
    game = await adjournments.answer(game.id, BOB.user_id, game.version, accept=True)
    assert game.held_since is not None and game.pause is not None
    clock.advance(minutes=5)
    finished = await service.actions.act(game.id, ALICE.user_id, game.version, "resign")
    record = await db.store.read(game.id)
    assert record is not None and record.outcome is not None and record.seats is not None
    # Read by another process (nothing held), by the store.
    assert_holds_record(await a_service(db, clock).queries.get(game.id), record, "read")
    assert_holds_record(finished.game, record, "after the write")
    # Loaded by the ORM (lists, clocks), with its state and without.
    async with db.read() as session:
        row = await session.scalar(
            select(GameRow).where(GameRow.id == game.id).options(joinedload(GameRow.seats))
        )
        assert row is not None
        assert_holds_record(GameSnapshot.from_row(row), record, "ORM")
        assert_holds_record(GameSummary.summary_of(row), record, "ORM summary")


async def test_the_game_after_a_move_is_the_game_read_again(db: Database, clock: FakeClock) -> None:
    playing = a_service(db, clock)
    game = await move(playing, await started(playing))
    # What changes without the version while the game is held here: its board posted
    # elsewhere, a turn ping recorded, a plan made, reminders sent (as the clock sends them).
    async with db.transaction() as session:
        await session.execute(
            update(GAME)
            .where(GAME.c.id == game.id)
            .values(
                channel_id=7001,
                message_id=7002,
                board_reach=BoardReach.INTERACTION,
                ping_message_id=7003,
                planners=1,
                reminders_sent=2,
            )
        )
    clock.advance(minutes=1)
    # Played here, on the game held since before those changes...
    game = await move(playing, game)
    assert_same_game(game, await a_service(db, clock).queries.get(game.id))
    async with db.transaction() as session:
        await session.execute(update(GAME).where(GAME.c.id == game.id).values(reminders_sent=1))
    clock.advance(minutes=1)
    # ... and by another process, which reads it first: the move restarts the deadline, and
    # the reminders count from zero again.
    elsewhere = a_service(db, clock)
    after = await move(elsewhere, await elsewhere.queries.get(game.id))
    assert after.reminders_sent == 0
    assert_same_game(after, await a_service(db, clock).queries.get(game.id))


async def test_a_challenge_called_off_is_the_challenge_read_again(
    db: Database, clock: FakeClock
) -> None:
    service = a_service(db, clock)
    challenge = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    assert challenge.game.expires_at is not None
    clock.advance(minutes=1)
    # Called off by the platform: no result, nobody to act, and no expiry left.
    after = await service.actions.abort_by_platform(challenge.game.id, challenge.game.version)
    assert after.expires_at is None
    assert_same_game(after, await a_service(db, clock).queries.get(after.id))
