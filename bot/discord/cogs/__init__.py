"""The slash commands, one cog per area; :data:`COGS` lists them in load order."""

COGS = (
    "bot.discord.cogs.tables",
    "bot.discord.cogs.solo",
    "bot.discord.cogs.admin",
    "bot.discord.cogs.info",
    "bot.discord.cogs.clock",
)
