"""What a request saved, so that what the bot tells a person after a failure is true.

A failure while a request runs can come before its change was written (then nothing changed and
the person may simply try again), while the database was confirming it (then nobody can tell
yet), or after it was written (then the change stands, and only showing it failed). Only the
code that writes knows which: :meth:`bot.service.runtime.Runtime.transaction` notes every
transaction that committed in the current request's :class:`Journal`, and each adapter opens one
journal per request (:func:`journal`) and words its answer with :func:`failure_text`. So no
handler can say "nothing was changed" after something was saved, whatever failed afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from bot.service.values import ServiceError
from engines.core import Code

#: the database failed before anything was written: true, and the person may simply try again
NOT_DONE = (
    "The game database is not answering right now, so that was not done and nothing was changed. "
    "Please try again in a moment."
)
#: the same for a move: its buttons still carry it, so it can be made again as it is
MOVE_NOT_MADE = (
    "The game database is not answering right now, so your move was not made. "
    "Make it again in a moment: your choices are still open."
)
#: the database dropped while confirming a write: it may or may not have been kept
IN_DOUBT = (
    "The game database stopped answering just as this was being saved, so I can't tell yet whether "
    "it was. Check the table before trying again."
)
#: something was saved, then the database stopped answering while its messages were updated,
#: and a redraw waits for it (see :class:`Behind`)
SAVED_BEHIND = (
    "Done: that was saved. The game database stopped answering before every message was updated; "
    "they catch up by themselves once it answers again."
)
#: something was saved, then the database stopped answering (nothing waits to redraw)
SAVED_DB_DOWN = (
    "Done: that was saved, but the game database stopped answering before everything was shown. "
    "/table status shows the table once it answers again."
)
#: something was saved, then showing it failed some other way
SAVED_UNSHOWN = (
    "Done: that was saved, but something went wrong while showing it. "
    "/table status shows the table as it is now."
)
#: nothing was saved and the failure was ours
SOMETHING_WRONG = "Something went wrong on our side; nothing was changed. Please try again in a moment."


class Unavailable(ServiceError):
    """The database failed; ``in_doubt`` when it failed while confirming a commit (it may have landed)."""

    def __init__(self, message: str, *, in_doubt: bool = False) -> None:
        super().__init__(Code.UNAVAILABLE, message)
        self.in_doubt = in_doubt


class Behind(Exception):
    """A saved change whose messages fell behind (the database failed); a redraw waits for it."""


@dataclass
class Journal:
    """What the database kept during one request: how many write transactions committed."""

    saved: int = 0


_current: ContextVar[Journal | None] = ContextVar("tablekeeper_journal", default=None)


@contextmanager
def journal() -> Iterator[Journal]:
    """Open the journal of one request (the adapters do, around each handler)."""
    kept = Journal()
    token = _current.set(kept)
    try:
        yield kept
    finally:
        _current.reset(token)


def note_saved() -> None:
    """Note in the current request's journal (if any) that a write transaction committed."""
    kept = _current.get()
    if kept is not None:
        kept.saved += 1


def failure_text(error: BaseException, kept: Journal) -> str:
    """The one line to tell a person whose request failed with ``error``, given what it saved.

    Before anything was saved a refusal's own text is true as it stands (the database errors
    say themselves whether the change may have landed). After a save, the change stands: the
    person is told so, never that nothing changed.
    """
    if isinstance(error, Behind):
        return SAVED_BEHIND
    if isinstance(error, ServiceError):
        if not kept.saved:
            return error.message
        return SAVED_DB_DOWN if error.code is Code.UNAVAILABLE else SAVED_UNSHOWN
    return SAVED_UNSHOWN if kept.saved else SOMETHING_WRONG
