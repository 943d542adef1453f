"""puzzle ratings carry a Glicko-2 deviation and volatility

A player's puzzle rating (``puzzle_stat``) and each puzzle's own (``puzzle_rating``) move by
Glicko-2 (``bot.services.glicko2``): the deviation says how sure a rating is, so a settled
player's answer moves them a little and a new one's a lot. Existing ratings keep their value;
their deviation comes from OpenSkill's uncertainty on the same scale (its 500 at the start is
Glicko's 350), kept between 45 and 350, and the volatility starts at 0.06. ``rating_sigma``
is left as it was (no longer written; a later migration may drop it).

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("puzzle_stat", "puzzle_rating")
#: OpenSkill's sigma (500 new) to Glicko's deviation (350 new), kept within [45, 350].
DEVIATION = (
    "CASE WHEN rating_sigma IS NULL THEN NULL "
    "WHEN rating_sigma * 0.7 > 350 THEN 350 "
    "WHEN rating_sigma * 0.7 < 45 THEN 45 "
    "ELSE rating_sigma * 0.7 END"
)


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column("rating_deviation", sa.Float(), nullable=True))
        op.add_column(table, sa.Column("rating_volatility", sa.Float(), nullable=True))
        op.execute(
            f"UPDATE {table} SET rating_deviation = {DEVIATION}, "
            "rating_volatility = CASE WHEN rating_sigma IS NULL THEN NULL ELSE 0.06 END"
        )


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("rating_volatility")
            batch.drop_column("rating_deviation")
