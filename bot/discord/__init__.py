"""The Discord adapter: slash commands, persistent components and delivery of table changes.

Only this package imports discord. It reaches the game only through the service layer
(``bot.service``): every click reloads from the service, so buttons keep working after a restart
and on any process that shares the database.
"""
