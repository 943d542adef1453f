"""Open challenges: ``/<game> challenge`` with no opponent — anyone where it is posted may take
the empty seat, perhaps only within a rating range.

The open seat holds a placeholder (:data:`OPEN_SEAT_USER`, never a Discord user) and the game
its range in ``open_to`` until someone takes it. Taking is one transaction whose first
statement is the claim — ``UPDATE game … WHERE id AND version AND status = 'challenge'`` — so of
two racing clicks (or two processes) exactly one wins and the other is told someone was
quicker. A taker outside the range is refused with their rating; nobody takes their own; an
open challenge expires like any other (the move clock's expiry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sqlalchemy import update

from bot.db import GameRow, GameSeatRow, PlayerStatRow
from bot.db.game_columns import BUMPED_VERSION
from bot.games.registry import spec_for
from bot.services.base import rules_for
from bot.services.errors import ChallengeExpired, InvalidChallenge, WrongStatus
from bot.services.freshness import Sight, check_fresh
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player, SeatInfo
from bot.services.stats import RATING_START, game_key
from bot.statuses import GameStatus
from bot.text.open_challenges import (
    OPEN_NEEDS_TWO,
    OPEN_NO_LEVEL,
    OPEN_OUT_OF_RANGE,
    OPEN_OWN,
    OPEN_RANGE_BACKWARDS,
    OPEN_TAKEN,
)
from rules.core import Seat
from rules.core.levels import LEVEL_SETTING

#: The user id of an open seat: 0 is no Discord user (snowflakes are far larger).
OPEN_SEAT_USER = 0


def is_open(game: GameSnapshot) -> bool:
    return game.open_to is not None and game.status == GameStatus.CHALLENGE


def open_seat(game: GameSnapshot) -> SeatInfo:
    return game.challenged


class OpenChallenges:
    def __init__(self, games: GameService) -> None:
        self.db = games.db
        self.clock = games.clock
        self.loader = games.loader
        self.writer = games.writer
        self.starts = games.starts

    async def post(
        self,
        game_type: str,
        challenger: Player,
        *,
        anyone: str,
        settings: Mapping[str, Any] | None = None,
        challenger_seat: Seat | None = None,
        rated: bool = False,
        move_seconds: int | None = None,
        min_rating: int | None = None,
        max_rating: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "en",
    ) -> ActionResult:
        """A challenge anyone may take; ``anyone``: how the empty seat is named on the board."""
        rules = rules_for(game_type)
        if rules.seats != 2:
            raise InvalidChallenge(OPEN_NEEDS_TWO)
        if settings and LEVEL_SETTING in settings:
            raise InvalidChallenge(OPEN_NO_LEVEL)
        if min_rating is not None and max_rating is not None and min_rating > max_rating:
            raise InvalidChallenge(OPEN_RANGE_BACKWARDS)
        normalized = rules.normalize_settings(settings)
        # An open challenge waits like any other: it counts towards the same cap.
        await self.starts.check_open_challenges(challenger.user_id)
        return await self.starts.post_challenge(
            game_type,
            challenger,
            Player(OPEN_SEAT_USER, anyone),
            normalized,
            challenger_seat=challenger_seat,
            rated=rated,
            move_seconds=move_seconds,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            open_to={"min": min_rating, "max": max_rating},
        )

    async def rating_of(self, game: GameSnapshot, user_id: int) -> int:
        """The taker's rating in this game's table (a newcomer's is where everyone starts)."""
        async with self.db.read() as session:
            row = await session.get(
                PlayerStatRow,
                (game.guild_id or 0, user_id, game_key(game.game_type, game.settings)),
            )
        mu = row.rating_mu if row is not None else None
        return round(RATING_START if mu is None else mu)

    async def take(self, game_id: int, taker: Player, version: Sight) -> ActionResult:
        game = await self.loader.get(game_id)
        check_fresh(game, version)
        if not is_open(game):
            raise WrongStatus(OPEN_TAKEN)
        if taker.user_id == game.challenger.user_id:
            raise InvalidChallenge(OPEN_OWN)
        now = self.clock()
        if game.expires_at is not None and now >= game.expires_at:
            raise ChallengeExpired()
        assert game.open_to is not None
        low, high = game.open_to.get("min"), game.open_to.get("max")
        if low is not None or high is not None:
            rating = await self.rating_of(game, taker.user_id)
            if (low is not None and rating < low) or (high is not None and rating > high):
                raise InvalidChallenge(
                    OPEN_OUT_OF_RANGE.format(
                        rating=rating,
                        low="—" if low is None else low,
                        high="—" if high is None else high,
                    )
                )
        seat = open_seat(game).seat
        seats = tuple(
            replace(s, user_id=taker.user_id, display_name=taker.display_name[:100])
            if s.seat == seat
            else s
            for s in game.seats
        )
        started = replace(game, seats=seats)
        write, to_act = self.writer.write_for(
            started, game.state, status=GameStatus.ACTIVE, actor_id=taker.user_id
        )
        assert write.delivery is not None
        async with self.db.transaction() as session:
            claimed = await session.execute(
                update(GameRow)
                .where(
                    GameRow.id == game_id,
                    GameRow.version == game.version,
                    GameRow.status == GameStatus.CHALLENGE,
                )
                .values(
                    status=write.status,
                    deadline_at=write.deadline_at,
                    reminders_sent=0,
                    updated_at=now,
                    open_to=None,
                    version=BUMPED_VERSION,
                )
                .execution_options(synchronize_session=False)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise WrongStatus(OPEN_TAKEN)  # another click (or process) was first
            await session.execute(
                update(GameSeatRow)
                .where(GameSeatRow.game_id == game_id, GameSeatRow.seat == seat)
                .values(user_id=taker.user_id, display_name=taker.display_name[:100])
                .execution_options(synchronize_session=False)
            )
            for info in game.seats:
                await session.execute(
                    update(GameSeatRow)
                    .where(GameSeatRow.game_id == game_id, GameSeatRow.seat == info.seat)
                    .values(to_act=info.seat in to_act)
                    .execution_options(synchronize_session=False)
                )
            # What the start owes (its board, the first mover's ping), with it.
            owed = self.writer.deliveries.row(game_id, write.delivery)
            session.add(owed)
            await session.flush()
        self.loader.cache.drop(game_id)
        return ActionResult(await self.loader.get(game_id), (), game.version, (owed.id,))


def spec_allows_open(game_type: str) -> bool:
    return spec_for(game_type).rules.seats == 2
