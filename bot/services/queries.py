"""Reading games: one game, a player's lists, the event log, replays and hints."""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from datetime import UTC, datetime, time, timedelta
from typing import Any

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import defer
from sqlalchemy.sql.elements import ColumnElement

from bot.db import Database, GameEventRow, GameRow, GameSeatRow, TournamentRow
from bot.games.registry import spec_for
from bot.services.base import GameLoader
from bot.services.clock import Clock
from bot.services.errors import GameNotFound, NotAParticipant, WrongStatus
from bot.services.films import Film, film_of
from bot.services.history import History, deals_shown
from bot.services.snapshots import (
    FORMER_PLAYER_MAX,
    LOCAL_USER_MAX,
    GameSnapshot,
    GameSummary,
    LogEntry,
    Verification,
    public_steps,
)
from bot.statuses import (
    OPEN_GAME_STATUSES,
    OPEN_TOURNAMENT_STATUSES,
    PLAYED_GAME_STATUSES,
    GameStatus,
)
from bot.text.errors import (
    DAILY_DEAL_KEPT,
    HINT_RATED,
    NO_HINTS,
    NO_REVIEW,
    NO_SEAL,
    NOT_OVER,
    SEAL_KEPT_FOR_DAY,
    SHARE_NOT_FINISHED,
    SHARE_PLAYERS_ONLY,
    STILL_PLAYING_DEAL,
)
from bot.text.tournament_errors import DEAL_KEPT, NO_TOURNAMENT_HINTS
from rules import verify
from rules.core import Event

#: How far back "the last move" is looked for (private steps may follow it).
LAST_STEPS_SCANNED = 50
#: Offering or declining a draw moves nothing: the board keeps showing the move before it.
DRAW_TALK = frozenset({"draw_offer", "draw_decline"})


def urgency_order() -> tuple[ColumnElement[Any], ...]:
    """Games waiting on the player first, the most urgent first: the soonest deadline (games
    without a clock after those with one), then the one that has waited longest."""
    waiting = GameSeatRow.to_act.is_(True)
    return (
        GameSeatRow.to_act.desc(),
        case((waiting, GameRow.deadline_at)).asc().nulls_last(),
        case((waiting, GameRow.updated_at)).asc(),
    )


class GameQueries:
    """What players and onlookers may read, from ``db`` (one game through ``loader``); what a
    deal shared with others hides depends on the day by ``clock``."""

    def __init__(self, db: Database, clock: Clock, loader: GameLoader) -> None:
        self.db = db
        self.clock = clock
        self.loader = loader
        #: A player's finished games, a page at a time.
        self.history = History(db, clock)

    async def get(self, game_id: int) -> GameSnapshot:
        """The game as it is now (see :meth:`GameLoader.get`)."""
        return await self.loader.get(game_id)

    async def count_open(self) -> int:
        """How many games are open (challenges and games in play), everywhere."""
        async with self.db.read() as session:
            query = select(func.count()).select_from(GameRow)
            count = await session.scalar(query.where(GameRow.status.in_(OPEN_GAME_STATUSES)))
        return int(count or 0)

    async def daily_results(self, guild_id: int | None, daily_key: str) -> list[GameSnapshot]:
        """Everyone's game of one daily deal in a server: finished ones first, wins first."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameRow)
                .where(GameRow.daily_key == daily_key, GameRow.guild_id == guild_id)
                .order_by(GameRow.finished_at.is_(None), GameRow.finished_at)
            )
            games = [GameSnapshot.from_row(r) for r in rows]
        return sorted(
            games, key=lambda g: (g.outcome is None, -(g.outcome.points[0] if g.outcome else 0))
        )

    async def list_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        statuses: Collection[GameStatus] = OPEN_GAME_STATUSES,
        limit: int = 25,
        viewer: int | None = None,
    ) -> list[GameSummary]:
        """A user's games, the ones waiting on them first, then the most recently moved.
        Shown to someone else (``viewer``), a deal others may still be playing is left out."""
        wanted = set(statuses)
        async with self.db.read() as session:
            query = (
                select(GameRow)
                .options(defer(GameRow.state))
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(GameSeatRow.user_id == user_id, GameRow.status.in_(wanted))
                .order_by(*urgency_order(), GameRow.updated_at.desc(), GameRow.id.desc())
                .limit(limit)
            )
            # The seat says whether its game is over (ix_game_seat_user_ended): open games are
            # found without reading the player's history.
            if wanted <= OPEN_GAME_STATUSES:
                query = query.where(GameSeatRow.ended_at.is_(None))
            elif not wanted & OPEN_GAME_STATUSES:
                query = query.where(GameSeatRow.ended_at.is_not(None))
            if guild_id is not None:
                query = query.where(GameRow.guild_id == guild_id)
            if viewer is not None and viewer != user_id:
                query = query.where(*deals_shown(self.clock().date()))
            rows = (await session.scalars(query)).all()
            return [GameSummary.summary_of(r) for r in rows]

    async def list_local_games(
        self, *, statuses: Collection[GameStatus] = OPEN_GAME_STATUSES, limit: int = 25
    ) -> list[GameSummary]:
        """Games with no Discord user in them (every seat a local player or the console's
        bot), the most recently moved first."""
        discord_seat = (
            select(GameSeatRow.game_id)
            .where(
                GameSeatRow.game_id == GameRow.id,
                or_(
                    GameSeatRow.user_id > LOCAL_USER_MAX,
                    GameSeatRow.user_id <= FORMER_PLAYER_MAX,  # a Discord user, once
                ),
            )
            .exists()
        )
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameRow)
                .options(defer(GameRow.state))
                .where(GameRow.status.in_(statuses), ~discord_seat)
                .order_by(GameRow.updated_at.desc(), GameRow.id.desc())
                .limit(limit)
            )
            return [GameSummary.summary_of(r) for r in rows.all()]

    async def finished_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        limit: int = 10,
        viewer: int | None = None,
    ) -> list[GameSummary]:
        """A user's newest finished games (the first page of :meth:`History.page`)."""
        page = await self.history.page(user_id, guild_id=guild_id, limit=limit, viewer=viewer)
        return page.games

    async def last_public_events(self, game_id: int) -> tuple[Event, ...]:
        """The public events of the newest step that moved something (what the board shows
        as the last move): talk of a draw is passed over."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameEventRow.events)
                .where(GameEventRow.game_id == game_id)
                .order_by(GameEventRow.ply.desc())
                .limit(LAST_STEPS_SCANNED)
            )
            for raw in rows:
                events = tuple(Event.load(e) for e in raw.get("events", []))
                public = tuple(e for e in events if e.visible_to is None)
                if any(e.kind not in DRAW_TALK for e in public):
                    return public
        return ()

    async def event_log(self, game_id: int) -> list[LogEntry]:
        """Every logged action in order: only the columns a log or a replay shows (not the
        events' data), in one read."""
        return [LogEntry(*row) for row in await self.db.store.read_log(game_id)]

    async def public_log(self, game_id: int, viewer: int | None = None) -> list[LogEntry]:
        """The log players and onlookers may download: public steps only, numbered without
        gaps. Refused while the game is running (it would show the moves to an onlooker
        advising a player, and private steps by their timing)."""
        return (await self.log_download(game_id, viewer))[1]

    async def log_download(
        self, game_id: int, viewer: int | None = None
    ) -> tuple[GameSnapshot, list[LogEntry]]:
        """The game (without its state, which a log never shows) and its public log, for
        ``viewer`` (``None``: anyone at all)."""
        game = await self.summary(game_id)
        self._require_over(game)
        await self._require_deal_shown(game, viewer)
        return game, [entry for entry, _ in public_steps(await self.event_log(game_id))]

    async def state_at(
        self, game_id: int, step: int, viewer: int | None = None
    ) -> tuple[GameSnapshot, Any, LogEntry | None, int]:
        """The game as it stood after ``step`` public steps (0 = the start), for replays: the
        game (without its stored state: the replay makes its own), that state, the log entry of
        that step, and the number of public steps. Private actions are replayed with the public
        step that follows them (the final position includes everything); refused while the
        game is running."""
        game = await self.summary(game_id)
        self._require_over(game)
        await self._require_deal_shown(game, viewer)
        rows = await self.event_log(game_id)
        steps = public_steps(rows)
        step = min(max(step, 0), len(steps))
        upto = len(rows) if step == len(steps) else (steps[step - 1][1] if step else 0)
        state = game.rules.replay(
            game.settings, game.seed, [(r.seat, r.action) for r in rows[:upto]]
        )
        return game, state, steps[step - 1][0] if step else None, len(steps)

    async def film(self, game_id: int, sharer: int) -> Film:
        """A finished game as everyone saw it, move by move, for ``sharer`` to post: refused
        unless the game is over and theirs, and while a deal others are dealt may not be shown
        to just anyone (the post is public). Only the spectator's views and the public events
        leave here: no hand is in them."""
        game = await self.summary(game_id)
        if game.status != GameStatus.FINISHED:
            raise WrongStatus(SHARE_NOT_FINISHED)
        if game.seat_of(sharer) is None:
            raise NotAParticipant(SHARE_PLAYERS_ONLY)
        await self._require_deal_shown(game, None)
        rows = await self.event_log(game_id)
        return await asyncio.to_thread(film_of, game, rows)

    async def summary(self, game_id: int) -> GameSnapshot:
        """The game without its state (``state`` is None): one read, nothing decoded."""
        record = await self.db.store.read(game_id, with_state=False)
        if record is None:
            raise GameNotFound()
        return GameSnapshot.from_record(record, None)

    @staticmethod
    def _require_over(game: GameSnapshot) -> None:
        if game.status in OPEN_GAME_STATUSES:
            raise WrongStatus(NOT_OVER)

    async def shown_game(self, game_id: int, viewer: int) -> GameSnapshot:
        """The whole game, for a look at its position (the "Why?" board) by ``viewer``."""
        game = await self.get(game_id)
        await self._require_deal_shown(game, viewer)
        return game

    async def _require_deal_shown(self, game: GameSummary, viewer: int | None) -> None:
        """A deal others are dealt too — a solitaire tournament's deal, the daily deal — may
        reach no one but its player (not its board, log, replay nor hints) while others may
        still play it: until the tournament is over, or the deal's day."""
        if not game.private_deal or (viewer is not None and game.seat_of(viewer) is not None):
            return
        today = self.clock().date()
        if game.daily_deal_open(today):
            midnight = datetime.combine(today + timedelta(days=1), time(), UTC)
            raise WrongStatus(DAILY_DEAL_KEPT.format(opens=f"<t:{int(midnight.timestamp())}:R>"))
        if game.daily_key is not None:
            # After its day nobody can start the deal, but one started in time may still be
            # going: its player may not read the others until theirs is over.
            playing = None if viewer is None else await self._playing_daily(game, viewer)
            if playing is not None:
                raise WrongStatus(STILL_PLAYING_DEAL.format(id=playing))
            return
        async with self.db.read() as session:
            status = await session.scalar(
                select(TournamentRow.status).where(TournamentRow.id == game.tournament_id)
            )
        if status in OPEN_TOURNAMENT_STATUSES:
            raise WrongStatus(DEAL_KEPT)

    async def _playing_daily(self, game: GameSummary, user_id: int) -> int | None:
        """The user's own game of the same daily deal, while it is still going."""
        async with self.db.read() as session:
            return await session.scalar(
                select(GameRow.id)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(
                    GameRow.daily_key == game.daily_key,
                    GameRow.guild_id == game.guild_id,
                    GameRow.status == GameStatus.ACTIVE,
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),
                )
                .limit(1)
            )

    async def verification(self, game_id: int, viewer: int | None = None) -> Verification:
        """The revealed seal of a finished game, checked as ``python -m rules.verify`` checks
        its record (the seed and salt give the commitment shown on the board from the start;
        the moves anyone may now see, replayed from that seed, reach the recorded result), and
        the whole log replayed gives the stored end. Refused until the seed may be shown, and
        to anyone but a shared deal's own player while others may still play it."""
        game = await self.get(game_id)
        if game.salt is None or game.commitment is None:
            raise WrongStatus(NO_SEAL)
        if not game.seed_revealed(self.clock().date()):
            raise WrongStatus(SEAL_KEPT_FOR_DAY if game.status == GameStatus.FINISHED else NOT_OVER)
        await self._require_deal_shown(game, viewer)
        moves = [(r.seat, r.action) for r in await self.event_log(game_id)]
        record = verify.GameRecord(
            game.game_type,
            game.seed,
            bytes.fromhex(game.salt),
            game.commitment,
            game.settings,
            tuple(game.rules.disclosed_moves(game.settings, game.seed, moves)),
            None if game.outcome is None else game.outcome.dump(),
        )
        replayed = game.rules.replay(game.settings, game.seed, moves) == game.state
        return Verification(game, record, verify.verify(record), replayed)

    async def rebuild_state(self, game_id: int) -> Any:
        """Replay the event log from the settings and seed: must equal the stored snapshot."""
        game = await self.get(game_id)
        log_rows = await self.event_log(game_id)
        return game.rules.replay(game.settings, game.seed, [(r.seat, r.action) for r in log_rows])

    async def review(self, game_id: int, locale: str, viewer: int) -> str:
        """Where a finished game against the bot turned, for the person who played it (its
        reviewer compares their moves with the bot's strongest play)."""
        game = await self.get(game_id)
        reviewer = spec_for(game.game_type).reviewer
        seat = game.seat_of(viewer)
        if game.status in OPEN_GAME_STATUSES:
            raise WrongStatus(NOT_OVER)
        against_bot = any(s.is_bot for s in game.seats)
        if reviewer is None or seat is None or not against_bot or game.player(seat).is_bot:
            raise WrongStatus(NO_REVIEW)
        rules = game.rules
        moves = [(r.seat, r.action) for r in await self.event_log(game_id)]

        def review_text() -> str:
            state = rules.new_game(game.settings, game.seed)
            steps = []
            for actor, code in moves:
                action = rules.parse(code)
                steps.append((state, actor, action))
                state = rules.apply(state, actor, action).state
            return reviewer(rules, steps, seat, "ja" if locale == "ja" else "en")

        # The strongest level thinks about every placement: keep the event loop free.
        return await asyncio.to_thread(review_text)

    async def hint(self, game_id: int, locale: str, viewer: int | None = None) -> str:
        """What perfect play says about the current position (casual or finished games only:
        a hint during a rated game would be cheating)."""
        game = await self.get(game_id)
        hinter = spec_for(game.game_type).hinter
        if hinter is None:
            raise WrongStatus(NO_HINTS)
        if game.status == GameStatus.ACTIVE and game.rated:
            raise WrongStatus(HINT_RATED)
        if game.status == GameStatus.ACTIVE and game.tournament_id is not None:
            raise WrongStatus(NO_TOURNAMENT_HINTS)
        await self._require_deal_shown(game, viewer)
        if game.status not in PLAYED_GAME_STATUSES:
            raise WrongStatus()
        seats = game.rules.to_act(game.state)
        seat = seats[0] if seats else 0
        # Some hints simulate (易双六 runs a few thousand games): keep the event loop free.
        return await asyncio.to_thread(
            hinter, game.rules, game.state, seat, "ja" if locale == "ja" else "en"
        )
