"""ratings on player_stat; user_pref (notifications, hidden stats)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("player_stat") as batch:
        batch.add_column(sa.Column("rating_mu", sa.Float(), nullable=True))
        batch.add_column(sa.Column("rating_sigma", sa.Float(), nullable=True))
        batch.add_column(sa.Column("rated_games", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "user_pref",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("notify", sa.String(length=8), nullable=False),
        sa.Column("hide_stats", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_pref")),
    )


def downgrade() -> None:
    op.drop_table("user_pref")
    with op.batch_alter_table("player_stat") as batch:
        batch.drop_column("rated_games")
        batch.drop_column("rating_sigma")
        batch.drop_column("rating_mu")
