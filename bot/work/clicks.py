"""What a queue worker does with one click: apply it, and draw and deliver only when it is the last.

Why here and not in the adapter: whether a click's pictures are drawn depends on the queue (are
more clicks on this table waiting?), not on Discord; drawing is the expensive part of a click,
so when several wait on one table each is applied in order but only the last one's pictures are
drawn and delivered, and the earlier clickers get a short note. The Discord side only supplies
the :class:`~bot.work.api.Outlet`.
"""

from __future__ import annotations

import logging

from bot.service.api import Delivery, ServiceError
from bot.service.play import STALE_CONFLICT
from bot.service.tables import TableService
from bot.work.api import Click, Outlet

log = logging.getLogger("tablekeeper.work")

COUNTED = "Your choice counted; the table shows it together with the moves made right after it."


class ClickWork:
    """Applies queued clicks through the service and shows the result through an outlet."""

    def __init__(self, tables: TableService, outlet: Outlet) -> None:
        self.tables = tables
        self.outlet = outlet

    async def run(self, click: Click, *, draw: bool, undrawn: bool = False) -> bool:
        """Apply ``click``; draw and deliver the table if ``draw``. Return whether changes wait undrawn.

        ``undrawn`` says an earlier click on this table was applied without being drawn; if this
        one is refused, that is still so, and the caller hands the redraw on (or does it).
        """
        try:
            try:
                delivery = await self._once(click, draw)
            except ServiceError as error:
                if error.message != STALE_CONFLICT:
                    raise
                # another process committed this table between our read and our write (a timer,
                # a command on the gateway): the click is tried once more on the committed state
                delivery = await self._once(click, draw)
            if delivery is None:
                await self.outlet.tell(click, COUNTED)
                return True
        except ServiceError as error:
            await self.outlet.tell(click, error.message)
            return undrawn
        except Exception as error:
            await self.outlet.failed(click, error)
            return undrawn
        try:
            await self.outlet.publish(click, delivery)
        except Exception as error:
            await self.outlet.failed(click, error)
        return False

    async def _once(self, click: Click, draw: bool) -> Delivery | None:
        """Apply ``click`` (and draw the table if ``draw``)."""
        if not draw:
            await self.tables.apply(click.table_id, click.user_id, click.token, click.key, click.seat)
            return None
        return await self.tables.act(click.table_id, click.user_id, click.token, click.key, click.seat)

    async def redraw(self, table_id: int) -> None:
        """Draw and deliver the table as it is now (after refused clicks left changes undrawn)."""
        try:
            await self.outlet.publish(None, await self.tables.current(table_id))
        except Exception as error:
            await self.outlet.failed(None, error)
