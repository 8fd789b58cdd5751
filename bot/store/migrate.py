"""Apply the Alembic migrations shipped in ``bot/migrations`` to a database, without alembic.ini."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import create_engine

log = logging.getLogger("tablekeeper.store")

SCRIPT_LOCATION = "bot:migrations"
#: the PostgreSQL advisory lock every process takes around its migrations (any fixed 64-bit key)
MIGRATION_LOCK = 7_215_040_001


def alembic_config() -> Config:
    """An Alembic config pointing at the packaged migrations (the URL comes from the caller)."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


def head_revision() -> str:
    """The newest migration's revision id."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "bot/migrations has no revisions"
    return head


def _upgrade_on(connection: Any, target: str) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, target)


def _current_on(connection: Any) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def _migrate(engine: AsyncEngine, target: str) -> str | None:
    """Upgrade inside one transaction; on PostgreSQL under an advisory lock held until it commits.

    Processes started together (a compose file, a rollout) all call this: the first migrates,
    the others wait on the lock and then find the database already at ``target``. Alembic itself
    takes no lock, so without this two processes would both try to create the same tables.
    """
    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        before = await connection.run_sync(_current_on)
        await connection.run_sync(_upgrade_on, target)
        after = await connection.run_sync(_current_on)
    if after != before:  # only the process that did the work says so (a test counts these lines)
        log.info("database migrated from %s to %s", before or "empty", after)
    return after


async def upgrade(url: str, target: str = "head", *, engine: AsyncEngine | None = None) -> str | None:
    """Migrate the database at ``url`` to ``target`` (the newest by default); return its revision.

    ``engine`` migrates through an engine the caller keeps open (an in-memory database exists
    only inside its own engine); it is left open.
    """
    if engine is not None:
        return await _migrate(engine, target)
    engine = create_engine(url)
    try:
        return await _migrate(engine, target)
    finally:
        await engine.dispose()


async def current_revision(url: str) -> str | None:
    """The revision the database at ``url`` is at (None when it was never migrated)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_current_on)
    finally:
        await engine.dispose()


def upgrade_sync(url: str, target: str = "head") -> str | None:
    """Blocking :func:`upgrade` for the command line (``tablekeeper db upgrade``)."""
    return asyncio.run(upgrade(url, target))
