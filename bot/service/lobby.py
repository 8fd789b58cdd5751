"""The lobby verbs: opening a table, taking and filling seats, options, leaving and aborting.

Everything before the deal (and abort, which the host may use at any time) lives here. Each verb
takes the table's lock, reads the lobby afresh, checks the seating rules
(:mod:`bot.service.seating`), and rewrites the lobby's seats and options in one version-guarded
transaction, returning the new :class:`TableInfo`. Dealing the game is the playing room's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from bot.service import seating
from bot.service.game import resolve
from bot.service.room import Room
from bot.service.runtime import Loaded
from bot.service.seatcheck import check_seat_choices
from bot.service.values import ABORTED, ACTIVE, ServiceError, TableInfo
from bot.store import tables_repo as repo
from engines.core import Code, GameConfig, SetupError
from engines.core.types import OptionValue


class Lobby(Room):
    """Lobbies in channels: seats, bots, options; and abort at any stage."""

    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        mode: str | None = None,
        options: dict[str, OptionValue] | None = None,
        locale: str | None = None,
    ) -> TableInfo:
        """Open a lobby for ``game`` in ``channel_id`` with the host in seat 1.

        ``locale`` is the server's Discord locale: a game with several languages plays in the
        server's ``/config language``, else the one closest to it, unless ``lang`` is given.
        """
        handle = resolve(game)
        async with self.rt.reading() as connection:
            settings = await self.guilds.read(connection, guild_id)
        if not settings.allows_channel(channel_id):
            where = ", ".join(f"<#{c}>" for c in settings.channels)
            raise ServiceError(Code.CHANNEL_NOT_ALLOWED, f"Tables can't be opened here. Try one of: {where}.")
        if handle.slug not in settings.enabled_games:
            raise ServiceError(Code.GAME_DISABLED, f"{handle.title} is switched off on this server.")
        mode_name = seating.mode_name(handle, mode)
        given = seating.with_language(handle, mode_name, options or {}, settings.language, locale)
        chosen = seating.check_options(handle, mode_name, given)
        return await self.insert_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            solo=False,
            game=handle.slug,
            mode=mode_name,
            options=chosen,
            seats=[seating.person(0, host_id, host_name)],
        )

    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        """Take the next free seat at a lobby."""
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            if any(s.user_id == user_id for s in loaded.seats):
                raise ServiceError(Code.ALREADY_SEATED, "You already have a seat at this table.")
            seating.need_room(loaded)
            seats = [*loaded.seats, seating.person(len(loaded.seats), user_id, name)]
            return await self.save_lobby(loaded, seats)

    async def add_bot(self, table_id: int, user_id: int, difficulty: str | None = None) -> TableInfo:
        """The host fills the next seat with a bot of ``difficulty`` (easy, normal, hard or a bot name)."""
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            seating.need_host(loaded, user_id)
            level = seating.bot_level(loaded.game, difficulty, self.rt.settings.default_difficulty)
            seating.need_room(loaded)
            number = sum(1 for s in loaded.seats if s.user_id is None) + 1
            seat = seating.empty_seat(len(loaded.seats), f"Bot {number} ({level})", None, level)
            return await self.save_lobby(loaded, [*loaded.seats, seat])

    async def remove_seat(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        """The host removes a bot (or a person) from a lobby seat; later seats move up."""
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            seating.need_host(loaded, user_id)
            if not 0 <= seat < len(loaded.seats):
                raise ServiceError(Code.BAD_OPTION, f"There is no seat {seat + 1} at this table.")
            if loaded.seats[seat].user_id == loaded.table.host_id:
                raise ServiceError(
                    Code.BAD_OPTION, "The host can't remove their own seat; use leave instead."
                )
            return await self.save_lobby(loaded, [s for s in loaded.seats if s.seat != seat])

    async def set_option(self, table_id: int, user_id: int, name: str, value: OptionValue) -> TableInfo:
        """The host sets a table option (validated by the game; its message is passed on)."""
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            seating.need_host(loaded, user_id)
            options = seating.check_options(
                loaded.game, loaded.table.mode, {**loaded.table.options, name: value}
            )
            return await self.save_lobby(loaded, list(loaded.seats), options=options)

    async def set_seat_option(
        self, table_id: int, user_id: int, name: str, value: OptionValue, seat: int | None = None
    ) -> TableInfo:
        """A player sets one per-player option for their own seat (see :meth:`set_seat_options`)."""
        return await self.set_seat_options(table_id, user_id, {name: value}, seat)

    async def set_seat_options(
        self,
        table_id: int,
        user_id: int,
        values: Mapping[str, OptionValue],
        seat: int | None = None,
    ) -> TableInfo:
        """A player sets several per-player options for their own seat at once (all or none).

        Each value is parsed by the game, then the game's own seat check (``Ruleset.check_seat``,
        the one ``setup`` runs) looks at it, so a refusal comes now, in the game's words. An empty text
        value clears that choice.
        """
        async with self.rt.lock(table_id):
            loaded = await self.lobby(table_id)
            row = seating.own_seat(loaded, user_id, seat, allow_bot=False)
            ruleset = loaded.game.ruleset
            mode = ruleset.mode(loaded.table.mode)
            chosen = {**row.seat_options, **values}
            try:
                resolved = ruleset.resolve_config(
                    GameConfig(loaded.table.mode, max(mode.players), {}, (chosen,))
                )
                mine = {
                    k: v
                    for k, v in resolved.seat_options[0].items()
                    if not (k in values and v == "" and seating.is_text(mode, k))
                }
                everyone = [dict(s.seat_options) for s in loaded.seats]
                everyone[row.seat] = mine
                given = {k for k in values if k in mine}  # a cleared choice has nothing to check
                check_seat_choices(
                    ruleset,
                    loaded.table.mode,
                    seating.game_options(loaded.table.options),
                    everyone,
                    row.seat,
                    given,
                )
            except SetupError as error:
                raise ServiceError(Code.BAD_OPTION, error.message) from None
            seats = list(loaded.seats)
            seats[row.seat] = dataclasses.replace(row, seat_options=mine)
            return await self.save_lobby(loaded, seats)

    async def abort(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """Close a lobby or stop a game (the host or a server admin); no result is recorded."""
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status not in ACTIVE:
                raise ServiceError(Code.GAME_OVER, "This table has already closed.")
            if loaded.table.host_id != user_id and not is_admin:
                raise ServiceError(Code.NOT_HOST, "Only the host or a server admin can abort this table.")
            now = self.rt.clock()
            await self.update_table(
                loaded, status=ABORTED, active_channel_id=None, finished_at=now, updated_at=now
            )
            async with self.rt.transaction() as connection:
                cleared = {"prompted_at": None, "deadline": None, "remind_at": None}
                await repo.update_seats(connection, table_id, cleared)
            self.rt.release(table_id)
            return await self.info(table_id)

    async def leave_lobby(self, loaded: Loaded, user_id: int) -> TableInfo:
        """``user_id``'s seats go; the next person becomes host, or the last one out closes the table.

        The caller holds the table's lock and has checked that ``user_id`` is seated.
        """
        rest = [s for s in loaded.seats if s.user_id != user_id]
        people = [s for s in rest if s.user_id is not None]
        if not people:
            return await self.close(loaded)
        if loaded.table.host_id == user_id:
            await self.update_table(loaded, host_id=people[0].user_id)
            loaded = await self.rt.load(loaded.table.id, fresh=True)
        return await self.save_lobby(loaded, rest)
