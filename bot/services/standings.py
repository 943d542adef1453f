"""Standings, profiles and user preferences, read and written without Discord."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, literal_column, select

from bot.db import Database, PlayerStatRow, StandingsSizeRow, UserPrefRow
from bot.db.models import RATED_RANKING, WIN_SHARE
from bot.db.upsert import upsert
from bot.games.registry import variant_for_key
from bot.games.spec import Ranking
from bot.services.clock import Clock, system_clock
from bot.services.errors import ServiceError
from bot.services.stats import CONSERVATIVE_SIGMAS, PlayerStat
from bot.services.user_cache import UserCache
from bot.text.errors import BAD_NOTIFY

NOTIFY_CHOICES = ("channel", "dm", "none")
if f"rating_mu - {CONSERVATIVE_SIGMAS!r} * rating_sigma" != RATED_RANKING:
    raise TypeError("the rated table's index must rank by the cautious rating")
PAGE_SIZE = 10


@dataclass(frozen=True, slots=True)
class UserPrefs:
    notify: str = "channel"
    hide_stats: bool = False
    #: What this user sees privately (panels, replays): board pictures, or text only.
    pictures: bool = True


@dataclass(frozen=True, slots=True)
class StandingsPage:
    game_key: str
    page: int
    pages: int
    #: (rank, stat) for this page; rank counts from 1 over the whole table.
    rows: tuple[tuple[int, PlayerStat], ...]


def _prefs(row: UserPrefRow) -> UserPrefs:
    return UserPrefs(row.notify, row.hide_stats, row.boards != "text")


def is_rated_game(game_key: str) -> bool:
    """Two-player games are ranked by rating; solitaires by wins and win rate."""
    found = variant_for_key(game_key)
    return found is not None and found[0].ranking is Ranking.RATED


#: How long a user's preferences are trusted from memory. Every turn ping and panel asks for
#: them; a change made here shows at once, one made through another process within this time.
PREFS_CACHE_SECONDS = 60.0


class StandingsService:
    def __init__(self, db: Database, clock: Clock = system_clock) -> None:
        self.db = db
        self.clock = clock
        self._prefs: UserCache[UserPrefs] = UserCache(PREFS_CACHE_SECONDS, UserPrefs())

    async def prefs(self, user_id: int) -> UserPrefs:
        return (await self.prefs_for([user_id]))[user_id]

    async def prefs_for(self, user_ids: list[int]) -> dict[int, UserPrefs]:
        """Each user's preferences (the defaults for one who never set any), from memory
        where fresh: a click's notices need no transaction of their own."""
        return await self._prefs.read(user_ids, self._load_prefs)

    async def _load_prefs(self, user_ids: list[int]) -> dict[int, UserPrefs]:
        async with self.db.read() as session:
            rows = await session.scalars(
                select(UserPrefRow).where(UserPrefRow.user_id.in_(user_ids))
            )
            return {r.user_id: _prefs(r) for r in rows}

    def forget_cached(self, user_id: int) -> None:
        """Drop this process's copy of a user's preferences (their data was just deleted)."""
        self._prefs.forget(user_id)

    async def set_prefs(
        self,
        user_id: int,
        *,
        notify: str | None = None,
        hide_stats: bool | None = None,
        pictures: bool | None = None,
    ) -> UserPrefs:
        if notify is not None and notify not in NOTIFY_CHOICES:
            raise ServiceError(BAD_NOTIFY)
        # A change starts from what is stored, not a copy.
        current = (await self._prefs.read([user_id], self._load_prefs, fresh=True))[user_id]
        new = UserPrefs(
            notify if notify is not None else current.notify,
            hide_stats if hide_stats is not None else current.hide_stats,
            pictures if pictures is not None else current.pictures,
        )
        async with self.db.transaction() as session:
            values = {
                "notify": new.notify,
                "hide_stats": new.hide_stats,
                "boards": "pictures" if new.pictures else "text",
                "updated_at": self.clock(),
            }
            await upsert(session, UserPrefRow, {"user_id": user_id}, values)
        self._prefs.remember(user_id, new)
        return new

    async def standings(
        self, guild_id: int | None, game_key: str, page: int = 0, per_page: int = PAGE_SIZE
    ) -> StandingsPage:
        """One page of a server's table for a game, hidden players left out."""
        hidden = select(UserPrefRow.user_id).where(UserPrefRow.hide_stats.is_(True))
        where = [
            PlayerStatRow.guild_id == (guild_id or 0),
            PlayerStatRow.game_key == game_key,
            PlayerStatRow.user_id.not_in(hidden),
        ]
        order: list[ColumnElement[Any]]
        # Spelt as the tables' indexes are (``ix_player_stat_rated_table``, ``…_solo_table``):
        # a page is read in order from the index. Its size is kept by the database (migration
        # 0023's triggers count exactly these rows): counting the index grew with the table.
        rated = is_rated_game(game_key)
        size = StandingsSizeRow.rated_players if rated else StandingsSizeRow.players
        if rated:
            where.append(PlayerStatRow.rated_games > 0)
            # A conservative rating (mean less two uncertainties): one lucky win against an
            # unknown player can't top the table.
            order = [literal_column(f"({RATED_RANKING})").desc(), PlayerStatRow.rated_games.desc()]
        else:
            order = [
                PlayerStatRow.won.desc(),
                literal_column(f"({WIN_SHARE})").desc(),
                PlayerStatRow.best_streak.desc(),
            ]
        async with self.db.read() as session:
            total = int(
                await session.scalar(
                    select(size).where(
                        StandingsSizeRow.guild_id == (guild_id or 0),
                        StandingsSizeRow.game_key == game_key,
                    )
                )
                or 0
            )
            pages = max(1, -(-total // per_page))
            page = min(max(page, 0), pages - 1)
            rows = await session.scalars(
                select(PlayerStatRow)
                .where(*where)
                .order_by(*order, PlayerStatRow.user_id)
                .offset(page * per_page)
                .limit(per_page)
            )
            ranked = tuple((page * per_page + n + 1, PlayerStat.of(r)) for n, r in enumerate(rows))
        return StandingsPage(game_key, page, pages, ranked)

    async def profile(
        self, user_id: int, guild_id: int | None, *, viewer_id: int
    ) -> list[PlayerStat] | None:
        """A user's results per game in this server; ``None`` when they hide them from others."""
        if viewer_id != user_id and (await self.prefs(user_id)).hide_stats:
            return None
        async with self.db.read() as session:
            rows = await session.scalars(
                select(PlayerStatRow)
                .where(PlayerStatRow.user_id == user_id, PlayerStatRow.guild_id == (guild_id or 0))
                .order_by(PlayerStatRow.game_key)
            )
            return [PlayerStat.of(r) for r in rows]
