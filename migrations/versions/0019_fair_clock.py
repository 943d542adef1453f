"""the fair clock: a game's clock column (quiet hours, a time bank, the turn running), each
action's thinking time, a player's time zone and quiet hours, a tournament's time bank

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-08
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("clock", JSON, nullable=True))
    with op.batch_alter_table("game_event") as batch:
        batch.add_column(sa.Column("thought_seconds", sa.Integer(), nullable=True))
    with op.batch_alter_table("user_pref") as batch:
        batch.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("quiet_from", sa.String(length=5), nullable=True))
        batch.add_column(sa.Column("quiet_to", sa.String(length=5), nullable=True))
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("bank", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("bank")
    with op.batch_alter_table("user_pref") as batch:
        batch.drop_column("quiet_to")
        batch.drop_column("quiet_from")
        batch.drop_column("time_zone")
    with op.batch_alter_table("game_event") as batch:
        batch.drop_column("thought_seconds")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("clock")
