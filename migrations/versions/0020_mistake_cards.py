"""your mistakes come back: a player's personal puzzles from their finished games, each with its
spaced-repetition state, and the mark that a finished game's mistakes were looked for

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-10
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "mistake_card",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("game_type", sa.String(length=32), nullable=False),
        sa.Column("game_key", sa.String(length=48), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("position", JSON, nullable=False),
        sa.Column("played", sa.String(length=64), nullable=False),
        sa.Column("answers", JSON, nullable=False),
        sa.Column("proof", JSON, nullable=False),
        sa.Column("card", JSON, nullable=False),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("last_answer", sa.String(length=64), nullable=True),
        sa.Column("last_right", sa.Boolean(), nullable=True),
        sa.Column("reviewed_at", TIME, nullable=True),
        sa.Column("created_at", TIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_mistake_card_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mistake_card")),
        sa.UniqueConstraint("user_id", "game_id", "ply", name="uq_mistake_card_user_id"),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_mistake_card_game_id"), "mistake_card", ["game_id"], unique=False)
    op.create_index("ix_mistake_card_due", "mistake_card", ["user_id", "due_at"], unique=False)
    op.create_table(
        "mistake_scan",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("cards", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("scanned_at", TIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_mistake_scan_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_mistake_scan")),
    )


def downgrade() -> None:
    op.drop_table("mistake_scan")
    op.drop_index("ix_mistake_card_due", table_name="mistake_card")
    op.drop_index(op.f("ix_mistake_card_game_id"), table_name="mistake_card")
    op.drop_table("mistake_card")
