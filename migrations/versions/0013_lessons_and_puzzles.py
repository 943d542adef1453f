"""lessons and puzzles: a player's place in each lesson, puzzle answers, puzzle ratings and
daily streaks, each puzzle's own rating

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lesson_progress",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("lesson", sa.String(48), primary_key=True),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "puzzle_attempt",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("puzzle", sa.String(96), primary_key=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("daily", sa.String(10), nullable=True),
        sa.Column("answer", sa.String(64), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_puzzle_attempt_daily", "puzzle_attempt", ["guild_id", "daily"])
    op.create_table(
        "puzzle_stat",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("game_key", sa.String(48), primary_key=True),
        sa.Column("guild_id", sa.BigInteger(), primary_key=True),
        sa.Column("rating_mu", sa.Float(), nullable=True),
        sa.Column("rating_sigma", sa.Float(), nullable=True),
        sa.Column("attempted", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("current_streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("last_daily", sa.String(10), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "puzzle_rating",
        sa.Column("puzzle", sa.String(96), primary_key=True),
        sa.Column("rating_mu", sa.Float(), nullable=False),
        sa.Column("rating_sigma", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("puzzle_rating")
    op.drop_table("puzzle_stat")
    op.drop_index("ix_puzzle_attempt_daily", table_name="puzzle_attempt")
    op.drop_table("puzzle_attempt")
    op.drop_table("lesson_progress")
