"""a /history page is read from one index on PostgreSQL: the finished games' seats indexed by
player, end and game, each entry carrying its summary

0026 put each finished game's summary on its seats, so a page read its player's 25 seat rows
and nothing else. On PostgreSQL those rows are some 1.3 KB each (the summary is JSONB), one
to a page of the table at random: a page of /history was 25 or more table pages read besides
the index (``ix_game_seat_user_ended``), and at a million games ``game_seat`` is gigabytes,
far beyond ``shared_buffers``. ``ix_game_seat_user_history`` holds only the seats that carry a
summary, in the order a page reads them, with the summary itself (``INCLUDE``): a page is one
walk along a few adjacent pages of the index (an index-only scan; the seats of finished games
hardly change, so the table's visibility map says they need not be read).

SQLite has no ``INCLUDE`` and needs none (a page there read its seats at the same cost at ten
thousand games and at a million): it gets the same index without the summary, a small one,
so that both databases have the index the models declare.

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NAME = "ix_game_seat_user_history"
#: The seats of finished games: the only ones with a summary (0026).
SUMMED_UP = sa.text("summary IS NOT NULL")


def upgrade() -> None:
    op.create_index(
        NAME,
        "game_seat",
        ["user_id", "ended_at", "game_id"],
        postgresql_include=["summary"],
        postgresql_where=SUMMED_UP,
        sqlite_where=SUMMED_UP,
    )


def downgrade() -> None:
    op.drop_index(NAME, table_name="game_seat")
