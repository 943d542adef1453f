"""Puzzle ratings by Glicko-2: the published example, and through the service a new player
moving far, a settled one little, and a puzzle's own rating settling the same way."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db import Database
from bot.db.models import PuzzleRatingRow
from bot.services.games import GameService
from bot.services.glicko2 import Glicko, answer, rate
from bot.services.puzzles import PuzzleService
from rules.core import Rng
from tests.conftest import FakeClock

#: A settled rating's answer may move it this far at most.
SETTLED_MOVE = 40.0


def test_glickmans_published_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): 1500 / 200 / 0.06 against
    # 1400 / 30 (won), 1550 / 100 (lost) and 1700 / 300 (lost), τ = 0.5.
    after = rate(
        Glicko(1500, 200, 0.06),
        [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)],
        tau=0.5,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_rating_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Glicko(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert after.deviation == pytest.approx(100.54, abs=0.01)  # √(φ² + σ²)


def test_a_new_player_moves_far_and_the_puzzle_little_when_the_puzzle_is_settled() -> None:
    player, puzzle = answer(Glicko(), Glicko(1500, 60, 0.06), solved=True)
    assert player.rating - 1500 > 100
    # Solved: the puzzle "lost", but it was settled, so it barely moves.
    assert 0 < 1500 - puzzle.rating < SETTLED_MOVE / 4


@pytest.fixture
def service(db: Database, clock: FakeClock) -> PuzzleService:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    return PuzzleService(db, clock, games.starts.secrets)


async def test_a_settled_players_answer_moves_them_at_most_forty(service: PuzzleService) -> None:
    user, moves = 9001, []
    for n in range(40):
        ref = await service.next_for(user, "bushi")
        solved = n % 3 != 0
        code = ref.puzzle.answers[0] if solved else _wrong(service, ref)
        verdict = await service.answer(user, None, ref, code)
        assert verdict.counted and verdict.correct == solved
        assert verdict.rating_before is not None and verdict.rating_after is not None
        moves.append(abs(verdict.rating_after - verdict.rating_before))
    assert moves[0] > 100  # a new player's first answer counts for a lot
    assert max(moves[-15:]) <= SETTLED_MOVE
    _, deviation = await service.player_rating(user, "bushi")
    assert deviation < 100


async def test_a_puzzles_rating_settles_as_players_answer_it(
    service: PuzzleService, db: Database
) -> None:
    first = await service.next_for(1, "bushi")
    changes = []
    for user in range(1, 41):
        ref = await service.find("bushi", first.puzzle.id)
        solved = user % 2 == 0
        code = ref.puzzle.answers[0] if solved else _wrong(service, ref)
        await service.answer(user, None, ref, code)
        after = await service.find("bushi", first.puzzle.id)
        changes.append(abs(after.rating - ref.rating))
    assert changes[0] > 100
    assert max(changes[-15:]) <= SETTLED_MOVE
    async with db.read() as session:
        row = await session.scalar(
            select(PuzzleRatingRow).where(PuzzleRatingRow.puzzle == f"bushi:{first.puzzle.id}")
        )
    assert row is not None and row.attempts == 40 and row.solved == 20
    assert row.rating_deviation is not None and row.rating_deviation < 100


def _wrong(service: PuzzleService, ref: object) -> str:
    from bot.services.puzzles import PuzzleRef

    assert isinstance(ref, PuzzleRef)
    state = ref.puzzle.position(ref.book.rules)
    return next(c for c in ref.book.choices(ref.puzzle, state) if c not in ref.puzzle.answers)


async def test_a_first_daily_answered_wrong_has_no_streak_and_no_best(
    service: PuzzleService,
) -> None:
    ref = await service.daily(None, "bushi")
    verdict = await service.answer(9002, None, ref, _wrong(service, ref))
    assert verdict.counted and not verdict.correct
    assert (verdict.streak, verdict.best_streak, verdict.streak_lost) == (0, 0, 0)
