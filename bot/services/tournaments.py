"""Tournaments, with no Discord in them: sign-up, the start, rounds that pair and start
themselves, withdrawals, solitaire events and the table. Every public method is one
transaction per step, and front ends announce only what it returns, after it has committed.

Scheduling runs from the database like the move clocks (``ClockService``): ``tick`` finds
tournaments whose sign-up has closed and running ones, and every step is *claimed* by a
conditional UPDATE of the tournament row — ``status`` still ``signup`` to start it,
``current_round`` still the round just completed to pair the next one, ``status`` still
``running`` to finish it — in the same transaction that writes the step. A restart, or several
bot processes sharing one database, therefore never pair a round twice or skip one; the unique
(round, board) key of the pairings backs that up. ``advance`` runs the same steps for one
tournament at once, when one of its games has just ended.

Solitaire events (games with one seat) have no rounds: every entrant plays the same deals,
derived from the tournament's sealed seed (``rules.core.fairness.deal_seed``), one at a time,
until the event closes.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import (
    GameRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
)
from bot.games.registry import spec_for
from bot.services.errors import ServiceError, StaleVersion
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.snapshots import FINISHED_STATUSES, ActionResult, Player
from bot.services.tournament_errors import (
    ALL_DEALS_PLAYED,
    ALREADY_JOINED,
    ALREADY_STARTED,
    ALREADY_WITHDRAWN,
    BAD_FORMAT,
    BAD_LIMIT,
    BAD_NAME,
    BAD_ROUNDS,
    CLOSED,
    DEALS_NOT_OPEN,
    FULL,
    NO_TOURNAMENT,
    NOT_ALLOWED_TO_CREATE,
    NOT_JOINED,
    NOT_ORGANISER,
    NOT_SOLITAIRE,
    NOT_STARTED,
    OVER,
    SIGNUP_CLOSED,
    UNKNOWN_TOURNAMENT,
    WHICH_TOURNAMENT,
    TournamentError,
)
from bot.services.tournament_rounds import (
    RoundMaker,
    records_of,
    result_of,
    seed_entrants,
    total_rounds,
)
from bot.services.tournament_snapshots import (
    OPEN_STATUSES,
    OVER_STATUSES,
    PAIRED_FORMATS,
    SOLITAIRE,
    Cancelled,
    Deal,
    DealsOpened,
    EntrantInfo,
    Finished,
    GameEnded,
    PairingInfo,
    RoundStarted,
    Standing,
    TournamentInfo,
    TournamentNotice,
    Withdrawal,
)
from bot.tournament import DealResult, Entrant, Format, solitaire_table, table, tie_break_names
from rules.core import Resign, RulesError
from rules.core.fairness import deal_seed, new_salt

log = logging.getLogger(__name__)

MIN_PLAYERS = 2
MAX_PLAYERS = 256
MAX_ROUNDS = 30
NAME_LENGTH = 100
#: How many tournaments one tick looks at, per kind of work.
BATCH = 100
#: How many tournaments a list shows.
LIST_LIMIT = 25
#: A round's game whose board is still not posted this long after it started lost its
#: announcement (the process stopped between commit and post): the tick posts it again.
UNPOSTED_GRACE = timedelta(minutes=2)


class TournamentService:
    def __init__(self, games: GameService, servers: GuildService) -> None:
        self.games = games
        self.servers = servers
        self.db = games.db
        self.clock = games.clock

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
    ) -> TournamentInfo:
        """A new tournament open for sign-up until ``signup_seconds`` from now. A game with one
        seat makes a solitaire event (``rounds`` deals, ``play_seconds`` to play them)."""
        server = await self.servers.get(guild_id)
        if not (manages_server or server.tournaments_by_everyone):
            raise TournamentError(NOT_ALLOWED_TO_CREATE)
        spec = spec_for(game_type)
        if spec.solitaire:
            format = SOLITAIRE
        elif format not in PAIRED_FORMATS:
            raise TournamentError(BAD_FORMAT)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError(BAD_ROUNDS.format(most=MAX_ROUNDS))
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
                format=format,
                rounds=rounds,
                move_seconds=None if spec.solitaire else move_seconds or None,
                rated=rated and not spec.solitaire,
                max_players=max_players,
                entrant_count=0,
                status="signup",
                signup_until=now + timedelta(seconds=max(signup_seconds, 0)),
                play_seconds=play_seconds if spec.solitaire else None,
                current_round=0,
                seed=self.games.new_seed(),
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
            row = await self._get(session, tournament_id, guild_id)
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
                    TournamentRow.status == "signup",
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
            row = await self._get(session, tournament_id, guild_id)
            self._require_signup(row)
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.status == "signup")
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
            row = await self._get(session, tournament_id, guild_id)
            if row.organiser_id != user_id and not manages_server:
                raise TournamentError(NOT_ORGANISER)
            self._require_signup(row)
        notices = await self._open(tournament_id)
        if not notices:
            raise TournamentError(ALREADY_STARTED)  # a scheduler came first
        return notices

    # --- withdrawals and solitaire deals ---------------------------------------------------

    async def withdraw(self, tournament_id: int, guild_id: int, user_id: int) -> Withdrawal:
        """Leave a running tournament: the game in progress is resigned, later games are lost
        by forfeit (round robin) or not paired (Swiss), no more deals (solitaire)."""
        async with self.db.transaction() as session:
            row = await self._get(session, tournament_id, guild_id)
            if row.status == "signup":
                raise TournamentError(NOT_STARTED)
            # Taking the tournament row first orders this against a round being paired.
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == row.id, TournamentRow.status == "running")
                .values(updated_at=self.clock())
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                raise TournamentError(OVER)
            entrant = await session.get(TournamentEntrantRow, (row.id, user_id))
            if entrant is None:
                raise TournamentError(NOT_JOINED)
            if entrant.withdrawn_round is not None:
                raise TournamentError(ALREADY_WITHDRAWN)
            await session.refresh(row)
            entrant.withdrawn_round = row.current_round
            info = TournamentInfo.from_row(row)
        return Withdrawal(info, tuple(await self.advance(tournament_id)))

    async def play(self, tournament_id: int, guild_id: int, player: Player) -> Deal:
        """The entrant's next deal of a solitaire event (or the one they are playing), and
        whether it is new. Each deal is dealt only when its player starts it."""
        now = self.clock()
        async with self.db.read() as session:
            row = await self._get(session, tournament_id, guild_id)
            if row.format != SOLITAIRE:
                raise TournamentError(NOT_SOLITAIRE)
            if row.status == "signup":
                raise TournamentError(DEALS_NOT_OPEN)
            if row.status != "running":
                raise TournamentError(OVER)
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
        playing = next(((n, g) for n, g, status in deals if status == "active"), None)
        if playing is not None and playing[1] is not None:
            game = await self.games.get(playing[1])
            return Deal(info, ActionResult(game, (), game.version), playing[0], new=False)
        if len(deals) >= info.rounds:
            raise TournamentError(ALL_DEALS_PLAYED.format(deals=info.rounds))
        deal_no = len(deals) + 1
        async with self.db.transaction() as session:
            row = await self._get(session, tournament_id, guild_id)
            new = self.games.build_game(
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
        snapshot = await self.games.get(game_id)
        return Deal(info, ActionResult(snapshot, (), snapshot.version), deal_no, new=True)

    # --- reading ---------------------------------------------------------------------------

    async def resolve(
        self, guild_id: int, tournament_id: int | None, statuses: Sequence[str] = OPEN_STATUSES
    ) -> int:
        """The tournament meant: the one given, else the server's only one in ``statuses``."""
        if tournament_id is not None:
            return tournament_id
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.guild_id == guild_id, TournamentRow.status.in_(statuses))
                    .order_by(TournamentRow.id.desc())
                    .limit(10)
                )
            )
        if not ids:
            raise TournamentError(NO_TOURNAMENT)
        if len(ids) > 1:
            raise TournamentError(WHICH_TOURNAMENT.format(ids=", ".join(f"#{i}" for i in ids)))
        return ids[0]

    async def in_server(self, guild_id: int) -> list[TournamentInfo]:
        """The server's tournaments: open ones first, then the newest."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(TournamentRow)
                .where(TournamentRow.guild_id == guild_id)
                .order_by(TournamentRow.status.in_(OVER_STATUSES), TournamentRow.id.desc())
                .limit(LIST_LIMIT)
            )
            return [TournamentInfo.from_row(r) for r in rows]

    async def show(self, tournament_id: int, guild_id: int | None = None) -> Standing:
        async with self.db.read() as session:
            row = await self._get(session, tournament_id, guild_id)
            info = TournamentInfo.from_row(row)
            entrants = [
                EntrantInfo.from_row(e)
                for e in await session.scalars(
                    select(TournamentEntrantRow)
                    .where(TournamentEntrantRow.tournament_id == row.id)
                    .order_by(
                        TournamentEntrantRow.seed.is_(None),
                        TournamentEntrantRow.seed,
                        TournamentEntrantRow.joined_at,
                        TournamentEntrantRow.user_id,
                    )
                )
            ]
            if info.solitaire:
                return await self._solitaire_standing(session, info, entrants)
            joined = (
                await session.execute(
                    select(
                        TournamentPairingRow,
                        GameRow.channel_id,
                        GameRow.message_id,
                        GameRow.status,
                        GameRow.outcome,
                    )
                    .join(GameRow, GameRow.id == TournamentPairingRow.game_id, isouter=True)
                    .where(TournamentPairingRow.tournament_id == row.id)
                    .order_by(TournamentPairingRow.round_no, TournamentPairingRow.board)
                )
            ).all()
            pairings = []
            for pairing, channel_id, message_id, status, outcome in joined:
                if pairing.result is None and status in FINISHED_STATUSES:
                    # Ended, not yet recorded by the scheduler: show it as it will be.
                    session.expunge(pairing)
                    pairing.result = result_of(status, outcome)
                pairings.append((pairing, channel_id, message_id))
        format = info.pairing_format
        started = info.status not in ("signup", "cancelled")
        seeded = [Entrant(e.user_id, e.seed or n) for n, e in enumerate(entrants, start=1)]
        rows = table(format, seeded, records_of([p for p, _, _ in pairings], format))
        current = tuple(
            _pairing_info(p, channel_id, message_id)
            for p, channel_id, message_id in pairings
            if p.round_no == info.current_round
        )
        return Standing(
            info,
            tuple(entrants),
            tuple(rows) if started else (),
            tie_break_names(format),
            (),
            current,
        )

    async def _solitaire_standing(
        self, session: AsyncSession, info: TournamentInfo, entrants: list[EntrantInfo]
    ) -> Standing:
        deals = await session.scalars(
            select(TournamentDealRow).where(
                TournamentDealRow.tournament_id == info.id, TournamentDealRow.won.is_not(None)
            )
        )
        results: dict[int, list[DealResult]] = {e.user_id: [] for e in entrants}
        for deal in deals:
            if deal.user_id in results:
                results[deal.user_id].append(DealResult(bool(deal.won), deal.count or 0))
        rows = solitaire_table(results) if info.status != "signup" else []
        return Standing(info, tuple(entrants), (), (), tuple(rows), ())

    # --- the scheduler ---------------------------------------------------------------------

    async def tick(self) -> list[TournamentNotice]:
        """Do all tournament work that is due; return what the front end should announce."""
        now = self.clock()
        async with self.db.read() as session:
            due = list(
                await session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.status == "signup", TournamentRow.signup_until <= now)
                    .limit(BATCH)
                )
            )
            running = list(
                await session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.status == "running")
                    .order_by(TournamentRow.updated_at)
                    .limit(BATCH)
                )
            )
        notices: list[TournamentNotice] = []
        for tournament_id in due:
            notices += await self._guarded(self._open, tournament_id)
        for tournament_id in running:
            notices += await self._guarded(self.advance, tournament_id)
        notices += await self._unposted_boards()
        return notices

    async def _unposted_boards(self) -> list[TournamentNotice]:
        """Games of a round whose boards were never posted: claimed (``message_id`` from NULL
        to 0, no version bump) and announced again, so nobody is left without a board."""
        cutoff = self.clock() - UNPOSTED_GRACE
        async with self.db.read() as session:
            rows = (
                await session.execute(
                    select(GameRow.id, GameRow.tournament_id)
                    .join(TournamentRow, TournamentRow.id == GameRow.tournament_id)
                    .where(
                        TournamentRow.format != SOLITAIRE,
                        GameRow.status == "active",
                        GameRow.message_id.is_(None),
                        GameRow.created_at <= cutoff,
                    )
                    .limit(BATCH)
                )
            ).all()
        claimed: dict[int, list[int]] = {}
        for game_id, tournament_id in rows:
            async with self.db.transaction() as session:
                done = await session.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.message_id.is_(None))
                    .values(message_id=0)
                )
            if done.rowcount == 1 and tournament_id is not None:  # type: ignore[attr-defined]
                claimed.setdefault(tournament_id, []).append(game_id)
        notices: list[TournamentNotice] = []
        for tournament_id, game_ids in claimed.items():
            standing = await self.show(tournament_id)
            games = tuple([await self.games.get(g) for g in game_ids])
            notices.append(
                RoundStarted(
                    standing.tournament,
                    standing.tournament.current_round,
                    tuple(p for p in standing.pairings if p.game_id in game_ids),
                    games,
                    {e.user_id: e.display_name for e in standing.entrants},
                )
            )
        return notices

    async def _guarded(self, step: Any, tournament_id: int) -> list[TournamentNotice]:
        """One tournament's trouble must not stop the others' rounds."""
        try:
            notices: list[TournamentNotice] = await step(tournament_id)
        except IntegrityError:
            # Only possible if two schedulers both passed a claim: the unique keys refused
            # the second, and its transaction was rolled back.
            log.warning("tournament %s: a step lost a race and was rolled back", tournament_id)
            return []
        except (ServiceError, RulesError):
            log.exception("tournament %s: could not do its due work", tournament_id)
            return []
        return notices

    async def advance(self, tournament_id: int) -> list[TournamentNotice]:
        """Whatever is due for one running tournament: results of ended games, the next
        round (or rounds, when one is all byes and forfeits), or the end."""
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if row is None or row.status != "running":
                return []
            solitaire = row.format == SOLITAIRE
        if solitaire:
            return await self._advance_solitaire(tournament_id)
        notices: list[TournamentNotice] = list(await self._resign_withdrawn(tournament_id))
        await self._record_results(tournament_id)
        for _ in range(2 * MAX_PLAYERS):
            step = await self._next_round(tournament_id)
            if step is None:
                break
            notices.append(step)
            if isinstance(step, Finished):
                break
        return notices

    async def _open(self, tournament_id: int) -> list[TournamentNotice]:
        """Close sign-up: start the tournament (seeding, round 1 or the deals) or cancel it."""
        now = self.clock()
        async with self.db.transaction() as session:
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id, TournamentRow.status == "signup")
                .values(status="running", started_at=now, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return []  # started by someone else
            row = await session.get(TournamentRow, tournament_id, populate_existing=True)
            assert row is not None
            pairings: list[TournamentPairingRow] = []
            if row.entrant_count < MIN_PLAYERS:
                row.status = "cancelled"
                row.finished_at = now
            else:
                players = await seed_entrants(session, row)
                if row.format == SOLITAIRE:
                    row.closes_at = now + timedelta(seconds=row.play_seconds or 0)
                else:
                    row.rounds = total_rounds(Format(row.format), len(players), row.rounds)
                    row.current_round = 1
                    pairings = await RoundMaker(self.games, session, row).pair(1)
            await session.flush()
            info = TournamentInfo.from_row(row)
        if info.status == "cancelled":
            return [Cancelled(info)]
        if info.solitaire:
            standing = await self.show(tournament_id)
            return [DealsOpened(info, standing.entrants)]
        return [await self._round_started(info, 1, pairings)]

    async def _round_started(
        self, info: TournamentInfo, round_no: int, pairings: Sequence[TournamentPairingRow]
    ) -> RoundStarted:
        games = tuple([await self.games.get(p.game_id) for p in pairings if p.game_id is not None])
        standing = await self.show(info.id)
        return RoundStarted(
            info,
            round_no,
            tuple(_pairing_info(p) for p in pairings),
            games,
            {e.user_id: e.display_name for e in standing.entrants},
        )

    async def _resign_withdrawn(self, tournament_id: int) -> list[TournamentNotice]:
        """Resign the games in progress of players who have withdrawn (normally done at once
        by ``withdraw``; this also finishes the job after a crash in between)."""
        async with self.db.read() as session:
            withdrawn = select(TournamentEntrantRow.user_id).where(
                TournamentEntrantRow.tournament_id == tournament_id,
                TournamentEntrantRow.withdrawn_round.is_not(None),
            )
            rows = (
                await session.execute(
                    select(
                        TournamentPairingRow.game_id,
                        TournamentPairingRow.white_id,
                        TournamentPairingRow.black_id,
                    )
                    .join(GameRow, GameRow.id == TournamentPairingRow.game_id)
                    .where(
                        TournamentPairingRow.tournament_id == tournament_id,
                        TournamentPairingRow.result.is_(None),
                        GameRow.status == "active",
                        TournamentPairingRow.white_id.in_(withdrawn)
                        | TournamentPairingRow.black_id.in_(withdrawn),
                    )
                )
            ).all()
            out = set((await session.scalars(withdrawn)).all())
        notices: list[TournamentNotice] = []
        for game_id, white, black in rows:
            user = white if white in out else black
            if game_id is None or user is None:
                continue
            try:
                result = await self.games.act(game_id, user, None, Resign.code)
            except (ServiceError, RulesError):
                continue  # ended meanwhile (a move, a clock, another scheduler)
            notices.append(GameEnded(result))
        return notices

    async def _record_results(self, tournament_id: int) -> None:
        """Copy the results of ended games into their pairings (once: ``result IS NULL``)."""
        async with self.db.read() as session:
            ended = (
                await session.execute(
                    select(TournamentPairingRow.id, GameRow.status, GameRow.outcome)
                    .join(GameRow, GameRow.id == TournamentPairingRow.game_id)
                    .where(
                        TournamentPairingRow.tournament_id == tournament_id,
                        TournamentPairingRow.result.is_(None),
                        GameRow.status.in_(FINISHED_STATUSES),
                    )
                )
            ).all()
        if not ended:
            return
        async with self.db.transaction() as session:
            for pairing_id, status, outcome in ended:
                await session.execute(
                    update(TournamentPairingRow)
                    .where(
                        TournamentPairingRow.id == pairing_id,
                        TournamentPairingRow.result.is_(None),
                    )
                    .values(result=result_of(status, outcome))
                )

    async def _next_round(self, tournament_id: int) -> TournamentNotice | None:
        """When the current round is complete: pair the next one, or finish."""
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if row is None or row.status != "running":
                return None
            completed = row.current_round
            pending = await session.scalar(
                select(func.count())
                .select_from(TournamentPairingRow)
                .where(
                    TournamentPairingRow.tournament_id == tournament_id,
                    TournamentPairingRow.round_no == completed,
                    TournamentPairingRow.result.is_(None),
                )
            )
        if pending:
            return None
        now = self.clock()
        async with self.db.transaction() as session:
            last = completed >= row.rounds
            values: dict[str, Any] = (
                {"status": "finished", "finished_at": now, "updated_at": now}
                if last
                else {"current_round": completed + 1, "updated_at": now}
            )
            claimed = await session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == tournament_id,
                    TournamentRow.status == "running",
                    TournamentRow.current_round == completed,
                )
                .values(**values)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return None  # another scheduler did this step
            fresh = await session.get(TournamentRow, tournament_id, populate_existing=True)
            assert fresh is not None
            pairings = (
                [] if last else await RoundMaker(self.games, session, fresh).pair(completed + 1)
            )
            info = TournamentInfo.from_row(fresh)
        if last:
            return Finished(await self.show(tournament_id))
        return await self._round_started(info, completed + 1, pairings)

    async def _advance_solitaire(self, tournament_id: int) -> list[TournamentNotice]:
        await self._record_deals(tournament_id)
        now = self.clock()
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if row is None or row.status != "running":
                return []
            playing = set(
                await session.scalars(
                    select(TournamentEntrantRow.user_id).where(
                        TournamentEntrantRow.tournament_id == tournament_id,
                        TournamentEntrantRow.withdrawn_round.is_(None),
                    )
                )
            )
            done = set(
                await session.scalars(
                    select(TournamentDealRow.user_id)
                    .where(
                        TournamentDealRow.tournament_id == tournament_id,
                        TournamentDealRow.won.is_not(None),
                    )
                    .group_by(TournamentDealRow.user_id)
                    .having(func.count() >= row.rounds)
                )
            )
            unfinished = playing - done
            closed = row.closes_at is not None and now >= row.closes_at
        if unfinished and not closed:
            return []
        async with self.db.transaction() as session:
            claimed = await session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id, TournamentRow.status == "running")
                .values(status="finished", finished_at=now, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return []
        await self._abort_open_deals(tournament_id)
        return [Finished(await self.show(tournament_id))]

    async def _record_deals(self, tournament_id: int) -> None:
        """Each finished deal's result: won or not, and the game's tie-break count."""
        async with self.db.read() as session:
            waiting = (
                await session.execute(
                    select(TournamentDealRow.user_id, TournamentDealRow.deal_no)
                    .join(GameRow, GameRow.id == TournamentDealRow.game_id)
                    .where(
                        TournamentDealRow.tournament_id == tournament_id,
                        TournamentDealRow.won.is_(None),
                        GameRow.status == "finished",
                    )
                )
            ).all()
        if not waiting:
            return
        async with self.db.transaction() as session:
            for user_id, deal_no in waiting:
                deal = await session.get(TournamentDealRow, (tournament_id, user_id, deal_no))
                if deal is None or deal.won is not None or deal.game_id is None:
                    continue
                game = await session.get(GameRow, deal.game_id)
                if game is None or game.outcome is None:
                    continue
                tally = spec_for(game.game_type).tally
                state = await self.games.decode(session, game)
                deal.won = float(game.outcome["points"][0]) == 1.0
                deal.count = tally.count(state) if tally is not None else 0

    async def _abort_open_deals(self, tournament_id: int) -> None:
        """Deals still being played when the event closes are called off (they never count)."""
        async with self.db.read() as session:
            open_deals = (
                await session.execute(
                    select(GameRow.id, GameRow.version).where(
                        GameRow.tournament_id == tournament_id, GameRow.status == "active"
                    )
                )
            ).all()
        for game_id, version in open_deals:
            try:
                await self.games.abort_by_platform(game_id, version)
            except ServiceError:
                continue  # finished meanwhile

    # --- helpers ---------------------------------------------------------------------------

    @staticmethod
    async def _get(
        session: AsyncSession, tournament_id: int, guild_id: int | None
    ) -> TournamentRow:
        row = await session.get(TournamentRow, tournament_id, populate_existing=True)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TournamentError(UNKNOWN_TOURNAMENT)
        return row

    @staticmethod
    def _require_signup(row: TournamentRow) -> None:
        if row.status == "running":
            raise TournamentError(ALREADY_STARTED)
        if row.status != "signup":
            raise TournamentError(OVER)


def _pairing_info(
    row: TournamentPairingRow, channel_id: int | None = None, message_id: int | None = None
) -> PairingInfo:
    return PairingInfo(
        row.round_no,
        row.board,
        row.white_id,
        row.black_id,
        row.game_id,
        row.result,
        channel_id,
        message_id,
    )
