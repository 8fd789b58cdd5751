"""What runs in a drawing process: its start-up, its drawing, and its answers on the pipe.

A worker (:func:`serve`) starts up once (its renderers imported and, if asked, warmed) and then
answers one message at a time on its pipe: a picture to draw (the game's slug and the picture's
key, see :mod:`bot.service.drawing`) or a job (a pickled function and its arguments). Each
message and answer is one kind byte and a body. The other end of each pipe, and the pool, are
:class:`bot.service.drawing.DrawingPool`'s.
"""

from __future__ import annotations

import logging
import os
import pickle
import signal
import threading
import time
import types
from multiprocessing.connection import Connection
from typing import Any

import msgspec

from engines.core.types import CatalogueEntry
from render import registry as renderers
from render.core.canvas import encode_png_indexed
from render.core.renderer import MemoRenderer

log = logging.getLogger(__name__)

BOARD = "board"
HAND = "hand"
CARD = "card"


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


def render_key(renderer: MemoRenderer[Any], key: bytes) -> bytes | None:
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
    return render_key(renderer, key)


def card_png(slug: str, entry: CatalogueEntry, lang: str) -> bytes:
    """In a worker: one catalogue entry drawn large by the game's registered renderer."""
    return renderers.get(slug).card(entry, lang)


# What crosses a worker's pipe: one message out, one answer back, each a kind byte then its body.
#: a picture to draw: the game's slug, a NUL, the picture key
PICTURE = b"d"
#: other work: the pickled (function, arguments)
JOB = b"r"
#: answers: a picture's PNG bytes; no picture (a hand with none); a job's pickled result; an error
PNG, NONE, RESULT, ERROR = b"p", b"n", b"o", b"e"


def _error(exc: BaseException) -> bytes:
    """An error answer: the exception pickled, or (if it cannot be) a RuntimeError naming it."""
    try:
        return ERROR + pickle.dumps(exc)
    except Exception:
        return ERROR + pickle.dumps(RuntimeError(f"{type(exc).__name__}: {exc}"))


def _answer(message: bytes) -> bytes:
    """In a worker: the answer to one message (see the kinds above)."""
    kind, body = message[:1], message[1:]
    try:
        if kind == PICTURE:
            slug, key = body.split(b"\0", 1)
            png = _draw(slug.decode("ascii"), key)
            return NONE if png is None else PNG + png
        if kind == JOB:
            work, args = pickle.loads(body)
            return RESULT + pickle.dumps(work(*args), protocol=pickle.HIGHEST_PROTOCOL)
        raise ValueError(f"unknown message kind {kind!r}")
    except Exception as exc:  # the caller raises it (a job) or draws the picture itself
        return _error(exc)


def serve(connection: Connection, warm: bool, parent: int, nice: int) -> None:
    """A worker's life: start up, then answer each message on ``connection`` until an empty one
    (or the pipe closing) says stop."""
    _initialize(warm, parent, nice)
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return
        if not message:
            return
        connection.send_bytes(_answer(message))
