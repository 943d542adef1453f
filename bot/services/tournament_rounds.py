"""A round of a two-player tournament, inside the transaction that claimed it: the pairings
from ``bot.tournament`` (Berger tables or the Swiss system), a game per pairing, byes and the
forfeits of withdrawn players; and the results read back from finished games.

Pairing colours map to seats: White is seat 0 (the first seat), Black seat 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import PlayerStatRow, TournamentEntrantRow, TournamentPairingRow, TournamentRow
from bot.services.game_clock import BankRule
from bot.services.quiet_settings import quiet_hours_of
from bot.services.seeds import Seeds
from bot.services.snapshots import Player
from bot.services.starts import GameStarts
from bot.services.stats import conservative, game_key
from bot.services.tournament_snapshots import bye_points
from bot.statuses import GameStatus, TournamentFormat
from bot.tournament import (
    ByeRecord,
    Entrant,
    Format,
    GameRecord,
    Outcome,
    Pairing,
    Record,
    round_robin_schedule,
    swiss_pairings,
)

BYE = "bye"


def total_rounds(format: Format, players: int, swiss_rounds: int) -> int:
    """How many rounds the event has: a round robin's table, or the Swiss rounds asked for —
    at most as many as a round robin would need, so nobody has to meet anyone twice."""
    cycle = players - 1 if players % 2 == 0 else players
    if format is Format.SWISS:
        return max(1, min(swiss_rounds, cycle))
    return cycle * (2 if format is Format.DOUBLE_ROUND_ROBIN else 1)


def records_of(pairings: Sequence[TournamentPairingRow], format: Format) -> list[Record]:
    """The pairing rows with a result as the pairing core's records. A round robin's bye (the
    odd player out, once each) scores nothing; a Swiss bye scores a point."""
    records: list[Record] = []
    for row in pairings:
        if row.result is None:
            continue
        if row.black_id is None:
            records.append(
                ByeRecord(row.round_no, row.white_id, bye_points(TournamentFormat(format.value)))
            )
        else:
            records.append(
                GameRecord(row.round_no, row.white_id, row.black_id, Outcome(row.result))
            )
    return records


def result_of(status: GameStatus, outcome: dict[str, Any] | None) -> str:
    """A finished game's result code from White's (seat 0's) points; a game called off with
    no result (nobody moved in time, or an admin stopped it) is lost by both."""
    if status != GameStatus.FINISHED or not outcome:
        return Outcome.DOUBLE_FORFEIT.value
    white = float(outcome["points"][0])
    if white == 1.0:
        return Outcome.WHITE_WINS.value
    if white == 0.0:
        return Outcome.BLACK_WINS.value
    return Outcome.DRAW.value


async def seed_entrants(session: AsyncSession, tournament: TournamentRow) -> list[int]:
    """Fix the seeding at the start: by rating in this server's table for the game (the
    cautious rating the standings rank by), then by who joined first. Returns the user ids
    in seed order."""
    entrants = list(
        await session.scalars(
            select(TournamentEntrantRow).where(TournamentEntrantRow.tournament_id == tournament.id)
        )
    )
    key = game_key(tournament.game_type, tournament.settings)
    stats = {
        s.user_id: conservative(s.rating_mu, s.rating_sigma)
        for s in await session.scalars(
            select(PlayerStatRow).where(
                PlayerStatRow.guild_id == tournament.guild_id,
                PlayerStatRow.game_key == key,
                PlayerStatRow.user_id.in_([e.user_id for e in entrants]),
            )
        )
    }
    unrated = conservative(None, None)
    entrants.sort(key=lambda e: (-stats.get(e.user_id, unrated), e.joined_at, e.user_id))
    for number, entrant in enumerate(entrants, start=1):
        entrant.seed = number
    return [e.user_id for e in entrants]


class RoundMaker:
    """Pairs one round of ``tournament`` in ``session`` and starts its games."""

    def __init__(
        self, starts: GameStarts, seeds: Seeds, session: AsyncSession, tournament: TournamentRow
    ):
        self.starts = starts
        self.seeds = seeds
        self.session = session
        self.tournament = tournament
        self.format = Format(tournament.format)

    async def pair(self, round_no: int) -> list[TournamentPairingRow]:
        entrants = list(
            await self.session.scalars(
                select(TournamentEntrantRow)
                .where(TournamentEntrantRow.tournament_id == self.tournament.id)
                .order_by(TournamentEntrantRow.seed)
            )
        )
        names = {e.user_id: e.display_name for e in entrants}
        withdrawn = {e.user_id for e in entrants if e.withdrawn_round is not None}
        if self.format is Format.SWISS:
            rows = await self._swiss(entrants, withdrawn, round_no)
        else:
            rows = self._round_robin(entrants, withdrawn, round_no)
        for row in rows:
            if row.black_id is not None and row.result is None:
                row.game_id = await self._start_game(row, names)
            self.session.add(row)
        # The unique (round, board) key makes a second scheduler fail here, before commit.
        await self.session.flush()
        return rows

    def _round_robin(
        self, entrants: list[TournamentEntrantRow], withdrawn: set[int], round_no: int
    ) -> list[TournamentPairingRow]:
        schedule = round_robin_schedule(
            [e.user_id for e in entrants], double=self.format is Format.DOUBLE_ROUND_ROBIN
        )
        scheduled = schedule[round_no - 1]
        rows = [self._row(round_no, p, self._forfeit(p, withdrawn)) for p in scheduled.pairings]
        if scheduled.bye is not None:
            rows.append(self._bye(round_no, scheduled.bye, len(rows) + 1))
        return rows

    async def _swiss(
        self, entrants: list[TournamentEntrantRow], withdrawn: set[int], round_no: int
    ) -> list[TournamentPairingRow]:
        history = records_of(
            list(
                await self.session.scalars(
                    select(TournamentPairingRow).where(
                        TournamentPairingRow.tournament_id == self.tournament.id
                    )
                )
            ),
            self.format,
        )
        playing = [Entrant(e.user_id, e.seed or 0) for e in entrants if e.user_id not in withdrawn]
        paired = swiss_pairings(playing, history, round_no)
        rows = [self._row(round_no, p, None) for p in paired.pairings]
        if paired.bye is not None:
            rows.append(self._bye(round_no, paired.bye, len(rows) + 1))
        return rows

    @staticmethod
    def _forfeit(pairing: Pairing, withdrawn: set[int]) -> str | None:
        """A withdrawn player's scheduled game is not played: lost by forfeit."""
        white_out, black_out = pairing.white in withdrawn, pairing.black in withdrawn
        if white_out and black_out:
            return Outcome.DOUBLE_FORFEIT.value
        if white_out:
            return Outcome.BLACK_WINS_BY_FORFEIT.value
        if black_out:
            return Outcome.WHITE_WINS_BY_FORFEIT.value
        return None

    def _row(self, round_no: int, pairing: Pairing, result: str | None) -> TournamentPairingRow:
        return TournamentPairingRow(
            tournament_id=self.tournament.id,
            round_no=round_no,
            board=pairing.board,
            white_id=pairing.white,
            black_id=pairing.black,
            result=result,
        )

    def _bye(self, round_no: int, player: int, board: int) -> TournamentPairingRow:
        return TournamentPairingRow(
            tournament_id=self.tournament.id,
            round_no=round_no,
            board=board,
            white_id=player,
            black_id=None,
            result=BYE,
        )

    async def _start_game(self, row: TournamentPairingRow, names: dict[int, str]) -> int:
        assert row.black_id is not None
        t = self.tournament
        players = {
            0: Player(row.white_id, names.get(row.white_id, str(row.white_id))),
            1: Player(row.black_id, names.get(row.black_id, str(row.black_id))),
        }
        quiet = await quiet_hours_of(self.session, [row.white_id, row.black_id])
        bank = BankRule(**t.bank) if t.bank else None
        game = self.starts.build_game(
            self.session,
            t.game_type,
            players,
            settings=dict(t.settings),
            seed=self.seeds.new(),
            rated=t.rated,
            move_seconds=t.move_seconds,
            guild_id=t.guild_id,
            channel_id=t.channel_id,
            locale=t.locale,
            tournament_id=t.id,
            clock=self.starts.clock_of(bank, players, quiet),
        )
        await self.session.flush()
        return game.id
