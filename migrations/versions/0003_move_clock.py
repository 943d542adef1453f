"""move clock: seconds per move, the current deadline and reminders sent

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("move_seconds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("reminders_sent", sa.Integer(), nullable=False, server_default="0")
        )
    op.create_index(op.f("ix_game_deadline_at"), "game", ["deadline_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_game_deadline_at"), table_name="game")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("reminders_sent")
        batch.drop_column("deadline_at")
        batch.drop_column("move_seconds")
