"""Turn timers: reminders before a deadline and the server's timeout action after it.

Deadlines are rows (``seats.deadline``), so they survive restarts; the adapter calls
:meth:`TimerService.due_reminders` and :meth:`TimerService.expire` from a periodic task.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.service.api import PLAYING, Delivery, Reminder, ServiceError
from bot.service.delivery import deliver
from bot.service.game import resolve
from bot.service.guilds import GuildService
from bot.service.play import Change, Pipeline, run_bot_seats
from bot.service.records import table_info
from bot.service.runtime import Loaded, Runtime, load_from
from bot.store import tables_repo as repo
from engines.core import Outcome, Rejected, public, seat_ref

log = logging.getLogger("tablekeeper.timers")


class TimerService:
    """Finds due reminders and expired turns, and applies each server's timeout action."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.guilds = guilds
        self.pipeline = pipeline

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        """Seats whose reminder time has come; each deadline is reminded once (marked in the database)."""
        moment = self.rt.clock() if now is None else now
        reminders: list[Reminder] = []
        async with self.rt.transaction() as connection:
            for table_id, seat in await repo.due_reminders(connection, moment):
                # Guarded by reminded = false so two processes never both send it.
                if not await repo.claim_reminder(connection, table_id, seat):
                    continue
                loaded = await load_from(connection, table_id)
                row = loaded.seat(seat)
                assert row.user_id is not None and row.deadline is not None
                reminders.append(
                    Reminder(table_info(loaded.table, loaded.seats), seat, row.user_id, row.deadline)
                )
        for reminder in reminders:
            self._mark_cached(reminder.table.id, reminder.seat)
        return reminders

    def _mark_cached(self, table_id: int, seat: int) -> None:
        hit = self.rt.cached(table_id)
        if hit is not None:
            seats = tuple(dataclasses.replace(x, reminded=True) if x.seat == seat else x for x in hit.seats)
            self.rt.remember(dataclasses.replace(hit, seats=seats))

    async def expire(self, now: float | None = None) -> list[Delivery]:
        """Apply the timeout action to every seat whose deadline has passed; deliver each change."""
        moment = self.rt.clock() if now is None else now
        async with self.rt.reading() as connection:
            ids = await repo.expired_tables(connection, moment)
        deliveries = []
        for table_id in ids:
            try:
                delivery = await self._expire_table(table_id, moment)
            except ServiceError as error:
                # Another process handled it first (stale) or the database hiccuped: the
                # deadline row is still there, so the next tick tries again.
                log.info("timeout for table %s not applied: %s", table_id, error.code)
                continue
            if delivery is not None:
                deliveries.append(delivery)
        return deliveries

    async def _expire_table(self, table_id: int, now: float) -> Delivery | None:
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status != PLAYING:
                return None
            game = resolve(loaded.table.game)
            ruleset = game.ruleset
            prompts = ruleset.prompts(loaded.state)
            late = [
                s.seat
                for s in loaded.seats
                if s.human and s.deadline is not None and s.deadline <= now and s.seat in prompts
            ]
            if not late:
                return None
            action = await self._timeout_action(loaded)
            change = Change(game=game, loaded=loaded, state=loaded.state, seats=list(loaded.seats))
            if action == "forfeit":
                self._forfeit(loaded, change, late[0], self.rt.settings.default_difficulty)
                run_bot_seats(change)
            elif action == "default":
                for seat in late:
                    if seat in ruleset.prompts(change.state):
                        try:
                            move = ruleset.default_action(change.state, seat)
                            change.record(seat, move.key, ruleset.apply(change.state, seat, move))
                        except Rejected as error:
                            log.warning("default action refused at table %s: %s", table_id, error.code)
                run_bot_seats(change)
            else:
                level = self.rt.settings.default_difficulty
                change.seats = [
                    dataclasses.replace(x, bot=level) if x.seat in late else x for x in change.seats
                ]
                run_bot_seats(change)
            committed = await self.pipeline.commit(change)
        delivery = await deliver(committed, change.events, game=game)
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
