"""Rating indexes that answer the boards in index order: the ladder's tie-break and a record's order.

``ix_ratings_ladder`` ends with ``entity``, so a page of the ladder (best rating, then most
games, then entity) is read in index order instead of sorting the whole board first; and
``ix_rating_changes_user`` ends with ``table_id`` for the same reason on a player's last games
and history (newest first, ties by game).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_LADDER = ["board", "game", "mode", "kind", "shown", "games"]
_CHANGES = ["user_id", "game", "board", "mode", "at"]


def upgrade() -> None:
    op.drop_index("ix_ratings_ladder", "ratings")
    op.create_index("ix_ratings_ladder", "ratings", [*_LADDER, "entity"])
    op.drop_index("ix_rating_changes_user", "rating_changes")
    op.create_index("ix_rating_changes_user", "rating_changes", [*_CHANGES, "table_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_user", "rating_changes")
    op.create_index("ix_rating_changes_user", "rating_changes", _CHANGES)
    op.drop_index("ix_ratings_ladder", "ratings")
    op.create_index("ix_ratings_ladder", "ratings", _LADDER)
