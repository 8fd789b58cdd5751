"""The service layer assembled: one object an adapter opens at start and closes at exit."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.service.animations import Animations
from bot.service.guilds import GuildService
from bot.service.hints import Hints
from bot.service.pipeline import Pipeline
from bot.service.replays import Replays
from bot.service.reviews import Reviews
from bot.service.runtime import Runtime
from bot.service.stats import StatsService
from bot.service.tables import TableService
from bot.service.timers import TimerService
from bot.service.tutorials import Tutorials
from bot.settings import Settings
from bot.store import upgrade
from bot.store.db import MEMORY_URL, Database, is_memory


class Services:
    """Tables, guild settings, timers and stats over one database and one state cache."""

    def __init__(self, settings: Settings, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.db = db
        self.runtime = Runtime(db, settings, clock)
        self.guilds = GuildService(self.runtime)
        self.pipeline = Pipeline(self.runtime, self.guilds)
        self.tables = TableService(self.runtime, self.guilds, self.pipeline)
        self.timers = TimerService(self.runtime, self.guilds, self.pipeline)
        self.stats = StatsService(self.runtime)
        self.replays = Replays(self.runtime, self.guilds, self.pipeline)
        self.animations = Animations(self.runtime, self.guilds, self.pipeline)
        self.reviews = Reviews(self.runtime, self.guilds, self.pipeline)
        self.tutorials = Tutorials(self.runtime, self.guilds, self.pipeline, self.tables)
        self.hints = Hints(self.runtime, self.guilds, self.pipeline)

    @classmethod
    async def start(
        cls,
        settings: Settings | None = None,
        *,
        url: str | None = None,
        migrate: bool | None = None,
        clock: Callable[[], float] = time.time,
    ) -> Services:
        """Open the database (``url`` overrides the settings), migrate it if asked; return the services."""
        chosen = settings or Settings()
        database_url = url or chosen.database_url
        db = Database(database_url)
        if migrate if migrate is not None else chosen.migrate_on_start:
            # Through the services' own engine: an in-memory database lives only inside it.
            await upgrade(database_url, engine=db.engine if is_memory(database_url) else None)
        return cls(chosen, db, clock)

    @classmethod
    async def in_memory(cls) -> Services:
        """Services over a private, migrated in-memory SQLite database (the terminal game's)."""
        return await cls.start(Settings(database_url=MEMORY_URL), url=MEMORY_URL, migrate=True)

    async def close(self) -> None:
        """Release the database connections."""
        await self.db.dispose()
