"""Persistence: the database schema, connections (SQLite WAL or PostgreSQL) and migrations.

Only ids and plain values are stored, never discord.py objects. The service layer is the only
caller; adapters never touch the database.
"""

from bot.store.db import Database, is_sqlite
from bot.store.migrate import upgrade, upgrade_sync

__all__ = ["Database", "is_sqlite", "upgrade", "upgrade_sync"]
