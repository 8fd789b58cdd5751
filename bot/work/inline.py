"""The embedded default: the process that received a click does its work at once.

Why keep it: one process on SQLite needs no other service, and this is exactly how clicks were
handled before queues existed (the table's lock in the service keeps one table's clicks in
order), so the default behaves as it always has.
"""

from __future__ import annotations

from bot.work.api import Click, Here


class InlineQueue:
    """Runs each click's work in the receiving process, at once."""

    async def submit(self, click: Click, here: Here) -> None:
        """Do the work here and now."""
        await here()

    async def close(self) -> None:
        """Nothing to release."""
