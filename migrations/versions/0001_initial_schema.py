"""initial schema: game, game_seat, game_event

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_type", sa.String(length=32), nullable=False),
        sa.Column("rules_version", sa.Integer(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("settings", JSON, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("challenger_seat", sa.Integer(), nullable=False),
        sa.Column("outcome", JSON, nullable=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("ping_message_id", sa.BigInteger(), nullable=True),
        sa.Column("locale", sa.String(length=8), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=True),
        sa.Column("finished_at", TIMESTAMP, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
    )
    op.create_index("ix_game_guild_status", "game", ["guild_id", "status"])
    op.create_index(op.f("ix_game_status"), "game", ["status"])

    op.create_table(
        "game_seat",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("to_act", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_game_seat_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_game_seat")),
    )
    op.create_index(op.f("ix_game_seat_user_id"), "game_seat", ["user_id"])

    op.create_table(
        "game_event",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=200), nullable=False),
        sa.Column("events", JSON, nullable=False),
        sa.Column("public_text_ja", sa.Text(), nullable=False),
        sa.Column("public_text_en", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_game_event_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_event")),
        sa.UniqueConstraint("game_id", "ply", name="uq_game_event_game_id_ply"),
    )
    op.create_index(op.f("ix_game_event_game_id"), "game_event", ["game_id"])


def downgrade() -> None:
    op.drop_table("game_event")
    op.drop_table("game_seat")
    op.drop_table("game")
