"""Drawing pictures in a pool of processes, so a process's clicks use every core it has.

Pillow holds the GIL while it draws (only PNG compression lets go of it), so drawing in
threads keeps a whole process on about one core. A :class:`DrawingPool` sends each picture
that is not already in the renderer's cache to one of ``size`` worker processes and gets the
PNG bytes back; the thread building the delivery waits on the answer without holding the GIL,
so the event loop, the engine and the other clicks' threads keep running meanwhile.

What crosses to a worker is the picture's cache key and nothing else: the msgpack encoding of
the picture kind, the seat names drawn and exactly what the picture is drawn from (the
spectator's View for a board; for a hand, the seat's View with all the hand does not draw
blanked, by the renderer's own ``hand_part``). That is the secret filter's output, never a
state, an ORM row or another seat's view, so a worker can draw no more than the picture's own
viewer may see. Workers decode the key, draw with the same functions as in-thread drawing
(so the bytes are equal) and keep no state between pictures beyond the renderers' own caches of
fonts and text. A card drawn large (``/card``) crosses as its catalogue entry and language:
public content, no table's.

The cache stays in the parent, keyed as before, so a picture drawn once is never sent again,
whichever worker drew it. If a worker dies (killed, out of memory), a new one is started at
once, every picture or job it had not answered is done in its caller's thread instead and a
warning is logged: the click is still answered. A worker that leaves a picture unanswered for
:data:`PICTURE_DEADLINE` seconds is taken to hang and ended, with the same outcome. Renderers that are not
:class:`~render.core.renderer.MemoRenderer` (test doubles, plug-ins) are drawn in-thread.

A pool also runs long jobs off the click path (:meth:`DrawingPool.run`: a module-level function
and one picklable argument), such as a game's animation (``bot.service.animations``). That job
carries the game's match record, since it replays the game, so the worker could rebuild every
hand; what it draws and returns is the public board and public narration only, which the
animation tests hold with twin games.

One pool serves a whole process: :func:`started` installs it (``tablekeeper run``/``work`` do,
sized by the ``draw_processes`` setting; 0 installs none) and :func:`current` is what
:mod:`bot.service.delivery` draws through.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from bot.service.drawing_pipes import WorkerPipe, end_worker
from bot.service.drawing_worker import (
    BOARD,
    CARD,
    ERROR,
    HAND,
    JOB,
    NONE,
    PICTURE,
    PNG,
    card_png,
    render_key,
    serve,
)
from engines.core.types import CatalogueEntry
from render import registry as renderers
from render.core.memo import picture_key
from render.core.renderer import MemoRenderer, Renderer

log = logging.getLogger(__name__)
T = TypeVar("T")


#: a pool that breaks this often within RESTART_WINDOW seconds is given up: something kills every
#: worker (say, a script without a ``__main__`` guard re-run by each spawned child), and starting
#: more would only burn CPU; the process draws in threads from then on.
MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
#: seconds :meth:`DrawingPool.close` waits for its workers to finish before ending them
CLOSE_GRACE = 2.0
#: seconds a picture may take from being sent to being answered before its worker is taken to
#: hang: it is ended (every job it held is done by its caller) and another starts. A picture takes
#: milliseconds and a drawing worker is only sent pictures and short jobs, so this is far above
#: any honest wait, a long queue on a loaded machine included; long jobs (:meth:`DrawingPool.run`)
#: have no limit, since a review may rightly work for many seconds.
PICTURE_DEADLINE = 30.0


# --- in the process that serves clicks ---------------------------------------------------


class DrawingPool:
    """``size`` worker processes that turn picture keys into PNG bytes (thread-safe).

    Each worker has a pipe of its own. A caller sends its message to the worker with the fewest
    unanswered ones and waits for the answer, which that worker's reader thread hands over.
    (``ProcessPoolExecutor`` passed every job through a queue, a feeder thread and a manager
    thread: about 130 µs of this process's CPU a picture against 12 µs for a pipe's write and
    read, measured apart.)
    """

    def __init__(
        self, size: int, *, warm: bool = True, nice: int = 0, picture_deadline: float = PICTURE_DEADLINE
    ) -> None:
        if size < 1:
            raise ValueError("a drawing pool needs at least one process")
        self.size = size
        self.picture_deadline = picture_deadline
        self.hung = 0
        self.warm = warm
        self.nice = nice
        self.restarts = 0
        self.fallbacks = 0
        self._recent: deque[float] = deque(maxlen=MAX_RESTARTS)
        self._lock = threading.Lock()
        self._closed = False
        self._workers: list[WorkerPipe] = []
        with self._lock:
            for _ in range(size):  # every worker starts now, not on the first click
                self._start()

    def _start(self) -> None:
        """Start one worker and its reader thread (under ``_lock``)."""
        # spawn, not fork: the parent runs an event loop and database threads whose locks a
        # forked child would inherit mid-use; a spawned worker starts clean.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=serve, args=(theirs, self.warm, os.getpid(), self.nice), name="tablekeeper-draw"
        )
        process.daemon = True  # ended with this process should it exit without closing the pool
        process.start()
        theirs.close()
        worker = WorkerPipe(process, ours)
        self._workers.append(worker)
        threading.Thread(target=worker.read, args=(self._lost,), name="drawing-answers", daemon=True).start()

    def _ask(self, message: bytes, deadline: float | None = None) -> bytes | None:
        """``message`` answered by a worker; None if none could (the pool is closed, or the
        worker died first: then it is replaced). A worker that has not answered within
        ``deadline`` seconds is ended as hung, which answers None to every job it held."""
        with self._lock:
            if self._closed or not self._workers:
                return None
            worker = min(self._workers, key=lambda w: len(w.waiting))
        waiting = worker.send(message)
        if waiting is None:
            return None
        if not waiting.done.wait(deadline):
            with self._lock:
                self.hung += 1
            log.error("a drawing worker did not answer in %.0f s; ending it", deadline)
            end_worker(worker)  # its reader then releases every caller, this one included
            waiting.done.wait()
        return waiting.answer

    def _lost(self, worker: WorkerPipe) -> None:
        """A worker's pipe closed: it was stopped, or it died (killed, out of memory), and then
        another starts, unless they keep dying."""
        with self._lock:
            if worker not in self._workers:
                return
            self._workers.remove(worker)
            if self._closed:
                return
            now = time.monotonic()
            if len(self._recent) == MAX_RESTARTS and now - self._recent[0] < RESTART_WINDOW:
                log.error("drawing workers keep dying; drawing in threads from now on")
                self._closed = True
                stopping = list(self._workers)
            else:
                log.warning("a drawing worker died; starting a new one (its unanswered jobs are done here)")
                self._recent.append(now)
                self.restarts += 1
                self._start()
                return
        for other in stopping:
            end_worker(other)

    def draw(self, slug: str, key: bytes, fallback: MemoRenderer[Any]) -> bytes | None:
        """The picture ``key`` names, drawn by a worker; in this thread if the pool is broken."""
        answer = self._ask(PICTURE + slug.encode("ascii") + b"\0" + key, self.picture_deadline)
        if answer is not None:
            kind, body = answer[:1], answer[1:]
            if kind == PNG:
                return body
            if kind == NONE:
                return None
            log.warning(
                "drawing worker failed on a %s picture (%r); drawing it here", slug, pickle.loads(body)
            )
        with self._lock:
            self.fallbacks += 1
        return render_key(fallback, key)

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker, for long work other than pictures (``work`` module-level,
        ``args`` picklable): a bot's thinking, an animation, a review.

        The work's own errors come back as raised; if the pool is broken or closing, the work
        runs in this thread instead (a worker that died is replaced, as for pictures). The work
        must give the same answer wherever it runs.
        """
        message = JOB + pickle.dumps((work, args), protocol=pickle.HIGHEST_PROTOCOL)
        answer = self._ask(message)
        if answer is not None:
            kind, body = answer[:1], answer[1:]
            value = pickle.loads(body)
            if kind == ERROR:
                raise value
            return cast(T, value)
        with self._lock:
            self.fallbacks += 1
            closed = self._closed
        if closed:
            log.warning("the worker pool is closed; running a long job here")
        return work(*args)

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and diagnostics)."""
        with self._lock:
            workers = list(self._workers)
        return sorted(w.process.pid for w in workers if w.process.pid is not None and w.process.is_alive())

    def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop the workers within about ``grace`` seconds; later pictures are drawn in the calling thread.

        A worker still busy after ``grace`` (warming up just after start, or a picture whose
        click outlasted the stop's wait) is terminated: whoever waits on its picture draws it
        in-thread instead (see :meth:`draw`), and a process that is stopping needs no warm-up.
        """
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers)
        for worker in workers:  # after the jobs it was sent: an idle worker stops at once
            worker.stop()
        deadline = time.monotonic() + grace
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in workers:
            if worker.process.is_alive():
                end_worker(worker)


class PooledRenderer:
    """A :class:`~render.core.renderer.Renderer` whose pictures are drawn by a :class:`DrawingPool`.

    Cache lookups and text stay in the calling thread (they are cheap); only a picture missing
    from the renderer's cache goes to a worker, and what comes back is stored in that cache.
    """

    def __init__(self, renderer: MemoRenderer[Any], pool: DrawingPool) -> None:
        self.renderer = renderer
        self.pool = pool
        self.slug = renderer.slug

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table as PNG, drawn by a worker unless cached."""
        r = self.renderer
        checked = r.checked(view)
        key = picture_key(BOARD, r.names(checked, names), checked)
        picture = r.memo.get(key, lambda: self.pool.draw(self.slug, key, r))
        assert picture is not None  # a board always has a picture
        return picture

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The seat's private picture as PNG (None when it has none), drawn by a worker unless cached."""
        r = self.renderer
        checked = r.checked(view)
        part = r.hand_part(checked)  # only what the hand draws leaves this process
        if part is None:
            return None
        key = picture_key(HAND, r.names(checked, names), part)
        return r.memo.get(key, lambda: self.pool.draw(self.slug, key, r))

    def describe(self, view: Any) -> str:
        """Text is cheap and GIL-bound either way: it is made here."""
        return self.renderer.describe(view)

    def card(self, entry: CatalogueEntry, lang: str = "en") -> bytes:
        """A catalogue entry drawn large, by a worker unless cached (only public content crosses)."""
        key = picture_key(CARD, (lang,), entry)
        picture = self.renderer.memo.get(key, lambda: self.pool.run(card_png, self.slug, entry, lang))
        assert picture is not None  # an entry always has a picture
        return picture


_current: DrawingPool | None = None
#: the process's side workers by job, each one process started on first use (see :func:`side`)
_sides: dict[str, DrawingPool] = {}
_sides_lock = threading.Lock()
#: how much lower the side workers' priority is (``os.nice``): on a machine with no idle core,
#: a click's pictures come before a bot's search or a review (README "Bots thinking beside
#: clicks"). A bot's move then takes longer on such a machine: its CPU is capped, not its wall time.
SIDE_NICE = 10
#: bots' search (``bot.service.thinking``)
THINKING = "thinking"
#: long jobs of seconds: reviews and animations
LONG = "long"


def current() -> DrawingPool | None:
    """The process's drawing pool, or None to draw in threads."""
    return _current


def side(job: str) -> DrawingPool | None:
    """The process's one worker for ``job`` (:data:`THINKING` or :data:`LONG`), started on first
    use; None when the process runs no drawing pool (then such work runs in a thread).

    Apart from the drawing workers, and from each other, on purpose: a bot weighing a decision
    for half a second, or a review working for twenty, would otherwise hold a drawing worker and
    other tables' pictures (or bots) would queue behind it. Side workers run at a lower priority
    (:data:`SIDE_NICE`), so where cores are scarce the clicks' processes go first.
    """
    if _current is None:
        return None
    with _sides_lock:
        pool = _sides.get(job)
        if pool is None and _current is not None:
            pool = _sides[job] = DrawingPool(1, warm=False, nice=SIDE_NICE)
        return pool


def worker_pids() -> list[int]:
    """Every worker process of this process's pool and side workers (none without a pool)."""
    with _sides_lock:
        pools = [_current, *_sides.values()] if _current is not None else []
    found: list[int] = []
    for pool in pools:
        try:
            found += pool.pids() if pool is not None else []
        except RuntimeError:  # the pool's manager thread changed its process table meanwhile
            continue
    return found


def renderer_for(renderer: Renderer) -> Renderer:
    """``renderer`` drawing through the process's pool when there is one and it can."""
    pool = _current
    if pool is None or not isinstance(renderer, MemoRenderer):
        return renderer
    return PooledRenderer(renderer, pool)


async def card_picture(slug: str, entry: CatalogueEntry, lang: str) -> bytes:
    """``entry`` drawn large (``/card``), off the event loop and by the pool when there is one."""
    return await asyncio.to_thread(renderer_for(renderers.get(slug)).card, entry, lang)


@contextmanager
def started(size: int, *, warm: bool = True) -> Iterator[DrawingPool | None]:
    """Install a pool of ``size`` drawing processes for this process while inside (0: none)."""
    global _current
    if size <= 0:
        yield None
        return
    if _current is not None:
        raise RuntimeError("a drawing pool is already running in this process")
    pool = DrawingPool(size, warm=warm)
    _current = pool
    try:
        yield pool
    finally:
        with _sides_lock:
            _current = None
            sides = list(_sides.values())
            _sides.clear()
        pool.close()
        for each in sides:
            each.close()
