"""The click a queue carries, the queue seam and the outlet a worker delivers through.

Why separate: the gateway side (which submits) and the worker side (which applies and delivers)
share only these shapes, and none of them may know Discord's types, so a click is plain data
that survives a trip through PostgreSQL as JSON.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import msgspec

from bot.service.truth import Journal
from bot.service.values import Delivery
from engines.core import Event

#: what clicks applied without drawing left for a later click to show: None when nothing waits,
#: else the events still to narrate (empty when only a redraw is owed, after refused clicks)
Undrawn = tuple[Event, ...] | None


def undrawn_to_json(undrawn: Undrawn) -> list[dict[str, Any]] | None:
    """:data:`Undrawn` as JSON-ready builtins (it travels to the next job in PostgreSQL)."""
    return None if undrawn is None else [msgspec.to_builtins(event) for event in undrawn]


def undrawn_from_json(data: list[dict[str, Any]] | None) -> Undrawn:
    """The :data:`Undrawn` that :func:`undrawn_to_json` made."""
    return None if data is None else tuple(msgspec.convert(item, Event) for item in data)


@dataclass(frozen=True)
class Click:
    """One game choice clicked on Discord, with what is needed to answer it later over REST.

    ``application_id`` and ``interaction_token`` address the interaction's webhook (valid for 15
    minutes after the click), through which a worker sends the clicker's private notes and edits
    the clicked message when it was an ephemeral one (``ephemeral``). ``shard_id`` is the gateway
    shard that received it (for logs and tests only).
    """

    table_id: int
    user_id: int
    token: str
    key: str
    seat: int | None
    application_id: int = 0
    interaction_token: str = ""
    ephemeral: bool = False
    channel_id: int | None = None
    shard_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The click as JSON-ready builtins (a job's arguments)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Click:
        """The click :meth:`to_json` made (unknown keys from a newer release are ignored)."""
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


#: the work the receiving process would do itself (the inline queue runs it)
Here = Callable[[], Awaitable[None]]


class WorkQueue(Protocol):
    """Where a received click goes after its interaction was acknowledged."""

    async def submit(self, click: Click, here: Here) -> None:
        """Have ``click`` applied: run ``here`` now (inline) or queue ``click`` for any worker."""
        ...

    async def close(self) -> None:
        """Release what the queue holds (connections)."""
        ...


class Outlet(Protocol):
    """How a worker shows what a click did (the Discord adapter's REST client implements it)."""

    async def publish(self, click: Click | None, delivery: Delivery) -> None:
        """Show a change everywhere (``click`` None: a redraw nobody clicked for)."""
        ...

    async def tell(self, click: Click, text: str) -> None:
        """A short private note to the clicker."""
        ...

    def catch_up(self, table_id: int) -> None:
        """Redraw ``table_id`` everywhere once the database answers (a change may have landed unseen)."""
        ...

    async def failed(self, click: Click | None, error: Exception, kept: Journal) -> None:
        """Something went wrong (``kept``: what the click saved first): log a surprise without
        secrets and tell the clicker the truth."""
        ...
