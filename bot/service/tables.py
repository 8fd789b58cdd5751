"""Tables: the one object adapters call (``services.tables``), composed of rooms by feature.

Every verb either returns the new situation or raises :class:`ServiceError` with a message
for the user, having changed nothing. Lobby verbs return a :class:`TableInfo`; verbs that change
a game's state return a rendered :class:`Delivery`. The work is done in the rooms:

- :mod:`bot.service.reads` looks tables up and redraws them (no lock, no change);
- :mod:`bot.service.lobby` opens tables and fills their seats and options, and aborts them;
- :mod:`bot.service.playing` deals games, applies choices, hands seats back and forth;
- :mod:`bot.service.messages` remembers which messages show a table;
- :mod:`bot.service.seating` holds the seating rules they share, as plain functions;
- :mod:`bot.store.tables_repo` holds their SQL.

Why keep one object over the rooms: an adapter (a controller, the click worker, the terminal)
holds one thing for "the tables" and a test fake replaces one thing, whichever room a verb
lives in today. It earns that place without restating anything: each verb IS its room's method
(one signature and one docstring, where the work is done), bound here by name. ``leave`` alone
is decided here: it is the one verb that belongs to whichever phase the table is in.
"""

from __future__ import annotations

from bot.service.guilds import GuildService
from bot.service.lobby import Lobby
from bot.service.messages import Messages
from bot.service.pipeline import Pipeline
from bot.service.playing import Playing
from bot.service.reads import Reads
from bot.service.runtime import Runtime
from bot.service.values import ACTIVE, LOBBY, ServiceError, TableInfo
from engines.core import Code


class TableService:
    """Everything about tables and the games on them: each verb is one room's (see the module)."""

    def __init__(self, runtime: Runtime, guilds: GuildService, pipeline: Pipeline) -> None:
        self.rt = runtime
        self.reads = reads = Reads(runtime, guilds, pipeline)
        self.lobby = lobby = Lobby(runtime, guilds, pipeline)
        self.playing = playing = Playing(runtime, guilds, pipeline)
        self.messages = messages = Messages(runtime, guilds, pipeline)
        # reading
        self.get = reads.get
        self.status = reads.status
        self.tables_of = reads.tables_of
        self.current = reads.current
        self.public = reads.public
        self.hand = reads.hand
        self.log = reads.log
        self.replay_check = reads.replay_check
        # the lobby
        self.open_table = lobby.open_table
        self.join = lobby.join
        self.add_bot = lobby.add_bot
        self.remove_seat = lobby.remove_seat
        self.set_option = lobby.set_option
        self.set_seat_option = lobby.set_seat_option
        self.set_seat_options = lobby.set_seat_options
        self.abort = lobby.abort
        # playing
        self.start = playing.start
        self.open_solo = playing.open_solo
        self.act = playing.act
        self.apply = playing.apply
        self.reclaim = playing.reclaim
        # the messages and DMs that show a table
        self.record_public_message = messages.record_public_message
        self.public_ref = messages.public_ref
        self.record_thread = messages.record_thread
        self.record_dm_message = messages.record_dm_message
        self.dm_messages = messages.dm_messages
        self.dm_refs = messages.dm_refs
        self.shown = messages.shown
        self.record_shown = messages.record_shown
        self.set_dm_open = messages.set_dm_open

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
