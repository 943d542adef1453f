"""a server's table and a player's pace are read from an index alone: the table's indexes
carry every column of a result row, and a game's events are indexed with what the pace reads

At a million games a page of /standings read each of its rows from the table (a page of the
table apiece, no longer in memory), and /profile's pace each logged action of a player's last
hundred games: their cost grew with the history around them (bench.scale: 1.56x and 1.32x on
PostgreSQL from 10 000 to 1 000 000 games). The table's two indexes now end with the rest of a
result row's columns, and ``ix_game_event_pace`` (game, ply, seat, time, thinking time)
replaces ``ix_game_event_game_id``, which it covers (a game's events by its id): as many
indexes to write per action as before.

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: A server's table's orders, as at 0021 (``bot.db.models.RATED_RANKING`` and ``WIN_SHARE``).
TABLE_ORDERS = {
    "ix_player_stat_rated_table": ("(rating_mu - 2.0 * rating_sigma) DESC", "rated_games DESC"),
    "ix_player_stat_solo_table": ("won DESC", "(won * 1.0 / played) DESC", "best_streak DESC"),
}
#: The rest of a result row, after each order and ``user_id`` (``bot.db.models``' ``…_REST``).
TABLE_REST = {
    "ix_player_stat_rated_table": (
        "played", "won", "drawn", "lost", "current_streak", "best_streak",
        "rating_mu", "rating_sigma", "updated_at",
    ),
    "ix_player_stat_solo_table": (
        "played", "drawn", "lost", "current_streak",
        "rating_mu", "rating_sigma", "rated_games", "updated_at",
    ),
}  # fmt: skip
PACE = ("game_id", "ply", "seat", "created_at", "thought_seconds")


def _tables(rest: bool) -> None:
    for name, order in TABLE_ORDERS.items():
        op.drop_index(name, table_name="player_stat")
        columns = ["guild_id", "game_key", *(sa.text(o) for o in order), "user_id"]
        op.create_index(name, "player_stat", columns + list(TABLE_REST[name] if rest else ()))


def upgrade() -> None:
    _tables(rest=True)
    op.create_index("ix_game_event_pace", "game_event", list(PACE))
    op.drop_index("ix_game_event_game_id", table_name="game_event")


def downgrade() -> None:
    op.create_index("ix_game_event_game_id", "game_event", ["game_id"])
    op.drop_index("ix_game_event_pace", table_name="game_event")
    _tables(rest=False)
