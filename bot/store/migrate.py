"""Apply the Alembic migrations shipped in ``bot/migrations`` to a database, without alembic.ini."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.store.db import create_engine

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger("tablekeeper.store")

SCRIPT_LOCATION = "bot:migrations"
#: the PostgreSQL advisory lock every process takes around its migrations (any fixed 64-bit key)
MIGRATION_LOCK = 7_215_040_001
#: the newest revision in ``bot/migrations/versions`` (a test holds it equal to Alembic's head).
#: A database already there starts without importing Alembic (about 0.2 s of a start here).
SHIPPED_HEAD = "0009"
VERSION_TABLE = "alembic_version"


def alembic_config() -> Config:
    """An Alembic config pointing at the packaged migrations (the URL comes from the caller)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


def head_revision() -> str:
    """The newest migration's revision id, as Alembic reads it from the scripts."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "bot/migrations has no revisions"
    return head


class UnknownRevisionError(ValueError):
    """The database records a migration this release does not have; the message says what to do."""

    def __init__(self, revision: str, where: str) -> None:
        self.revision = revision
        if revision.isdigit() and int(revision) > int(SHIPPED_HEAD):  # our ids count up: 0001, 0002…
            said = (
                f"was written by a newer Tablekeeper release (revision {revision}; this release knows "
                f"up to {SHIPPED_HEAD}): upgrade Tablekeeper, or point TABLEKEEPER_DATABASE_URL at "
                "another database"
            )
        else:
            said = (
                f"records the migration {revision!r}, which is not one of Tablekeeper's (this release "
                f"knows up to {SHIPPED_HEAD}), so it may belong to another application: point "
                "TABLEKEEPER_DATABASE_URL at Tablekeeper's own database"
            )
        super().__init__(f"the database {where} {said}.")


def known_revisions() -> set[str]:
    """Every revision id in ``bot/migrations/versions``."""
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def check_known(revision: str | None, url: str) -> None:
    """Refuse a database at a revision this release has no migration for (Alembic cannot move it)."""
    if revision is not None and revision != SHIPPED_HEAD and revision not in known_revisions():
        raise UnknownRevisionError(revision, url.rsplit("@", 1)[-1])


def _upgrade_on(connection: Any, target: str) -> None:
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, target)


def _current_on(connection: Any) -> str | None:
    """The revision recorded in the database: what Alembic's own context would read."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return None
    rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    if len(rows) > 1:  # a branched history, which this project never ships
        raise ValueError(f"the database records {len(rows)} migration heads: {', '.join(sorted(rows))}")
    return rows[0] if rows else None


async def _at(connection: AsyncConnection) -> str | None:
    return await connection.run_sync(_current_on)


async def _migrate(engine: AsyncEngine, target: str) -> tuple[str | None, str | None]:
    """Upgrade inside one transaction; on PostgreSQL under an advisory lock held until it commits.

    Processes started together (a compose file, a rollout) all call this: the first migrates,
    the others wait on the lock and then find the database already at ``target``. Alembic itself
    takes no lock, so without this two processes would both try to create the same tables.
    """
    if target in ("head", SHIPPED_HEAD):
        async with engine.connect() as connection:  # the usual start: nothing to do, no lock
            if await _at(connection) == SHIPPED_HEAD:
                return SHIPPED_HEAD, SHIPPED_HEAD
    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        before = await _at(connection)
        check_known(before, engine.url.render_as_string(hide_password=True))
        await connection.run_sync(_upgrade_on, target)
        after = await _at(connection)
    if after != before:  # only the process that did the work says so (a test counts these lines)
        log.info("database migrated from %s to %s", before or "empty", after)
    return before, after


async def upgrade(url: str, target: str = "head", *, engine: AsyncEngine | None = None) -> str | None:
    """Migrate the database at ``url`` to ``target`` (the newest by default); return its revision.

    ``engine`` migrates through an engine the caller keeps open (an in-memory database exists
    only inside its own engine); it is left open.
    """
    return (await migrate(url, target, engine=engine))[1]


async def migrate(
    url: str, target: str = "head", *, engine: AsyncEngine | None = None
) -> tuple[str | None, str | None]:
    """:func:`upgrade`, returning the revision before (None: empty) and after."""
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
            return await _at(connection)
    finally:
        await engine.dispose()


def upgrade_sync(url: str, target: str = "head") -> tuple[str | None, str | None]:
    """Blocking :func:`migrate` for the command line (``tablekeeper db upgrade``): (before, after)."""
    return asyncio.run(migrate(url, target))
