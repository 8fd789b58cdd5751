"""What a table's messages show: fingerprints of DMs, the plan for each DM, the records kept.

The courier decides from these whether a message needs a request at all, and writes what each
message shows in one transaction per publish; kept in the database, so every process (and every
restart) agrees on it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass

from bot.discord.views import seat_actions
from bot.service import Services
from bot.service.projection import fingerprint
from bot.service.values import Delivery, DmRef, PublicRef, SeatUpdate, ServiceError, TableInfo
from engines.core import Code


async def kept(write: Awaitable[object]) -> bool:
    """Run a database write of the adapter's; False when the database did not answer.

    The adapter's writes only remember what messages show. When one fails after a change was
    saved, the messages are redrawn later (see :meth:`bot.discord.courier.Courier.catch_up`):
    the change stands.
    """
    try:
        await write
    except ServiceError as error:
        if error.code is not Code.UNAVAILABLE:
            raise
        return False
    return True


def dm_digest(table: TableInfo, update: SeatUpdate, public_lines: Sequence[str]) -> str:
    """A fingerprint of what a seat's DM shows privately: ``"<question>.<content>"``.

    It covers the hand image, the question asked and its choices (with the seat's token, which
    their ids carry), and narration meant for this seat alone (lines that differ from the public
    ones). Public news is on the table message, so it alone never edits a DM. The token changes
    only with what the seat itself can see or do, so the others' hidden moves never edit a DM:
    the number of edits a player gets tells them nothing. Without a hand image the seat's own
    text stands in for it.
    """
    prompt = update.prompt
    asked = (
        "-"
        if prompt is None
        else fingerprint(prompt.kind, prompt.text, prompt.sealed, update.deadline_ts)[:16]
    )
    actions = seat_actions(update, table.solo)
    shown = set(public_lines)
    own_lines = [line for line in update.narration if line not in shown]
    picture: object = update.image if update.image is not None else update.text
    token = update.token if actions else None
    content = fingerprint(picture, [(a.key, a.label, a.group) for a in actions], own_lines, token)
    return f"{asked}.{content[:40]}"


def _asked_part(digest: str | None) -> str | None:
    """The question half of a :func:`dm_digest` (None when nothing was recorded)."""
    return digest.split(".", 1)[0] if digest else None


@dataclass(frozen=True)
class DmPlan:
    """What one seat's DM needs after a change: nothing, an edit, or a new message."""

    digest: str  # what the DM will show (see :func:`dm_digest`)
    message_id: int | None  # the DM message recorded now, if any
    same: bool  # it already shows exactly this: no request at all
    fresh: bool  # a new message (which notifies the player) rather than an edit


def dm_plan(delivery: Delivery, update: SeatUpdate, ref: DmRef | None, actor_id: int | None) -> DmPlan:
    """Decide how ``update`` reaches its player's DM, given what the DM shows (``ref``)."""
    table = delivery.table
    info = next((s for s in table.seats if s.seat == update.seat), None)
    was_open = info.dm_open if info is not None else True
    message_id = ref.message_id if ref is not None else None
    digest = dm_digest(table, update, delivery.public.narration)
    same = message_id is not None and ref is not None and ref.digest == digest and was_open
    # A new message notifies the player; an edit does not. Notify when someone else's move
    # handed them a new decision; otherwise keep one tidy message up to date.
    before = ref.digest if ref is not None else None
    asked_anew = update.prompt is not None and _asked_part(digest) != _asked_part(before)
    fresh = message_id is None or (asked_anew and update.user_id != actor_id)
    return DmPlan(digest, message_id, same, fresh)


class Records:
    """What one publish has shown and not yet recorded, written in one transaction per :meth:`flush`.

    An edit's new fingerprint waits for the end of the publish: if the process dies first, the
    next change only edits that message once more. A new message's id is different: until it is
    recorded nobody would strip its buttons, so :meth:`flush` follows each new message before
    any other request to Discord, exactly as when each record was written at once.
    """

    def __init__(self, services: Services, table_id: int) -> None:
        self.services = services
        self.table_id = table_id
        self.public: PublicRef | None = None
        self.dms: dict[int, DmRef] = {}
        self.flushes = 0
        #: a database write failed: what the messages show is not all recorded (redraw later)
        self.behind = False

    async def flush(self) -> None:
        """Write whatever is waiting (nothing at all when nothing is).

        When the database does not answer, the sending goes on regardless (the change itself is
        saved); ``behind`` says the records lag, so the table is redrawn once it answers.
        """
        if self.public is None and not self.dms:
            return
        public, dms = self.public, self.dms
        self.public, self.dms = None, {}
        if await kept(self.services.tables.record_shown(self.table_id, public, dms)):
            self.flushes += 1
        else:
            self.behind = True
