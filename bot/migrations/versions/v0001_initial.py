"""Initial schema: guild settings, tables (match record + snapshot), seats, moves, results.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("channels", sa.JSON(), nullable=False),
        sa.Column("disabled_games", sa.JSON(), nullable=False),
        sa.Column("turn_timeout_seconds", sa.Integer(), nullable=False),
        sa.Column("timeout_action", sa.String(16), nullable=False),
        sa.Column("thread_per_game", sa.Boolean(), nullable=False),
        sa.Column("mention_on_turn", sa.Boolean(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("thread_id", sa.BigInteger(), nullable=True),
        sa.Column("active_channel_id", sa.BigInteger(), nullable=True, unique=True),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=True),
        sa.Column("content_version", sa.String(32), nullable=True),
        sa.Column("config", sa.JSON(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("rng_algorithm", sa.String(32), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.LargeBinary(), nullable=True),
        sa.Column("outcome", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("public_message_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("dm_open", sa.Boolean(), nullable=False),
        sa.Column("dm_message_id", sa.BigInteger(), nullable=True),
        sa.Column("has_left", sa.Boolean(), nullable=False),
        sa.Column("seat_options", sa.JSON(), nullable=False),
        sa.Column("prompted_at", sa.Float(), nullable=True),
        sa.Column("deadline", sa.Float(), nullable=True),
        sa.Column("remind_at", sa.Float(), nullable=True),
        sa.Column("reminded", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_seats_user", "seats", ["user_id"])
    op.create_index("ix_seats_deadline", "seats", ["deadline"])
    op.create_index("ix_seats_remind_at", "seats", ["remind_at"])
    op.create_table(
        "moves",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action_key", sa.String(100), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("forfeit", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_results_user_game", "results", ["user_id", "game"])
    op.create_index("ix_results_guild_game", "results", ["guild_id", "game"])


def downgrade() -> None:
    op.drop_table("results")
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("tables")
    op.drop_table("guild_settings")
