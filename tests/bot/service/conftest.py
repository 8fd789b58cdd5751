"""Service fixtures: a fresh, migrated database per test on SQLite and (when configured) PostgreSQL.

PostgreSQL runs when ``TEST_DATABASE_URL`` is set (e.g. postgresql+asyncpg://postgres@127.0.0.1:5432/test);
each test run gets its own freshly created database so parallel runs never share tables. Without it,
the PostgreSQL variants are skipped with a visible reason.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service import Services
from bot.settings import Settings
from bot.store import upgrade
from engines import registry
from render import registry as renderers
from tests.bot.migrated import migrated_sqlite
from tests.bot.pgdb import admin
from tests.bot.service.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

PG_ENV = "TEST_DATABASE_URL"


@dataclass
class Clock:
    """A settable clock so timer tests need no sleeping."""

    now: float = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    with registry.registered("tiny", RULESET), renderers.registered("tiny", RENDERER):
        yield


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str | None]:
    """A brand-new PostgreSQL database for this test run (dropped at the end), or None."""
    base = os.environ.get(PG_ENV)
    if not base:
        yield None
        return
    name = f"tk_service_{uuid.uuid4().hex[:10]}"
    url = make_url(base)
    asyncio.run(admin(f'CREATE DATABASE "{name}"', base))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', base))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db_url(request: pytest.FixtureRequest, tmp_path: object, pg_url: str | None) -> AsyncIterator[str]:
    """A freshly migrated database URL (an empty schema migrated to head)."""
    if request.param == "sqlite":
        yield migrated_sqlite(Path(str(tmp_path)) / "tablekeeper.db")
        return
    if pg_url is None:
        pytest.skip(
            f"PostgreSQL variant skipped: set {PG_ENV} (e.g. postgresql+asyncpg://postgres@127.0.0.1/test)"
        )
    await _emptied_pg(pg_url)
    yield pg_url


#: the tables and migration head of this process's PostgreSQL database right after migrating it
_pg_migrated: dict[str, tuple[frozenset[str], str]] = {}

_TABLES = text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
_HEAD = text("SELECT version_num FROM alembic_version")


async def _emptied_pg(url: str) -> None:
    """Leave ``url`` migrated to head with every table empty.

    Migrating from an empty schema costs about half a second a test; the database is migrated once per
    process and emptied with one TRUNCATE afterwards. A test that changed the schema (a downgrade, a
    queue's own tables) is caught by comparing the tables and the head, and the schema is rebuilt.
    """
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            tables = frozenset((await connection.execute(_TABLES)).scalars())
            known = _pg_migrated.get(url)
            head = (await connection.execute(_HEAD)).scalar() if "alembic_version" in tables else None
            if known is not None and known == (tables, head):
                emptied = ", ".join(f'"{name}"' for name in sorted(tables - {"alembic_version"}))
                await connection.execute(text(f"TRUNCATE {emptied} RESTART IDENTITY CASCADE"))
                return
            await connection.execute(text("DROP SCHEMA public CASCADE"))
            await connection.execute(text("CREATE SCHEMA public"))
        await upgrade(url)
        async with engine.connect() as connection:
            tables = frozenset((await connection.execute(_TABLES)).scalars())
            _pg_migrated[url] = (tables, str((await connection.execute(_HEAD)).scalar()))
    finally:
        await engine.dispose()


SETTINGS = Settings(migrate_on_start=False)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def settings() -> Settings:
    return SETTINGS


@pytest.fixture
async def services(db_url: str, clock: Clock, settings: Settings) -> AsyncIterator[Services]:
    svc = await Services.start(settings.replace(database_url=db_url), migrate=False, clock=clock)
    try:
        yield svc
    finally:
        await svc.close()


@pytest.fixture
async def make_services(db_url: str, clock: Clock, settings: Settings) -> AsyncIterator[object]:
    """Open extra service instances on the same database (a "new process")."""
    opened: list[Services] = []

    async def factory(**changes: object) -> Services:
        chosen = settings.replace(database_url=db_url, **changes)
        svc = await Services.start(chosen, migrate=False, clock=clock)
        opened.append(svc)
        return svc

    yield factory
    for svc in opened:
        await svc.close()
