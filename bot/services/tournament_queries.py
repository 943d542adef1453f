"""Reading tournaments — one, the server's list, which one a command means — and loading a
tournament of a server, which every tournament use case does."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import (
    Database,
    GameRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
)
from bot.services.tournament_errors import TournamentError
from bot.services.tournament_rounds import (
    records_of,
    result_of,
)
from bot.services.tournament_snapshots import (
    Adjudicated,
    BoardLabel,
    EntrantInfo,
    PairingInfo,
    Standing,
    TournamentInfo,
)
from bot.statuses import (
    OPEN_TOURNAMENT_STATUSES,
    OVER_GAME_STATUSES,
    OVER_TOURNAMENT_STATUSES,
    GameStatus,
    TournamentFormat,
    TournamentStatus,
)
from bot.text.tournament_errors import NO_TOURNAMENT, UNKNOWN_TOURNAMENT, WHICH_TOURNAMENT
from bot.tournament import DealResult, Entrant, solitaire_table, table, tie_break_names

LIST_LIMIT = 25
#: Board labels kept in memory (by game id): a board redrawn on every move reads none.
LABELS_KEPT = 4096


class TournamentQueries:
    """What anyone may read of the tournaments in ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._labels: dict[int, BoardLabel] = {}

    async def board_label(self, game_id: int, tournament_id: int) -> BoardLabel | None:
        """The tournament and round (or deal) of one of its games, read once per game and
        process: none of it ever changes."""
        label = self._labels.get(game_id)
        if label is not None:
            return label
        async with self.db.read() as session:
            found = (
                await session.execute(
                    select(
                        TournamentRow.name,
                        TournamentRow.format,
                        TournamentRow.rounds,
                        TournamentPairingRow.round_no,
                        TournamentDealRow.deal_no,
                    )
                    .select_from(TournamentRow)
                    .join(
                        TournamentPairingRow,
                        (TournamentPairingRow.tournament_id == TournamentRow.id)
                        & (TournamentPairingRow.game_id == game_id),
                        isouter=True,
                    )
                    .join(
                        TournamentDealRow,
                        (TournamentDealRow.tournament_id == TournamentRow.id)
                        & (TournamentDealRow.game_id == game_id),
                        isouter=True,
                    )
                    .where(TournamentRow.id == tournament_id)
                    .limit(1)
                )
            ).first()
        if found is None:
            return None
        name, format, rounds, round_no, deal_no = found
        number = deal_no if format == TournamentFormat.SOLITAIRE else round_no
        if number is None:
            return None  # not (yet) one of its rounds' or deals' games
        label = BoardLabel(
            tournament_id, name, format == TournamentFormat.SOLITAIRE, number, rounds
        )
        if len(self._labels) >= LABELS_KEPT:
            del self._labels[next(iter(self._labels))]  # the oldest
        self._labels[game_id] = label
        return label

    async def resolve(
        self,
        guild_id: int,
        tournament_id: int | None,
        statuses: Collection[TournamentStatus] = OPEN_TOURNAMENT_STATUSES,
        *,
        newest: bool = False,
    ) -> int:
        """The tournament meant: the one given, else the server's only one in ``statuses``
        (with ``newest``, the newest of them)."""
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
        if len(ids) > 1 and not newest:
            raise TournamentError(WHICH_TOURNAMENT.format(ids=", ".join(f"#{i}" for i in ids)))
        return ids[0]

    async def in_server(self, guild_id: int) -> list[TournamentInfo]:
        """The server's tournaments: open ones first, then the newest."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(TournamentRow)
                .where(TournamentRow.guild_id == guild_id)
                .order_by(
                    TournamentRow.status.in_(OVER_TOURNAMENT_STATUSES), TournamentRow.id.desc()
                )
                .limit(LIST_LIMIT)
            )
            return [TournamentInfo.from_row(r) for r in rows]

    async def entered_by(self, user_id: int) -> list[TournamentInfo]:
        """The tournaments ``user_id`` entered, in any server: open ones first, then the
        newest. What a player may read of tournaments away from those servers."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(TournamentRow)
                .join(TournamentEntrantRow, TournamentEntrantRow.tournament_id == TournamentRow.id)
                .where(TournamentEntrantRow.user_id == user_id)
                .order_by(
                    TournamentRow.status.in_(OVER_TOURNAMENT_STATUSES), TournamentRow.id.desc()
                )
                .limit(LIST_LIMIT)
            )
            return [TournamentInfo.from_row(r) for r in rows]

    async def show(self, tournament_id: int, guild_id: int | None = None) -> Standing:
        async with self.db.read() as session:
            row = await tournament_of(session, tournament_id, guild_id)
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
                # A game aborted because the tournament was cancelled has no result at all.
                called_off = (
                    info.status == TournamentStatus.CANCELLED and status == GameStatus.ABORTED
                )
                if pairing.result is None and status in OVER_GAME_STATUSES and not called_off:
                    # Ended, not yet recorded by the scheduler: show it as it will be.
                    session.expunge(pairing)
                    pairing.result = result_of(status, outcome)
                pairings.append((pairing, channel_id, message_id))
        format = info.pairing_format
        seeded = [Entrant(e.user_id, e.seed or n) for n, e in enumerate(entrants, start=1)]
        rows = table(format, seeded, records_of([p for p, _, _ in pairings], format))
        current = tuple(
            pairing_info(p, channel_id, message_id)
            for p, channel_id, message_id in pairings
            if p.round_no == info.current_round
        )
        adjudicated = (Adjudicated.of(p) for p, _, _ in pairings)
        return Standing(
            info,
            tuple(entrants),
            tuple(rows) if info.played else (),
            tie_break_names(format),
            (),
            current,
            tuple(a for a in adjudicated if a is not None),
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
        rows = solitaire_table(results) if info.played else []
        return Standing(info, tuple(entrants), (), (), tuple(rows), ())


async def tournament_of(
    session: AsyncSession, tournament_id: int, guild_id: int | None
) -> TournamentRow:
    """The tournament, read afresh in ``session``; refused unless it is ``guild_id``'s."""
    row = await session.get(TournamentRow, tournament_id, populate_existing=True)
    if row is None or (guild_id is not None and row.guild_id != guild_id):
        raise TournamentError(UNKNOWN_TOURNAMENT)
    return row


def pairing_info(
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
