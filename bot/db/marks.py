"""What a player's web page is made of, read for many players at once in a few plain
statements: each player's *mark*, which changes whenever their page may (``bot.web``: the page
kept on disk between runs under it, answered only while the mark is the same).

The page shows the player's name (their latest seat), whether they hide their results, their
results (``player_stat``), puzzles (``puzzle_stat``), pace (their games' logs) and latest
finished games (a solitaire tournament's deal only once its tournament is over). So the mark
is: over their seats, how many, the sum of their games' versions (every move, start, end and
privacy deletion moves a game's version on) and the latest change, and how many of those games
belong to a tournament still open; their result rows, puzzle rows and choice to hide, column by
column (and when they last chose, so hiding, showing and hiding again is never a mark
already seen: a page read in between is never answered under it). A player with no seat (never played, or deleted) has no mark and no page."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from bot.statuses import OPEN_TOURNAMENT_STATUSES

#: A player's mark: plain values, compared and hashed as they are.
Mark = tuple[Any, ...]

_OPEN = ", ".join(f"'{status.value}'" for status in sorted(OPEN_TOURNAMENT_STATUSES))


def mark_statements(users: str) -> tuple[str, str, str, str]:
    """The four statements, ``users`` the dialect's test of ``user_id`` against the players
    asked for (``IN (?, ?)``, ``= ANY($1::bigint[])``): seats, results, puzzles, the choice."""
    return (
        "SELECT s.user_id, COUNT(*), SUM(g.version), MAX(g.updated_at), "
        f"SUM(CASE WHEN t.status IN ({_OPEN}) THEN 1 ELSE 0 END) "
        "FROM game_seat s JOIN game g ON g.id = s.game_id "
        "LEFT JOIN tournament t ON t.id = g.tournament_id "
        f"WHERE s.user_id {users} AND NOT s.is_bot GROUP BY s.user_id",
        "SELECT user_id, guild_id, game_key, played, won, drawn, lost, current_streak, "
        "best_streak, rating_mu, rating_sigma, rated_games FROM player_stat "
        f"WHERE user_id {users} ORDER BY user_id, guild_id, game_key",
        "SELECT user_id, game_key, guild_id, rating_mu, attempted, solved, current_streak, "
        f"best_streak, last_daily FROM puzzle_stat WHERE user_id {users} "
        "ORDER BY user_id, game_key, guild_id",
        # When too: hiding, showing and hiding again is never the mark it was.
        f"SELECT user_id, hide_stats, updated_at FROM user_pref WHERE user_id {users}",
    )


def marks_of(
    seats: Iterable[Sequence[Any]],
    stats: Iterable[Sequence[Any]],
    puzzles: Iterable[Sequence[Any]],
    prefs: Iterable[Sequence[Any]],
) -> dict[int, Mark]:
    """Each player's mark from the four statements' rows (a player without a seat: none)."""
    rest: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for part, rows in (("r", stats), ("z", puzzles), ("h", prefs)):
        for row in rows:
            rest[int(row[0])].append((part, *(_plain(value) for value in row[1:])))
    return {
        int(row[0]): (*(_plain(value) for value in row[1:]), *rest.get(int(row[0]), ()))
        for row in seats
    }


def _plain(value: Any) -> Any:
    """A value as the mark keeps it (a date as its text, whatever the driver made of it)."""
    return value if value is None or isinstance(value, int | float | str) else str(value)
