"""away mode (a player's days off and the yearly allowance), adjournment and sealed moves (a
game's pause), open challenges (a challenge anyone may take)

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIME = sa.DateTime(timezone=True)

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_away",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("since", TIME, nullable=False),
        sa.Column("until", TIME, nullable=False, index=True),
    )
    op.create_table(
        "away_used",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("year", sa.Integer(), primary_key=True),
        sa.Column("days", sa.Integer(), nullable=False, server_default="0"),
    )
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("held_since", TIME, nullable=True))
        batch.add_column(sa.Column("pause", JSON, nullable=True))
        batch.add_column(sa.Column("open_to", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("open_to")
        batch.drop_column("pause")
        batch.drop_column("held_since")
    op.drop_table("away_used")
    op.drop_table("player_away")
