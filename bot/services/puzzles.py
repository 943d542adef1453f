"""Puzzles without Discord: which puzzle a player gets, the server's daily puzzle, and what an
answer counts (the first answer to a puzzle only: rating, counts and the daily streak).

A player's puzzle rating is kept per game in the ``guild_id = 0`` row of ``puzzle_stat`` (it
follows the player everywhere); the daily streak is kept in the row of the server where the
daily puzzle was answered (0 outside servers). A puzzle is an opponent with its own rating
(``puzzle_rating``), as lichess rates puzzles; both move by Glicko-2 (:mod:`bot.services.glicko2`),
whose deviation lets a new player's (or puzzle's) first answers move it far and a settled
one's little.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import Database
from bot.db.models import PuzzleAttemptRow, PuzzleRatingRow, PuzzleStatRow
from bot.errors import FriendlyError
from bot.games.registry import all_variants, variant_for_key
from bot.games.spec import AnySpec
from bot.services.clock import Clock
from bot.services.glicko2 import START_DEVIATION, START_RATING, START_VOLATILITY, Glicko
from bot.services.glicko2 import answer as rate_answer
from bot.services.secrets import DeploymentSecrets
from bot.text.puzzles import PUZZLE_MESSAGES
from rules.core.fairness import daily_seed
from rules.core.puzzle import Puzzle, PuzzleBook

#: The secret keying each day's puzzles (as the daily deal's, nobody can tell them in advance).
DAILY_PUZZLE_SECRET = "daily-puzzle"
#: A new puzzle's rating by its difficulty (1 easy … 5 hard), until answers move it.
DIFFICULTY_STEP = 200.0


class PuzzleNotFound(FriendlyError):
    default = PUZZLE_MESSAGES["puzzle.unknown"]


class NotAnAnswer(FriendlyError):
    default = PUZZLE_MESSAGES["puzzle.not_an_answer"]


class NoPuzzles(FriendlyError):
    default = PUZZLE_MESSAGES["puzzle.no_puzzles"]


@dataclass(frozen=True, slots=True)
class PuzzleRef:
    """One puzzle of one ranked variant (``yosukou:simplified``), as the player is shown it."""

    game_key: str
    spec: AnySpec
    puzzle: Puzzle
    #: Its rating now (what a player's must be near for it to be offered).
    rating: float
    #: The day (``YYYY-MM-DD``) when it is this server's daily puzzle, else ``None``.
    daily: str | None = None

    @property
    def key(self) -> str:
        """What ``puzzle_attempt`` and ``puzzle_rating`` know it by."""
        return f"{self.game_key}:{self.puzzle.id}"

    @property
    def book(self) -> PuzzleBook:
        assert self.spec.puzzles is not None
        return self.spec.puzzles


@dataclass(frozen=True, slots=True)
class Verdict:
    """What an answer was, and what it counted."""

    correct: bool
    #: The first answer to this puzzle (later ones are practice and count nothing).
    counted: bool
    rating_before: float | None = None
    rating_after: float | None = None
    #: The daily streak after a counted daily answer (0: broken), else ``None``.
    streak: int | None = None
    best_streak: int | None = None
    #: The days of a streak still running until this (wrong) answer ended it; 0 when there
    #: was none to break, so a first wrong answer is not told it broke one.
    streak_lost: int = 0


@dataclass(frozen=True, slots=True)
class PuzzleStanding:
    """A player's puzzles of one ranked variant, as /profile shows them."""

    game_key: str
    #: One rating everywhere (``None``: no first answer counted yet).
    rating: float | None
    attempted: int
    solved: int
    #: The daily-puzzle streak in the server asked about (0 once a day was missed).
    streak: int
    best_streak: int


def puzzle_games() -> list[tuple[AnySpec, str]]:
    """Every ranked variant that has puzzles, as (spec, variant key)."""
    return [
        (spec, variant.key)
        for spec, variant in all_variants()
        if spec.puzzles is not None and _of_variant(spec, variant.key)
    ]


def _of_variant(spec: AnySpec, game_key: str) -> tuple[Puzzle, ...]:
    if spec.puzzles is None:
        return ()
    return tuple(p for p in spec.puzzles.puzzles if spec.variant_of(p.settings).key == game_key)


def starting_rating(puzzle: Puzzle) -> float:
    return START_RATING + (puzzle.difficulty - 3) * DIFFICULTY_STEP


class PuzzleService:
    def __init__(self, db: Database, clock: Clock, secrets: DeploymentSecrets) -> None:
        self.db = db
        self.clock = clock
        self.secrets = secrets

    def today(self) -> str:
        return self.clock().date().isoformat()

    def _puzzles(self, game_key: str) -> tuple[AnySpec, tuple[Puzzle, ...]]:
        found = variant_for_key(game_key)
        if found is None:
            raise NoPuzzles()
        spec, _ = found
        puzzles = _of_variant(spec, game_key)
        if not puzzles:
            raise NoPuzzles()
        return spec, puzzles

    async def _ratings(self, keys: list[str]) -> dict[str, tuple[float, float]]:
        async with self.db.read() as session:
            rows = await session.scalars(
                select(PuzzleRatingRow).where(PuzzleRatingRow.puzzle.in_(keys))
            )
            return {r.puzzle: (r.rating_mu, _glicko(r).deviation) for r in rows}

    async def find(self, game_key: str, puzzle_id: str, daily: str | None = None) -> PuzzleRef:
        spec, puzzles = self._puzzles(game_key)
        puzzle = next((p for p in puzzles if p.id == puzzle_id), None)
        if puzzle is None:
            raise PuzzleNotFound()
        key = f"{game_key}:{puzzle.id}"
        rated = (await self._ratings([key])).get(key)
        rating = rated[0] if rated else starting_rating(puzzle)
        return PuzzleRef(game_key, spec, puzzle, rating, daily)

    async def player_rating(self, user_id: int, game_key: str) -> tuple[float, float]:
        async with self.db.read() as session:
            row = await session.get(PuzzleStatRow, (user_id, game_key, 0))
        if row is None or row.rating_mu is None:
            return START_RATING, START_DEVIATION
        return row.rating_mu, _glicko(row).deviation

    async def standings(self, user_id: int, guild_id: int | None) -> list[PuzzleStanding]:
        """Every variant the player answered puzzles of (or kept a daily streak in, in
        ``guild_id``; outside servers the streak kept outside them), by key."""
        guild = guild_id or 0
        async with self.db.read() as session:
            rows = list(
                await session.scalars(
                    select(PuzzleStatRow)
                    .where(PuzzleStatRow.user_id == user_id, PuzzleStatRow.guild_id.in_({0, guild}))
                    .order_by(PuzzleStatRow.game_key)
                )
            )
        everywhere = {r.game_key: r for r in rows if r.guild_id == 0}
        here = {r.game_key: r for r in rows if r.guild_id == guild}
        today = date.fromisoformat(self.today())
        alive = {today.isoformat(), (today - timedelta(days=1)).isoformat()}
        out = []
        for key in sorted(everywhere.keys() | here.keys()):
            rated, daily = everywhere.get(key), here.get(key)
            out.append(
                PuzzleStanding(
                    key,
                    rated.rating_mu if rated is not None else None,
                    rated.attempted or 0 if rated is not None else 0,
                    rated.solved or 0 if rated is not None else 0,
                    # A streak not carried on yesterday or today is over, though not yet reset.
                    daily.current_streak or 0
                    if daily is not None and daily.last_daily in alive
                    else 0,
                    daily.best_streak or 0 if daily is not None else 0,
                )
            )
        return out

    async def next_for(self, user_id: int, game_key: str) -> PuzzleRef:
        """The unanswered puzzle whose rating is nearest the player's (all answered: nearest
        of all, for practice); ties go to the first in the set."""
        spec, puzzles = self._puzzles(game_key)
        keys = [f"{game_key}:{p.id}" for p in puzzles]
        async with self.db.read() as session:
            answered = set(
                await session.scalars(
                    select(PuzzleAttemptRow.puzzle).where(
                        PuzzleAttemptRow.user_id == user_id, PuzzleAttemptRow.puzzle.in_(keys)
                    )
                )
            )
        ratings = await self._ratings(keys)
        mine, _ = await self.player_rating(user_id, game_key)
        fresh = [p for p, k in zip(puzzles, keys, strict=True) if k not in answered] or list(
            puzzles
        )

        def rating(p: Puzzle) -> float:
            rated = ratings.get(f"{game_key}:{p.id}")
            return rated[0] if rated else starting_rating(p)

        chosen = min(fresh, key=lambda p: abs(rating(p) - mine))
        return PuzzleRef(game_key, spec, chosen, rating(chosen))

    async def daily(self, guild_id: int | None, game_key: str) -> PuzzleRef:
        """Today's puzzle of this game in this server: the same for everyone there all day
        (UTC), keyed by the deployment's secret like the daily deal."""
        _, puzzles = self._puzzles(game_key)
        day = self.today()
        secret = await self.secrets.get(DAILY_PUZZLE_SECRET)
        seed = daily_seed(secret, guild_id or 0, day, f"puzzle:{game_key}")
        return await self.find(game_key, puzzles[seed % len(puzzles)].id, daily=day)

    async def answer(
        self, user_id: int, guild_id: int | None, ref: PuzzleRef, code: str
    ) -> Verdict:
        """Judge ``code``; the first answer to a puzzle is written with what it counts (the
        first answer to the day's daily puzzle counts for the streak even if the puzzle was
        answered before)."""
        book = ref.book
        state = ref.puzzle.position(book.rules)
        if code not in book.choices(ref.puzzle, state):
            raise NotAnAnswer()
        correct = code in ref.puzzle.answers
        guild = guild_id or 0
        daily = ref.daily if ref.daily == self.today() else None
        now = self.clock()
        try:
            async with self.db.transaction() as session:
                earlier = await session.get(PuzzleAttemptRow, (user_id, ref.key))
                if earlier is not None:
                    if daily is None or earlier.daily == daily:
                        return Verdict(correct, counted=False)
                    # Answered before it was the daily puzzle: the rating stays as the first
                    # answer left it, but the first answer of the day counts for the streak.
                    earlier.daily = daily
                    row = await _stat_row(session, user_id, ref.game_key, guild, now)
                    kept, longest, lost = _streak(row, daily, correct)
                    return Verdict(correct, True, None, None, kept, longest, lost)
                session.add(
                    PuzzleAttemptRow(
                        user_id=user_id,
                        puzzle=ref.key,
                        guild_id=guild,
                        daily=daily,
                        answer=code[:64],
                        solved=correct,
                        created_at=now,
                    )
                )
                player = await _stat_row(session, user_id, ref.game_key, 0, now)
                rated = await session.get(PuzzleRatingRow, ref.key)
                if rated is None:
                    rated = PuzzleRatingRow(
                        puzzle=ref.key,
                        rating_mu=starting_rating(ref.puzzle),
                        rating_sigma=START_DEVIATION,
                        attempts=0,
                        solved=0,
                    )
                    session.add(rated)
                before = player.rating_mu or START_RATING
                me, it = rate_answer(
                    _glicko(player, before), _glicko(rated, rated.rating_mu), correct
                )
                _store(player, me)
                _store(rated, it)
                player.attempted = (player.attempted or 0) + 1
                player.solved = (player.solved or 0) + int(correct)
                rated.attempts = (rated.attempts or 0) + 1
                rated.solved = (rated.solved or 0) + int(correct)
                streak: int | None = None
                best: int | None = None
                lost = 0
                if daily is not None:
                    row = (
                        player
                        if guild == 0
                        else await _stat_row(session, user_id, ref.game_key, guild, now)
                    )
                    streak, best, lost = _streak(row, daily, correct)
                return Verdict(correct, True, before, player.rating_mu, streak, best, lost)
        except IntegrityError:
            # Two first answers raced: the other one was written and counts.
            return Verdict(correct, counted=False)


def _glicko(row: PuzzleStatRow | PuzzleRatingRow, rating: float | None = None) -> Glicko:
    """A row's rating as Glicko-2 reads it (a row never rated: a new rating)."""
    return Glicko(
        rating if rating is not None else row.rating_mu or START_RATING,
        row.rating_deviation or START_DEVIATION,
        row.rating_volatility or START_VOLATILITY,
    )


def _store(row: PuzzleStatRow | PuzzleRatingRow, rated: Glicko) -> None:
    row.rating_mu = rated.rating
    row.rating_deviation = rated.deviation
    row.rating_volatility = rated.volatility
    # The old column keeps the deviation too, so nothing reading it sees a stale value.
    row.rating_sigma = rated.deviation


def _streak(row: PuzzleStatRow, day: str, solved: bool) -> tuple[int, int, int]:
    """A solved daily puzzle goes on from yesterday's (or starts at 1); a wrong one breaks it.
    The streak after the answer, the best, and the days of a running streak it broke."""
    yesterday = (date.fromisoformat(day) - timedelta(days=1)).isoformat()
    running = (row.current_streak or 0) if row.last_daily == yesterday else 0
    if solved:
        row.current_streak = (row.current_streak or 0) + 1 if row.last_daily == yesterday else 1
        row.best_streak = max(row.best_streak or 0, row.current_streak)
        row.last_daily = day
    else:
        row.current_streak = 0
    return row.current_streak, row.best_streak or 0, 0 if solved else running


async def _stat_row(
    session: AsyncSession, user_id: int, game_key: str, guild_id: int, now: datetime
) -> PuzzleStatRow:
    row = await session.get(PuzzleStatRow, (user_id, game_key, guild_id))
    if row is None:
        row = PuzzleStatRow(
            user_id=user_id,
            game_key=game_key,
            guild_id=guild_id,
            attempted=0,
            solved=0,
            current_streak=0,
            best_streak=0,
            updated_at=now,
        )
        session.add(row)
    row.updated_at = now
    return row
