"""Ratings: which games are rated, the openskill ratings per board, their changes, seasons, privacy.

Ratings are derived from the ``results`` rows (``tablekeeper ratings rebuild`` recomputes them);
``rated_games`` records which finished games count and in which server season, one row per game.
Games finished before this revision are not rated until a rebuild is asked for: an upgrade alone
never rewrites anyone's standing.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(sa.Column("leaderboard", sa.Boolean(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("provisional_games", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("season", sa.Integer(), nullable=False, server_default="1"))
    op.create_table(
        "rated_games",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("rated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rated_games_order", "rated_games", ["rated_at", "table_id"])
    op.create_table(
        "ratings",
        sa.Column("board", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mode", sa.String(32), primary_key=True),
        sa.Column("entity", sa.String(80), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ratings_ladder", "ratings", ["board", "game", "mode", "kind", "shown", "games"])
    op.create_index("ix_ratings_user", "ratings", ["user_id", "game"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("board", sa.String(40), primary_key=True),
        sa.Column("mode", sa.String(32), primary_key=True),
        sa.Column("entity", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("before", sa.Integer(), nullable=False),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rating_changes_user", "rating_changes", ["user_id", "game", "board", "mode", "at"])
    op.create_table(
        "seasons",
        sa.Column("guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("name", sa.String(50), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "hidden_players",
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hidden_players")
    op.drop_table("seasons")
    op.drop_index("ix_rating_changes_user", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_user", "ratings")
    op.drop_index("ix_ratings_ladder", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_rated_games_order", "rated_games")
    op.drop_table("rated_games")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("season")
        batch.drop_column("provisional_games")
        batch.drop_column("leaderboard")
