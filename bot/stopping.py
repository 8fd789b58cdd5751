"""Stopping ``tablekeeper run`` and ``work`` cleanly on SIGTERM (``docker stop``) and SIGINT (Ctrl-C).

Why: in the image the process is PID 1, and a PID 1 without a handler ignores SIGTERM, so
``docker stop`` waited its 10 seconds and killed the process, its drawing processes with it, in
the middle of whatever clicks were running. With :class:`StopSignal` installed, the first
SIGTERM or SIGINT logs ``stopping: SIGTERM received`` and wakes the serving code, which stops
taking clicks, gives the ones in flight up to :data:`GRACE_SECONDS` to finish, and closes
Discord, the database and the drawing pool in order; the command then exits with status 0.
The handlers are removed at the first signal, so a second one stops the process at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Iterator
from typing import Any

log = logging.getLogger("tablekeeper")

#: how long clicks in flight get to finish once a stop is asked for (``docker stop`` waits 10 s)
GRACE_SECONDS = 5.0
SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopSignal:
    """A stop request: set by SIGTERM or SIGINT while :meth:`installed`, or by :meth:`request`."""

    def __init__(self) -> None:
        self._event = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        #: the name of the signal that asked for the stop (None: not asked)
        self.received: str | None = None

    @contextlib.contextmanager
    def installed(self) -> Iterator[StopSignal]:
        """Handle SIGTERM and SIGINT on the running loop while inside."""
        self._loop = asyncio.get_running_loop()
        for sig in SIGNALS:
            self._loop.add_signal_handler(sig, self.request, sig.name)
        try:
            yield self
        finally:
            self._uninstall()

    def _uninstall(self) -> None:
        if self._loop is None:
            return
        for sig in SIGNALS:
            self._loop.remove_signal_handler(sig)
        self._loop = None

    def request(self, name: str) -> None:
        """Ask the serving code to stop (the signal handler; once is enough)."""
        if self._event.is_set():
            return
        self.received = name
        log.info("stopping: %s received", name)
        self._uninstall()  # a second signal takes the default way: the process ends at once
        self._event.set()

    @property
    def requested(self) -> bool:
        """Whether a stop has been asked for."""
        return self._event.is_set()

    async def wait(self) -> None:
        """Return once a stop is asked for."""
        await self._event.wait()

    async def race(self, task: asyncio.Task[Any]) -> bool:
        """Wait for ``task`` to end or a stop request; True if the stop came first.

        A task that ended first has its exception raised here (a refused token at start).
        """
        waiter = asyncio.ensure_future(self._event.wait())
        try:
            await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        if task.done():
            task.result()
            return False
        return True


async def finish(task: asyncio.Task[Any]) -> None:
    """Cancel ``task`` and wait for its clean-up (its ``finally`` blocks), whatever it raises."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        # what a cancelled start-up raises on its way out is noise by now: the stop was asked for
        await task
