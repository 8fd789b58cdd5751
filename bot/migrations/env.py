"""Alembic environment: runs on the connection ``bot.store.migrate`` hands over (no alembic.ini)."""

from __future__ import annotations

from alembic import context

from bot.store.schema import metadata

target_metadata = metadata


def run_on(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("Run migrations through bot.store.upgrade(url) (or `tablekeeper db upgrade`).")
run_on(connection)
