"""Per-server settings: where tables may open, which games are on, turn timers and habits."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from bot.service.runtime import Runtime
from bot.service.values import GuildSettings, ServiceError
from bot.settings import MAX_TIMEOUT_SECONDS, TIMEOUT_ACTIONS
from bot.store import guilds_repo, ratings_repo, timers_repo
from bot.words import LANGUAGE_NAMES
from engines import registry
from engines.core import Code, SetupError

#: the language setting that follows the server's Discord locale (stored as NULL)
AUTO = "auto"


def _need_admin(is_admin: bool) -> None:
    if not is_admin:
        raise ServiceError(
            Code.NOT_ADMIN, "Only server admins (Manage Server) can change Tablekeeper's settings."
        )


class GuildService:
    """Reads and changes one server's settings; changes apply to the very next action."""

    def __init__(self, runtime: Runtime) -> None:
        self.rt = runtime

    def _defaults(self, guild_id: int) -> dict[str, Any]:
        s = self.rt.settings
        return {
            "guild_id": guild_id,
            "channels": [],
            "disabled_games": [],
            "turn_timeout_seconds": s.turn_timeout_seconds,
            "timeout_action": s.timeout_action,
            "thread_per_game": s.thread_per_game,
            "mention_on_turn": s.mention_on_turn,
            "language": None,
            "leaderboard": True,
            "provisional_games": None,
            "season": 1,
        }

    async def read(self, connection: AsyncConnection, guild_id: int) -> GuildSettings:
        """Settings of ``guild_id`` read through an open connection (defaults if never set)."""
        row = await guilds_repo.settings_row(connection, guild_id)
        return _settings(self._defaults(guild_id) if row is None else row, self.rt.settings.provisional_games)

    async def get(self, guild_id: int) -> GuildSettings:
        """The settings of ``guild_id`` (``/config show``)."""
        async with self.rt.reading() as connection:
            return await self.read(connection, guild_id)

    async def _change(self, guild_id: int, is_admin: bool, **changes: Any) -> GuildSettings:
        _need_admin(is_admin)
        async with self.rt.transaction() as connection:
            row = await guilds_repo.settings_row(connection, guild_id)
            values = self._defaults(guild_id) if row is None else row
            for key, value in changes.items():
                values[key] = value(values[key]) if callable(value) else value
            values["updated_at"] = self.rt.clock()
            if row is None:
                await guilds_repo.insert_settings(connection, values)
            else:
                await guilds_repo.update_settings(connection, guild_id, values)
            if "turn_timeout_seconds" in changes:
                await self._rebase_deadlines(connection, guild_id, values["turn_timeout_seconds"])
        return _settings(values, self.rt.settings.provisional_games)

    async def _rebase_deadlines(self, connection: AsyncConnection, guild_id: int, seconds: int) -> None:
        """Make running turn timers follow a new timeout at once (counted from when each was asked)."""
        fraction = self.rt.settings.reminder_fraction
        ids = await timers_repo.rebase_deadlines(connection, guild_id, seconds, fraction)
        # Cached seats now carry old deadlines: drop those tables so the next load reads the new ones.
        for table_id in ids:
            self.rt.forget(table_id)

    async def allow_channel(self, guild_id: int, channel_id: int, *, is_admin: bool) -> GuildSettings:
        """Add ``channel_id`` to the channels that may host tables."""
        return await self._change(guild_id, is_admin, channels=lambda old: sorted({*old, channel_id}))

    async def disallow_channel(self, guild_id: int, channel_id: int, *, is_admin: bool) -> GuildSettings:
        """Remove ``channel_id`` from the allowed channels (an empty list allows every channel)."""
        return await self._change(
            guild_id, is_admin, channels=lambda old: [c for c in old if c != channel_id]
        )

    async def clear_channels(self, guild_id: int, *, is_admin: bool) -> GuildSettings:
        """Allow tables in every channel again."""
        return await self._change(guild_id, is_admin, channels=[])

    async def enable_game(self, guild_id: int, game: str, *, is_admin: bool) -> GuildSettings:
        """Switch a game on."""
        slug = _known_game(game)
        return await self._change(
            guild_id, is_admin, disabled_games=lambda old: [g for g in old if g != slug]
        )

    async def disable_game(self, guild_id: int, game: str, *, is_admin: bool) -> GuildSettings:
        """Switch a game off: no new tables of it (running ones finish)."""
        slug = _known_game(game)
        return await self._change(guild_id, is_admin, disabled_games=lambda old: sorted({*old, slug}))

    async def set_turn_timeout(self, guild_id: int, seconds: int, *, is_admin: bool) -> GuildSettings:
        """Seconds a person has for each decision (0 = no timer); running timers follow at once."""
        if seconds < 0 or seconds > MAX_TIMEOUT_SECONDS:
            raise ServiceError(
                Code.BAD_OPTION,
                f"The turn timeout must be between 0 (no timer) and {MAX_TIMEOUT_SECONDS} seconds.",
            )
        return await self._change(guild_id, is_admin, turn_timeout_seconds=int(seconds))

    async def set_timeout_action(self, guild_id: int, action: str, *, is_admin: bool) -> GuildSettings:
        """What happens when time runs out: ``bot`` takes the seat, ``default`` move, or ``forfeit``."""
        choice = action.strip().lower()
        if choice not in TIMEOUT_ACTIONS:
            raise ServiceError(
                Code.BAD_OPTION,
                f"The timeout action must be one of {', '.join(TIMEOUT_ACTIONS)}, not {action!r}.",
            )
        return await self._change(guild_id, is_admin, timeout_action=choice)

    async def set_thread_per_game(self, guild_id: int, enabled: bool, *, is_admin: bool) -> GuildSettings:
        """Whether each new table gets its own thread."""
        return await self._change(guild_id, is_admin, thread_per_game=bool(enabled))

    async def set_mention_on_turn(self, guild_id: int, enabled: bool, *, is_admin: bool) -> GuildSettings:
        """Whether the table message mentions the player whose turn it is."""
        return await self._change(guild_id, is_admin, mention_on_turn=bool(enabled))

    async def set_language(self, guild_id: int, language: str | None, *, is_admin: bool) -> GuildSettings:
        """The language new tables, /rules and /cards default to ("auto": the server's Discord locale)."""
        choice = (language or "").strip().lower()
        if choice in ("", AUTO):
            return await self._change(guild_id, is_admin, language=None)
        if choice not in LANGUAGE_NAMES:
            known = ", ".join((AUTO, *LANGUAGE_NAMES))
            raise ServiceError(Code.BAD_OPTION, f"The language must be one of {known}, not {language!r}.")
        return await self._change(guild_id, is_admin, language=choice)

    async def set_leaderboard(
        self, guild_id: int, enabled: bool, provisional_games: int | None = None, *, is_admin: bool
    ) -> GuildSettings:
        """Switch /leaderboard on or off here, and optionally the games before a player is ranked."""
        changes: dict[str, Any] = {"leaderboard": bool(enabled)}
        if provisional_games is not None:
            if not 0 <= provisional_games <= MAX_PROVISIONAL:
                raise ServiceError(
                    Code.BAD_OPTION,
                    f"The provisional games must be between 0 and {MAX_PROVISIONAL}, "
                    f"not {provisional_games}.",
                )
            changes["provisional_games"] = int(provisional_games)
        return await self._change(guild_id, is_admin, **changes)

    async def new_season(self, guild_id: int, name: str | None = None, *, is_admin: bool) -> GuildSettings:
        """Start a new season: the server's boards start afresh; the old seasons stay readable."""
        _need_admin(is_admin)
        clean = " ".join((name or "").split())
        if len(clean) > SEASON_NAME_MAX or clean.isdigit():
            raise ServiceError(
                Code.BAD_OPTION,
                f"A season name has at most {SEASON_NAME_MAX} characters and is not a bare number, "
                f"not {name!r}.",
            )
        now = self.rt.clock()
        # One transaction on the locked settings row: two admins at once get one season each.
        async with self.rt.transaction() as connection:
            values = await guilds_repo.locked_settings_row(
                connection, {**self._defaults(guild_id), "updated_at": now}
            )
            number = int(values["season"]) + 1
            names = {r["name"].lower() for r in await ratings_repo.seasons(connection, guild_id)}
            if clean and clean.lower() in names:
                raise ServiceError(Code.BAD_OPTION, f"This server already has a season called {clean!r}.")
            await ratings_repo.add_season(connection, guild_id, number, clean or str(number), now)
            values.update(season=number, updated_at=now)
            await guilds_repo.update_settings(connection, guild_id, values)
        return _settings(values, self.rt.settings.provisional_games)


#: the most games an admin may require before a player is ranked
MAX_PROVISIONAL = 1000
SEASON_NAME_MAX = 50


def _known_game(game: str) -> str:
    try:
        registry.get(game)
    except SetupError as error:
        raise ServiceError(Code.BAD_OPTION, error.message) from None
    return game.strip().lower()


def _settings(values: dict[str, Any], default_provisional: int) -> GuildSettings:
    disabled = tuple(sorted(values["disabled_games"]))
    return GuildSettings(
        guild_id=values["guild_id"],
        channels=tuple(sorted(values["channels"])),
        enabled_games=tuple(slug for slug in registry.slugs() if slug not in disabled),
        disabled_games=disabled,
        turn_timeout_seconds=int(values["turn_timeout_seconds"]),
        timeout_action=values["timeout_action"],
        thread_per_game=bool(values["thread_per_game"]),
        mention_on_turn=bool(values["mention_on_turn"]),
        language=values.get("language"),
        leaderboard=bool(values.get("leaderboard", True)),
        provisional_games=int(
            provisional
            if (provisional := values.get("provisional_games")) is not None
            else default_provisional
        ),
        season=int(values.get("season") or 1),
    )
