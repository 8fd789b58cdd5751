"""Every setting declared once: its type, range or choices, default and place in defaults.toml.

What a value means and what it may be live here; reading the defaults file, ``.env`` and the
environment is :mod:`bot.settings.loading`. Secrets (``DISCORD_TOKEN``) are never given a
default in the file.
"""

from __future__ import annotations

import os
import re
from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

TimeoutAction = Literal["bot", "default", "forfeit"]
TIMEOUT_ACTIONS: tuple[str, ...] = get_args(TimeoutAction)
#: who does a click's work: the process that received it, or any worker through a PostgreSQL queue
WorkQueue = Literal["inline", "procrastinate"]
WORK_QUEUES: tuple[str, ...] = get_args(WorkQueue)
#: where the click process runs: on one core of those it may use (``auto``) or where the OS puts it
OneCoreMode = Literal["auto", "off"]
#: the bot levels every game has (engines.core.driver.DIFFICULTIES; a test holds them equal)
Difficulty = Literal["easy", "normal", "hard"]
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
#: the longest turn timer, here and for /config timeout: longer is almost certainly a typo (minutes
#: or milliseconds for seconds)
MAX_TIMEOUT_SECONDS = 7 * 24 * 3600
#: the most CPU seconds a bot may think per decision: one thinking worker serves a process's
#: bots in turn, so a longer cap would hold every other table's bots behind one decision (and
#: more than this is almost certainly milliseconds typed for seconds)
MAX_THINK_SECONDS = 10.0
DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///tablekeeper.db"
#: the database drivers Tablekeeper runs on (both async; the same code serves either)
DATABASE_SCHEMES = ("sqlite+aiosqlite://", "postgresql+asyncpg://")
DATABASE_URL_FORMS = (
    "sqlite+aiosqlite:///FILE (a SQLite file) or postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE"
)
TOKEN_VARIABLE = "DISCORD_TOKEN"


class SettingsError(ValueError):
    """Settings Tablekeeper cannot use: one line per problem, each naming the setting."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class Conflict(ValueError):
    """A value that is fine alone but not with another setting (the message says both)."""


def variable(section: str, key: str) -> str:
    """The environment variable of the setting ``[section] key`` in defaults.toml."""
    return f"TABLEKEEPER_{section}_{key}".upper()


def _setting(section: str, key: str, default: Any, *, note: str = "", allowed: str = "", **rules: Any) -> Any:
    """A setting read from ``[section] key`` in defaults.toml and from ``TABLEKEEPER_SECTION_KEY``.

    ``rules`` are pydantic's (``ge=0``…); ``allowed`` replaces the description of what is allowed
    that is otherwise made from the type and the rules; ``note`` adds what a special value means.
    """
    return Field(
        default,
        validation_alias=variable(section, key),
        json_schema_extra={"section": section, "key": key, "note": note, "allowed": allowed},
        **rules,
    )


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _upper(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


def _text(value: Any) -> Any:
    # TOML may hold a number where the setting is text (draw_processes = 2)
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


Lower = BeforeValidator(_lower)
Upper = BeforeValidator(_upper)
Text = BeforeValidator(_text)


class Settings(BaseSettings):
    """Everything the application is configured with (see config/defaults.toml).

    Constructed directly, it holds the given values and the defaults below, nothing else;
    :func:`load_settings` reads the defaults file, ``.env`` and the environment.
    """

    model_config = SettingsConfigDict(
        frozen=True,
        extra="forbid",
        case_sensitive=True,
        str_strip_whitespace=True,
        validate_by_name=True,
        validate_by_alias=True,
    )

    database_url: str = _setting("database", "url", DEFAULT_DATABASE_URL, allowed=DATABASE_URL_FORMS)
    migrate_on_start: bool = _setting("database", "migrate_on_start", True)
    turn_timeout_seconds: int = _setting(
        "tables", "turn_timeout_seconds", 0, ge=0, le=MAX_TIMEOUT_SECONDS, note="0: no timer; at most a week"
    )
    timeout_action: Annotated[TimeoutAction, Lower] = _setting("tables", "timeout_action", "bot")
    thread_per_game: bool = _setting("tables", "thread_per_game", False)
    mention_on_turn: bool = _setting("tables", "mention_on_turn", True)
    final_animation: bool = _setting("tables", "final_animation", True)
    solo_turn_timeout_seconds: int = _setting(
        "tables", "solo_turn_timeout_seconds", 0, ge=0, le=MAX_TIMEOUT_SECONDS, note="0: no timer"
    )
    reminder_fraction: float = _setting("tables", "reminder_fraction", 0.75, gt=0, lt=1, note="e.g. 0.75")
    default_difficulty: Annotated[Difficulty, Lower] = _setting("tables", "default_difficulty", "normal")
    bot_think_seconds: float = _setting(
        "bots",
        "think_seconds",
        0.5,
        gt=0,
        le=MAX_THINK_SECONDS,
        allowed=f"a number of seconds above 0 and at most {MAX_THINK_SECONDS:g}",
        note="CPU a bot may search per decision, e.g. 0.5",
    )
    provisional_games: int = _setting(
        "ratings", "provisional_games", 5, ge=0, le=1000, note="games before a player is ranked"
    )
    cache_size: int = _setting("service", "cache_size", 5000, ge=1)
    draw_processes: Annotated[str, Text] = _setting(
        "service",
        "draw_processes",
        "auto",
        allowed="auto (one per core, or per core besides the click core with one_core; up to 4), "
        "0 (draw in threads) or a number of processes",
    )
    one_core: Annotated[OneCoreMode, Lower] = _setting(
        "service",
        "one_core",
        "auto",
        note="auto: the click process on the idlest core, its drawing processes on the others",
    )
    dev_guild_id: int = _setting(
        "discord", "dev_guild_id", 0, ge=0, note="0: commands everywhere; else your test server's id"
    )
    log_level: Annotated[LogLevel, Upper] = _setting("discord", "log_level", "INFO")
    shard_count: int = _setting("discord", "shard_count", 0, ge=0, note="0: Discord decides")
    shard_ids: Annotated[str, Text] = _setting(
        "discord",
        "shard_ids",
        "",
        allowed=f"empty (every shard) or whole numbers below {variable('discord', 'shard_count')}, "
        "separated by commas (e.g. 0,1)",
    )
    work_queue: Annotated[WorkQueue, Lower] = _setting("work", "queue", "inline")
    work_concurrency: int = _setting("work", "concurrency", 2, ge=1)
    work_stalled_seconds: float = _setting("work", "stalled_seconds", 30.0, ge=1)
    discord_token: str | None = Field(default=None, validation_alias=TOKEN_VARIABLE, repr=False)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Only the given values: tests and benches build settings that no environment changes."""
        return (init_settings,)

    @field_validator("database_url")
    @classmethod
    def _usable_url(cls, url: str) -> str:
        check_database_url(url)
        return url

    @field_validator("draw_processes")
    @classmethod
    def _processes(cls, chosen: str) -> str:
        if chosen.lower() != "auto" and not chosen.isdigit():
            raise ValueError("")  # no detail: the line says what is allowed
        return chosen.lower()

    @field_validator("discord_token")
    @classmethod
    def _token(cls, token: str | None) -> str | None:
        return token or None

    @field_validator("shard_ids")
    @classmethod
    def _shards(cls, ids: str, info: ValidationInfo) -> str:
        parts = [part.strip() for part in ids.split(",") if part.strip()]
        if not all(part.isdigit() for part in parts):
            raise ValueError("")  # no detail: the line says what is allowed
        count = info.data.get("shard_count")
        if parts and count == 0:
            raise Conflict(
                f"shard ids need {variable('discord', 'shard_count')} too (every process must agree on it)"
            )
        if count and any(int(part) >= count for part in parts):
            raise Conflict(
                f"each shard id must be below {variable('discord', 'shard_count')}, which is {count}"
            )
        return ids

    @field_validator("work_queue")
    @classmethod
    def _queue_needs_postgres(cls, queue: str, info: ValidationInfo) -> str:
        url = info.data.get("database_url")
        if queue == "procrastinate" and url is not None and not url.startswith(DATABASE_SCHEMES[1]):
            raise Conflict(
                "that queue lives in PostgreSQL, so TABLEKEEPER_DATABASE_URL must be a "
                f"postgresql+asyncpg:// URL, not {shown_url(url)!r}"
            )
        return queue

    def drawing_processes(self) -> int:
        """How many drawing processes ``run`` and ``work`` start (``auto`` resolved for this machine)."""
        return (
            auto_drawing_processes(usable_cores(), self.keeps_one_core())
            if self.draw_processes == "auto"
            else int(self.draw_processes)
        )

    def keeps_one_core(self) -> bool:
        """Whether ``run`` and ``work`` keep the click process on a core of its own (Linux only)."""
        return self.one_core == "auto" and hasattr(os, "sched_setaffinity")

    def shard_plan(self) -> tuple[int | None, list[int] | None]:
        """(shard_count, shard_ids) for the client; ``None`` lets Discord choose / run all."""
        count = self.shard_count or None
        ids = [int(part) for part in self.shard_ids.split(",") if part.strip()] or None
        return count, ids

    def replace(self, **changes: Any) -> Settings:
        """A copy with ``changes`` (field names), checked as the original was."""
        return type(self)(**{**self.model_dump(), **changes})


def check_database_url(url: str) -> None:
    """Refuse a URL Tablekeeper cannot use, or one that would reach a database by accident.

    An asyncpg URL without a host or a database name is not refused by the driver: it connects
    to whatever its defaults reach (a local server, a database named after the user), and a
    migration would then change another application's database.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError("that is not a URL") from None
    except ValueError:  # a port that is not a number
        raise ValueError("its port is not a number") from None
    scheme = f"{parsed.drivername}://"
    if scheme not in DATABASE_SCHEMES:
        raise ValueError(f"Tablekeeper has no driver for {scheme}")
    if parsed.get_backend_name() != "postgresql":
        return
    missing = [
        what for what, given in (("host", parsed.host), ("database name", parsed.database)) if not given
    ]
    if missing:
        raise ValueError(f"it names no {' and no '.join(missing)}")
    if parsed.port is not None and not 0 < parsed.port < 65536:
        raise ValueError(f"port {parsed.port} is out of range (1 to 65535)")


def shown_url(url: str) -> str:
    """``url`` with its password hidden, for messages."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


#: ``auto`` starts no more drawing processes than this (each holds ~140 MB of fonts and content)
AUTO_DRAWING_MOST = 4


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def auto_drawing_processes(cores: int, one_core: bool = False) -> int:
    """One drawing process per core, up to ``AUTO_DRAWING_MOST``; none on a single core.

    Pillow holds the GIL while it draws, so a process drawing in threads uses about one core;
    on two idle cores a pool of two gave 1.5x the clicks/s of drawing in threads (README
    "Drawing in a process pool"). On one core a pool only adds the hand-off. ``one_core``: the
    click process keeps a core of its own (the ``one_core`` setting), so one per other core;
    two sharing the one core left gave no more clicks than one and cost 140 MB more.
    """
    if cores < 2:
        return 0
    return min(cores - 1 if one_core else cores, AUTO_DRAWING_MOST)
