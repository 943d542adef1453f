"""a server's name on the web pages, where its admins publish its standings (None: not there)

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guild_setting") as batch:
        batch.add_column(sa.Column("web_name", sa.String(length=100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_setting") as batch:
        batch.drop_column("web_name")
