"""The service layer: tables, games, timers, settings and stats. Never imports discord.

Open it once per process and share it::

    services = await Services.start(load_settings())   # migrates unless told not to
    ...
    await services.close()

Everything is ``async``. A refused request raises :class:`ServiceError` (``.code`` is stable,
``.message`` is shown to the user as is) and changes nothing; ``unavailable`` means the database
failed and the request is safe to retry. Ids are Discord snowflakes (ints); seats count from 0.

Inside, ``services.tables`` is a facade over rooms by feature (``reads``, ``lobby``, ``playing``,
``messages``; the seating rules they share are plain functions in ``seating``). A request resolves
its table's game once (``game.resolve`` -> a ``Game`` holding ruleset and renderer) and passes it
down. The SQL lives in ``bot.store`` (``tables_repo``, ``guilds_repo``, ``results_repo``); the
services keep the transaction boundaries.

``services.tables`` (:class:`TableService`)
    Reading: ``get(table_id) -> TableInfo``; ``status(channel_id) -> TableInfo | None`` (the open or
    running table in a channel or its thread); ``tables_of(user_id) -> list[TableInfo]`` (where a
    user plays, e.g. to route a DM interaction); ``current(table_id) -> Delivery`` (redraw);
    ``hand(table_id, user_id, seat=None) -> SeatUpdate`` ("Show my hand" when DMs are closed);
    ``dm_messages(table_id) -> dict[seat, message_id]``; ``dm_refs(table_id) -> dict[seat, DmRef]``
    (message id and the adapter's fingerprint of what that DM shows); ``shown(table_id) -> Shown``
    (the table message and every DM with their fingerprints, in one read; a ``Delivery`` from a
    change already carries them as ``Delivery.shown``, read in the change's own transaction);
    ``log(table_id)``.
    Lobby (return ``TableInfo``): ``open_table(guild_id, channel_id, host_id, host_name, game,
    mode=None, options=None, locale=None)`` (a game with several languages takes the server's
    ``/config language``, else the one closest to ``locale``, unless ``lang`` is given);
    ``join(table_id, user_id, name)``; ``leave(table_id, user_id)`` (in a running game a bot plays
    the seat on); ``add_bot(table_id, user_id, difficulty=None)``;
    ``remove_seat(table_id, user_id, seat)``; ``set_option(table_id, user_id, name, value)``;
    ``set_seat_option(table_id, user_id, name, value, seat=None)`` and
    ``set_seat_options(table_id, user_id, values, seat=None)`` (all or none; the game's seat check
    runs on them, so a bad deck code is refused when typed; an empty text value clears it);
    ``abort(table_id, user_id, is_admin=False)``.
    Playing (return ``Delivery``): ``start(table_id, user_id, is_admin=False)``;
    ``act(table_id, user_id, expected_seq, action_key, seat=None)``; ``reclaim(table_id, user_id)``
    (take back a seat a bot has played since your time ran out);
    ``open_solo(user_id, dm_channel_id, game, mode=None, difficulty=None, options=None, *,
    name="You", players=None, seat_options=None, guild_id=None, locale=None)`` (starts at once in
    the DM channel; the language as for ``open_table``, ``guild_id`` being where /solo was typed).
    Messages: ``record_public_message(table_id, message_id)``, ``record_thread(table_id,
    thread_id)``, ``record_dm_message(table_id, seat, message_id, digest=None)``,
    ``record_shown(table_id, public=None, dms={})`` (the table message and several DMs in one
    transaction), ``set_dm_open(user_id, is_open, table_id=None)``.
    Restarts: nothing to call. A table is loaded from the database when first touched and kept
    in an LRU cache of ``cache_size`` tables; ``replay_check(table_id) -> bool`` (log replayed
    from the seed equals the snapshot).

``services.guilds`` (:class:`GuildService`) -> ``GuildSettings``
    ``get(guild_id)``; admin-only (pass ``is_admin=`` from Discord permissions):
    ``allow_channel``, ``disallow_channel``, ``clear_channels``, ``enable_game``,
    ``disable_game``, ``set_turn_timeout(guild_id, seconds)``, ``set_timeout_action(guild_id,
    "bot"|"default"|"forfeit")``, ``set_thread_per_game``, ``set_mention_on_turn``,
    ``set_language(guild_id, "auto"|"en"|"ja")`` (what new tables, /rules and /cards default to;
    ``auto`` follows the server's Discord locale). Effective at once.

``services.timers`` (:class:`TimerService`), called by the adapter's periodic task:
    ``due_reminders(now=None, limit=BATCH) -> list[Reminder]`` (each deadline once);
    ``expire(now=None, limit=BATCH) -> list[Delivery]`` (applies the server's timeout action; with
    ``bot``, ``Delivery.taken_over`` names the seats a bot now plays). Each reads only due rows of
    this process's shards (``shard_count``/``shard_ids`` settings; a DM table's shard is its id
    modulo the shard count) and handles each table in its own short transaction.

``services.stats`` (:class:`StatsService`)
    ``player(user_id, guild_id=None, game=None) -> list[GameStats]``;
    ``server(guild_id, game=None) -> list[GameStats]``;
    ``leaderboard(guild_id, game, limit=10) -> list[LeaderRow]``.

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
