"""Indexes for every lookup a command makes, and timer columns that hold only what is still due.

Finding a thread's table filtered on ``thread_id`` and changing a server's turn timeout on
``guild_id`` with no index (a full scan of ``tables`` on each); both get one. The timer sweeps read
``seats`` through the ``deadline`` and ``remind_at`` indexes; from now on a claimed reminder clears
``remind_at`` and a closed table clears its seats' timers, so clear the leftovers of both here.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_thread", "tables", ["thread_id"])
    op.create_index("ix_tables_guild_status", "tables", ["guild_id", "status"])
    op.execute(sa.text("UPDATE seats SET remind_at = NULL WHERE reminded AND remind_at IS NOT NULL"))
    op.execute(
        sa.text(
            "UPDATE seats SET prompted_at = NULL, deadline = NULL, remind_at = NULL "
            "WHERE (deadline IS NOT NULL OR remind_at IS NOT NULL) "
            "AND table_id IN (SELECT id FROM tables WHERE status <> 'playing')"
        )
    )


def downgrade() -> None:
    op.drop_index("ix_tables_guild_status", "tables")
    op.drop_index("ix_tables_thread", "tables")
