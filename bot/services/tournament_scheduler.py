"""The tournament scheduler, run from the database like the move clocks (``ClockService``).

``tick`` finds tournaments whose sign-up has closed and running ones, and every step is
*claimed* by a conditional UPDATE of the tournament row — ``status`` still ``signup`` to start
it, ``current_round`` still the round just completed to pair the next one, ``status`` still
``running`` to finish it — in the same transaction that writes the step. A restart, or several
bot processes sharing one database, therefore never pair a round twice or skip one; the unique
(round, board) key of the pairings backs that up. ``advance`` runs the same steps for one
tournament at once, when one of its games has just ended.

A round with a deadline (``round_seconds``) ends at it: each game still running is decided by
its game's stated rule (``GameSpec.round_rule``) through the guarded write of the action
pipeline — ``WHERE version =`` the version judged, as a loss on time is claimed — so a move
landing meanwhile, another process or a restart never decide it twice; its result and the
rule's proof (replayed from the game's log, so any process writes the same one) are copied to
the pairing once, with the result. The next round's deadline counts from the one just passed,
not from the tick that noticed it, so a late tick never pushes the schedule back.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import (
    Database,
    GameRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
)
from bot.games.registry import spec_for
from bot.services.actions import ActionPipeline
from bot.services.base import GameLoader, logged_moves, rules_for
from bot.services.clock import Clock
from bot.services.errors import ServiceError, StaleVersion
from bot.services.seeds import Seeds
from bot.services.snapshots import ActionResult
from bot.services.starts import GameStarts
from bot.services.tournament_queries import TournamentQueries, pairing_info
from bot.services.tournament_rounds import (
    RoundMaker,
    result_of,
    seed_entrants,
    total_rounds,
)
from bot.services.tournament_snapshots import (
    Cancelled,
    DealsOpened,
    Finished,
    GameEnded,
    RoundStarted,
    TournamentInfo,
    TournamentNotice,
)
from bot.statuses import (
    OVER_GAME_STATUSES,
    OVER_TOURNAMENT_STATUSES,
    GameStatus,
    TournamentFormat,
    TournamentStatus,
)
from bot.tournament import Format
from rules.core import Resign, RulesError

log = logging.getLogger(__name__)

MIN_PLAYERS = 2
#: How many tournaments one tick looks at, per kind of work.
BATCH = 100
#: At most this many rounds paired in one go (rounds of only byes and forfeits follow at once).
MAX_STEPS = 512
#: A round's game whose board is still not posted this long after it started lost its
#: announcement (the process stopped between commit and post): the tick posts it again.
UNPOSTED_GRACE = timedelta(minutes=2)
#: How often an abort is tried again when moves keep landing on the game meanwhile.
ABORT_TRIES = 5


#: The outcome reason of a game decided at its round's deadline (``rules.core.Adjudicate``).
ADJUDICATED = "adjudicated"


def next_deadline(
    round_seconds: int | None, previous: datetime | None, now: datetime
) -> datetime | None:
    """The deadline of a round starting now: ``round_seconds`` on from now, or from the last
    round's deadline if that has passed (the schedule does not drift with a late tick)."""
    if not round_seconds:
        return None
    start = now if previous is None else min(previous, now)
    return start + timedelta(seconds=round_seconds)


async def adjudication_note(session: AsyncSession, game_id: int) -> dict[str, Any] | None:
    """The rule and proof of a game decided at its round's deadline, judged again on the
    position before its last ply (the adjudication): the judge is pure, so this is the very
    verdict that ended the game, in both languages."""
    game = await session.get(GameRow, game_id)
    if game is None:
        return None
    moves = await logged_moves(session, game_id)
    if not moves or not moves[-1][1].startswith("adjudicate:"):
        return None
    before = rules_for(game.game_type).replay(game.settings, game.seed, moves[:-1])
    verdict = spec_for(game.game_type).round_rule.judge(before)
    return {"rule": verdict.rule, "proof": {"ja": verdict.proof.ja, "en": verdict.proof.en}}


class TournamentScheduler:
    """Moves every tournament on: starts, rounds, results, the end. A round's games are made
    by ``starts`` from ``seeds``, resigned and aborted by ``actions`` and read by ``loader``;
    what it announces is read through ``queries``."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        *,
        queries: TournamentQueries,
        loader: GameLoader,
        actions: ActionPipeline,
        starts: GameStarts,
        seeds: Seeds,
    ) -> None:
        self.db = db
        self.clock = clock
        self.queries = queries
        self.loader = loader
        self.actions = actions
        self.starts = starts
        self.seeds = seeds

    async def tick(self) -> list[TournamentNotice]:
        """Do all tournament work that is due; return what the front end should announce."""
        now = self.clock()
        async with self.db.read() as session:
            due = list(
                await session.scalars(
                    select(TournamentRow.id)
                    .where(
                        TournamentRow.status == TournamentStatus.SIGNUP,
                        TournamentRow.signup_until <= now,
                    )
                    .limit(BATCH)
                )
            )
            running = list(
                await session.scalars(
                    select(TournamentRow.id)
                    .where(TournamentRow.status == TournamentStatus.RUNNING)
                    .order_by(TournamentRow.updated_at)
                    .limit(BATCH)
                )
            )
        notices: list[TournamentNotice] = []
        for tournament_id in due:
            notices += await self._guarded(self.open, tournament_id)
        for tournament_id in running:
            notices += await self._guarded(self.advance, tournament_id)
        notices += await self.unposted_boards()
        notices += await self._abort_leftovers()
        return notices

    async def unposted_boards(self, grace: timedelta = UNPOSTED_GRACE) -> list[TournamentNotice]:
        """Games of a round whose boards were never posted ``grace`` after it started:
        claimed (``board_claimed_at`` from NULL to now, once, by one process; no version bump)
        and announced again, so nobody is left without a board. A process starting alone (no
        other can be posting them) passes no grace."""
        now = self.clock()
        cutoff = now - grace
        async with self.db.read() as session:
            rows = (
                await session.execute(
                    select(GameRow.id, GameRow.tournament_id)
                    .join(TournamentRow, TournamentRow.id == GameRow.tournament_id)
                    .where(
                        TournamentRow.format != TournamentFormat.SOLITAIRE,
                        GameRow.status == GameStatus.ACTIVE,
                        GameRow.message_id.is_(None),
                        GameRow.board_claimed_at.is_(None),
                        GameRow.created_at <= cutoff,
                    )
                    .limit(BATCH)
                )
            ).all()
        claimed: dict[int, list[int]] = {}
        for game_id, tournament_id in rows:
            async with self.db.transaction() as session:
                done = await self.db.store.claim_board(session, game_id, now)
            if done and tournament_id is not None:
                claimed.setdefault(tournament_id, []).append(game_id)
        notices: list[TournamentNotice] = []
        for tournament_id, game_ids in claimed.items():
            standing = await self.queries.show(tournament_id)
            games = tuple([await self.loader.get(g) for g in game_ids])
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
            if row is None or row.status != TournamentStatus.RUNNING:
                return []
            solitaire = row.format == TournamentFormat.SOLITAIRE
        if solitaire:
            return await self._advance_solitaire(tournament_id)
        notices: list[TournamentNotice] = list(await self._resign_withdrawn(tournament_id))
        notices += await self.adjudicate_due(tournament_id)
        await self.record_results(tournament_id)
        for _ in range(MAX_STEPS):
            step = await self._next_round(tournament_id)
            if step is None:
                break
            notices.append(step)
            if isinstance(step, Finished):
                break
        return notices

    async def open(self, tournament_id: int) -> list[TournamentNotice]:
        """Close sign-up: start the tournament (seeding, round 1 or the deals) or cancel it."""
        now = self.clock()
        async with self.db.transaction() as session:
            claimed = await session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == tournament_id,
                    TournamentRow.status == TournamentStatus.SIGNUP,
                )
                .values(status=TournamentStatus.RUNNING, started_at=now, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return []  # started by someone else
            row = await session.get(TournamentRow, tournament_id, populate_existing=True)
            assert row is not None
            pairings: list[TournamentPairingRow] = []
            if row.entrant_count < MIN_PLAYERS:
                row.status = TournamentStatus.CANCELLED
                row.finished_at = now
            else:
                players = await seed_entrants(session, row)
                if row.format == TournamentFormat.SOLITAIRE:
                    row.closes_at = now + timedelta(seconds=row.play_seconds or 0)
                else:
                    row.rounds = total_rounds(Format(row.format), len(players), row.rounds)
                    row.current_round = 1
                    row.round_deadline_at = next_deadline(row.round_seconds, None, now)
                    pairings = await RoundMaker(self.starts, self.seeds, session, row).pair(1)
            await session.flush()
            info = TournamentInfo.from_row(row)
        if info.status == TournamentStatus.CANCELLED:
            return [Cancelled(info)]
        if info.solitaire:
            standing = await self.queries.show(tournament_id)
            return [DealsOpened(info, standing.entrants)]
        return [await self._round_started(info, 1, pairings)]

    async def _round_started(
        self, info: TournamentInfo, round_no: int, pairings: Sequence[TournamentPairingRow]
    ) -> RoundStarted:
        games = tuple([await self.loader.get(p.game_id) for p in pairings if p.game_id is not None])
        standing = await self.queries.show(info.id)
        return RoundStarted(
            info,
            round_no,
            tuple(pairing_info(p) for p in pairings),
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
                        GameRow.status == GameStatus.ACTIVE,
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
                result = await self.actions.act(game_id, user, None, Resign.code)
            except (ServiceError, RulesError):
                continue  # ended meanwhile (a move, a clock, another scheduler)
            notices.append(GameEnded(result))
        return notices

    async def adjudicate_due(self, tournament_id: int) -> list[TournamentNotice]:
        """At the current round's deadline, decide each of its games still running by the
        game's stated rule. Each decision is one guarded write on the version judged: a game
        that moved meanwhile is judged again at the next tick (its new position), one that
        ended meanwhile keeps its own result."""
        now = self.clock()
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if (
                row is None
                or row.status != TournamentStatus.RUNNING
                or row.round_deadline_at is None
                or now < row.round_deadline_at
            ):
                return []
            game_ids = list(
                await session.scalars(
                    select(GameRow.id)
                    .join(TournamentPairingRow, TournamentPairingRow.game_id == GameRow.id)
                    .where(
                        TournamentPairingRow.tournament_id == tournament_id,
                        TournamentPairingRow.round_no == row.current_round,
                        TournamentPairingRow.result.is_(None),
                        GameRow.status == GameStatus.ACTIVE,
                    )
                    .order_by(GameRow.id)
                )
            )
        notices: list[TournamentNotice] = []
        for game_id in game_ids:
            game = await self.loader.get(game_id)
            if game.status != GameStatus.ACTIVE:
                continue
            verdict = spec_for(game.game_type).round_rule.judge(game.state)
            try:
                result = await self.actions.adjudicate(
                    game_id, game.version, verdict.winner, verdict.rule
                )
            except StaleVersion:
                continue  # a move, the clock or another process came first: judged next tick
            except (ServiceError, RulesError):
                log.exception("tournament %s: could not adjudicate game %s", tournament_id, game_id)
                continue
            notices.append(GameEnded(result))
        return notices

    async def record_results(self, tournament_id: int) -> None:
        """Copy the results of ended games into their pairings (once: ``result IS NULL``),
        with the rule and proof of a game decided at the round's deadline."""
        async with self.db.read() as session:
            ended = (
                await session.execute(
                    select(TournamentPairingRow.id, GameRow.id, GameRow.status, GameRow.outcome)
                    .join(GameRow, GameRow.id == TournamentPairingRow.game_id)
                    .join(TournamentRow, TournamentRow.id == TournamentPairingRow.tournament_id)
                    .where(
                        TournamentPairingRow.tournament_id == tournament_id,
                        TournamentPairingRow.result.is_(None),
                        GameRow.status.in_(OVER_GAME_STATUSES),
                        # A game aborted because the tournament was cancelled has no result.
                        ~(
                            (TournamentRow.status == TournamentStatus.CANCELLED)
                            & (GameRow.status == GameStatus.ABORTED)
                        ),
                    )
                )
            ).all()
            notes = {
                game_id: await adjudication_note(session, game_id)
                for _, game_id, _, outcome in ended
                if outcome and outcome.get("reason") == ADJUDICATED
            }
        if not ended:
            return
        async with self.db.transaction() as session:
            for pairing_id, game_id, status, outcome in ended:
                await session.execute(
                    update(TournamentPairingRow)
                    .where(
                        TournamentPairingRow.id == pairing_id,
                        TournamentPairingRow.result.is_(None),
                    )
                    .values(result=result_of(status, outcome), adjudication=notes.get(game_id))
                )

    async def _next_round(self, tournament_id: int) -> TournamentNotice | None:
        """When the current round is complete: pair the next one, or finish."""
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if row is None or row.status != TournamentStatus.RUNNING:
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
                {"status": TournamentStatus.FINISHED, "finished_at": now, "updated_at": now}
                if last
                else {
                    "current_round": completed + 1,
                    "updated_at": now,
                    "round_deadline_at": next_deadline(
                        row.round_seconds, row.round_deadline_at, now
                    ),
                }
            )
            claimed = await session.execute(
                update(TournamentRow)
                .where(
                    TournamentRow.id == tournament_id,
                    TournamentRow.status == TournamentStatus.RUNNING,
                    TournamentRow.current_round == completed,
                )
                .values(**values)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return None  # another scheduler did this step
            fresh = await session.get(TournamentRow, tournament_id, populate_existing=True)
            assert fresh is not None
            pairings = (
                []
                if last
                else await RoundMaker(self.starts, self.seeds, session, fresh).pair(completed + 1)
            )
            info = TournamentInfo.from_row(fresh)
        if last:
            return Finished(await self.queries.show(tournament_id))
        return await self._round_started(info, completed + 1, pairings)

    async def _advance_solitaire(self, tournament_id: int) -> list[TournamentNotice]:
        await self.record_deals(tournament_id)
        now = self.clock()
        async with self.db.read() as session:
            row = await session.get(TournamentRow, tournament_id)
            if row is None or row.status != TournamentStatus.RUNNING:
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
                .where(
                    TournamentRow.id == tournament_id,
                    TournamentRow.status == TournamentStatus.RUNNING,
                )
                .values(status=TournamentStatus.FINISHED, finished_at=now, updated_at=now)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return []
        aborted = await self.abort_games(tournament_id)
        return [Finished(await self.queries.show(tournament_id)), *aborted]

    async def record_deals(self, tournament_id: int) -> None:
        """Each finished deal's result: won or not, and the game's tie-break count."""
        async with self.db.read() as session:
            waiting = (
                await session.execute(
                    select(TournamentDealRow.user_id, TournamentDealRow.deal_no)
                    .join(GameRow, GameRow.id == TournamentDealRow.game_id)
                    .where(
                        TournamentDealRow.tournament_id == tournament_id,
                        TournamentDealRow.won.is_(None),
                        GameRow.status == GameStatus.FINISHED,
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
                state = await self.loader.decode(session, game)
                deal.won = float(game.outcome["points"][0]) == 1.0
                deal.count = tally.count(state) if tally is not None else 0

    async def abort_games(self, tournament_id: int) -> list[TournamentNotice]:
        """Games of a tournament that is over (cancelled, or a solitaire event closed) still
        being played are called off: no result, no rating change (deals then never count).
        A move landing meanwhile only makes the abort try again on the newer version."""
        async with self.db.read() as session:
            open_games = (
                await session.execute(
                    select(GameRow.id, GameRow.version).where(
                        GameRow.tournament_id == tournament_id, GameRow.status == GameStatus.ACTIVE
                    )
                )
            ).all()
        notices: list[TournamentNotice] = []
        for game_id, version in open_games:
            for _ in range(ABORT_TRIES):
                try:
                    aborted = await self.actions.abort_by_platform(game_id, version)
                except StaleVersion:
                    version = (await self.loader.get(game_id)).version
                    continue
                except ServiceError:
                    break  # it ended meanwhile (a move, a clock, another process)
                notices.append(GameEnded(ActionResult(aborted, (), version)))
                break
        return notices

    async def _abort_leftovers(self) -> list[TournamentNotice]:
        """Finish the aborting of a tournament that ended with games in progress, when the
        process stopped between the end and the aborts."""
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(GameRow.tournament_id)
                    .join(TournamentRow, TournamentRow.id == GameRow.tournament_id)
                    .where(
                        TournamentRow.status.in_(OVER_TOURNAMENT_STATUSES),
                        GameRow.status == GameStatus.ACTIVE,
                    )
                    .distinct()
                    .limit(BATCH)
                )
            )
        notices: list[TournamentNotice] = []
        for tournament_id in ids:
            if tournament_id is not None:
                notices += await self.abort_games(tournament_id)
        return notices
