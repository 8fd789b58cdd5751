"""Turn timers: reminders before a deadline and the server's timeout action after it.

Deadlines are rows (``seats.deadline``, ``seats.remind_at``), so they survive restarts; the
adapter calls :meth:`TimerService.due_reminders` and :meth:`TimerService.expire` from a periodic
task. A sweep reads only the due rows, through the deadline indexes, and only of this process's
shards (see :func:`bot.store.timers_repo.shard_of`: a server's tables go with the server's
shard, a DM table with ``table_id % shard_count``). Each due table is then handled in its own
short transaction, so on SQLite no sweep holds the write lock for more than one table, and each
deadline is acted on once even when two processes sweep the same rows: a reminder is claimed
by one ``UPDATE ... RETURNING`` (only one process gets the seat back), a timeout is committed
under the table's row version (the second process's commit is ``stale`` and does nothing).
"""

from __future__ import annotations

import dataclasses
import logging

from bot.service.delivery import deliver
from bot.service.guilds import GuildService
from bot.service.pipeline import Change, Pipeline
from bot.service.records import table_info
from bot.service.runtime import Loaded, Runtime, rows_from
from bot.service.thinking import run_bot_seats
from bot.service.values import PLAYING, Delivery, Reminder, ServiceError
from bot.store import timers_repo as repo
from engines.core import Outcome, Rejected, public, seat_ref

log = logging.getLogger("tablekeeper.timers")

#: tables one pass handles at most; the rest wait for the next tick (a backlog after downtime
#: is worked off in slices instead of one pass that runs for minutes)
BATCH = 200


class TimerService:
    """Finds due reminders and expired turns, and applies each server's timeout action."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.guilds = guilds
        self.pipeline = pipeline

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """(shard count, the shards this process runs), or None when it runs every shard."""
        count, ids = self.rt.settings.shard_plan()
        if count is None or ids is None or set(ids) >= set(range(count)):
            return None
        return count, tuple(ids)

    async def due_reminders(self, now: float | None = None, limit: int = BATCH) -> list[Reminder]:
        """Seats whose reminder time has come; each deadline is reminded once (marked in the database)."""
        moment = self.rt.clock() if now is None else now
        async with self.rt.reading() as connection:
            ids = await repo.due_reminder_tables(connection, moment, self.shards, limit)
        reminders: list[Reminder] = []
        for table_id in ids:
            # One short transaction per table: the claim, then the rows the reminder names.
            async with self.rt.transaction() as connection:
                seats = await repo.claim_reminders(connection, table_id, moment)
                if not seats:
                    continue  # another process claimed them first
                table, rows = await rows_from(connection, table_id)
            info = table_info(table, rows)
            for seat in seats:
                row = rows[seat]
                assert row.user_id is not None and row.deadline is not None
                reminders.append(Reminder(info, seat, row.user_id, row.deadline))
                self._mark_cached(table_id, seat)
        return reminders

    def _mark_cached(self, table_id: int, seat: int) -> None:
        hit = self.rt.cached(table_id)
        if hit is not None:
            seats = tuple(
                dataclasses.replace(x, reminded=True, remind_at=None) if x.seat == seat else x
                for x in hit.seats
            )
            self.rt.remember(dataclasses.replace(hit, seats=seats))

    async def expire(self, now: float | None = None, limit: int = BATCH) -> list[Delivery]:
        """Apply the timeout action to every seat whose deadline has passed; deliver each change."""
        moment = self.rt.clock() if now is None else now
        async with self.rt.reading() as connection:
            due = await repo.due_deadline_tables(connection, moment, self.shards, limit)
        deliveries = []
        for table_id, status in due:
            try:
                if status != PLAYING:
                    await self._clear(table_id)  # timers left on a closed table: nobody is asked
                    continue
                delivery = await self._expire_table(table_id, moment)
            except ServiceError as error:
                # Another process handled it first (stale) or the database hiccuped: the
                # deadline row is still there, so the next tick tries again.
                log.info("timeout for table %s not applied: %s", table_id, error.code)
                continue
            if delivery is not None:
                deliveries.append(delivery)
        return deliveries

    async def _clear(self, table_id: int, seats: list[int] | None = None) -> None:
        """Clear timers nobody should answer, so the sweep never reads them again."""
        async with self.rt.transaction() as connection:
            await repo.clear_timers(connection, table_id, seats)
        self.rt.forget(table_id)

    async def _expire_table(self, table_id: int, now: float) -> Delivery | None:
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status != PLAYING:
                await self._clear(table_id)
                return None
            ruleset = loaded.game.ruleset
            prompts = loaded.facts.prompts()
            passed = [s for s in loaded.seats if s.deadline is not None and s.deadline <= now]
            late = [s.seat for s in passed if s.human and s.seat in prompts]
            if not late:
                if passed:  # a deadline on a seat that is not asked (or a bot's): never due again
                    await self._clear(table_id, [s.seat for s in passed])
                return None
            action = await self._timeout_action(loaded)
            change = Change(loaded=loaded, state=loaded.state, seats=list(loaded.seats))
            if action == "forfeit":
                self._forfeit(loaded, change, late[0], self.rt.settings.default_difficulty)
                await run_bot_seats(change, self.rt.settings.bot_think_seconds)
            elif action == "default":
                for seat in late:
                    if seat in ruleset.prompts(change.state):
                        try:
                            move = ruleset.default_action(change.state, seat)
                            change.record(seat, move.key, ruleset.apply(change.state, seat, move))
                        except Rejected as error:
                            log.warning("default action refused at table %s: %s", table_id, error.code)
                await run_bot_seats(change, self.rt.settings.bot_think_seconds)
            else:
                level = self.rt.settings.default_difficulty
                change.seats = [
                    dataclasses.replace(x, bot=level) if x.seat in late else x for x in change.seats
                ]
                await run_bot_seats(change, self.rt.settings.bot_think_seconds)
            committed = await self.pipeline.commit(change)
        delivery = await deliver(committed, change.events, shown=change.shown)
        if action == "bot":
            # The adapter tells these players a bot has their seat, and how to take it back.
            return dataclasses.replace(delivery, taken_over=tuple(late))
        return delivery

    async def _timeout_action(self, loaded: Loaded) -> str:
        if loaded.table.guild_id is None:
            return self.rt.settings.timeout_action
        return (await self.guilds.get(loaded.table.guild_id)).timeout_action

    @staticmethod
    def _forfeit(loaded: Loaded, change: Change, seat: int, level: str) -> None:
        """The late seat gives up: it is out of the running, and the game goes on if others remain.

        With one other seat left the game ends and the others win, as a conceded game does. With
        two or more, no book lets one player's leaving end everyone else's game: a bot plays the
        seat out (its cards and pieces stay in play, as the rules need them), the seat can never
        be its player's win, and the player cannot take it back (as after ``/table leave``).
        """
        others = tuple(x.seat for x in loaded.seats if x.seat != seat)
        if len(others) >= 2:
            reason = (
                f"{seat_ref(seat)} ran out of time and forfeits; a bot plays their seat out, "
                "and it counts as their loss."
            )
            change.seats = [
                dataclasses.replace(x, bot=level, has_left=True) if x.seat == seat else x
                for x in change.seats
            ]
            change.forfeits.add(seat)
            change.events.append(public("forfeit", reason))
            return
        ranking = (others, (seat,)) if others else ((seat,),)
        reason = f"{seat_ref(seat)} ran out of time and forfeits."
        change.outcome = Outcome(winners=others, ranking=ranking, reason=reason)
        change.forfeits.add(seat)
        change.events.append(public("forfeit", reason))
