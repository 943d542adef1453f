"""Per-player results: what a finishing change counts (the store writes it in the transaction
that finishes the game, so exactly once), and reading them for profiles and standings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import select

from bot.db import Database, PlayerStatRow
from bot.db.records import ResultsWrite, SeatResult
from bot.games.registry import spec_for
from bot.services.snapshots import GameSummary
from rules.core import Outcome


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

    @classmethod
    def of(cls, row: PlayerStatRow) -> PlayerStat:
        """The line a ``player_stat`` row holds."""
        return cls(
            row.user_id,
            row.game_key,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.current_streak,
            row.best_streak,
            row.rating_mu,
            row.rated_games,
            row.rating_sigma,
        )

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


def rating_model() -> Any:
    """The model games are rated with, for other ratings kept alike (puzzles)."""
    return _rating_model()


def results_of(game: GameSummary, outcome: Outcome) -> ResultsWrite | None:
    """What a finishing change counts, written in its transaction (so each game counts exactly
    once): a line per person (the bot has none), and for a rated game between two people their
    new ratings. A game with no result counts nothing."""
    if not game.rules.counts(outcome):  # the rules say which endings are no result
        return None
    people = tuple(
        SeatResult(s.seat, s.user_id, int(p == 1.0), int(p == 0.5), int(p == 0.0))
        for s in game.seats
        if not s.is_bot
        for p in (outcome.points[s.seat],)
    )
    rated = game.rated and len(people) == 2 == len(game.seats)
    return ResultsWrite(
        game.guild_id or 0,
        game_key(game.game_type, game.settings),
        people,
        partial(rate_pair, people, outcome) if rated else None,
    )


def rate_pair(
    seats: Sequence[SeatResult],
    outcome: Outcome,
    before: Sequence[tuple[float | None, float | None]],
) -> tuple[list[tuple[float, float]], dict[str, list[int]]]:
    """Both players' ratings after a rated game (given them before, in seat order), and the
    change the outcome records: ``{seat: [before, after]}``."""
    model = _rating_model()
    teams = [
        [model.rating(mu=mu or RATING_START, sigma=sigma or RATING_SIGMA)] for mu, sigma in before
    ]
    # Lower rank is better; a draw is a shared rank.
    ranks = [1.0 - outcome.points[seat.seat] for seat in seats]
    rated = model.rate(teams, ranks=ranks)
    after = [(float(a.mu), float(a.sigma)) for [a] in rated]
    changes = {
        str(seat.seat): [round(float(b.mu)), round(float(a.mu))]
        for seat, [b], [a] in zip(seats, teams, rated, strict=True)
    }
    return after, changes


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
        return [PlayerStat.of(r) for r in rows]
