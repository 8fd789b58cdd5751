"""Keeping the process that serves clicks on one core, and its drawing processes on the others.

A process that draws in threads uses about one core whatever it has (Pillow holds the GIL), yet
its threads spread over every core it may use, and on a quiet two-core machine that made each
click cost 1.5-1.6x the CPU it costs on one core (README "Why a click costs more CPU on a quiet
machine": the GIL passes between threads hundreds of times a second and each hand-over to the
other core finds cold caches). So :func:`kept` puts every thread of this process on one core of
those it may use (``os.sched_getaffinity``), and the drawing pool's processes
(:mod:`bot.service.drawing`, its side workers too) on the remaining ones.

Which core, kept simple:

- every core's busy share from ``/proc/stat`` over the last window (a short first sample, then
  the time since the last check), minus this process's and its workers' own CPU, spread evenly
  over the cores each was allowed; so a core is busy here only because of *other* programs;
- the click process takes the idlest core; it moves later only when another core is idler by
  :data:`MARGIN` points, checked every :data:`RECHECK` seconds drawn at random, so two
  ``tablekeeper work`` processes on one machine neither check at the same moment nor keep
  swapping, and end up on different cores;
- the workers go on the other allowed cores. The parent places them by process id rather than
  each worker placing itself in its initializer: the parent knows when the click core moves, and
  workers also start later (a pool replaced after a worker died, a side worker on first use),
  inheriting whatever core the starting thread had; a one-second tick places any new thread or
  worker, so nothing depends on start order.

Linux only (elsewhere, with ``one_core = "off"``, or with a single allowed core it does nothing
and says so in a debug line). On exit every thread and worker gets the original cores back.
"""

from __future__ import annotations

import logging
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engines.core import counted

log = logging.getLogger(__name__)

#: percentage points by which another core must be idler before the click process moves there
MARGIN = 25.0
#: seconds between checks of the cores, drawn anew each time (jitter: see the module's text)
RECHECK = (3.0, 7.0)
#: seconds of the first sample, taken in the background (start-up does not wait for it)
FIRST_SAMPLE = 0.3
#: seconds between placements of new threads and workers
TICK = 1.0

#: core -> (busy ticks, all ticks) from one reading of /proc/stat
Sample = dict[int, tuple[int, int]]


def parse_stat(text: str) -> Sample:
    """Each core's busy and total clock ticks from the text of ``/proc/stat``."""
    found: Sample = {}
    for line in text.splitlines():
        name, _, rest = line.partition(" ")
        if not name.startswith("cpu") or name == "cpu":
            continue
        # user nice system idle iowait irq softirq steal (guest time is counted in user already)
        ticks = [int(part) for part in rest.split()[:8]]
        idle = ticks[3] + ticks[4]
        found[int(name[3:])] = (sum(ticks) - idle, sum(ticks))
    return found


def busy_shares(before: Sample, after: Sample, own: dict[int, float]) -> dict[int, float]:
    """Percent busy of each core between two samples, leaving out ``own`` ticks (core -> ticks)."""
    shares: dict[int, float] = {}
    for core, (busy1, total1) in after.items():
        busy0, total0 = before.get(core, (busy1, total1))
        elapsed = total1 - total0
        if elapsed <= 0:
            shares[core] = 0.0
            continue
        others = busy1 - busy0 - own.get(core, 0.0)
        shares[core] = min(100.0, max(0.0, 100.0 * others / elapsed))
    return shares


def choose(current: int | None, busy: dict[int, float], margin: float = MARGIN) -> int:
    """The click process's core: the idlest, but stay on ``current`` unless that is ``margin`` idler."""
    idlest = min(busy, key=lambda core: (busy[core], core))
    if current is None or current not in busy:
        return idlest
    return idlest if busy[current] - busy[idlest] >= margin else current


def _read_stat() -> Sample:
    with open("/proc/stat") as file:
        return parse_stat(file.read())


def read_ticks(pid: int) -> int | None:
    """User plus system clock ticks of process ``pid`` (all its threads); None if unreadable."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as file:
            fields = file.read().rpartition(")")[2].split()
        return int(fields[11]) + int(fields[12])  # utime and stime, the 14th and 15th fields
    except (OSError, IndexError, ValueError):  # gone, or no /proc here
        return None


def process_ticks(pid: int) -> int:
    """``read_ticks``, 0 for a process that is gone."""
    return read_ticks(pid) or 0


def threads_of(pid: int) -> list[int]:
    """The thread ids of process ``pid`` (none if it is gone)."""
    try:
        return [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return []


def _set(tid: int, cores: frozenset[int]) -> bool:
    try:
        os.sched_setaffinity(tid, cores)
    except OSError:  # the thread ended meanwhile, or the cores are no longer allowed
        return False
    return True


def _drawing_pids() -> list[int]:
    from bot.service import drawing

    return drawing.worker_pids()


class OneCore:
    """Where this process and its workers run; :meth:`check` and :meth:`tick` move them.

    Inert (``reason`` says why) when the process is not kept on one core.
    """

    def __init__(
        self,
        allowed: frozenset[int],
        *,
        reason: str = "",
        workers: Callable[[], list[int]] = _drawing_pids,
        read: Callable[[], Sample] = _read_stat,
        ticks: Callable[[int], int] = process_ticks,
        margin: float = MARGIN,
    ) -> None:
        self.allowed = allowed
        self.reason = reason
        self.core: int | None = None
        self.first: int | None = None
        self.moves = 0
        self.margin = margin
        self._workers = workers
        self._read = read
        self._ticks = ticks
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._placed: dict[int, set[int]] = {}  # pid -> thread ids placed since the last move
        self._window: tuple[Sample, dict[int, tuple[int, frozenset[int]]]] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def active(self) -> bool:
        """Whether this process is being kept on one core."""
        return not self.reason

    def others(self) -> frozenset[int]:
        """The cores the workers run on: every allowed one but the click core."""
        return self.allowed - {self.core} if self.core is not None else self.allowed

    def _masks(self) -> dict[int, tuple[int, frozenset[int]]]:
        """Each of our processes' CPU ticks now and the cores it may run on."""
        mine = frozenset({self.core}) if self.core is not None else self.allowed
        found = {self._pid: (self._ticks(self._pid), mine)}
        for pid in self._workers():
            found[pid] = (self._ticks(pid), self.others())
        return found

    def begin(self) -> None:
        """Start a sampling window now (the next :meth:`check` measures from here)."""
        with self._lock:
            self._window = (self._read(), self._masks())

    def check(self) -> int:
        """Measure the cores since the last window, choose the click core, move there if it changed."""
        with self._lock:
            if self._window is None:
                self._window = (self._read(), self._masks())
            before, masks = self._window
            after = self._read()
            # a worker that started during the window (a side worker, a replaced pool) used all
            # its CPU in it, on the workers' cores
            started = {pid: (0, self.others()) for pid in self._workers() if pid not in masks}
            own: dict[int, float] = {}
            for pid, (ticks0, cores) in {**masks, **started}.items():
                used = max(0, self._ticks(pid) - ticks0) / len(cores)
                for core in cores & self.allowed:
                    own[core] = own.get(core, 0.0) + used
            shares = busy_shares(before, after, own)
            chosen = choose(self.core, {core: shares.get(core, 0.0) for core in self.allowed}, self.margin)
            if chosen != self.core:
                log.debug("keeping this process on core %d (others busy: %s; ours %s)", chosen, shares, own)
                if self.core is not None:
                    self.moves += 1
                else:
                    self.first = chosen
                self.core = chosen
                self._placed.clear()
            self._place()
            self._window = (after, self._masks())
            return chosen

    def tick(self) -> None:
        """Place threads and workers that appeared since the last placement."""
        with self._lock:
            self._place()

    def _place(self) -> None:
        if self.core is None:
            return
        mine = frozenset({self.core})
        targets = [(self._pid, mine)] + [(pid, self.others()) for pid in self._workers()]
        still: dict[int, set[int]] = {}  # only live processes and threads, so nothing piles up
        for pid, cores in targets:
            live = threads_of(pid)
            placed = self._placed.get(pid, set()).intersection(live)
            for tid in live:
                if tid not in placed and _set(tid, cores):
                    placed.add(tid)
            still[pid] = placed
        self._placed = still

    def restore(self) -> None:
        """Give every thread of this process and of its workers the original cores back."""
        with self._lock:
            for pid in [self._pid, *self._workers()]:
                for tid in threads_of(pid):
                    _set(tid, self.allowed)
            self.core = None
            self._placed.clear()

    def _run(self) -> None:
        chooser = random.Random()
        self.begin()
        if self._stop.wait(FIRST_SAMPLE):
            return
        self.check()
        due = time.monotonic() + chooser.uniform(*RECHECK)
        while not self._stop.wait(TICK):
            if time.monotonic() >= due:
                self.check()
                due = time.monotonic() + chooser.uniform(*RECHECK)
            else:
                self.tick()

    def start(self) -> None:
        """Choose a core in the background, then re-check now and then until :meth:`stop`."""
        if self.active:
            self._thread = threading.Thread(target=self._run, name="one-core", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop re-checking (waits for a check under way)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def describe(self) -> str:
        """Where the process ran, for the bench's output and the log."""
        if not self.active:
            return f"not kept on one core ({self.reason})"
        if self.core is None:
            return "not placed yet"
        cores = ",".join(str(core) for core in sorted(self.others()))
        moved = f", started on {self.first}, {counted(self.moves, 'move')}" if self.moves else ""
        workers = f"; its workers on {cores}" if self._workers() else ""
        return f"kept on core {self.core} of {len(self.allowed)}{moved}{workers}"


def _allowed() -> frozenset[int] | None:
    """The cores this process may use, or None where affinity cannot be set (not Linux)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "sched_setaffinity"):
        return None
    return frozenset(os.sched_getaffinity(0))


@contextmanager
def kept(mode: str, *, workers: Callable[[], list[int]] = _drawing_pids) -> Iterator[OneCore]:
    """Keep this process on one core while inside (``mode`` ``auto``); ``off`` leaves it to the OS.

    Enter it after the drawing pool (``drawing.started``) so the workers are placed at once; the
    original cores come back on exit, before the pool stops.
    """
    allowed = _allowed()
    reason = ""
    if mode == "off":
        reason = "one_core is off"
    elif allowed is None:
        reason = "not Linux"
    elif len(allowed) < 2:
        reason = "a single core allowed"
    keeper = OneCore(allowed or frozenset(), reason=reason, workers=workers)
    if reason:
        log.debug("the process's threads run where the OS puts them: %s", reason)
    keeper.start()
    try:
        yield keeper
    finally:
        keeper.stop()
        if keeper.active:
            keeper.restore()
