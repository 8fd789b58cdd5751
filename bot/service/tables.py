"""Tables: the one facade adapters call (``services.tables``), composed of rooms by feature.

Every method either returns the new situation or raises :class:`ServiceError` with a message
for the user, having changed nothing. Lobby methods return a :class:`TableInfo`; methods that
change a game's state return a rendered :class:`Delivery`. The work is done in the rooms:

- :mod:`bot.service.reads` looks tables up and redraws them (no lock, no change);
- :mod:`bot.service.lobby` opens tables and fills their seats and options, and aborts them;
- :mod:`bot.service.playing` deals games, applies choices, hands seats back and forth;
- :mod:`bot.service.messages` remembers which messages show a table;
- :mod:`bot.service.seating` holds the seating rules they share, as plain functions;
- :mod:`bot.store.tables_repo` holds their SQL.

This class only forwards, with the same names and signatures the adapters have always used, so
that they need not know which room does what. ``leave`` alone is decided here: it is the one verb
that belongs to whichever phase the table is in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.guilds import GuildService
from bot.service.lobby import Lobby
from bot.service.messages import Messages
from bot.service.pipeline import Pipeline
from bot.service.playing import Playing
from bot.service.reads import Reads
from bot.service.runtime import Runtime
from bot.service.values import (
    ACTIVE,
    LOBBY,
    Delivery,
    DmRef,
    PublicRef,
    PublicTable,
    SeatUpdate,
    ServiceError,
    Shown,
    TableInfo,
)
from engines.core import Code, Event
from engines.core.types import OptionValue


class TableService:
    """Everything about tables and the games on them (see bot/service/__init__.py)."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.reads = Reads(runtime, guilds, pipeline)
        self.lobby = Lobby(runtime, guilds, pipeline)
        self.playing = Playing(runtime, guilds, pipeline)
        self.messages = Messages(runtime, guilds, pipeline)

    # ------------------------------------------------------------------ reading
    async def get(self, table_id: int) -> TableInfo:
        """The table ``table_id`` (``not_found`` if there is none)."""
        return await self.reads.get(table_id)

    async def status(self, channel_id: int) -> TableInfo | None:
        """The open or running table in ``channel_id`` (or in the thread ``channel_id``), if any."""
        return await self.reads.status(channel_id)

    async def tables_of(self, user_id: int) -> list[TableInfo]:
        """Open and running tables where ``user_id`` holds a seat (newest first)."""
        return await self.reads.tables_of(user_id)

    async def current(self, table_id: int) -> Delivery:
        """Render the table's latest state (to redraw a message, e.g. after a restart)."""
        return await self.reads.current(table_id)

    async def public(self, table_id: int) -> PublicTable:
        """What anyone at the table may see now (``/table status``, a redraw of the table message)."""
        return await self.reads.public(table_id)

    async def hand(self, table_id: int, user_id: int, seat: int | None = None) -> SeatUpdate:
        """What ``user_id`` sees privately at ``table_id`` (the "Show my hand" fallback)."""
        return await self.reads.hand(table_id, user_id, seat)

    async def log(self, table_id: int) -> list[tuple[int, int, str]]:
        """The match log as (seq, seat, action key), oldest first."""
        return await self.reads.log(table_id)

    async def replay_check(self, table_id: int) -> bool:
        """Replay the stored log from the seed and compare with the stored snapshot (True = equal)."""
        return await self.reads.replay_check(table_id)

    # ------------------------------------------------------------------ lobby
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
        """Open a lobby for ``game`` in ``channel_id`` with the host in seat 1 (``locale``: the server's)."""
        return await self.lobby.open_table(
            guild_id, channel_id, host_id, host_name, game, mode, options, locale
        )

    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        """Take the next free seat at a lobby."""
        return await self.lobby.join(table_id, user_id, name)

    async def add_bot(self, table_id: int, user_id: int, difficulty: str | None = None) -> TableInfo:
        """The host fills the next seat with a bot of ``difficulty`` (easy, normal, hard or a bot name)."""
        return await self.lobby.add_bot(table_id, user_id, difficulty)

    async def remove_seat(self, table_id: int, user_id: int, seat: int) -> TableInfo:
        """The host removes a bot (or a person) from a lobby seat; later seats move up."""
        return await self.lobby.remove_seat(table_id, user_id, seat)

    async def set_option(self, table_id: int, user_id: int, name: str, value: OptionValue) -> TableInfo:
        """The host sets a table option (validated by the game; its message is passed on)."""
        return await self.lobby.set_option(table_id, user_id, name, value)

    async def set_seat_option(
        self, table_id: int, user_id: int, name: str, value: OptionValue, seat: int | None = None
    ) -> TableInfo:
        """A player sets a per-player option for their own seat (e.g. their deck)."""
        return await self.lobby.set_seat_options(table_id, user_id, {name: value}, seat)

    async def set_seat_options(
        self, table_id: int, user_id: int, values: Mapping[str, OptionValue], seat: int | None = None
    ) -> TableInfo:
        """A player sets several per-player options for their own seat at once (all or none)."""
        return await self.lobby.set_seat_options(table_id, user_id, values, seat)

    async def abort(self, table_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """Close a lobby or stop a game (the host or a server admin); no result is recorded."""
        return await self.lobby.abort(table_id, user_id, is_admin=is_admin)

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Give up your seat. In a lobby the seat goes; in a game a bot plays it on for the others.

        When the host leaves a lobby the next person becomes host; when the last person leaves,
        the table closes.
        """
        async with self.rt.lock(table_id):
            loaded = await self.rt.load(table_id, fresh=True)
            if loaded.table.status not in ACTIVE:
                raise ServiceError(Code.GAME_OVER, "This table has already closed.")
            if not any(s.user_id == user_id and not s.has_left for s in loaded.seats):
                raise ServiceError(Code.NOT_PLAYER, "You don't have a seat at this table.")
            if loaded.table.status == LOBBY:
                return await self.lobby.leave_lobby(loaded, user_id)
            return await self.playing.leave_game(loaded, user_id)

    # ------------------------------------------------------------------ playing
    async def start(self, table_id: int, user_id: int, *, is_admin: bool = False) -> Delivery:
        """The host starts the game: deal from a fresh random seed, let bots move, deliver."""
        return await self.playing.start(table_id, user_id, is_admin=is_admin)

    async def open_solo(
        self,
        user_id: int,
        dm_channel_id: int,
        game: str,
        mode: str | None = None,
        difficulty: str | None = None,
        options: dict[str, OptionValue] | None = None,
        *,
        name: str = "You",
        players: int | None = None,
        seat_options: dict[str, OptionValue] | None = None,
        seed: int | None = None,
        names: Sequence[str] = (),
        bot_options: Sequence[Mapping[str, OptionValue]] = (),
        guild_id: int | None = None,
        locale: str | None = None,
    ) -> Delivery:
        """Start a game in the player's DMs at once; any other seats are bots of ``difficulty``.

        ``guild_id`` (the server ``/solo`` was typed in) and ``locale`` (the person's Discord
        locale) choose the language of a game that has several, unless ``lang`` is given.
        """
        return await self.playing.open_solo(
            user_id,
            dm_channel_id,
            game,
            mode,
            difficulty,
            options,
            name=name,
            players=players,
            seat_options=seat_options,
            seed=seed,
            names=names,
            bot_options=bot_options,
            guild_id=guild_id,
            locale=locale,
        )

    async def act(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None = None
    ) -> Delivery:
        """Apply ``user_id``'s choice ``action_key``, clicked on a message that carried ``token``."""
        return await self.playing.act(table_id, user_id, token, action_key, seat)

    async def apply(
        self, table_id: int, user_id: int, token: str, action_key: str, seat: int | None = None
    ) -> tuple[Event, ...]:
        """Apply a choice like :meth:`act` but draw nothing; return its events (a later click tells them)."""
        return await self.playing.apply(table_id, user_id, token, action_key, seat)

    async def reclaim(self, table_id: int, user_id: int) -> Delivery:
        """Take back a seat a bot has played since ``user_id``'s time ran out; deliver the table."""
        return await self.playing.reclaim(table_id, user_id)

    # ------------------------------------------------------------------ messages and DMs
    async def record_public_message(self, table_id: int, message_id: int, digest: str | None = None) -> None:
        """Remember the public table message to edit after each change, and what it shows."""
        await self.messages.record_public_message(table_id, message_id, digest)

    async def public_ref(self, table_id: int) -> PublicRef:
        """The table message and the fingerprint of what it shows (from the database)."""
        return await self.messages.public_ref(table_id)

    async def record_thread(self, table_id: int, thread_id: int) -> None:
        """Remember the thread a table plays in (thread-per-game servers)."""
        await self.messages.record_thread(table_id, thread_id)

    async def record_dm_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None = None
    ) -> None:
        """Remember the DM message showing ``seat``'s hand (None: none to edit) and what it shows."""
        await self.messages.record_dm_message(table_id, seat, message_id, digest)

    async def dm_messages(self, table_id: int) -> dict[int, int]:
        """The DM message id recorded for each seat (seat -> message id)."""
        return await self.messages.dm_messages(table_id)

    async def dm_refs(self, table_id: int) -> dict[int, DmRef]:
        """Each seat's recorded DM message and the fingerprint of what it shows (from the database)."""
        return await self.messages.dm_refs(table_id)

    async def shown(self, table_id: int) -> Shown:
        """The table message and every seat's DM with the fingerprints of what they show (one read)."""
        return await self.messages.shown(table_id)

    async def record_shown(
        self, table_id: int, public: PublicRef | None = None, dms: Mapping[int, DmRef] | None = None
    ) -> None:
        """Remember what the table message and several DMs show now, in one transaction."""
        await self.messages.record_shown(table_id, public, dms)

    async def set_dm_open(self, user_id: int, is_open: bool, table_id: int | None = None) -> None:
        """Record whether Tablekeeper can DM ``user_id`` (at one table, or at all active ones)."""
        await self.messages.set_dm_open(user_id, is_open, table_id)
