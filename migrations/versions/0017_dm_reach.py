"""what Discord has shown of whether the bot may DM each user (a server in common, a refusal),
and where each was last told their move-clock reminders go

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

TIME = sa.DateTime(timezone=True)

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Everyone who played in a server that added the bot shared a server with it then: the bot
#: goes on DMing them (a refusal is remembered), as it did before it kept track.
FROM_SERVER_GAMES = (
    "INSERT INTO dm_reach (user_id, shared_server_at, refused_code, refused_at, told, "
    "updated_at) "
    "SELECT game_seat.user_id, MAX(game.created_at), NULL, NULL, NULL, MAX(game.created_at) "
    "FROM game_seat JOIN game ON game.id = game_seat.game_id "
    "WHERE game.guild_id IS NOT NULL AND game_seat.user_id > 0 AND NOT game_seat.is_bot "
    "GROUP BY game_seat.user_id"
)


def upgrade() -> None:
    op.create_table(
        "dm_reach",
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("shared_server_at", TIME, nullable=True),
        sa.Column("refused_code", sa.Integer(), nullable=True),
        sa.Column("refused_at", TIME, nullable=True),
        sa.Column("told", sa.String(length=8), nullable=True),
        sa.Column("updated_at", TIME, nullable=False),
    )
    op.execute(FROM_SERVER_GAMES)


def downgrade() -> None:
    op.drop_table("dm_reach")
