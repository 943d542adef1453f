"""Per-player results: recorded in the transaction that finishes a game (so exactly once),
read for profiles and standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, case, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import Database, GameRow, PlayerStatRow
from bot.games.registry import spec_for
from rules.core import Outcome

#: Outcomes that are no result at all (易双六 with no end-card appearances): not counted.
UNCOUNTED_REASONS = frozenset({"no_result"})


def game_key(game_type: str, settings: dict[str, Any]) -> str:
    """Standings are kept per ranked variant: ``bushi``, ``yosukou:original`` …"""
    return spec_for(game_type).variant_of(settings).key


@dataclass(frozen=True, slots=True)
class PlayerStat:
    user_id: int
    game_key: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    current_streak: int = 0
    best_streak: int = 0
    rating: float | None = None
    rated_games: int = 0
    rating_sigma: float | None = None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def provisional(self) -> bool:
        """Too few rated games for the rating to mean much yet (lichess marks these "?")."""
        return self.rating_sigma is None or self.rating_sigma > PROVISIONAL_SIGMA

    @property
    def conservative_rating(self) -> float:
        """What the table ranks by: the rating we are fairly sure the player has at least."""
        return conservative(self.rating, self.rating_sigma)


async def record_results(
    session: AsyncSession, row: GameRow, outcome: Outcome, now: datetime
) -> None:
    if outcome.reason in UNCOUNTED_REASONS:
        return
    await _count_results(session, row, outcome, now)
    humans = [s for s in row.seats if not s.is_bot]
    if row.rated and len(humans) == 2 == len(row.seats):
        changes = await update_ratings(session, row, outcome, now)
        row.outcome = {**(row.outcome or {}), "rating": changes}
        await session.flush()  # so the snapshot taken after this sees the final version


async def _count_results(
    session: AsyncSession, row: GameRow, outcome: Outcome, now: datetime
) -> None:
    table = cast(Table, PlayerStatRow.__table__)
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    key = game_key(row.game_type, row.settings)
    for seat in row.seats:
        if seat.is_bot:
            continue
        points = outcome.points[seat.seat]
        won, drawn, lost = int(points == 1.0), int(points == 0.5), int(points == 0.0)
        streak = table.c.current_streak + 1 if won else 0
        best = (
            case(
                (table.c.current_streak + 1 > table.c.best_streak, table.c.current_streak + 1),
                else_=table.c.best_streak,
            )
            if won
            else table.c.best_streak
        )
        statement = insert(table).values(
            guild_id=row.guild_id or 0,
            user_id=seat.user_id,
            game_key=key,
            played=1,
            won=won,
            drawn=drawn,
            lost=lost,
            current_streak=won,
            best_streak=won,
            updated_at=now,
        )
        # One statement, race-free on both backends (ON CONFLICT … DO UPDATE).
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=["guild_id", "user_id", "game_key"],
                set_={
                    "played": table.c.played + 1,
                    "won": table.c.won + won,
                    "drawn": table.c.drawn + drawn,
                    "lost": table.c.lost + lost,
                    "current_streak": streak,
                    "best_streak": best,
                    "updated_at": now,
                },
            )
        )


RATING_START = 1500.0
RATING_SIGMA = 500.0
#: How many uncertainties below the mean the table ranks players at.
CONSERVATIVE_SIGMAS = 2.0
#: Uncertainty above which a rating is provisional (about the first eight rated games).
PROVISIONAL_SIGMA = 0.8 * RATING_SIGMA


def conservative(mu: float | None, sigma: float | None) -> float:
    return (mu or RATING_START) - CONSERVATIVE_SIGMAS * (sigma or RATING_SIGMA)


def _rating_model() -> Any:
    """OpenSkill's Plackett-Luce model on a Glicko-like scale (1500 ± 500): a Bayesian rating
    with a mean and an uncertainty, like Glicko-2, from a maintained, typed library."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=RATING_START, sigma=RATING_SIGMA, beta=RATING_SIGMA / 2, tau=5.0)


async def update_ratings(
    session: AsyncSession, row: GameRow, outcome: Outcome, now: datetime
) -> dict[str, list[float]]:
    """Move both players' ratings after a rated game; returns ``{seat: [before, after]}``.

    The player_stat rows exist (``record_results`` ran first); they are locked for the update
    so two games finishing at once for the same player cannot lose one change."""
    key = game_key(row.game_type, row.settings)
    seats = sorted(row.seats, key=lambda s: s.seat)
    stats = []
    for seat in seats:
        stat = await session.scalar(
            select(PlayerStatRow)
            .where(
                PlayerStatRow.guild_id == (row.guild_id or 0),
                PlayerStatRow.user_id == seat.user_id,
                PlayerStatRow.game_key == key,
            )
            .with_for_update()
        )
        assert stat is not None
        stats.append(stat)
    model = _rating_model()
    teams = [
        [model.rating(mu=st.rating_mu or RATING_START, sigma=st.rating_sigma or RATING_SIGMA)]
        for st in stats
    ]
    # Lower rank is better; a draw is a shared rank.
    ranks = [1.0 - outcome.points[seat.seat] for seat in seats]
    rated = model.rate(teams, ranks=ranks)
    changes: dict[str, list[float]] = {}
    for seat, stat, [before], [after] in zip(seats, stats, teams, rated, strict=True):
        stat.rating_mu, stat.rating_sigma = float(after.mu), float(after.sigma)
        stat.rated_games += 1
        stat.updated_at = now
        changes[str(seat.seat)] = [round(float(before.mu)), round(float(after.mu))]
    return changes


async def player_stats(
    db: Database, user_id: int, *, guild_id: int | None = None
) -> list[PlayerStat]:
    """A user's results per game (in one server, or 0 for outside servers)."""
    async with db.read() as session:
        rows = await session.scalars(
            select(PlayerStatRow)
            .where(PlayerStatRow.user_id == user_id, PlayerStatRow.guild_id == (guild_id or 0))
            .order_by(PlayerStatRow.game_key)
        )
        return [
            PlayerStat(
                r.user_id,
                r.game_key,
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.current_streak,
                r.best_streak,
                r.rating_mu,
                r.rated_games,
                r.rating_sigma,
            )
            for r in rows
        ]
