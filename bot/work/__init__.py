"""Who does a click's work: the process that received it, or any worker through a shared queue.

Why a package of its own: Discord sends every DM interaction to shard 0, and nearly every click
is a private choice made in a DM, so "the process that received it does the work" put almost all
the applying and drawing on one process however many shards ran. :class:`WorkQueue` is the seam
between receiving a click and doing it:

- :class:`~bot.work.inline.InlineQueue` (the embedded default, ``TABLEKEEPER_WORK_QUEUE=inline``)
  runs the work at once in the receiving process, exactly as before; one table's clicks go in
  order through the table's lock;
- :class:`~bot.work.pgqueue.ProcrastinateQueue` (``TABLEKEEPER_WORK_QUEUE=procrastinate``) stores
  the click as a procrastinate job in PostgreSQL; every ``tablekeeper work`` process on any
  machine consumes the queue, one table's jobs in order (a procrastinate ``lock`` per table).

:class:`~bot.work.clicks.ClickWork` is what a worker does with a job (apply, draw, deliver),
through an :class:`~bot.work.api.Outlet` the Discord adapter provides. Nothing here speaks Discord.
"""

from __future__ import annotations

from bot.settings import Settings
from bot.work.api import Click, Here, Outlet, Undrawn, WorkQueue
from bot.work.clicks import ClickWork
from bot.work.inline import InlineQueue


async def open_queue(settings: Settings) -> WorkQueue:
    """The queue ``settings.work_queue`` names, opened (procrastinate is imported only when used)."""
    if settings.work_queue == "procrastinate":
        from bot.work.pgqueue import ProcrastinateQueue

        queue = ProcrastinateQueue(settings.database_url)
        await queue.open()
        return queue
    return InlineQueue()


__all__ = ["Click", "ClickWork", "Here", "InlineQueue", "Outlet", "Undrawn", "WorkQueue", "open_queue"]
