"""A corrupted snapshot row: the game is rebuilt from its event log where possible, says it is
damaged where not, and every other game keeps working — on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from bot.db import Database, GameEventRow, GameRow
from bot.services.errors import GameDamaged
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng
from tests.conftest import FakeClock


async def played_game(service: GameService) -> int:
    challenge = await service.starts.challenge(
        "bushi", Player(1, "a"), Player(2, "b"), challenger_seat=0
    )
    game = (await service.starts.accept(challenge.game.id, 2)).game
    for user in (1, 2):
        code = game.rules.format(game.rules.legal_actions(game.state, game.seats_to_act[0].seat)[0])
        game = (await service.actions.act(game.id, user, game.version, code)).game
    return game.id


async def corrupt(db: Database, game_id: int, *, log_too: bool = False) -> None:
    """Damage the row behind the bot's back. The version stays, so a process already holding
    the game at that version keeps its own decoded copy (and its next write replaces the
    damage); the tests read it with a fresh service, as a restarted bot would."""
    async with db.transaction() as session:
        await session.execute(
            update(GameRow).where(GameRow.id == game_id).values(state={"game": "bushi", "x": 1})
        )
        if log_too:
            await session.execute(
                update(GameEventRow)
                .where(GameEventRow.game_id == game_id, GameEventRow.ply == 1)
                .values(action="garbage")
            )


async def test_a_damaged_snapshot_is_rebuilt_from_the_log(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(1))
    damaged, other = await played_game(service), await played_game(service)
    before = await service.queries.get(damaged)
    await corrupt(db, damaged)
    service = GameService(db, clock=clock)
    rebuilt = await service.queries.get(damaged)
    assert rebuilt.state == before.state
    # It plays on; the repaired snapshot was written back.
    seat = rebuilt.seats_to_act[0]
    code = rebuilt.rules.format(rebuilt.rules.legal_actions(rebuilt.state, seat.seat)[0])
    after = (await service.actions.act(damaged, seat.user_id, rebuilt.version, code)).game
    assert after.ply == before.ply + 1
    assert await service.queries.rebuild_state(damaged) == after.state
    assert (await service.queries.get(other)).status == "active"


async def test_a_game_beyond_repair_says_so_and_others_keep_working(
    db: Database, clock: FakeClock
) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(2))
    damaged, other = await played_game(service), await played_game(service)
    await corrupt(db, damaged, log_too=True)
    service = GameService(db, clock=clock)
    with pytest.raises(GameDamaged) as refused:
        await service.queries.get(damaged)
    assert "damaged" in refused.value.message("en") and "壊れて" in refused.value.message("ja")
    with pytest.raises(GameDamaged):
        await service.actions.act(damaged, 1, None, "resign")
    # Lists still show it (they never decode a state); the other game plays on.
    listed = await service.queries.list_games(1)
    assert {g.id for g in listed} == {damaged, other}
    game = await service.queries.get(other)
    seat = game.seats_to_act[0]
    code = game.rules.format(game.rules.legal_actions(game.state, seat.seat)[0])
    assert (
        await service.actions.act(other, seat.user_id, game.version, code)
    ).game.ply == game.ply + 1
