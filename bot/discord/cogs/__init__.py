"""The slash commands, one cog per area, and the controllers that do their work.

A cog only declares commands; a persistent item (:mod:`bot.discord.items`) only parses its
custom_id. Both hand over to a controller, built once per bot (:mod:`.controllers`), mirroring the
service's rooms: :mod:`.lobby_control` and :mod:`.play_control` (the ``tables`` cog and the table's
buttons), :mod:`.rules_control` (the ``info`` cog's ``/rules`` pager), :mod:`.solo_control` (the
``solo`` cog); the timer tick lives in the ``clock`` cog, and what they all read off an interaction
in :mod:`.asking`. Controllers are plain modules, never extensions: ``load_extension`` executes a
cog's module anew, so a class defined there is not the one the client imported.

Every handler acknowledges the interaction first (Discord allows 3 seconds), runs inside
:func:`bot.discord.replies.reported` so refusals reach the user as private notes, and reads
everything it needs from the service, never from process memory: a click that arrives at another
process, or after a restart, behaves the same.

:data:`COGS` lists the cogs (extensions) in load order.
"""

COGS = (
    "bot.discord.cogs.tables",
    "bot.discord.cogs.solo",
    "bot.discord.cogs.learn",
    "bot.discord.cogs.admin",
    "bot.discord.cogs.info",
    "bot.discord.cogs.clock",
)
