"""The Discord adapter: slash commands, persistent components and delivery of table changes.

Only this package imports discord. It reaches the game only through the service layer
(``bot.service``): every click reloads from the service, so buttons keep working after a restart
and on any process that shares the database.

Commands are declared in :mod:`bot.discord.cogs`, and their work is done there by one controller
per feature (lobby, play, rules, solo), mirroring the service's rooms; :mod:`.delivery` shows the
results, :mod:`.views` and :mod:`.items` build the persistent components, and :mod:`.language`
picks the language a new table or a reader gets in a game that has several.
"""
