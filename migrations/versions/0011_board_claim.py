"""a tournament board announced again is claimed by its own column, not by message_id = 0

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("board_claimed_at", sa.DateTime(timezone=True), nullable=True))
    # Claims made the old way (message_id 0: no message) become claims of the new column.
    op.execute(
        "UPDATE game SET board_claimed_at = updated_at, message_id = NULL WHERE message_id = 0"
    )


def downgrade() -> None:
    op.execute(
        "UPDATE game SET message_id = 0 WHERE board_claimed_at IS NOT NULL AND message_id IS NULL"
    )
    with op.batch_alter_table("game") as batch:
        batch.drop_column("board_claimed_at")
