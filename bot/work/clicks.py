"""What a queue worker does with one click: apply it, and draw and deliver only when it is the last.

Why here and not in the adapter: whether a click's pictures are drawn depends on the queue (are
more clicks on this table waiting?), not on Discord; drawing is the expensive part of a click,
so when several wait on one table each is applied in order but only the last one's pictures are
drawn and delivered, and the earlier clickers get a short note. The events of the clicks applied
without drawing travel on to the click that draws (:data:`Undrawn`), so the table and each seat
still read everything that happened since the last picture, each only its own share.
The Discord side only supplies the :class:`~bot.work.api.Outlet`.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence

from bot.service.pipeline import STALE_CONFLICT
from bot.service.projection import narration, table_digest
from bot.service.tables import TableService
from bot.service.truth import Journal, Unavailable, failure_text, journal
from bot.service.values import Delivery, ServiceError
from bot.work.api import Click, Outlet, Undrawn
from engines.core import Event

log = logging.getLogger("tablekeeper.work")

COUNTED = "Your choice counted; the table shows it together with the moves made right after it."


def narrated(delivery: Delivery, earlier: Sequence[Event]) -> Delivery:
    """``delivery`` with the news of ``earlier`` events before its own, each reader's share only.

    The lines go through the service's one narration filter: the table reads the public and
    redacted text, each seat also what was private to it, exactly as if every click had been drawn.
    """
    if not earlier:
        return delivery
    names = [seat.name for seat in delivery.table.seats]  # by seat, as the service fills {P1}
    public = delivery.public
    public = dataclasses.replace(public, narration=(*narration(earlier, None, names), *public.narration))
    public = dataclasses.replace(public, digest=table_digest(public))
    seats = tuple(
        dataclasses.replace(update, narration=(*narration(earlier, update.seat, names), *update.narration))
        for update in delivery.seats
    )
    return dataclasses.replace(delivery, public=public, seats=seats)


class ClickWork:
    """Applies queued clicks through the service and shows the result through an outlet."""

    def __init__(self, tables: TableService, outlet: Outlet) -> None:
        self.tables = tables
        self.outlet = outlet

    async def run(
        self, click: Click, *, draw: bool, earlier: Undrawn = None, retried: bool = False
    ) -> Undrawn:
        """Apply ``click``; draw and deliver the table if ``draw``. Return what is left undrawn.

        ``earlier`` is what clicks before this one on its table left undrawn (None: nothing);
        the result is the same for after this click: None once the table was delivered, else
        the events still to narrate (an empty tuple when refused clicks only left a redraw).
        ``retried``: a worker died while it ran this click, perhaps after applying it and before
        showing it, so a refusal leaves a redraw (the table may show a state the game has left).
        """
        with journal() as kept:
            try:
                try:
                    shown = await self._once(click, draw, earlier)
                except ServiceError as error:
                    if error.message != STALE_CONFLICT:
                        raise
                    # another process committed this table between our read and our write (a
                    # timer, a command on the gateway): the click is tried once more on the
                    # committed state
                    shown = await self._once(click, draw, earlier)
                if not isinstance(shown, Delivery):
                    await self.outlet.tell(click, COUNTED)
                    return shown
            except ServiceError as error:
                if isinstance(error, Unavailable) and error.in_doubt:
                    self.outlet.catch_up(click.table_id)  # the move may have landed unseen
                await self.outlet.tell(click, failure_text(error, kept))
                return (earlier or ()) if retried else earlier
            except Exception as error:
                await self.outlet.failed(click, error, kept)
                return (earlier or ()) if retried else earlier
            try:
                await self.outlet.publish(click, shown)
            except Exception as error:  # after the save: the answer says the move stands
                await self.outlet.failed(click, error, kept)
            return None

    async def _once(self, click: Click, draw: bool, earlier: Undrawn) -> Delivery | tuple[Event, ...]:
        """Apply ``click`` and draw the table (if ``draw``), else return everything still undrawn."""
        if not draw:
            events = await self.tables.apply(
                click.table_id, click.user_id, click.token, click.key, click.seat
            )
            return (*(earlier or ()), *events)
        delivery = await self.tables.act(click.table_id, click.user_id, click.token, click.key, click.seat)
        return narrated(delivery, earlier or ())

    async def redraw(self, table_id: int, earlier: Sequence[Event] = ()) -> None:
        """Draw and deliver the table as it is now (after refused clicks left changes undrawn)."""
        try:
            await self.outlet.publish(None, narrated(await self.tables.current(table_id), earlier))
        except Exception as error:
            await self.outlet.failed(None, error, Journal())
