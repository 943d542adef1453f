"""A tournament game's board label — the tournament, and the round or deal — read from the
database once per game and process, so redrawing a board on every move costs no query."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.db import Database
from bot.services.tournament_snapshots import BoardLabel
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    GUILD,
    PLAYERS,
    Services,
    active_games,
    create,
    enter,
    services,
)


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


def count_reads(s: Services, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    read = s.tournaments.queries.db.read

    @asynccontextmanager
    async def counted() -> AsyncIterator[Any]:
        reads.append(1)
        async with read() as session:
            yield session

    monkeypatch.setattr(s.tournaments.queries.db, "read", counted)
    return reads


async def test_a_round_game_is_labelled_once(s: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    t = await create(s, format="swiss", rounds=2)
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    game_id = (await active_games(s.games, t.id))[0]
    reads = count_reads(s, monkeypatch)
    first = await s.tournaments.queries.board_label(game_id, t.id)
    assert first == BoardLabel(t.id, "Autumn league", False, 1, 2)
    for _ in range(3):
        assert await s.tournaments.queries.board_label(game_id, t.id) == first
    assert len(reads) == 1
    # A game that is no round's game has no label (and is not kept).
    assert await s.tournaments.queries.board_label(10**6, t.id) is None


async def test_a_deal_is_labelled_with_its_number(s: Services) -> None:
    t = await create(s, "yosukou", rounds=3, settings={"variant": "simplified"})
    await enter(s, t.id, 2)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    deal = await s.tournaments.actions.play(t.id, GUILD, PLAYERS[1])
    label = await s.tournaments.queries.board_label(deal.result.game.id, t.id)
    assert label == BoardLabel(t.id, "Autumn league", True, 1, 3)
