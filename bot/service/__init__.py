"""The service layer: tables, games, timers, settings and stats. Never imports discord.

Open it once per process and share it::

    services = await Services.start(load_settings())   # migrates unless told not to
    ...
    await services.close()

Everything is ``async``. A refused request raises :class:`ServiceError` (``.code`` is stable,
``.message`` is shown to the user as is) and changes nothing; ``unavailable`` means the database
failed and the request is safe to retry. Ids are Discord snowflakes (ints); seats count from 0.
What adapters get back are the plain values of ``bot.service.values``.

Each verb is declared once, in the room that does its work; its signature and docstring are
there. ``services.tables`` (:class:`TableService`) is the one object adapters hold for tables,
and each of its verbs is a room's own method:

- reading (``bot.service.reads``): ``get``, ``status`` (the table in a channel or its thread),
  ``tables_of`` (where a user plays), ``current`` (redraw), ``public``, ``hand`` ("Show my hand"
  when DMs are closed), ``log``, ``replay_check``;
- the lobby (``bot.service.lobby``): ``open_table``, ``join``, ``add_bot``, ``remove_seat``,
  ``set_option``, ``set_seat_option`` / ``set_seat_options`` (the game's seat check runs on
  them, so a bad deck code is refused when typed), ``abort``;
- playing (``bot.service.playing``): ``start``, ``open_solo`` (starts at once in the DM
  channel), ``act``, ``apply`` (``act`` drawing nothing), ``reclaim``;
- messages (``bot.service.messages``): ``record_public_message``, ``public_ref``,
  ``record_thread``, ``record_dm_message``, ``dm_messages``, ``dm_refs``, ``shown`` (the table
  message and every DM with the fingerprints of what they show, in one read; a ``Delivery``
  from a change already carries them), ``record_shown``, ``set_dm_open``;
- ``leave``, decided by ``TableService`` itself: a lobby seat goes, a game seat a bot plays on.

A request resolves its table's game once: ``Loaded.game`` (``bot.service.runtime``) holds the
``Game`` (ruleset and renderer, ``bot.service.game``) and every step below reads it there.
Restarts: nothing to call. A table is loaded from the database when first touched and kept in
an LRU cache of ``cache_size`` tables. The SQL lives in ``bot.store``; the services keep the
transaction boundaries.

The other rooms hang off :class:`Services` the same way: ``guilds`` (:class:`GuildService`,
per-server settings, admin verbs take ``is_admin=``), ``timers`` (:class:`TimerService`:
``due_reminders`` and ``expire``, called by the adapter's periodic task, each reading only this
process's shards), ``stats`` (:class:`StatsService`), ``replays``, ``animations``, ``reviews``,
``tutorials`` and ``hints``.

Error codes: the members of :class:`engines.core.Code` (each says when it is used), re-exported
here as ``bot.service.Code``.
"""

from bot.service.app import Services
from bot.service.guilds import GuildService
from bot.service.stats import StatsService
from bot.service.tables import TableService
from bot.service.timers import TimerService
from bot.service.values import (
    ABORTED,
    FINISHED,
    LOBBY,
    PLAYING,
    Delivery,
    DmRef,
    GameStats,
    GuildSettings,
    LeaderRow,
    Reminder,
    SeatInfo,
    SeatUpdate,
    ServiceError,
    Shown,
    TableInfo,
)
from engines.core import Code

__all__ = [
    "ABORTED",
    "FINISHED",
    "LOBBY",
    "PLAYING",
    "Code",
    "Delivery",
    "DmRef",
    "GameStats",
    "GuildService",
    "GuildSettings",
    "LeaderRow",
    "Reminder",
    "SeatInfo",
    "SeatUpdate",
    "ServiceError",
    "Services",
    "Shown",
    "StatsService",
    "TableInfo",
    "TableService",
    "TimerService",
]
