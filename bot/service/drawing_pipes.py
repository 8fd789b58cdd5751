"""The click process's end of each drawing worker: its pipe, and the callers waiting on answers.

Callers send their own messages (:meth:`WorkerPipe.send`), so a worker always finds its next
message waiting; one reader thread per worker (:meth:`WorkerPipe.read`) hands each answer to the
oldest caller still waiting and, once the pipe closes, releases the rest with no answer. The pool
that starts and replaces workers is :class:`bot.service.drawing.DrawingPool`; the worker's own
side is :mod:`bot.service.drawing_worker`.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess


class Waiting:
    """One message sent to a worker, and its answer once read (None: the worker died first)."""

    __slots__ = ("answer", "done")

    def __init__(self) -> None:
        self.answer: bytes | None = None
        self.done = threading.Event()


class WorkerPipe:
    """One drawing process, this process's end of its pipe and the messages it has not answered.

    Messages are sent by the callers themselves, so a worker always has the next one waiting in
    its pipe; one reader thread per worker hands each answer to the oldest message's caller.
    """

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.sending = threading.Lock()  # one message at a time, in the order of ``waiting``
        self.lock = threading.Lock()  # ``waiting`` and ``gone``
        self.waiting: deque[Waiting] = deque()
        self.gone = False

    def send(self, message: bytes) -> Waiting | None:
        """Send ``message``; what to wait on for its answer (None if the worker is gone).

        The reader never waits for ``sending``: a send blocked on a full pipe (the worker busy
        writing a large answer) must not keep the reader from taking that answer.
        """
        waiting = Waiting()
        with self.sending:
            with self.lock:
                if self.gone:
                    return None
                self.waiting.append(waiting)
            try:
                self.connection.send_bytes(message)
            except OSError:  # the worker is gone: its reader releases the others
                with self.lock:
                    if waiting in self.waiting:
                        self.waiting.remove(waiting)
                return None
        return waiting

    def stop(self) -> None:
        """Ask the worker to stop once it has answered what it was sent (an empty message).

        Not if a caller is sending (the pipe may be full behind a long job): closing must not
        wait for that, and a worker that does not stop in time is ended anyway.
        """
        if self.sending.acquire(blocking=False):
            try:
                self.connection.send_bytes(b"")
            except OSError:  # it is gone already
                pass
            finally:
                self.sending.release()

    def read(self, lost: Callable[[WorkerPipe], None]) -> None:
        """The reader thread: hand out answers until the pipe closes, then release every caller."""
        while True:
            try:
                answer = self.connection.recv_bytes()
            except (EOFError, OSError):
                break
            with self.lock:
                waiting = self.waiting.popleft()
            waiting.answer = answer
            waiting.done.set()
        with self.lock:
            self.gone = True
            left = list(self.waiting)
            self.waiting.clear()
        for waiting in left:  # they draw it themselves
            waiting.done.set()
        lost(self)


def end_worker(worker: WorkerPipe) -> None:
    """End a worker that did not stop or answer in time (its callers, if any, draw in-thread)."""
    worker.process.terminate()
    worker.process.join(1.0)
    if worker.process.is_alive():  # stuck where SIGTERM is not acted on
        worker.process.kill()
        worker.process.join(1.0)
