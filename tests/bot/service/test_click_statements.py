"""A plain click's SQL, pinned statement by statement on SQLite and PostgreSQL.

Each statement is a round trip on PostgreSQL and a hop to the driver's thread on SQLite, and
every click pays them, so the list may not grow unnoticed. In one transaction: one read (what
the table's messages show and the server's settings), then the writes: the table row, guarded by
its version, the move and the seats' timers. On PostgreSQL those three are one statement (the
move and seat writes are data-modifying CTEs that hang on the guarded table update), so a click
is four round trips: BEGIN, the read, the write, COMMIT. SQLite has no such CTEs and runs the
three writes in turn. With a shared click queue a cached table is first checked against the
database's row version, one statement that on PostgreSQL runs outside a transaction (no BEGIN
and ROLLBACK round trips around it). No connection is pinged: one handed back a moment ago is
taken as it is (bot/store/db.py), where SQLAlchemy's pre-ping cost three round trips a checkout.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import event

from bot.service import DmRef, ServiceError, Services
from bot.service.values import PublicRef
from bot.store import db as store_db
from tests.bot.service.helpers import asked, duel, moves, tok

#: (what the statement does, whether it runs with AUTOCOMMIT) per statement of a plain click
READ = ("SELECT tables.public_message_id", False)  # what the messages show, the server's settings
SQLITE_WRITES = [
    ("UPDATE tables", False),  # the new snapshot, only at the version the move was made on
    ("INSERT INTO moves", False),
    ("UPDATE seats", False),  # one statement, however many seats' timers moved
]
#: the same three writes as one statement: WITH moved AS (UPDATE tables ...), move0 AS (INSERT ...)
PG_WRITE = ("WITH moved", False)
COMMIT = ("COMMIT", False)
CACHE_CHECK = ("SELECT tables.version", True)


def _shape(statement: str) -> str:
    """A statement's verb and the table it starts with ("UPDATE seats", "INSERT INTO moves")."""
    words = statement.replace(",", " ").split()
    return " ".join(words[:2] if words[0] != "INSERT" else words[:3])


async def _click_statements(
    services: Services, monkeypatch: pytest.MonkeyPatch, during: list[bool] | None = None
) -> list[tuple[str, bool]]:
    """The statements (BEGIN and COMMIT too) of one plain click at a started duel whose state is cached.

    ``during`` holds True while that click runs.
    """
    delivery = await duel(services)
    _, user, key = asked(delivery)
    delivery = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)  # warm
    _, user, key = asked(delivery)
    logged = await moves(services, delivery.table.id)
    seen: list[tuple[str, bool]] = []
    engine = services.db.engine.sync_engine

    sqlite = services.db.serialised

    def grab(conn: Any, _cursor: Any, statement: str, _p: Any, _ctx: Any, _many: bool) -> None:
        autocommit = conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT"
        seen.append((_shape(statement), autocommit))

    def began(conn: Any) -> None:
        # SQLite's BEGIN IMMEDIATE is a statement of its own, seen by grab; with AUTOCOMMIT the
        # driver sends no BEGIN at all
        if not sqlite and conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
            seen.append(("BEGIN", False))

    def committed(_conn: Any) -> None:
        seen.append(COMMIT)

    def pinged(_dbapi_connection: Any) -> bool:
        seen.append(("ping", False))
        return True

    monkeypatch.setattr(engine.dialect, "do_ping", pinged)
    # a connection handed back a moment ago is not pinged; a loaded test machine may take longer
    # than the default moment between two clicks, so the moment is longer here
    monkeypatch.setattr(store_db, "QUIET_S", 30.0)
    hooks = [("before_cursor_execute", grab), ("begin", began), ("commit", committed)]
    for name, hook in hooks:
        event.listen(engine, name, hook)
    if during is not None:
        during.append(True)  # the measured click begins
    try:
        after = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    finally:
        if during is not None:
            during.clear()
        for name, hook in hooks:
            event.remove(engine, name, hook)
    assert after.outcome is None and await moves(services, delivery.table.id) == logged + 1  # a plain move
    return seen


def _transaction(db_url: str) -> list[tuple[str, bool]]:
    """A plain click's transaction on the backend of ``db_url``."""
    if db_url.startswith("sqlite"):
        # SQLite takes its write lock with an explicit BEGIN IMMEDIATE, sent as a statement
        return [("BEGIN IMMEDIATE", False), READ, *SQLITE_WRITES, COMMIT]
    return [("BEGIN", False), READ, PG_WRITE, COMMIT]  # four round trips


async def test_a_plain_click_is_one_read_and_the_writes_in_one_transaction(
    services: Services, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await _click_statements(services, monkeypatch) == _transaction(db_url)


async def test_with_a_shared_queue_a_click_adds_only_the_cache_check_outside_a_transaction(
    make_services: Callable[..., Awaitable[Services]], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if db_url.startswith("sqlite"):
        pytest.skip("the shared click queue lives in PostgreSQL")
    services = await make_services(work_queue="procrastinate")
    # five round trips where there were thirteen (two pre-pings of three, three writes apart)
    assert await _click_statements(services, monkeypatch) == [CACHE_CHECK, *_transaction(db_url)]


async def test_the_adapters_follow_up_is_one_statement_outside_a_transaction_on_postgresql(
    services: Services, db_url: str
) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    seen: list[str] = []
    engine = services.db.engine.sync_engine

    def grab(_conn: Any, _cursor: Any, statement: str, _p: Any, _ctx: Any, _many: bool) -> None:
        seen.append(_shape(statement))

    def committed(_conn: Any) -> None:
        seen.append("COMMIT")

    hooks = [("before_cursor_execute", grab), ("commit", committed)]
    for name, hook in hooks:
        event.listen(engine, name, hook)
    dms = {0: DmRef(72, "a"), 1: DmRef(73, "b")}
    try:
        await services.tables.record_shown(table_id, PublicRef(71, "board"), dms)
    finally:
        for name, hook in hooks:
            event.remove(engine, name, hook)
    if db_url.startswith("sqlite"):
        assert seen == ["BEGIN IMMEDIATE", "UPDATE tables", "UPDATE seats", "COMMIT"]
    else:  # WITH shown_table AS (UPDATE tables ...), shown_dm0 AS (UPDATE seats ...) ...: one round trip
        assert seen == ["WITH shown_table"]
    shown = await services.tables.shown(table_id)
    assert shown.public == PublicRef(71, "board") and shown.dms == dms


async def test_a_follow_up_naming_no_seat_of_the_table_records_nothing(services: Services) -> None:
    delivery = await duel(services)
    table_id = delivery.table.id
    before = await services.tables.shown(table_id)
    with pytest.raises(ServiceError, match="has no such seat"):
        await services.tables.record_shown(table_id, PublicRef(81, "new board"), {7: DmRef(82, "x")})
    with pytest.raises(ServiceError, match="There is no table"):
        await services.tables.record_shown(table_id + 99, PublicRef(81, "new board"), {})
    assert await services.tables.shown(table_id) == before  # the table message's record is untouched


async def test_on_sqlite_each_statement_is_one_trip_to_the_drivers_thread(
    services: Services, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("aiosqlite's thread is SQLite's")
    import aiosqlite.core

    trips: list[str] = []
    during: list[bool] = []
    real = aiosqlite.core.Connection._execute

    async def counted(self: Any, function: Any, *args: Any, **kwargs: Any) -> Any:
        if during:
            trips.append(getattr(function, "__name__", "?"))
        return await real(self, function, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.core.Connection, "_execute", counted)
    seen = await _click_statements(services, monkeypatch, during)
    # SQLAlchemy's own cursor made three or four trips a statement; BEGIN IMMEDIATE goes with the
    # read in its trip, the guarded table update is a trip (its row count decides), and the log
    # and seat writes, whose results nobody reads, go with the COMMIT: six statements, three trips
    assert len(seen) == 6 and seen[0] == ("BEGIN IMMEDIATE", False)
    assert trips == ["_run", "_run", "_commit_after"]
