"""The action pipeline's second half: run bot seats, then commit everything in one transaction.

``Pipeline.commit`` writes the new log entries, the snapshot, the row-version bump, the seat
deadlines and (when the game ends) the results in ONE transaction, guarded by
``UPDATE ... WHERE version = :old`` so two processes can never both apply a move.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import msgspec
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service import ratings
from bot.service.game import Game
from bot.service.guilds import GuildService
from bot.service.rating import Moved
from bot.service.ratings import is_rated
from bot.service.records import SeatRow, shown_of, with_shown
from bot.service.runtime import Loaded, Runtime
from bot.service.truth import NOT_DONE, Unavailable, note_saved
from bot.service.values import FINISHED, PLAYING, ServiceError, Shown
from bot.store import tables_repo as repo
from engines.core import Code, Event, Outcome
from engines.core.types import Step

UNSURE = (
    "The game database stopped answering while your move was being saved, so I can't tell yet "
    "whether it counted. The table will show it once the database is back; check it before choosing again."
)
STALE_CONFLICT = (
    "Someone else changed this game at the same moment; here is the latest state. Please choose again."
)


@dataclass(frozen=True)
class Move:
    """One log entry: the state's ``seq`` before the action, the seat and the action key."""

    seq: int
    seat: int
    key: str


@dataclass
class Change:
    """A state change waiting to be committed to the table ``loaded`` holds."""

    loaded: Loaded
    state: Any
    seats: list[SeatRow]
    events: list[Event] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    #: seats that made a move the table can see (their turn timers restart; see _plan_seats)
    acted_in_public: set[int] = field(default_factory=set)
    public_moves: int = 0
    outcome: Outcome | None = None  # forced result (a forfeit); otherwise the engine's
    forfeits: set[int] = field(default_factory=set)
    table_values: dict[str, Any] = field(default_factory=dict)  # extra columns (at start)
    #: what the table's messages showed at the commit, read in its transaction (set by commit)
    shown: Shown | None = None
    #: what a rated game's end did to ratings (set by commit)
    rated: list[Moved] = field(default_factory=list)

    @property
    def game(self) -> Game:
        """The table's game (resolved once, on the loaded table)."""
        return self.loaded.game

    def record(self, seat: int, key: str, step: Step) -> None:
        """Log an applied action and take over its state and events.

        A move on a private or sealed decision is a hidden move: it counts for the seat's own
        token but not for the table's, so nobody else can count it.
        """
        prompt = self.game.ruleset.prompts(self.state).get(seat)
        hidden = prompt is not None and (prompt.private or prompt.sealed)
        self.moves.append(Move(step.state.seq - 1, seat, key))
        self.acted.add(seat)
        if not hidden:
            self.acted_in_public.add(seat)
            self.public_moves += 1
        self.events.extend(step.events)
        self.state = step.state


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """An outcome as JSON-ready builtins."""
    data: dict[str, Any] = msgspec.to_builtins(outcome)
    data["scores"] = {str(k): v for k, v in outcome.scores.items()}
    return data


class Pipeline:
    """Commits changes and keeps the cache in step with what was committed."""

    def __init__(self, runtime: Runtime, guilds: GuildService) -> None:
        self.rt = runtime
        self.guilds = guilds

    def timeout_for(self, guild_id: int | None, stored: int | None) -> int:
        """Seconds per decision at this table now: the server's ``stored`` setting (None: the
        default), or the solo default for a table in DMs."""
        if guild_id is None:
            return self.rt.settings.solo_turn_timeout_seconds
        return self.rt.settings.turn_timeout_seconds if stored is None else stored

    def _mention(self, guild_id: int | None, stored: bool | None) -> bool:
        """Whether whoever must act is mentioned: the server's ``stored`` setting (None: the default)."""
        if guild_id is None or stored is None:
            return self.rt.settings.mention_on_turn
        return stored

    def _plan_seats(self, change: Change, prompts: dict[int, Any], now: float, timeout: int) -> list[SeatRow]:
        """Seat rows with turn timers set for newly asked people and cleared for the rest.

        A seat still asked after a move the table saw gets a fresh timer; after a hidden move
        (a payment step, a private search) its timer runs on, since a deadline that jumped
        would tell the table a hidden move was made.
        """
        fraction = self.rt.settings.reminder_fraction
        planned = []
        for seat in change.seats:
            made = sum(1 for m in change.moves if m.seat == seat.seat)
            if made:
                seat = dataclasses.replace(seat, moves=seat.moves + made)
            if not seat.human or seat.seat not in prompts:
                seat = dataclasses.replace(
                    seat, prompted_at=None, deadline=None, remind_at=None, reminded=False
                )
            elif seat.seat in change.acted_in_public or seat.prompted_at is None:
                seat = dataclasses.replace(
                    seat,
                    prompted_at=now,
                    deadline=now + timeout if timeout > 0 else None,
                    remind_at=now + timeout * fraction if timeout > 0 else None,
                    reminded=False,
                )
            planned.append(seat)
        return planned

    async def commit(self, change: Change) -> Loaded:
        """Write ``change`` in one transaction; return the new committed table.

        A row-version conflict (another process moved first) drops the cache entry and raises
        ``ServiceError('stale')``; a database failure raises ``'unavailable'``. Either way nothing
        is written and the cache still holds the last committed state.
        """
        old = change.loaded.table
        ruleset = change.game.ruleset
        now = self.rt.clock()
        outcome = change.outcome or ruleset.outcome(change.state)
        finished = outcome is not None
        prompts = {} if finished else ruleset.prompts(change.state)
        table_values: dict[str, Any] = {
            "seq": change.state.seq,
            "snapshot": ruleset.encode(change.state),
            "status": FINISHED if finished else PLAYING,
            "updated_at": now,
            "public_moves": old.public_moves + change.public_moves,
            **change.table_values,
        }
        if finished:
            assert outcome is not None
            table_values.update(outcome=outcome_json(outcome), finished_at=now, active_channel_id=None)
        timeout = 0
        shown: Shown | None = None
        try:
            async with self.rt.transaction() as connection:
                # One read for the server's timeout and what the table's messages show (so the
                # adapter needs no read of its own after the click).
                found = await repo.change_reads(connection, old.id)
                timeout = self.timeout_for(old.guild_id, None if found is None else found.timeout)
                seats = self._plan_seats(change, prompts, now, timeout)
                before = {s.seat: s for s in change.loaded.seats}
                # the table row (guarded by its version), the log and the seats whose timers or
                # counts moved (one batched write: an action usually moves two seats' timers)
                written = await repo.write_change(
                    connection,
                    old.id,
                    old.version,
                    table_values,
                    [
                        {"table_id": old.id, "seq": m.seq, "seat": m.seat, "action_key": m.key, "at": now}
                        for m in change.moves
                    ],
                    [
                        {
                            "seat": seat.seat,
                            "bot": seat.bot,
                            "has_left": seat.has_left,
                            "prompted_at": seat.prompted_at,
                            "deadline": seat.deadline,
                            "remind_at": seat.remind_at,
                            "reminded": seat.reminded,
                            "moves": seat.moves,
                        }
                        for seat in seats
                        if before.get(seat.seat) != seat
                    ],
                )
                if not written:
                    raise ServiceError(Code.STALE, STALE_CONFLICT)
                if found is not None:
                    shown = shown_of(found.refs, self._mention(old.guild_id, found.mention))
                if finished:
                    assert outcome is not None
                    await self._record_results(connection, change, seats, outcome, now)
        except ServiceError as error:
            self.rt.forget(old.id)
            if error.code is not Code.UNAVAILABLE:
                raise
            # Before the commit was asked for, nothing reached the database: the move simply
            # was not made. Only a commit the database was confirming may have landed.
            if not (isinstance(error, Unavailable) and error.in_doubt):
                raise
            if not await self._landed(old.id, old.version, table_values):
                raise Unavailable(NOT_DONE) from error
            # The connection dropped after the database had committed: the move counts, so say so.
            note_saved()
            seats = self._plan_seats(change, prompts, now, timeout)
            shown = None  # not read: the adapter reads it itself
        keep = {k: v for k, v in table_values.items() if k in old.__dataclass_fields__}
        keep["version"] = old.version + 1
        table = dataclasses.replace(old, **keep)
        planned = tuple(seats)
        if shown is not None:
            table, planned = with_shown(table, planned, shown)
        change.shown = shown
        loaded = Loaded(table, planned, change.state, resolved=change.game)
        if finished:
            self.rt.release(old.id)
        else:
            self.rt.remember(loaded)
        return loaded

    async def _landed(self, table_id: int, version: int, values: dict[str, Any]) -> bool:
        """After a failed commit: did it reach the database anyway? (False: surely not.)

        A connection can drop after the server committed but before it said so. The row version
        moves only with a commit, and this change's snapshot is unique to it, so finding both
        means the move was saved. When even this read fails nobody can tell yet, and the player
        is told exactly that instead of "nothing was changed".
        """
        try:
            async with self.rt.reading() as connection:
                found = await repo.version_and_snapshot(connection, table_id)
        except ServiceError:
            raise Unavailable(UNSURE, in_doubt=True) from None
        return found is not None and found[0] == version + 1 and found[1] == values["snapshot"]

    async def _record_results(
        self, connection: AsyncConnection, change: Change, seats: list[SeatRow], outcome: Outcome, now: float
    ) -> None:
        table = change.loaded.table
        ranks = {seat: rank for rank, group in enumerate(outcome.ranking, start=1) for seat in group}
        rows = []
        for seat in seats:
            gave_up = seat.seat in change.forfeits or seat.has_left
            rows.append(
                {
                    "table_id": table.id,
                    "seat": seat.seat,
                    "guild_id": table.guild_id,
                    "game": table.game,
                    "mode": table.mode,
                    "user_id": seat.user_id,
                    "bot": seat.bot,
                    "name": seat.name,
                    "won": seat.seat in outcome.winners and not gave_up,
                    "rank": ranks.get(seat.seat, len(outcome.ranking) + 1),
                    "score": outcome.scores.get(seat.seat),
                    "forfeit": gave_up,
                    "finished_at": now,
                }
            )
        await repo.insert_results(connection, rows)
        config = change.table_values.get("config") or table.config
        if is_rated(table.options) and config:
            change.rated = await ratings.record(
                connection,
                table_id=table.id,
                guild_id=table.guild_id,
                game=table.game,
                mode=table.mode,
                config=config,
                outcome=outcome_json(outcome),
                results=rows,
                finished_at=now,
            )
