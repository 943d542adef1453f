"""the deployment's own secret (keys the daily deal's seed); each game's salt (seals its seed)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "deployment_secret",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("secret", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_deployment_secret")),
    )
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("salt", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("salt")
    op.drop_table("deployment_secret")
