"""What organisers and entrants do to tournaments: sign-up, the start, cancelling, withdrawals
and solitaire deals (the scheduler that starts, pairs and finishes them is
:mod:`tournament_scheduler`, reading is :mod:`tournament_queries`). Every public method is one
transaction per step, and front ends announce only what it returns, after it has committed.

Solitaire events (games with one seat) have no rounds: every entrant plays the same deals,
derived from the tournament's sealed seed (``rules.core.fairness.deal_seed``), one at a time,
until the event closes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from bot.db import (
    Database,
    GameRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentRow,
)
from bot.games.registry import spec_for
from bot.services.base import GameLoader
from bot.services.clock import Clock
from bot.services.errors import StaleVersion
from bot.services.game_clock import BankRule
from bot.services.guilds import GuildService
from bot.services.seeds import Seeds
from bot.services.snapshots import ActionResult, Player
from bot.services.starts import GameStarts
from bot.services.tournament_errors import TournamentError, over_error
from bot.services.tournament_queries import tournament_of
from bot.services.tournament_scheduler import MIN_PLAYERS, TournamentScheduler
from bot.services.tournament_snapshots import (
    Cancelled,
    Deal,
    TournamentInfo,
    TournamentNotice,
    Withdrawal,
)
from bot.statuses import (
    OPEN_TOURNAMENT_STATUSES,
    PAIRED_TOURNAMENT_FORMATS,
    GameStatus,
    TournamentFormat,
    TournamentStatus,
)
from bot.text.tournament_errors import (
    ALL_DEALS_PLAYED,
    ALREADY_JOINED,
    ALREADY_STARTED,
    ALREADY_WITHDRAWN,
    BAD_FORMAT,
    BAD_LIMIT,
    BAD_NAME,
    BAD_ROUND_LENGTH,
    BAD_ROUNDS,
    CLOSED,
    DEALS_NOT_OPEN,
    FULL,
    NOT_ALLOWED_TO_CREATE,
    NOT_JOINED,
    NOT_ORGANISER,
    NOT_SOLITAIRE,
    NOT_STARTED,
    SIGNUP_CLOSED,
    THE_DEAL_PLAYED,
)
from rules.core.fairness import deal_seed, new_salt

MAX_PLAYERS = 256
MAX_ROUNDS = 30
#: A paired event's round length, when it has one (``/tournament create round_days``).
DAY = 24 * 3600
MIN_ROUND, MAX_ROUND = DAY, 60 * DAY
NAME_LENGTH = 100


class TournamentActions:
    """Organisers' and entrants' steps. A solitaire deal's game is made by ``starts`` (and read
    by ``loader``), a tournament's seed drawn from ``seeds``, the server's rules read from
    ``servers``; ``scheduler`` moves the tournament on at once where a step makes that due."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        *,
        servers: GuildService,
        scheduler: TournamentScheduler,
        loader: GameLoader,
        starts: GameStarts,
        seeds: Seeds,
    ) -> None:
        self.db = db
        self.clock = clock
        self.servers = servers
        self.scheduler = scheduler
        self.loader = loader
        self.starts = starts
        self.seeds = seeds

    # --- sign-up ---------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: Player,
        manages_server: bool,
        name: str,
        game_type: str,
        settings: Mapping[str, Any],
        format: str | None,
        rounds: int,
        move_seconds: int | None,
        rated: bool,
        signup_seconds: int,
        max_players: int | None,
        play_seconds: int,
        locale: str,
        bank: BankRule | None = None,
        round_seconds: int | None = None,
    ) -> TournamentInfo:
        """A new tournament open for sign-up until ``signup_seconds`` from now. A game with one
        seat makes a solitaire event (``rounds`` deals, ``play_seconds`` to play them).
        ``round_seconds``: each round of a paired event ends then, its unfinished games
        adjudicated by the game's stated rule (None: a round waits for its last game)."""
        server = await self.servers.get(guild_id)
        if not (manages_server or server.tournaments_by_everyone):
            raise TournamentError(NOT_ALLOWED_TO_CREATE)
        spec = spec_for(game_type)
        if spec.solitaire:
            format = TournamentFormat.SOLITAIRE
        elif format not in PAIRED_TOURNAMENT_FORMATS:
            raise TournamentError(BAD_FORMAT)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError(BAD_ROUNDS.format(most=MAX_ROUNDS))
        if round_seconds is not None and not MIN_ROUND <= round_seconds <= MAX_ROUND:
            raise TournamentError(
                BAD_ROUND_LENGTH.format(least=MIN_ROUND // DAY, most=MAX_ROUND // DAY)
            )
        if max_players is not None and not MIN_PLAYERS <= max_players <= MAX_PLAYERS:
            raise TournamentError(BAD_LIMIT.format(least=MIN_PLAYERS, most=MAX_PLAYERS))
        name = name.strip()
        if not 1 <= len(name) <= NAME_LENGTH:
            raise TournamentError(BAD_NAME.format(most=NAME_LENGTH))
        normalized = spec.rules.normalize_settings(settings)
        now = self.clock()
        async with self.db.transaction() as session:
            row = TournamentRow(
                guild_id=guild_id,
                channel_id=channel_id,
                organiser_id=organiser.user_id,
                name=name,
                game_type=game_type,
                settings=normalized,
                format=TournamentFormat(format),
                rounds=rounds,
                move_seconds=None if spec.solitaire else move_seconds or None,
                bank=None if spec.solitaire or bank is None else asdict(bank),
                rated=rated and not spec.solitaire,
                max_players=max_players,
                entrant_count=0,
                status=TournamentStatus.SIGNUP,
                signup_until=now + timedelta(seconds=max(signup_seconds, 0)),
                play_seconds=play_seconds if spec.solitaire else None,
                round_seconds=None if spec.solitaire else round_seconds,
                current_round=0,
                seed=self.seeds.new(),
                salt=new_salt().hex(),
                locale=locale,
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            await session.flush()
            return TournamentInfo.from_row(row)

    async def join(self, tournament_id: int, guild_id: int, player: Player) -> TournamentInfo:
        now = self.clock()
        async with self.db.transaction() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            self._require_signup(row)
            if now >= row.signup_until:
                raise TournamentError(SIGNUP_CLOSED)
            if await session.get(TournamentEntrantRow, (row.id, player.user_id)) is not None:
                raise TournamentError(ALREADY_JOINED)
            # The count and the limit in one conditional UPDATE: two joins racing for the
            # last place cannot both get it.
            claimed = await session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == row.id,
                    TournamentRow.status == TournamentStatus.SIGNUP,
                    (TournamentRow.max_players.is_(None))
                    | (TournamentRow.entrant_count < TournamentRow.max_players),
                )
                .values(entrant_count=TournamentRow.entrant_count + 1, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                await session.refresh(row)
                self._require_signup(row)
                raise TournamentError(FULL.format(limit=row.max_players))
            session.add(
                TournamentEntrantRow(
                    tournament_id=row.id,
                    user_id=player.user_id,
                    display_name=player.display_name[:100],
                    joined_at=now,
                )
            )
            try:
                await session.flush()
            except IntegrityError as exc:  # the same player joining twice at once
                raise TournamentError(ALREADY_JOINED) from exc
            await session.refresh(row)
            return TournamentInfo.from_row(row)

    async def leave(self, tournament_id: int, guild_id: int, user_id: int) -> TournamentInfo:
        now = self.clock()
        async with self.db.transaction() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            self._require_signup(row)
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.status == TournamentStatus.SIGNUP)
                .values(entrant_count=TournamentRow.entrant_count - 1, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise TournamentError(ALREADY_STARTED)
            entrant = await session.get(TournamentEntrantRow, (row.id, user_id))
            if entrant is None:
                raise TournamentError(NOT_JOINED)  # rolls the count back
            await session.delete(entrant)
            await session.flush()
            await session.refresh(row)
            return TournamentInfo.from_row(row)

    async def start(
        self, tournament_id: int, guild_id: int, user_id: int, *, manages_server: bool
    ) -> list[TournamentNotice]:
        """The organiser starts the tournament before its sign-up deadline."""
        async with self.db.read() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            if row.organiser_id != user_id and not manages_server:
                raise TournamentError(NOT_ORGANISER)
            self._require_signup(row)
        notices = await self.scheduler.open(tournament_id)
        if not notices:
            raise TournamentError(ALREADY_STARTED)  # a scheduler came first
        return notices

    async def cancel(
        self, tournament_id: int, guild_id: int, user_id: int, *, manages_server: bool
    ) -> list[TournamentNotice]:
        """The organiser (or a server manager) calls the tournament off, in sign-up or during
        play. The claim is one conditional UPDATE (status still open), so it and a scheduler
        step never both happen: a round paired first has its games aborted here, and a round
        not yet paired never will be. Games in progress end with no result and no rating
        change, exactly as an admin's abort."""
        now = self.clock()
        async with self.db.transaction() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            if row.organiser_id != user_id and not manages_server:
                raise TournamentError(NOT_ORGANISER)
            claimed = await session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == row.id, TournamentRow.status.in_(OPEN_TOURNAMENT_STATUSES)
                )
                .values(status=TournamentStatus.CANCELLED, finished_at=now, updated_at=now)
            )
            await session.refresh(row)
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise over_error(row.status)
            info = TournamentInfo.from_row(row)
        aborted = await self.scheduler.abort_games(tournament_id)
        # What was played before stays in the table.
        if info.solitaire:
            await self.scheduler.record_deals(tournament_id)
        else:
            await self.scheduler.record_results(tournament_id)
        return [Cancelled(info, by=user_id), *aborted]

    # --- withdrawals and solitaire deals ---------------------------------------------------

    async def withdraw(self, tournament_id: int, guild_id: int, user_id: int) -> Withdrawal:
        """Leave a running tournament: the game in progress is resigned, later games are lost
        by forfeit (round robin) or not paired (Swiss), no more deals (solitaire)."""
        async with self.db.transaction() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            if row.status == TournamentStatus.SIGNUP:
                raise TournamentError(NOT_STARTED)
            # Taking the tournament row first orders this against a round being paired.
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.status == TournamentStatus.RUNNING)
                .values(updated_at=self.clock())
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                await session.refresh(row)
                raise over_error(row.status)
            entrant = await session.get(TournamentEntrantRow, (row.id, user_id))
            if entrant is None:
                raise TournamentError(NOT_JOINED)
            if entrant.withdrawn_round is not None:
                raise TournamentError(ALREADY_WITHDRAWN)
            await session.refresh(row)
            entrant.withdrawn_round = row.current_round
            info = TournamentInfo.from_row(row)
        return Withdrawal(info, tuple(await self.scheduler.advance(tournament_id)))

    async def play(self, tournament_id: int, guild_id: int, player: Player) -> Deal:
        """The entrant's next deal of a solitaire event (or the one they are playing), and
        whether it is new. Each deal is dealt only when its player starts it."""
        now = self.clock()
        async with self.db.read() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            if row.format != TournamentFormat.SOLITAIRE:
                raise TournamentError(NOT_SOLITAIRE)
            if row.status == TournamentStatus.SIGNUP:
                raise TournamentError(DEALS_NOT_OPEN)
            if row.status != TournamentStatus.RUNNING:
                raise over_error(row.status)
            if row.closes_at is not None and now >= row.closes_at:
                raise TournamentError(CLOSED)
            entrant = await session.get(TournamentEntrantRow, (row.id, player.user_id))
            if entrant is None:
                raise TournamentError(NOT_JOINED)
            if entrant.withdrawn_round is not None:
                raise TournamentError(ALREADY_WITHDRAWN)
            deals = (
                await session.execute(
                    select(TournamentDealRow.deal_no, TournamentDealRow.game_id, GameRow.status)
                    .join(GameRow, GameRow.id == TournamentDealRow.game_id, isouter=True)
                    .where(
                        TournamentDealRow.tournament_id == row.id,
                        TournamentDealRow.user_id == player.user_id,
                    )
                )
            ).all()
            info = TournamentInfo.from_row(row)
        playing = next(((n, g) for n, g, status in deals if status == GameStatus.ACTIVE), None)
        if playing is not None and playing[1] is not None:
            game = await self.loader.get(playing[1])
            return Deal(info, ActionResult(game, (), game.version), playing[0], new=False)
        if len(deals) >= info.rounds:
            played = THE_DEAL_PLAYED if info.rounds == 1 else ALL_DEALS_PLAYED
            raise TournamentError(played.format(deals=info.rounds))
        deal_no = len(deals) + 1
        async with self.db.transaction() as session:
            row = await tournament_of(session, tournament_id, guild_id)
            if row.status != TournamentStatus.RUNNING:
                raise over_error(row.status)  # it closed (or was cancelled) a moment ago
            new = self.starts.build_game(
                session,
                row.game_type,
                {0: player},
                settings=dict(row.settings),
                seed=deal_seed(row.seed, deal_no),
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                locale=row.locale,
                tournament_id=row.id,
                sealed=False,  # the tournament's seal covers every deal
            )
            await session.flush()
            session.add(
                TournamentDealRow(
                    tournament_id=row.id,
                    user_id=player.user_id,
                    deal_no=deal_no,
                    game_id=new.id,
                )
            )
            try:
                await session.flush()
            except IntegrityError as exc:  # a double click started this deal already
                raise StaleVersion() from exc
            game_id = new.id
        snapshot = await self.loader.get(game_id)
        return Deal(info, ActionResult(snapshot, (), snapshot.version), deal_no, new=True)

    @staticmethod
    def _require_signup(row: TournamentRow) -> None:
        if row.status == TournamentStatus.RUNNING:
            raise TournamentError(ALREADY_STARTED)
        if row.status != TournamentStatus.SIGNUP:
            raise over_error(row.status)
