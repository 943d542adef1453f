"""Open challenges: ``/<game> challenge`` with no opponent — anyone where it is posted may take
the empty seat, perhaps only within a rating range.

The open seat holds a placeholder (:data:`OPEN_SEAT_USER`, never a Discord user) and the game
its range in ``open_to`` until someone takes it. Taking is one guarded write (the seat, the
start, what it owes people: :meth:`GuardedWriter.change`), so of two racing clicks (or two
processes) exactly one wins and the other is told someone was quicker. A taker outside the
range is refused with their rating; nobody takes their own; an open challenge expires like any
other (the move clock's expiry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.db import PlayerStatRow
from bot.db.records import Seated
from bot.games.registry import spec_for
from bot.services.base import Planned, rules_for
from bot.services.errors import ChallengeExpired, InvalidChallenge, StaleVersion, WrongStatus
from bot.services.freshness import Sight, check_fresh
from bot.services.game_clock import BankRule
from bot.services.games import GameService
from bot.services.quiet_settings import quiet_hours_of, seat_quiet
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
        bank: BankRule | None = None,
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
            bank=bank,
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
        """``taker`` takes the open seat: the game starts, with one guarded write (its seat,
        its turns and clock, what the start owes people)."""
        game = await self.loader.get(game_id)
        self._check_take(game, taker, version)
        assert game.open_to is not None
        # The range never changes while the seat is open: judged once, before the write.
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
        name = taker.display_name[:100]
        async with self.db.read() as session:  # the clock starts: everyone's quiet hours now
            quiet = await quiet_hours_of(session, [game.challenger.user_id, taker.user_id])

        def plan(game: GameSnapshot) -> Planned:
            self._check_take(game, taker, version)
            seat = open_seat(game).seat
            seated = Seated(seat, taker.user_id, name)
            started = replace(
                game,
                seats=tuple(
                    replace(s, user_id=taker.user_id, display_name=name) if s.seat == seat else s
                    for s in game.seats
                ),
            )
            write, to_act = self.writer.write_for(
                started,
                game.state,
                status=GameStatus.ACTIVE,
                actor_id=taker.user_id,
                quiet=seat_quiet(started, quiet),
            )
            return Planned(replace(write, open_to=None, seated=(seated,)), game.state, to_act)

        try:
            changed = await self.writer.change(game_id, version, plan)
        except StaleVersion:
            raise WrongStatus(OPEN_TAKEN) from None  # another click (or process) was first
        return ActionResult(changed.after, (), changed.before.version, changed.deliveries)

    def _check_take(self, game: GameSnapshot, taker: Player, version: Sight) -> None:
        check_fresh(game, version)
        if not is_open(game):
            raise WrongStatus(OPEN_TAKEN)
        if taker.user_id == game.challenger.user_id:
            raise InvalidChallenge(OPEN_OWN)
        if game.expires_at is not None and self.clock() >= game.expires_at:
            raise ChallengeExpired()


def spec_allows_open(game_type: str) -> bool:
    return spec_for(game_type).rules.seats == 2
