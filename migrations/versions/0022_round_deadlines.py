"""tournament rounds with deadlines: a paired event's round length and the current round's
deadline; a pairing decided at that deadline keeps its rule and proof; a player's weekends
may be quiet too

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("round_seconds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("round_deadline_at", TIME, nullable=True))
    with op.batch_alter_table("tournament_pairing") as batch:
        batch.add_column(sa.Column("adjudication", JSON, nullable=True))
    with op.batch_alter_table("user_pref") as batch:
        batch.add_column(sa.Column("quiet_weekends", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_pref") as batch:
        batch.drop_column("quiet_weekends")
    with op.batch_alter_table("tournament_pairing") as batch:
        batch.drop_column("adjudication")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("round_deadline_at")
        batch.drop_column("round_seconds")
