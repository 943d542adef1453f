"""A player's mark (``bot.db.marks``): what names their web page, kept on disk under it. It
must move on whenever the page may change — a move in one of their games, a result, a puzzle,
hiding their results, a deletion — and stay put while nothing does (on SQLite and
PostgreSQL: each store reads it in plain statements of its own)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.db import Database
from bot.db.models import PuzzleStatRow
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.privacy import PrivacyService
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.web import reading
from bot.web.reading import WebReader
from rules.core import Rng
from tests.conftest import FakeClock
from tests.web.conftest import ALICE, BOB, CAROL, bushi_finished, senretsu_running


async def test_a_players_mark_moves_on_whenever_their_page_may(
    db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(11))
    reader = WebReader(db, clock)
    everyone = [ALICE.user_id, BOB.user_id, CAROL.user_id, 0, -5]
    assert await reader.player_marks(everyone) == {}  # nobody has played: no page
    await bushi_finished(games)
    first = await reader.player_marks(everyone)
    assert sorted(first) == [ALICE.user_id, BOB.user_id]  # Carol never played
    assert await reader.player_marks(everyone) == first  # nothing changed: the same
    assert await reader.player_marks([BOB.user_id]) == {BOB.user_id: first[BOB.user_id]}
    monkeypatch.setattr(reading, "MARKS_AT_ONCE", 1)  # a player a statement: the same marks
    assert await reader.player_marks(everyone) == first

    # Bob hides his results: his mark moves on, Alice's stays.
    await StandingsService(db, clock).set_prefs(BOB.user_id, hide_stats=True)
    hidden = await reader.player_marks(everyone)
    assert hidden[ALICE.user_id] == first[ALICE.user_id]
    assert hidden[BOB.user_id] != first[BOB.user_id]

    # Shown, then hidden again: never the mark it was (a page read while he showed them was
    # kept under the mark it was made for, and must not be answered now).
    clock.advance(seconds=1)
    await StandingsService(db, clock).set_prefs(BOB.user_id, hide_stats=False)
    clock.advance(seconds=1)
    await StandingsService(db, clock).set_prefs(BOB.user_id, hide_stats=True)
    again = await reader.player_marks(everyone)
    assert again[BOB.user_id] not in (hidden[BOB.user_id], first[BOB.user_id])
    hidden = again

    # A game of theirs moves (their pace, their latest games): both move on.
    await senretsu_running(games, 2)
    moved = await reader.player_marks(everyone)
    assert all(moved[user] != hidden[user] for user in (ALICE.user_id, BOB.user_id))

    # A puzzle answered: Alice's.
    async with db.transaction() as session:
        session.add(
            PuzzleStatRow(
                user_id=ALICE.user_id,
                game_key="bushi",
                guild_id=0,
                attempted=1,
                solved=1,
                updated_at=datetime(2026, 1, 1, tzinfo=UTC),
            )
        )
    puzzled = await reader.player_marks(everyone)
    assert puzzled[ALICE.user_id] != moved[ALICE.user_id]
    assert puzzled[BOB.user_id] == moved[BOB.user_id]


async def test_a_deleted_player_has_no_mark(db: Database, clock: FakeClock) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(11))
    reader = WebReader(db, clock)
    await bushi_finished(games)
    before = await reader.player_marks([ALICE.user_id, BOB.user_id])
    standings = StandingsService(db, clock)
    privacy = PrivacyService(
        db, games, TournamentService(games, GuildService(db, clock)), standings
    )
    assert await privacy.forget(BOB.user_id) is not None
    after = await reader.player_marks([ALICE.user_id, BOB.user_id])
    assert list(after) == [ALICE.user_id]
    # Her game moved on (its seat handed to a former player): her page is made again too.
    assert after[ALICE.user_id] != before[ALICE.user_id]
