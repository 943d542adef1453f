"""What every game use case shares: the database, the clock, seeds, loading a game with its
seats, storing a new state (turns, deadline, result) and logging each action as a ply.

Optimistic locking: each ``game`` row has a ``version`` that every UPDATE bumps (SQLAlchemy
``version_id_col``), and actions carry the version the player saw, so a stale board, a double
click or two racing players produce exactly one change and a friendly :class:`StaleVersion`.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.exc import StaleDataError

from bot.db import Database, GameEventRow, GameRow
from bot.games.registry import spec_for
from bot.games.spec import AnyRules
from bot.services.clock import Clock, system_clock
from bot.services.errors import GameDamaged, GameNotFound, StaleVersion
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import GameSnapshot
from rules.core import CodecError, Event, Rng, RulesError, Seat

log = logging.getLogger(__name__)


def rules_for(game_type: str) -> AnyRules:
    return spec_for(game_type).rules


def _public_text(rules: AnyRules, events: Sequence[Event], locale: str) -> str:
    lines = [rules.describe_event(e, locale) for e in events if e.visible_to is None]  # type: ignore[arg-type]
    return "\n".join(line for line in lines if line)


class ServiceBase:
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock = system_clock,
        challenge_ttl: timedelta = timedelta(hours=24),
        seed_source: Rng | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.challenge_ttl = challenge_ttl
        # Tests inject a seeded source; production draws seeds from the OS.
        self._seed_source = seed_source
        self.secrets = DeploymentSecrets(db, clock)

    def _new_seed(self) -> int:
        if self._seed_source is None:
            return secrets.randbits(63)
        value, self._seed_source = self._seed_source.next_u64()
        return value >> 1

    def new_seed(self) -> int:
        """A fresh seed for a game (or a tournament) started outside this class."""
        return self._new_seed()

    async def _load(self, session: AsyncSession, game_id: int) -> GameRow:
        # One query for the game and its seats (the relationship's default is a second one).
        row = await session.get(GameRow, game_id, options=[joinedload(GameRow.seats)])
        if row is None:
            raise GameNotFound()
        return row

    @staticmethod
    def _check_version(row: GameRow, version: int | None) -> None:
        if version is not None and row.version != version:
            raise StaleVersion()

    def _store_state(self, row: GameRow, rules: AnyRules, state: Any) -> None:
        row.state = rules.dump(state)
        before = {seat.seat for seat in row.seats if seat.to_act}
        to_act = set(rules.to_act(state))
        for seat in row.seats:
            seat.to_act = seat.seat in to_act
        outcome = rules.outcome(state)
        if outcome is not None:
            row.status = "finished"
            row.outcome = outcome.dump()
            row.finished_at = self.clock()
        self._set_deadline(row, before, to_act)
        row.updated_at = self.clock()

    def _set_deadline(self, row: GameRow, before: set[Seat], to_act: set[Seat]) -> None:
        """Restart the move clock when someone new must act. The same player acting again
        (staging cards, the second janken pick) keeps the running deadline, so nobody can
        stall by fiddling."""
        humans = {s.seat for s in row.seats if not s.is_bot and s.seat in to_act}
        if row.status != "active" or not row.move_seconds or not humans:
            row.deadline_at = None
            row.reminders_sent = 0
        elif row.deadline_at is None or not to_act <= before:
            row.deadline_at = self.clock() + timedelta(seconds=row.move_seconds)
            row.reminders_sent = 0

    def _log(
        self,
        session: AsyncSession,
        row: GameRow,
        rules: AnyRules,
        seat: Seat | None,
        code: str,
        events: Sequence[Event],
    ) -> None:
        row.ply += 1
        session.add(
            GameEventRow(
                game_id=row.id,
                ply=row.ply,
                seat=seat,
                action=code,
                events={"events": [e.dump() for e in events]},
                public_text_ja=_public_text(rules, events, "ja"),
                public_text_en=_public_text(rules, events, "en"),
                created_at=self.clock(),
            )
        )

    async def _commit_guarded(self, session: AsyncSession) -> None:
        try:
            await session.flush()
        except (StaleDataError, IntegrityError) as exc:
            # Another transaction changed the game between our read and our write.
            raise StaleVersion() from exc

    async def get(self, game_id: int) -> GameSnapshot:
        try:
            async with self.db.read() as session:
                return GameSnapshot.from_row(await self._load(session, game_id))
        except CodecError:
            await self.repair(game_id)
            async with self.db.read() as session:
                return GameSnapshot.from_row(await self._load(session, game_id))

    async def decode(self, session: AsyncSession, row: GameRow) -> Any:
        """The game's state; a damaged snapshot is rebuilt from the event log in this very
        transaction (the log, not the snapshot, is the record)."""
        rules = rules_for(row.game_type)
        try:
            return rules.load(row.state)
        except CodecError:
            log.warning("game %s: damaged snapshot, rebuilding it from its event log", row.id)
        moves = (
            await session.execute(
                select(GameEventRow.seat, GameEventRow.action)
                .where(GameEventRow.game_id == row.id)
                .order_by(GameEventRow.ply)
            )
        ).all()
        try:
            state = rules.replay(row.settings, row.seed, [(seat, code) for seat, code in moves])
        except RulesError as exc:
            log.error("game %s: snapshot damaged and its log does not replay", row.id)
            raise GameDamaged() from exc
        row.state = rules.dump(state)
        return state

    async def repair(self, game_id: int) -> None:
        """Rebuild a damaged snapshot from the event log (or say the game is damaged)."""
        async with self.db.transaction() as session:
            await self.decode(session, await self._load(session, game_id))
