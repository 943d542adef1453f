"""the outbox for everything a change owes people: the move clock's notices become deliveries,
joined by every move's redraw and turn ping, with an owner, a due time and a try count

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

TIME = sa.DateTime(timezone=True)

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The clock's notices that were still owed are owed on: ids kept (they key the posts' nonces).
COPY_UP = (
    "INSERT INTO delivery (id, game_id, kind, number, deadline_at, actor_id, created_at, "
    "due_at, owner, attempts, last_error) "
    "SELECT id, game_id, kind, number, deadline_at, NULL, created_at, created_at, NULL, 0, NULL "
    "FROM clock_notice"
)
COPY_DOWN = (
    "INSERT INTO clock_notice (id, game_id, kind, number, deadline_at, created_at) "
    "SELECT id, game_id, kind, number, deadline_at, created_at FROM delivery "
    "WHERE kind <> 'moved'"
)


def _bump_sequence(table: str) -> None:
    """PostgreSQL: a copied table's id sequence goes on after the highest id copied."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        )


def upgrade() -> None:
    op.create_table(
        "delivery",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("deadline_at", TIME, nullable=True),
        sa.Column("actor_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_delivery_game_id_game"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_delivery")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_delivery_game_id"), "delivery", ["game_id"], unique=False)
    op.create_index(op.f("ix_delivery_due_at"), "delivery", ["due_at"], unique=False)
    op.execute(COPY_UP)
    _bump_sequence("delivery")
    op.drop_index(op.f("ix_clock_notice_game_id"), table_name="clock_notice")
    op.drop_table("clock_notice")


def downgrade() -> None:
    op.create_table(
        "clock_notice",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("deadline_at", TIME, nullable=True),
        sa.Column("created_at", TIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_clock_notice_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clock_notice")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_clock_notice_game_id"), "clock_notice", ["game_id"], unique=False)
    op.execute(COPY_DOWN)
    _bump_sequence("clock_notice")
    op.drop_index(op.f("ix_delivery_due_at"), table_name="delivery")
    op.drop_index(op.f("ix_delivery_game_id"), table_name="delivery")
    op.drop_table("delivery")
