"""Your mistakes come back — the reviewing: which of a player's mistake cards are due, posing
one, and rating an answer with FSRS (the ``fsrs`` package), which reschedules the card.

Each card is due once at a time: an answer reviews it only while it is due and only if the
card is still at the review count its buttons name (a conditional UPDATE), so a double click or
a stale card reviews nothing twice. A right answer rates it Good, a wrong one Again. There are
no same-day learning steps: every answer puts the card off a day at least, so a card answered
today is not due again today.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fsrs import Card, Rating, Scheduler
from sqlalchemy import func, select, update

from bot.db import Database
from bot.db.models import MistakeCardRow
from bot.errors import FriendlyError
from bot.games.registry import spec_for
from bot.games.spec import AnySpec
from bot.services.clock import Clock
from bot.text.mistakes import MISTAKE_MESSAGES
from rules.core.mistakes import Mistake, MistakeFinder

#: Days, not minutes: a card answered today waits at least until tomorrow; no fuzz, so the
#: same answers give the same schedule.
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


class MistakeNotFound(FriendlyError):
    default = MISTAKE_MESSAGES["mistake.unknown"]


class NotAnAnswer(FriendlyError):
    default = MISTAKE_MESSAGES["mistake.not_an_answer"]


def new_card(now: datetime) -> tuple[dict[str, Any], datetime]:
    """A new card's scheduler state, due at once."""
    card = Card(card_id=0, due=now.astimezone(UTC))
    return dict(card.to_dict()), card.due


def reviewed(state: dict[str, Any], right: bool, now: datetime) -> tuple[dict[str, Any], datetime]:
    """A card's scheduler state after an answer, and when it is due next."""
    card = Card.from_dict(state)  # type: ignore[arg-type]
    rating = Rating.Good if right else Rating.Again
    card, _ = SCHEDULER.review_card(card, rating, now.astimezone(UTC))
    return dict(card.to_dict()), card.due


@dataclass(frozen=True, slots=True)
class MistakeCard:
    """One card as it is posed: the position (a state only viewed for ``seat``), the answers."""

    id: int
    #: Answers so far: the card's buttons name it, so a stale one reviews nothing.
    reviews: int
    game_id: int
    game_key: str
    spec: AnySpec
    mistake: Mistake
    due_at: datetime

    @property
    def finder(self) -> MistakeFinder:
        assert self.spec.mistakes is not None
        return self.spec.mistakes

    @property
    def state(self) -> Any:
        return self.finder.position(self.mistake.position)

    def offered(self) -> tuple[str, ...]:
        m = self.mistake
        return self.finder.offered(m.kind, self.state, m.seat, m.answers, m.played)


@dataclass(frozen=True, slots=True)
class Review:
    """What an answer was, and what it did."""

    right: bool
    #: Whether it reviewed the card (no: already answered, or not due).
    counted: bool
    #: When the card is due next.
    due_at: datetime
    #: The player's cards due now, after this one.
    due_now: int


def _card(row: MistakeCardRow) -> MistakeCard:
    return MistakeCard(
        id=row.id,
        reviews=row.reviews,
        game_id=row.game_id,
        game_key=row.game_key,
        spec=spec_for(row.game_type),
        mistake=Mistake(
            ply=row.ply,
            seat=row.seat,
            kind=row.kind,
            position=row.position,
            played=row.played,
            answers=tuple(row.answers),
            proof=row.proof,
        ),
        due_at=row.due_at,
    )


class MistakeReviews:
    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    async def due_count(self, user_id: int) -> int:
        async with self.db.read() as session:
            count = await session.scalar(
                select(func.count())
                .select_from(MistakeCardRow)
                .where(MistakeCardRow.user_id == user_id, MistakeCardRow.due_at <= self.clock())
            )
        return int(count or 0)

    async def next_due(self, user_id: int) -> MistakeCard | None:
        """The player's card due longest, if any is due."""
        async with self.db.read() as session:
            row = await session.scalar(
                select(MistakeCardRow)
                .where(MistakeCardRow.user_id == user_id, MistakeCardRow.due_at <= self.clock())
                .order_by(MistakeCardRow.due_at, MistakeCardRow.id)
                .limit(1)
            )
        return None if row is None else _card(row)

    async def card(self, user_id: int, card_id: int) -> MistakeCard:
        async with self.db.read() as session:
            row = await session.get(MistakeCardRow, card_id)
        if row is None or row.user_id != user_id:
            raise MistakeNotFound()
        return _card(row)

    async def answer(self, user_id: int, card_id: int, reviews: int, code: str) -> Review:
        """Judge ``code`` on the card as its buttons saw it (``reviews`` answers before); rate
        and reschedule it if it is due and still as seen, else only judge it."""
        card = await self.card(user_id, card_id)
        if code not in card.offered():
            raise NotAnAnswer()
        right = card.finder.is_right(code, card.mistake.answers)
        now = self.clock()
        due_at = card.due_at
        counted = False
        if card.reviews == reviews and card.due_at <= now:
            async with self.db.transaction() as session:
                row = await session.get(MistakeCardRow, card_id)
                assert row is not None
                state, due_at = reviewed(row.card, right, now)
                done = await session.execute(
                    update(MistakeCardRow)
                    .where(MistakeCardRow.id == card_id, MistakeCardRow.reviews == reviews)
                    .values(
                        card=state,
                        due_at=due_at,
                        reviews=reviews + 1,
                        last_answer=code[:64],
                        last_right=right,
                        reviewed_at=now,
                    )
                    .execution_options(synchronize_session=False)
                )
                counted = done.rowcount == 1  # type: ignore[attr-defined]
            if not counted:
                due_at = (await self.card(user_id, card_id)).due_at
        return Review(right, counted, due_at, await self.due_count(user_id))
