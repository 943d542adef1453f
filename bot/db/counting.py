"""A finished game's results and ratings, counted in its finishing write's own transaction (so
exactly once) — written once for both databases: the statements, in words SQLite and
PostgreSQL both take (named parameters, no casts), and the steps that run them, which each
store's driver carries out on its own connection (:func:`counting`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, NamedTuple

from bot.db.records import GameWrite

#: One line per person: played, won, drawn, lost, the streaks.
COUNT_RESULT = """
INSERT INTO player_stat AS p (guild_id, user_id, game_key, played, won, drawn, lost,
                              current_streak, best_streak, rated_games, updated_at)
VALUES (:guild_id, :user_id, :game_key, 1, :won, :drawn, :lost, :won, :won, 0, :now)
ON CONFLICT (guild_id, user_id, game_key) DO UPDATE SET
    played = p.played + 1, won = p.won + excluded.won, drawn = p.drawn + excluded.drawn,
    lost = p.lost + excluded.lost,
    current_streak = CASE WHEN excluded.won = 1 THEN p.current_streak + 1 ELSE 0 END,
    best_streak = CASE WHEN excluded.won = 1 AND p.current_streak + 1 > p.best_streak
                       THEN p.current_streak + 1 ELSE p.best_streak END,
    updated_at = excluded.updated_at
"""

#: A person's rating before the game (PostgreSQL locks the row: see ``postgres_sql``).
READ_RATING = """
SELECT rating_mu, rating_sigma FROM player_stat
WHERE guild_id = :guild_id AND user_id = :user_id AND game_key = :game_key
"""

WRITE_RATING = """
UPDATE player_stat SET rating_mu = :mu, rating_sigma = :sigma,
    rated_games = rated_games + 1, updated_at = :now
WHERE guild_id = :guild_id AND user_id = :user_id AND game_key = :game_key
"""

#: The outcome with the ratings' change recorded in it.
WRITE_OUTCOME = "UPDATE game SET outcome = :outcome WHERE id = :game_id"


class Step(NamedTuple):
    """``sql`` run once for each of ``params``; with ``reads``, the first row of each comes
    back (sent to the steps as a list)."""

    sql: str
    params: list[dict[str, Any]]
    reads: bool = False


#: The steps of one count: each is sent back what it read (``None`` if it read nothing); what
#: they return is the ratings' change (``None``: an unrated game).
Counting = Generator[Step, list[Any] | None, dict[str, list[int]] | None]


def counting(change: GameWrite, now: Any, json_in: Callable[[Any], Any]) -> Counting:
    """Count ``change``'s results and, for a rated game, move both ratings and record their
    change in the outcome. ``now`` and ``json_in``: the change's time and a JSON document as
    the driver takes them."""
    results = change.results
    assert results is not None
    key = {"guild_id": results.guild_id, "game_key": results.game_key}
    # People in user order: two games of the same pair finishing at once lock their rows in
    # the same order however the seats were assigned, so they cannot deadlock.
    people = sorted(results.seats, key=lambda s: s.user_id)
    yield Step(
        COUNT_RESULT,
        [
            {
                **key,
                "user_id": s.user_id,
                "won": s.won,
                "drawn": s.drawn,
                "lost": s.lost,
                "now": now,
            }
            for s in people
        ],
    )
    if results.rate is None:
        return None
    read = yield Step(READ_RATING, [{**key, "user_id": s.user_id} for s in people], reads=True)
    assert read is not None
    before = {s.user_id: (row[0], row[1]) for s, row in zip(people, read, strict=True)}
    after, changes = results.rate([before[s.user_id] for s in results.seats])
    yield Step(
        WRITE_RATING,
        [
            {**key, "user_id": s.user_id, "mu": mu, "sigma": sigma, "now": now}
            for s, (mu, sigma) in zip(results.seats, after, strict=True)
        ],
    )
    outcome = {**(change.outcome or {}), "rating": changes}
    yield Step(WRITE_OUTCOME, [{"game_id": change.game_id, "outcome": json_in(outcome)}])
    return changes
