"""Buttons carry tokens instead of move numbers: per-seat and public move counts, the table's digest.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("public_digest", sa.String(64), nullable=True))
        batch.add_column(sa.Column("public_moves", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("moves", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("moves")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public_moves")
        batch.drop_column("public_digest")
