"""tournaments: the tournament, its entrants, its pairings and solitaire deals; games tagged
with their tournament; who may create tournaments in a server

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("organiser_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("game_type", sa.String(length=32), nullable=False),
        sa.Column("settings", JSON, nullable=False),
        sa.Column("format", sa.String(length=24), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("move_seconds", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("max_players", sa.Integer(), nullable=True),
        sa.Column("entrant_count", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("signup_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("play_seconds", sa.Integer(), nullable=True),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("current_round", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament")),
    )
    op.create_index(op.f("ix_tournament_status"), "tournament", ["status"])
    op.create_index(op.f("ix_tournament_signup_until"), "tournament", ["signup_until"])
    op.create_index("ix_tournament_guild_status", "tournament", ["guild_id", "status"])
    op.create_table(
        "tournament_entrant",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("withdrawn_round", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_entrant_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("tournament_id", "user_id", name=op.f("pk_tournament_entrant")),
    )
    op.create_index(op.f("ix_tournament_entrant_user_id"), "tournament_entrant", ["user_id"])
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_game_tournament_id_tournament"),
            "tournament",
            ["tournament_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_game_tournament_id"), ["tournament_id"])
    op.create_table(
        "tournament_pairing",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("white_id", sa.BigInteger(), nullable=False),
        sa.Column("black_id", sa.BigInteger(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("result", sa.String(length=8), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_tournament_pairing_game_id_game"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_pairing_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_pairing")),
        sa.UniqueConstraint(
            "tournament_id", "round_no", "board", name="uq_tournament_pairing_round_board"
        ),
    )
    op.create_index(
        op.f("ix_tournament_pairing_tournament_id"), "tournament_pairing", ["tournament_id"]
    )
    op.create_index(op.f("ix_tournament_pairing_game_id"), "tournament_pairing", ["game_id"])
    op.create_table(
        "tournament_deal",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("deal_no", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("won", sa.Boolean(), nullable=True),
        sa.Column("count", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_tournament_deal_game_id_game"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_deal_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "tournament_id", "user_id", "deal_no", name=op.f("pk_tournament_deal")
        ),
    )
    op.create_index(op.f("ix_tournament_deal_game_id"), "tournament_deal", ["game_id"])
    with op.batch_alter_table("guild_setting") as batch:
        batch.add_column(sa.Column("tournaments", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_setting") as batch:
        batch.drop_column("tournaments")
    op.drop_table("tournament_deal")
    op.drop_table("tournament_pairing")
    with op.batch_alter_table("game") as batch:
        batch.drop_index(op.f("ix_game_tournament_id"))
        batch.drop_constraint(op.f("fk_game_tournament_id_tournament"), type_="foreignkey")
        batch.drop_column("tournament_id")
    op.drop_table("tournament_entrant")
    op.drop_table("tournament")
