"""Alembic migrations shipped inside the package; run them with ``bot.store.upgrade(url)``."""
