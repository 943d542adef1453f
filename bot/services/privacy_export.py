"""Everything kept about one player, as JSON they can take away (/privacy → Export).

What is the player's own is written whole, every column but the id (read from the table, so a
column added later is exported too). A game is written as its player may see it and no more:
the position through the rules' view for their seat (their own hand, never an opponent's), their
own actions with their codes, others' actions by their public text only — and in a game with
secret hands not even how many private steps the others took (steps are numbered afresh).
No seed: a running game's seed would deal every hidden card.
"""

from __future__ import annotations

import asyncio
import enum
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, or_, select

from bot.db import (
    Database,
    GameEventRow,
    GameRow,
    GameSeatRow,
    PlayerStatRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
    UserPrefRow,
)
from bot.db.game_columns import record_of
from bot.db.models import (
    AwayUsedRow,
    DmReachRow,
    GameAsideRow,
    LessonProgressRow,
    MistakeCardRow,
    PlayerAwayRow,
    PuzzleAttemptRow,
    PuzzleStatRow,
)
from bot.db.records import GameRecord
from bot.games.registry import spec_for
from bot.services.export_file import DocumentWriter, gzipped
from bot.services.games import GameService
from bot.services.snapshots import GameSnapshot, LogEntry
from bot.statuses import OPEN_GAME_STATUSES
from rules.core import CodecError

#: The export's own format, for whoever reads it later.
EXPORT_FORMAT = 1
#: Games read and written at a time (rows, seats, logs): what an export holds in memory,
#: however many games the player has.
BATCH = 100

OwnRow = (
    UserPrefRow
    | PlayerStatRow
    | PuzzleStatRow
    | PuzzleAttemptRow
    | LessonProgressRow
    | MistakeCardRow
    | GameAsideRow
    | PlayerAwayRow
    | AwayUsedRow
    | DmReachRow
)
#: The rows that are one player's own, by the name Export gives them: Export writes exactly
#: these, and Delete deletes exactly these (one list, so a new table can't reach one only).
OWN_ROWS: dict[str, type[OwnRow]] = {
    "settings": UserPrefRow,
    "results_and_ratings": PlayerStatRow,
    "puzzle_ratings": PuzzleStatRow,
    "puzzle_answers": PuzzleAttemptRow,
    "lessons": LessonProgressRow,
    # Positions of the player's own games as they saw them (hidden cards: a stand-in shuffle).
    "mistake_cards": MistakeCardRow,
    "game_notes_and_plans": GameAsideRow,
    "away": PlayerAwayRow,
    "away_days_used": AwayUsedRow,
    "dm_reach": DmReachRow,
}
#: Own rows keyed by the player alone: one row or none, exported as that row (or null).
ONE_ROW_EACH = frozenset({"settings", "away", "dm_reach"})


def json_value(value: Any) -> Any:
    """A column's value as JSON can hold it."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bytes):
        return value.hex()
    return value


def own_columns(row: Any, *skip: str) -> dict[str, Any]:
    """Every column of ``row`` but those in ``skip``."""
    return {
        column.key: json_value(getattr(row, column.key))
        for column in row.__table__.columns
        if column.key not in skip
    }


class PrivacyExport:
    def __init__(self, db: Database, games: GameService) -> None:
        self.db = db
        self.games = games

    async def counts(self, user_id: int) -> dict[str, int]:
        """How much is kept, for /privacy's summary."""
        async with self.db.read() as session:
            games = (
                select(func.count()).select_from(GameSeatRow).where(GameSeatRow.user_id == user_id)
            )
            stats = (
                select(func.count())
                .select_from(PlayerStatRow)
                .where(PlayerStatRow.user_id == user_id)
            )
            puzzles = (
                select(func.count())
                .select_from(PuzzleAttemptRow)
                .where(PuzzleAttemptRow.user_id == user_id)
            )
            tournaments = (
                select(func.count())
                .select_from(TournamentEntrantRow)
                .where(TournamentEntrantRow.user_id == user_id)
            )
            open_games = (
                select(func.count())
                .select_from(GameSeatRow)
                .join(GameRow, GameRow.id == GameSeatRow.game_id)
                .where(
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),  # the open games, from the seats' index
                    GameRow.status.in_(OPEN_GAME_STATUSES),
                )
            )
            return {
                "games": int(await session.scalar(games) or 0),
                "open": int(await session.scalar(open_games) or 0),
                "stats": int(await session.scalar(stats) or 0),
                "puzzles": int(await session.scalar(puzzles) or 0),
                "tournaments": int(await session.scalar(tournaments) or 0),
            }

    async def export(self, user_id: int) -> dict[str, Any]:
        """The whole export as one document in memory (a small one; :meth:`file` writes any)."""
        head = await self._head(user_id)
        games: list[dict[str, Any]] = []
        async for batch in self._batches(user_id):
            games += await asyncio.to_thread(self._entries, batch, user_id)
        return {**head, "games": games}

    @asynccontextmanager
    async def file(self, user_id: int, *, gzip_over: int | None = None) -> AsyncIterator[Path]:
        """The export written to a file (JSON, the same bytes as :meth:`export`'s document
        dumped with ``indent=1``; gzipped, its name ending ``.gz``, when bigger than
        ``gzip_over`` bytes), removed after the block. Games are read :data:`BATCH` at a time
        and never through the decoded-game cache (the live games stay in it); reading states,
        writing and compressing happen in a thread, off the event loop."""
        head = await self._head(user_id)
        with tempfile.TemporaryDirectory(prefix="asobiba-export-") as folder:
            path = Path(folder) / "export.json"
            writer = await asyncio.to_thread(DocumentWriter, path, {**head, "games": []}, "games")
            try:
                async for batch in self._batches(user_id):
                    await asyncio.to_thread(self._write, writer, batch, user_id)
            finally:
                await asyncio.to_thread(writer.close)
            if gzip_over is not None and path.stat().st_size > gzip_over:
                path = await asyncio.to_thread(gzipped, path)
            yield path

    async def _head(self, user_id: int) -> dict[str, Any]:
        """Everything but the games."""
        now = self.games.clock()
        async with self.db.read() as session:

            async def mine(table: Any) -> list[dict[str, Any]]:
                rows = await session.scalars(select(table).where(table.user_id == user_id))
                return [own_columns(row, "user_id") for row in rows]

            own: dict[str, Any] = {}
            for key, table in OWN_ROWS.items():
                rows = await mine(table)
                own[key] = (rows[0] if rows else None) if key in ONE_ROW_EACH else rows
            entries = await mine(TournamentEntrantRow)
            deals = await mine(TournamentDealRow)
            pairings = [
                {
                    **own_columns(row, "white_id", "black_id"),
                    "you_played": "white" if row.white_id == user_id else "black",
                }
                for row in await session.scalars(
                    select(TournamentPairingRow).where(
                        or_(
                            TournamentPairingRow.white_id == user_id,
                            TournamentPairingRow.black_id == user_id,
                        )
                    )
                )
            ]
            entered = {entry["tournament_id"] for entry in entries}
            tournaments = [
                {
                    "id": row.id,
                    "name": row.name,
                    "game": row.game_type,
                    "status": json_value(row.status),
                    "organised_by_you": row.organiser_id == user_id,
                    "entered": row.id in entered,
                    "created_at": json_value(row.created_at),
                }
                for row in await session.scalars(
                    select(TournamentRow)
                    .where(
                        or_(TournamentRow.organiser_id == user_id, TournamentRow.id.in_(entered))
                    )
                    .order_by(TournamentRow.id)
                )
            ]
        return {
            "format": EXPORT_FORMAT,
            "about": "Everything Asobiba keeps about one Discord user, exported at their request.",
            "exported_at": now.isoformat(),
            "user_id": str(user_id),
            **own,
            "tournaments": tournaments,
            "tournament_entries": entries,
            "tournament_pairings": pairings,
            "tournament_deals": deals,
        }

    async def _batches(self, user_id: int) -> AsyncIterator[list[StoredGame]]:
        """The player's games in order of id, :data:`BATCH` at a time: each batch's rows,
        seats and logs in three reads (ids from ``ix_game_seat_user_game``)."""
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(GameSeatRow.game_id)
                    .where(GameSeatRow.user_id == user_id)
                    .order_by(GameSeatRow.game_id)
                )
            )
        for at in range(0, len(ids), BATCH):
            yield await self._read(ids[at : at + BATCH])

    async def _read(self, ids: list[int]) -> list[StoredGame]:
        async with self.db.read() as session:
            rows = (
                await session.scalars(
                    select(GameRow).where(GameRow.id.in_(ids)).order_by(GameRow.id)
                )
            ).all()
            logs: dict[int, list[LogEntry]] = {game_id: [] for game_id in ids}
            for game_id, ply, seat, action, text_ja, text_en in await session.execute(
                select(
                    GameEventRow.game_id,
                    GameEventRow.ply,
                    GameEventRow.seat,
                    GameEventRow.action,
                    GameEventRow.public_text_ja,
                    GameEventRow.public_text_en,
                )
                .where(GameEventRow.game_id.in_(ids))
                .order_by(GameEventRow.game_id, GameEventRow.ply)
            ):
                logs[game_id].append(LogEntry(ply, seat, action, text_ja, text_en))
            return [StoredGame(record_of(r), logs[r.id]) for r in rows]

    def _write(self, writer: DocumentWriter, batch: list[StoredGame], user_id: int) -> None:
        writer.add(self._entries(batch, user_id))

    def _entries(self, batch: list[StoredGame], user_id: int) -> list[dict[str, Any]]:
        """The batch's games as the export writes them (blocking: decoding, drawing)."""
        return [game_entry(stored.decoded(), stored.log, user_id) for stored in batch]


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as read for the export: its record (stored state included) and its log."""

    record: GameRecord
    log: list[LogEntry]

    def decoded(self) -> GameSnapshot:
        """The game with its state decoded (a damaged snapshot replayed from its log, as the
        loader would, without writing it back)."""
        record = self.record
        rules = spec_for(record.game_type).rules
        assert record.state is not None, "read with its state"
        try:
            state = rules.load(record.state)
        except CodecError:
            moves = [(entry.seat, entry.action) for entry in self.log]
            state = rules.replay(record.settings, record.seed, moves)
        return GameSnapshot.from_record(record, state)


def game_entry(game: GameSnapshot, log: list[LogEntry], user_id: int) -> dict[str, Any]:
    """One game as its player may see it (see the module's comment)."""
    seat = game.seat_of(user_id)
    return {
        "id": game.id,
        "game": game.game_type,
        "title": {
            "ja": game.rules.title_for(game.settings)("ja"),
            "en": game.rules.title_for(game.settings)("en"),
        },
        "settings": game.settings,
        "status": json_value(game.status),
        "open": game.status in OPEN_GAME_STATUSES,
        "rated": game.rated,
        "your_seat": seat,
        "players": [
            {
                "seat": info.seat,
                "name": info.display_name,
                "bot": info.is_bot,
                "you": info.user_id == user_id,
            }
            for info in game.seats
        ],
        "outcome": game.raw_outcome,
        "commitment": game.commitment,
        "tournament_id": game.tournament_id,
        "created_at": json_value(game.created_at),
        "finished_at": json_value(game.finished_at),
        "moves": moves_seen(game, log, seat),
        "position": {
            locale: game.rules.render(game.rules.view_for(game.state, seat), locale)
            for locale in ("ja", "en")
        },
        "your_hand": hand(game, seat),
    }


def hand(game: GameSnapshot, seat: int | None) -> dict[str, str] | None:
    """A game with secret hands: the player's own hand, as their private panel shows it."""
    panel = game.spec.panel
    if panel is None or seat is None:
        return None
    return {
        locale: panel(game.rules, game.state, seat, locale, None).text for locale in ("ja", "en")
    }


def moves_seen(game: GameSnapshot, log: list[LogEntry], seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it (see the module's comment)."""
    secret = game.spec.secret_hands
    moves: list[dict[str, Any]] = []
    for entry in log:
        yours = seat is not None and entry.seat == seat
        public = bool(entry.public_text_ja or entry.public_text_en)
        if secret and not yours and not public:
            continue
        move: dict[str, Any] = {
            "step": len(moves) + 1,
            "seat": entry.seat,
            "yours": yours,
            "text": {"ja": entry.public_text_ja, "en": entry.public_text_en},
        }
        if yours or not secret:
            move["action"] = entry.action
        moves.append(move)
    return moves
