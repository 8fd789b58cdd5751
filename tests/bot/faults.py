"""A database cut at a chosen point of a request, for the tests that sweep a fault over every point.

Every point where a request meets the database is numbered as it happens: taking a connection,
each statement, and each commit twice (just before the database commits, and just after it did,
when its answer is lost on the way back). Armed at point ``n``, the cut makes that point fail and
every later one too (the database stays unreachable) until :meth:`Cut.restore`; a ``blip`` fails
that one point only (one connection dropped, the next one works). Counting mode
(nothing armed) lists the points of a request, so a test can arm each in turn.

It listens to SQLAlchemy's engine events, so the same cut works on SQLite and PostgreSQL and
reaches every statement the bot makes through its engine, whichever layer makes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine


class Severed(OSError):
    """The connection to the database was cut (what a dropped TCP connection looks like)."""


def _label(statement: str) -> str:
    words = statement.split()
    head = " ".join(words[:1]).upper()
    target = next((w for w in words[1:] if w.strip('"').isidentifier() and w.upper() not in _SKIP), "")
    return f"{head} {target.strip(chr(34))}".strip()


_SKIP = {"INTO", "FROM", "DISTINCT", "OR", "IGNORE", "ONLY"}


@dataclass
class Cut:
    """Numbers a request's database points and cuts the database from the armed one on."""

    engine: AsyncEngine
    #: the points seen since :meth:`start` (labels, in order)
    points: list[str] = field(default_factory=list)
    armed: int | None = None
    down: bool = False
    #: the label of the point where the cut fell
    fell_at: str | None = None
    counting: bool = False
    blip: bool = False

    def __post_init__(self) -> None:
        sync = self.engine.sync_engine
        event.listen(sync.pool, "checkout", self._connect)
        event.listen(sync, "before_cursor_execute", self._statement)
        event.listen(sync, "commit", self._commit)

    def remove(self) -> None:
        """Stop listening (the engine behaves as before)."""
        sync = self.engine.sync_engine
        event.remove(sync.pool, "checkout", self._connect)
        event.remove(sync, "before_cursor_execute", self._statement)
        event.remove(sync, "commit", self._commit)

    def start(self, armed: int | None = None, *, blip: bool = False) -> None:
        """Number points from here on, cutting at ``armed`` (None: only count); ``blip``: that point only."""
        self.points = []
        self.armed = armed
        self.blip = blip
        self.down = False
        self.fell_at = None
        self.counting = True

    def restore(self) -> None:
        """The database answers again; stop numbering."""
        self.down = False
        self.counting = False
        self.armed = None

    # ------------------------------------------------------------------ the points
    def _point(self, label: str) -> bool:
        """Number a point; True when the database is cut from here on."""
        if not self.counting:
            return False
        if self.down:
            return True
        self.points.append(label)
        if self.armed is not None and len(self.points) - 1 == self.armed:
            self.fell_at = label
            self.down = not self.blip
            return True
        return False

    def _connect(self, *pooled: Any) -> None:
        # at the pool's checkout, as a refused connection fails: the pool takes it back
        if self._point("connect"):
            raise Severed("connection refused")

    def _statement(self, conn: Connection, cursor: Any, statement: str, *args: Any) -> None:
        if self._point(_label(statement)):
            raise Severed("connection reset")

    def _commit(self, conn: Connection) -> None:
        if self._point("commit (before it)"):
            raise Severed("connection reset before the commit")
        if not self._point("commit (answer lost)"):
            return
        # The server commits, then the line drops before its answer arrives.
        conn.connection.dbapi_connection.commit()  # type: ignore[union-attr]
        raise Severed("connection reset after the commit")
