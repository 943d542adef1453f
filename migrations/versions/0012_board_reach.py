"""how the bot reaches a game's board: itself (a channel it is in) or only through the
interactions on it (a user install's DM, group DM or server without the bot)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every board before user installs was in a channel the bot is in.
    with op.batch_alter_table("game") as batch:
        batch.add_column(
            sa.Column("board_reach", sa.String(16), nullable=False, server_default="channel")
        )
    # Daily deals were always played on a private board, reached only through interactions.
    op.execute("UPDATE game SET board_reach = 'private' WHERE daily_key IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("board_reach")
