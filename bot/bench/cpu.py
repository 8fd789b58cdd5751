"""Where a process's CPU goes while it clicks: cost centres by CPU-time sampling, plus the database server.

Wall time on a shared machine measures the neighbours; CPU time survives them. After every few
milliseconds of the event loop thread's own CPU, a timer on that clock interrupts it where it
runs: that sample goes to the cost centre its stack is in (the innermost frame that names one):
PNG encoding, drawing, the engine, the database client, else the adapter (the service, the
bench's stand-in for Discord, the event loop). The loop's CPU is split as its samples are. The
other threads (drawing, SQLite's) are looked at by a sampler thread every few milliseconds: each
one's own CPU since the last look goes to the centre its stack is in (a thread that waits uses
no CPU, so idle threads weigh nothing); CPU found on a thread that has gone back to waiting is
shared out as that thread's other CPU is. A sampler thread would not do for the loop: it can
only look when the loop lets go of the GIL, mostly when it is idle.
Drawing processes' CPU (a drawing pool) is read from ``/proc`` and counted as drawing;
PostgreSQL's, from the ``/proc`` entries of the backends serving this process's database, when the
server runs on this machine.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from sqlalchemy import event

from bot.service.affinity import read_ticks

#: the cost centres, in the order they are printed; "database server" is PostgreSQL's own CPU
CENTRES = ("drawing", "png", "engine", "database client", "adapter", "database server")

#: (path fragment, centre), tried on each frame from the innermost out; the first match decides
_MARKS: tuple[tuple[str, str], ...] = (
    ("render/core/png.py", "png"),
    ("/isal/", "png"),
    ("/render/", "drawing"),
    ("/PIL/", "drawing"),
    ("/engines/", "engine"),
    ("/sqlalchemy/", "database client"),
    ("/asyncpg/", "database client"),
    ("/aiosqlite/", "database client"),
    ("/bot/store/", "database client"),
)
#: CPU seconds of the event loop thread between looks at it
INTERVAL = 0.002
#: seconds between looks at the other threads (the interpreter's switch interval)
OTHERS_INTERVAL = 0.005
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def centre_of(filenames: Iterable[str]) -> str:
    """The cost centre of a stack given its frames' file names, innermost first."""
    for name in filenames:
        name = name.replace("\\", "/")
        for mark, centre in _MARKS:
            if mark in name:
                return centre
    return "adapter"


def proc_cpu_s(pid: int) -> float | None:
    """User plus system CPU seconds of process ``pid`` from ``/proc`` (None: not readable here)."""
    ticks = read_ticks(pid)
    return None if ticks is None else ticks / _TICKS


def thread_cpu_s(native_id: int) -> float | None:
    """CPU seconds of this process's thread ``native_id`` (None: gone, or no ``/proc`` here).

    Read from ``/proc`` (nanoseconds on the CPU), never through the thread's pthread handle:
    a thread may end between two looks, and asking for a finished thread's clock is undefined.
    """
    try:
        with open(f"/proc/self/task/{native_id}/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[0]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


@dataclass
class Split:
    """CPU seconds by cost centre over one measured stretch."""

    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CENTRES, 0.0))
    process_s: float = 0.0  # the measured process's CPU (every thread), the sampler's own excluded
    pool_s: float = 0.0  # its drawing processes' CPU
    server_s: float | None = None  # the database server's CPU (None: not measurable from here)

    @property
    def total_s(self) -> float:
        """Every CPU second the clicks cost: the process, its drawing pool and the database server."""
        return self.process_s + self.pool_s + (self.server_s or 0.0)

    def shares(self) -> dict[str, float]:
        """Each centre's share of :attr:`total_s` (the sampled split scaled to the measured process CPU)."""
        sampled = sum(v for k, v in self.seconds.items() if k != "database server")
        scale = self.process_s / sampled if sampled else 0.0
        found = {k: v * scale for k, v in self.seconds.items() if k != "database server"}
        found["drawing"] += self.pool_s
        found["database server"] = self.server_s or 0.0
        total = self.total_s
        return {k: (found[k] / total if total else 0.0) for k in CENTRES}

    def add(self, other: Split) -> Split:
        """The two splits summed (processes measured together)."""
        server = (
            None
            if self.server_s is None and other.server_s is None
            else ((self.server_s or 0.0) + (other.server_s or 0.0))
        )
        return Split(
            {k: self.seconds[k] + other.seconds[k] for k in CENTRES},
            self.process_s + other.process_s,
            self.pool_s + other.pool_s,
            server,
        )


class ServerCpu:
    """The CPU of the PostgreSQL backends behind one engine's pool, including those it closes.

    Each pooled connection's backend is a process of its own; one closed by the pool (an
    overflow connection handed back) takes its CPU with it, so that CPU is read as it closes.
    Attach it before the engine's first connection; :meth:`mark` starts the count.
    """

    def __init__(self, engine: Any) -> None:
        self._pool = engine.sync_engine.pool
        self._live: dict[int, int] = {}  # id of the driver connection -> its backend's pid
        self._start: dict[int, float] = {}  # pid -> CPU at the mark (absent: started after it)
        self._closed_s = 0.0
        self._marked = False
        event.listen(self._pool, "connect", self._connect)
        event.listen(self._pool, "close", self._close)
        event.listen(self._pool, "close_detached", self._close)

    def _connect(self, dbapi_connection: Any, _record: Any = None) -> None:
        pid = dbapi_connection.driver_connection.get_server_pid()
        self._live[id(dbapi_connection)] = pid

    def _close(self, dbapi_connection: Any, _record: Any = None) -> None:
        pid = self._live.pop(id(dbapi_connection), None)
        if pid is not None and self._marked:
            self._closed_s += (proc_cpu_s(pid) or 0.0) - self._start.get(pid, 0.0)

    def mark(self) -> None:
        """Count from now."""
        self._start = {pid: proc_cpu_s(pid) or 0.0 for pid in self._live.values()}
        self._closed_s = 0.0
        self._marked = True

    def used_s(self) -> float | None:
        """The backends' CPU since :meth:`mark` (None: their ``/proc`` entries are not on this machine)."""
        live = [proc_cpu_s(pid) for pid in self._live.values()]
        if any(now is None for now in live) or not self._marked:
            return None
        pids = list(self._live.values())
        used = sum((cpu or 0.0) - self._start.get(pid, 0.0) for pid, cpu in zip(pids, live, strict=True))
        return self._closed_s + used

    def remove(self) -> None:
        """Stop listening."""
        event.remove(self._pool, "connect", self._connect)
        event.remove(self._pool, "close", self._close)
        event.remove(self._pool, "close_detached", self._close)


class _ThreadTimer:
    """A POSIX timer on the calling thread's own CPU clock that signals that thread alone (Linux).

    ``setitimer``'s profiling timer counts the whole process's CPU and its signal reaches the
    event loop wherever it is, mostly idle in ``select`` after a burst of work; this one fires
    while the thread runs, so the signal finds it at the work.
    """

    def __init__(self, interval: float, signo: int) -> None:
        libc = ctypes.CDLL(None, use_errno=True)

        class Sigevent(ctypes.Structure):
            _fields_ = [
                ("value", ctypes.c_void_p),
                ("signo", ctypes.c_int),
                ("notify", ctypes.c_int),
                ("tid", ctypes.c_int),
                ("pad", ctypes.c_int * 11),
            ]

        class Timespec(ctypes.Structure):
            _fields_ = [("sec", ctypes.c_long), ("nsec", ctypes.c_long)]

        class Itimerspec(ctypes.Structure):
            _fields_ = [("interval", Timespec), ("value", Timespec)]

        # CLOCK_THREAD_CPUTIME_ID (3); SIGEV_THREAD_ID (4): signal this very thread
        notice = Sigevent(None, signo, 4, threading.get_native_id())
        self._libc = libc
        self._timer = ctypes.c_void_p()
        if libc.timer_create(3, ctypes.byref(notice), ctypes.byref(self._timer)) != 0:
            raise OSError(ctypes.get_errno(), "timer_create failed")
        every = Timespec(0, int(interval * 1e9))
        libc.timer_settime(self._timer, 0, ctypes.byref(Itimerspec(every, every)), None)

    def close(self) -> None:
        """Stop and delete the timer."""
        self._libc.timer_delete(self._timer)


class Sampler:
    """Samples this process's threads until :meth:`stop`; see the module docstring. Main thread only."""

    def __init__(self, pool_pids: Iterable[int] = (), server: ServerCpu | None = None) -> None:
        self.split = Split()
        self._main: dict[str, int] = dict.fromkeys(CENTRES, 0)  # the event loop thread's samples
        self._pool = {pid: proc_cpu_s(pid) or 0.0 for pid in pool_pids}
        self._server = server
        if server is not None:
            server.mark()
        self._last: dict[int, float] = {}  # each other thread's CPU clock at the last look
        self._threads: dict[int, dict[str, float]] = {}  # each other thread's CPU by centre (and idle)
        self._done = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="cpu-sampler", daemon=True)
        self._watcher.start()
        self._own = 0.0  # CPU the looks themselves took
        self._main_ident = threading.get_ident()
        self._main_start = thread_cpu_s(threading.get_native_id()) or 0.0
        self._started = time.process_time()
        self._previous = signal.signal(signal.SIGPROF, self._look)
        signal.siginterrupt(signal.SIGPROF, False)  # a sample never fails a system call
        self._timer: _ThreadTimer | None = None
        # without per-thread CPU timers (not Linux) the CPU totals stand and the loop goes unsplit
        with contextlib.suppress(OSError, AttributeError):
            self._timer = _ThreadTimer(INTERVAL, signal.SIGPROF)

    def _look(self, _signum: int, frame: FrameType | None) -> None:
        began = time.thread_time()
        self._main[centre_of(_files(frame))] += 1
        self._own += time.thread_time() - began

    def _watch(self) -> None:
        """The other threads, from a thread of their own (see the module docstring)."""
        while not self._done.wait(OTHERS_INTERVAL):
            native = {t.ident: t.native_id for t in threading.enumerate()}
            for ident, top in sys._current_frames().items():
                tid = native.get(ident)
                if tid is None or ident in (self._main_ident, threading.get_ident()):
                    continue
                now = thread_cpu_s(tid)
                if now is None:
                    continue
                used = now - self._last.get(ident, now)
                self._last[ident] = now
                if used > 0:
                    files = _files(top)
                    held = self._threads.setdefault(ident, {})
                    where = "idle" if _idle(files) else centre_of(files)
                    held[where] = held.get(where, 0.0) + used

    def stop(self) -> Split:
        """Stop sampling and total the process's, its drawing pool's and the server's CPU."""
        if self._timer is not None:
            self._timer.close()
        # a signal the deleted timer left pending must not meet SIGPROF's default (which ends
        # the process): without a handler of its own before, it is ignored from now on
        signal.signal(signal.SIGPROF, signal.SIG_IGN if self._previous == signal.SIG_DFL else self._previous)
        self._done.set()
        self._watcher.join()
        own = thread_cpu_s(self._watcher.native_id or 0) or 0.0
        for held in self._threads.values():  # a thread seen idle just finished a burst: share it out
            idle = held.pop("idle", 0.0)
            placed = sum(held.values())
            for centre, part in held.items():
                self.split.seconds[centre] += part * (1 + idle / placed)
        self.split.process_s = max(0.0, time.process_time() - self._started - self._own - own)
        main_s = (thread_cpu_s(threading.get_native_id()) or 0.0) - self._main_start - self._own
        samples = sum(self._main.values())
        for centre, count in self._main.items():  # the event loop's CPU, split as its samples
            self.split.seconds[centre] += main_s * count / samples if samples else 0.0
        self.split.pool_s = sum(max(0.0, (proc_cpu_s(p) or 0.0) - b) for p, b in self._pool.items())
        if self._server is not None:
            self.split.server_s = self._server.used_s()
        return self.split


def _idle(files: list[str]) -> bool:
    """Whether a thread whose frames are ``files`` (innermost first) is waiting for work."""
    waits = ("threading.py", "queue.py", "selectors.py", "futures/thread.py")
    return bool(files) and files[0].endswith(waits)


def _files(frame: FrameType | None) -> list[str]:
    names = []
    while frame is not None:
        names.append(frame.f_code.co_filename)
        frame = frame.f_back
    return names


__all__ = ["CENTRES", "Sampler", "ServerCpu", "Split", "centre_of", "proc_cpu_s", "thread_cpu_s"]
