"""Indexes for ``/table replay``'s suggestions: a person's and a channel's newest games first.

``ix_seats_user`` gains ``table_id`` so a person's tables are read newest first in index order
(every lookup by person alone still uses it), and ``ix_tables_channel`` lists a channel's tables
by id. See :mod:`bot.store.replays_repo`.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_seats_user", "seats")
    op.create_index("ix_seats_user", "seats", ["user_id", "table_id"])
    op.create_index("ix_tables_channel", "tables", ["channel_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_tables_channel", "tables")
    op.drop_index("ix_seats_user", "seats")
    op.create_index("ix_seats_user", "seats", ["user_id"])
