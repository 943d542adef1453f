"""private asides: each player's own note and planned moves per game

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "game_aside",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", ondelete="CASCADE", name="fk_game_aside_game_id_game"),
            primary_key=True,
        ),
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("plan", JSON, nullable=True),
        sa.Column("plan_ply", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    # How many players hold a plan in the game: read back by every move's own write (no
    # version bump when it changes), so a move in a game without plans costs nothing more.
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("planners", sa.Integer(), nullable=False, server_default="0"))
    # The start-up resumes planned answers that a crash left owed: it reads only these rows.
    op.create_index("ix_game_aside_plan_ply", "game_aside", ["plan_ply"])


def downgrade() -> None:
    op.drop_index("ix_game_aside_plan_ply", table_name="game_aside")
    op.drop_table("game_aside")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("planners")
