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
whichever worker drew it. If a worker dies (killed, out of memory), the pool is replaced, the
picture is drawn in the calling thread instead and a warning is logged: the click is still
answered. Renderers that are not :class:`~render.core.renderer.MemoRenderer` (test doubles,
plug-ins) are drawn in-thread, as before.

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
import signal
import threading
import time
import types
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

import msgspec

from engines.core.types import CatalogueEntry
from render import registry as renderers
from render.core.canvas import encode_png_indexed
from render.core.memo import picture_key
from render.core.renderer import MemoRenderer, Renderer

log = logging.getLogger(__name__)
T = TypeVar("T")


BOARD = "board"
HAND = "hand"
CARD = "card"
#: a pool that breaks this often within RESTART_WINDOW seconds is given up: something kills every
#: worker (say, a script without a ``__main__`` guard re-run by each spawned child), and starting
#: more would only burn CPU; the process draws in threads from then on.
MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
#: seconds :meth:`DrawingPool.close` waits for its workers to finish before ending them
CLOSE_GRACE = 2.0


# --- in the worker processes -------------------------------------------------------------


def _warm() -> None:
    """Load every game's renderer and content and draw one board and hand of each, once.

    Fonts, palettes and the text tiles every board repeats are loaded lazily on first use; doing
    it here means the first click a worker serves costs what later ones do.
    """
    from engines import registry as engines
    from engines.core import GameConfig

    for slug in renderers.slugs():
        try:
            renderer = renderers.get(slug)
            ruleset = engines.get(slug)
            mode = ruleset.modes[0]
            config = ruleset.resolve_config(GameConfig(mode.name, min(mode.players), {}))
            state = ruleset.setup(config, 1)
            renderer.board(ruleset.view(state, None))
            renderer.hand(ruleset.view(state, 0))
        except Exception:  # warming is only an optimisation: a game that cannot warm still draws
            log.debug("drawing worker could not warm %s", slug, exc_info=True)


#: how often a drawing process checks that the process it draws for is still there
ORPHAN_CHECK_SECONDS = 1.0


def _leave_with_parent(parent: int) -> None:
    """End this drawing process once its parent is gone (killed with SIGKILL, say).

    A pool's processes wait for work that will never come when the parent dies without closing
    the pool; each would keep its memory (about 150 MB) for good. Re-parenting changes the parent
    id, which is checked here once a second.
    """
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)


def _initialize(warm: bool, parent: int, nice: int = 0) -> None:
    """Worker start-up: import the renderers (and, if asked, warm them) once per process.

    ``parent`` is the pool's process, passed in: a worker still starting when it died would
    otherwise take its new parent (init) for its own and wait for it forever. ``nice`` lowers the
    worker's scheduling priority by that much (see :data:`SIDE_NICE`).
    """
    # Ctrl-C reaches the whole process group; the parent decides when workers stop (pool.close),
    # so a worker must not die mid-picture and make the parent think the pool broke.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_leave_with_parent, args=(parent,), daemon=True).start()
    if nice:
        os.nice(nice)
    if warm:
        _warm()


_DECODERS: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def _decoder(view_type: type) -> msgspec.msgpack.Decoder[Any]:
    """A decoder of picture keys whose drawn part is a ``view_type``: (kind, names, view)."""
    decoder = _DECODERS.get(view_type)
    if decoder is None:
        decoder = _DECODERS[view_type] = msgspec.msgpack.Decoder(
            types.GenericAlias(tuple, (str, tuple[str, ...], view_type))
        )
    return decoder


def _render(renderer: MemoRenderer[Any], key: bytes) -> bytes | None:
    """The PNG of the picture ``key`` names (see :func:`render.core.memo.picture_key`).

    The same steps as ``MemoRenderer.board`` / ``.hand`` after their cache lookup, so a picture
    is byte for byte the one in-thread drawing makes.
    """
    kind, names, drawn = _decoder(renderer.view_type).decode(key)
    if kind == BOARD:
        return encode_png_indexed(renderer.draw_board(drawn, names).image, renderer.palette())
    if kind == HAND:
        canvas = renderer.draw_hand(drawn, names)
        return None if canvas is None else encode_png_indexed(canvas.image, renderer.palette())
    raise ValueError(f"unknown picture kind {kind!r}")


def _draw(slug: str, key: bytes) -> bytes | None:
    """In a worker: the PNG of the picture ``key`` names, by the game's registered renderer."""
    renderer = renderers.get(slug)
    if not isinstance(renderer, MemoRenderer):
        raise TypeError(f"{slug} pictures cannot be drawn in a worker")
    return _render(renderer, key)


def _card(slug: str, entry: CatalogueEntry, lang: str) -> bytes:
    """In a worker: one catalogue entry drawn large by the game's registered renderer."""
    return renderers.get(slug).card(entry, lang)


def _ready() -> int:
    """In a worker: nothing; submitted once per worker at start so they all start now."""
    return multiprocessing.current_process().pid or 0


# --- in the process that serves clicks ---------------------------------------------------


class DrawingPool:
    """``size`` worker processes that turn picture keys into PNG bytes (thread-safe)."""

    def __init__(self, size: int, *, warm: bool = True, nice: int = 0) -> None:
        if size < 1:
            raise ValueError("a drawing pool needs at least one process")
        self.size = size
        self.warm = warm
        self.nice = nice
        self.restarts = 0
        self.fallbacks = 0
        self._recent: deque[float] = deque(maxlen=MAX_RESTARTS)
        self._lock = threading.Lock()
        self._closed = False
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        # spawn, not fork: the parent runs an event loop and database threads whose locks a
        # forked child would inherit mid-use; a spawned worker starts clean.
        executor = ProcessPoolExecutor(
            max_workers=self.size,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_initialize,
            initargs=(self.warm, os.getpid(), self.nice),
        )
        for _ in range(self.size):  # start every worker now, not on the first click
            executor.submit(_ready)
        return executor

    def draw(self, slug: str, key: bytes, fallback: MemoRenderer[Any]) -> bytes | None:
        """The picture ``key`` names, drawn by a worker; in this thread if the pool is broken."""
        with self._lock:
            executor = self._executor
            closed = self._closed
        if not closed:
            try:
                return executor.submit(_draw, slug, key).result()
            except BrokenProcessPool:
                self._replace(executor)
            except Exception:  # a picture the worker could not draw, or a pool shutting down
                log.warning("drawing worker failed on a %s picture; drawing it here", slug, exc_info=True)
        with self._lock:
            self.fallbacks += 1
        return _render(fallback, key)

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker, for long work other than pictures (``work`` module-level,
        ``args`` picklable): a bot's thinking, an animation, a review.

        The work's own errors come back as raised; if the pool is broken or closing, the work
        runs in this thread instead (a worker that died is replaced, as for pictures). The work
        must give the same answer wherever it runs.
        """
        with self._lock:
            executor = self._executor
            closed = self._closed
        if not closed:
            try:
                future = executor.submit(work, *args)
            except BrokenProcessPool:
                self._replace(executor)
            except RuntimeError:  # shut down since the check above
                pass
            else:
                try:
                    return future.result()
                except BrokenProcessPool:
                    self._replace(executor)
                except CancelledError:  # close() cancelled it
                    log.warning("the worker pool closed under a long job; running it here")
        with self._lock:
            self.fallbacks += 1
        return work(*args)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A worker died: start a fresh pool (once, however many threads saw it break)."""
        with self._lock:
            if self._closed or self._executor is not broken:
                return
            now = time.monotonic()
            if len(self._recent) == MAX_RESTARTS and now - self._recent[0] < RESTART_WINDOW:
                log.error("drawing workers keep dying; drawing in threads from now on")
                self._closed = True
            else:
                log.warning(
                    "a drawing worker died; starting a new pool of %d (this one is drawn here)", self.size
                )
                self._recent.append(now)
                self.restarts += 1
                self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and diagnostics)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return sorted(processes)

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
            executor = self._executor
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + grace
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(1.0)


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
        picture = self.renderer.memo.get(key, lambda: self.pool.run(_card, self.slug, entry, lang))
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
