"""daily deals (game.daily_key) and server settings (guild_setting)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("daily_key", sa.String(length=32), nullable=True))
    op.create_index(op.f("ix_game_daily_key"), "game", ["daily_key"])
    op.create_table(
        "guild_setting",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channels", JSON, nullable=False),
        sa.Column("default_clock_seconds", sa.Integer(), nullable=True),
        sa.Column("locale", sa.String(length=8), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_setting")),
    )


def downgrade() -> None:
    op.drop_table("guild_setting")
    op.drop_index(op.f("ix_game_daily_key"), table_name="game")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("daily_key")
