"""pictures or text-only boards: a server's choice and each user's own

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_setting") as batch:
        batch.add_column(sa.Column("boards", sa.String(length=8), nullable=True))
    with op.batch_alter_table("user_pref") as batch:
        batch.add_column(sa.Column("boards", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_pref") as batch:
        batch.drop_column("boards")
    with op.batch_alter_table("guild_setting") as batch:
        batch.drop_column("boards")
