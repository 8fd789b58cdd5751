"""Fresh PostgreSQL databases for the tests that run several processes on one (dropped afterwards)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

PG = os.environ.get("TEST_DATABASE_URL")
#: mark a test module that needs PostgreSQL: it is skipped, and says so, without TEST_DATABASE_URL
NEEDS_PG = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG, reason="needs TEST_DATABASE_URL pointing at PostgreSQL"),
]


async def admin(statement: str, url: str | None = None) -> None:
    """Run one statement on ``url`` (the server's test database by default), outside any transaction."""
    url = url or PG
    assert url is not None
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@asynccontextmanager
async def fresh_database(prefix: str) -> AsyncIterator[str]:
    """The URL of a brand-new, empty database on the test server, dropped on the way out."""
    assert PG is not None
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    await admin(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(PG).set(database=name).render_as_string(hide_password=False)
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
