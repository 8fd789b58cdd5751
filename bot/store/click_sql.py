"""The statements every click runs, each built once per shape, and a change's writes as one statement.

A statement built anew for each call is built again (a few hundred objects) and walked again
for its cache key on every execution, before SQLAlchemy finds its compiled form in the cache:
on the click path that was most of the database client's CPU, more than sending and reading.
Here each statement is built once (per shape: which columns a write sets, how many moves and
seats it writes), with named parameters that carry each column's type, so an execution only
binds values. :mod:`bot.store.tables_repo` runs them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from sqlalchemy import (
    BindParameter,
    Select,
    Table,
    Update,
    bindparam,
    exists,
    func,
    insert,
    literal,
    select,
    update,
)

from bot.store import schema

_t = schema.tables
_s = schema.seats
_m = schema.moves
_g = schema.guild_settings

#: the columns of a match-log row, in the order a change's combined write lists them
MOVE_COLUMNS = ("table_id", "seq", "seat", "action_key", "at")
#: the per-seat columns a change may move (timers, counts, who plays the seat)
SEAT_COLUMNS = ("bot", "has_left", "prompted_at", "deadline", "remind_at", "reminded", "moves")


def typed(table: Table, column: str, name: str) -> BindParameter[object]:
    """A parameter ``name`` with ``table.column``'s type (JSON, bytes and floats bind as the column does)."""
    return bindparam(name, type_=table.c[column].type)


#: every statement below names its table by the parameter ``w_id``
TABLE_ROW = select(_t).where(_t.c.id == bindparam("w_id"))
SEAT_ROWS = select(_s).where(_s.c.table_id == bindparam("w_id")).order_by(_s.c.seat)
VERSION_OF = select(_t.c.version).where(_t.c.id == bindparam("w_id"))
#: what a table's messages show and its server's settings (see tables_repo.change_reads)
CHANGE_READS = (
    select(
        _t.c.public_message_id,
        _t.c.public_digest,
        _s.c.seat,
        _s.c.dm_message_id,
        _s.c.dm_digest,
        _g.c.turn_timeout_seconds,
        _g.c.mention_on_turn,
    )
    .select_from(_t.outerjoin(_s, _s.c.table_id == _t.c.id).outerjoin(_g, _g.c.guild_id == _t.c.guild_id))
    .where(_t.c.id == bindparam("w_id"))
)
MOVE_INSERT = insert(_m)


def table_params(table_id: int, values: dict[str, object], version: int | None = None) -> dict[str, object]:
    """The parameters of :func:`table_update` (and :func:`change_write`) for these values."""
    found: dict[str, object] = {"w_id": table_id, **{f"v_{k}": v for k, v in values.items()}}
    if version is not None:
        found.update(w_version=version, w_next=version + 1)
    return found


@lru_cache(maxsize=128)
def table_update(keys: tuple[str, ...], guarded: bool) -> Update:
    """UPDATE of ``tables`` setting ``keys`` (parameters ``v_<key>``) of row ``w_id``; ``guarded``:
    only at version ``w_version``, which becomes ``w_next``."""
    where = [_t.c.id == bindparam("w_id")]
    values = {k: typed(_t, k, f"v_{k}") for k in keys}
    if guarded:
        where.append(_t.c.version == bindparam("w_version"))
        values["version"] = typed(_t, "version", "w_next")
    return update(_t).where(*where).values(values)


@lru_cache(maxsize=128)
def change_write(keys: tuple[str, ...], moves: int, seats: int) -> Select[int]:
    """PostgreSQL: a change's writes as one statement, counting the table rows it moved (0 or 1).

    The guarded table update (as :func:`table_update`) returns its row; ``moves`` log inserts
    (parameters ``m<i>_<column>``) and ``seats`` seat updates (``s<i>_<column>``) are
    data-modifying CTEs that write only if it did, so a stale change writes nothing.
    """
    moved = table_update(keys, True).returning(_t.c.id).cte("moved")
    hit = exists(select(moved.c.id))
    writes = [
        insert(_m)
        .from_select(
            list(MOVE_COLUMNS), select(*(typed(_m, c, f"m{i}_{c}") for c in MOVE_COLUMNS)).where(hit)
        )
        .cte(f"move{i}")
        for i in range(moves)
    ]
    writes += [
        update(_s)
        .where(_s.c.table_id == bindparam("w_id"), _s.c.seat == bindparam(f"s{i}_seat"), hit)
        .values({c: typed(_s, c, f"s{i}_{c}") for c in SEAT_COLUMNS})
        .cte(f"seat{i}")
        for i in range(seats)
    ]
    return select(func.count()).select_from(moved).add_cte(*writes)


@lru_cache(maxsize=64)
def shown_write(public: bool, dms: int) -> Select[Any]:
    """PostgreSQL: what a table's messages show, recorded in one statement: (whether the table
    exists, how many of the ``dms`` seats matched); nothing is written unless both are nonzero.

    ``public``: the table message's id and digest (parameters ``p_id``, ``p_digest``); each DM:
    ``d<i>_seat``, ``d<i>_id``, ``d<i>_digest``. All parts see the rows as they were before it.
    """
    table = typed(_t, "id", "w_id")
    named = [typed(_s, "seat", f"d{i}_seat") for i in range(dms)]
    found = select(func.count()).select_from(_s).where(_s.c.table_id == table, _s.c.seat.in_(named))
    seats_found = found.scalar_subquery() if dms else literal(1)
    writes = []
    if public:
        writes.append(
            update(_t)
            .where(_t.c.id == table, seats_found > 0)
            .values(public_message_id=typed(_t, "public_message_id", "p_id"))
            .values(public_digest=typed(_t, "public_digest", "p_digest"))
            .cte("shown_table")
        )
    writes += [
        update(_s)
        .where(_s.c.table_id == table, _s.c.seat == named[i])
        .values(
            dm_message_id=typed(_s, "dm_message_id", f"d{i}_id"),
            dm_digest=typed(_s, "dm_digest", f"d{i}_digest"),
        )
        .cte(f"shown_dm{i}")
        for i in range(dms)
    ]
    exists_ = select(func.count()).select_from(_t).where(_t.c.id == table).scalar_subquery()
    return select(exists_, seats_found).add_cte(*writes)


__all__ = [
    "CHANGE_READS",
    "MOVE_COLUMNS",
    "MOVE_INSERT",
    "SEAT_COLUMNS",
    "SEAT_ROWS",
    "TABLE_ROW",
    "VERSION_OF",
    "change_write",
    "shown_write",
    "table_params",
    "table_update",
    "typed",
]
