"""A plain click's SQL, pinned statement by statement on SQLite and PostgreSQL.

Each statement is a round trip on PostgreSQL and a hop to the driver's thread on SQLite, and
every click pays them, so the list may not grow unnoticed: one read (what the table's messages
show and the server's settings) and three writes (the table row, guarded by its version; the
move; the seats' timers) in one transaction. With a shared click queue a cached table is first
checked against the database's row version, one statement that on PostgreSQL runs outside a
transaction (no BEGIN and ROLLBACK round trips around it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import event

from bot.service import Services
from tests.bot.service.helpers import asked, duel, moves, tok

#: (what the statement does, whether it runs with AUTOCOMMIT) per statement of a plain click
COMMIT = [
    ("SELECT tables.public_message_id", False),  # what the messages show, the server's settings
    ("UPDATE tables", False),  # the new snapshot, only at the version the move was made on
    ("INSERT INTO moves", False),
    ("UPDATE seats", False),  # one statement, however many seats' timers moved
]
CACHE_CHECK = ("SELECT tables.version", True)


def _shape(statement: str) -> str:
    """A statement's verb and the table it starts with ("UPDATE seats", "INSERT INTO moves")."""
    words = statement.replace(",", " ").split()
    return " ".join(words[:2] if words[0] != "INSERT" else words[:3])


async def _click_statements(services: Services) -> list[tuple[str, bool]]:
    """The statements of one plain click at a started duel whose state is cached."""
    delivery = await duel(services)
    _, user, key = asked(delivery)
    delivery = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)  # warm
    _, user, key = asked(delivery)
    logged = await moves(services, delivery.table.id)
    seen: list[tuple[str, bool]] = []
    engine = services.db.engine.sync_engine

    def grab(conn: Any, _cursor: Any, statement: str, _p: Any, _ctx: Any, _many: bool) -> None:
        autocommit = conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT"
        seen.append((_shape(statement), autocommit))

    event.listen(engine, "before_cursor_execute", grab)
    try:
        after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    finally:
        event.remove(engine, "before_cursor_execute", grab)
    assert after.outcome is None and await moves(services, delivery.table.id) == logged + 1  # a plain move
    return seen


def _begin(db_url: str) -> list[tuple[str, bool]]:
    # SQLite takes its write lock with an explicit BEGIN IMMEDIATE, sent as a statement
    return [("BEGIN IMMEDIATE", False)] if db_url.startswith("sqlite") else []


async def test_a_plain_click_is_one_read_and_three_writes_in_one_transaction(
    services: Services, db_url: str
) -> None:
    assert await _click_statements(services) == _begin(db_url) + COMMIT


async def test_with_a_shared_queue_a_click_adds_only_the_cache_check_outside_a_transaction(
    make_services: Callable[..., Awaitable[Services]], db_url: str
) -> None:
    if db_url.startswith("sqlite"):
        pytest.skip("the shared click queue lives in PostgreSQL")
    services = await make_services(work_queue="procrastinate")
    assert await _click_statements(services) == [CACHE_CHECK, *COMMIT]
