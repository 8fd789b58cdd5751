"""Settings: defaults from ``config/defaults.toml``, then a ``.env`` file, then the environment.

Every setting is declared once below, with its type, range or choices; pydantic-settings reads the
three sources and checks the values. A value that cannot be used is reported in one line naming
where it came from (the variable, or the key in the defaults file), the value, and what is allowed.

Secrets (``DISCORD_TOKEN``) come only from the environment or a ``.env`` file in the working
directory; they are never read from the defaults file, written to it, logged or shown.
"""

from __future__ import annotations

import codecs
import difflib
import logging
import os
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BeforeValidator, Field, ValidationError, ValidationInfo, field_validator
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

TimeoutAction = Literal["bot", "default", "forfeit"]
TIMEOUT_ACTIONS: tuple[str, ...] = get_args(TimeoutAction)
#: who does a click's work: the process that received it, or any worker through a PostgreSQL queue
WorkQueue = Literal["inline", "procrastinate"]
WORK_QUEUES: tuple[str, ...] = get_args(WorkQueue)
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


class _Conflict(ValueError):
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
        allowed="auto (one per core, up to 4), 0 (draw in threads) or a number of processes",
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
            raise _Conflict(
                f"shard ids need {variable('discord', 'shard_count')} too (every process must agree on it)"
            )
        if count and any(int(part) >= count for part in parts):
            raise _Conflict(
                f"each shard id must be below {variable('discord', 'shard_count')}, which is {count}"
            )
        return ids

    @field_validator("work_queue")
    @classmethod
    def _queue_needs_postgres(cls, queue: str, info: ValidationInfo) -> str:
        url = info.data.get("database_url")
        if queue == "procrastinate" and url is not None and not url.startswith(DATABASE_SCHEMES[1]):
            raise _Conflict(
                "that queue lives in PostgreSQL, so TABLEKEEPER_DATABASE_URL must be a "
                f"postgresql+asyncpg:// URL, not {shown_url(url)!r}"
            )
        return queue

    def drawing_processes(self) -> int:
        """How many drawing processes ``run`` and ``work`` start (``auto`` resolved for this machine)."""
        return (
            auto_drawing_processes(usable_cores())
            if self.draw_processes == "auto"
            else int(self.draw_processes)
        )

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


def auto_drawing_processes(cores: int) -> int:
    """One drawing process per core, up to ``AUTO_DRAWING_MOST``; none on a single core.

    Pillow holds the GIL while it draws, so a process drawing in threads uses about one core;
    on two idle cores a pool of two gave 1.5x the clicks/s of drawing in threads (README
    "Drawing in a process pool"). On one core a pool only adds the hand-off.
    """
    return 0 if cores < 2 else min(cores, AUTO_DRAWING_MOST)


def _place(field: FieldInfo) -> tuple[str, str] | None:
    """(section, key) of a setting in defaults.toml; None for the token."""
    extra = field.json_schema_extra
    if not isinstance(extra, dict):
        return None
    return str(extra["section"]), str(extra["key"])


def known_variables() -> list[str]:
    """Every ``TABLEKEEPER_*`` environment variable a setting is read from."""
    places = (_place(field) for field in Settings.model_fields.values())
    return sorted(variable(*place) for place in places if place is not None)


def allowed(name: str) -> str:
    """What the setting ``name`` may be, in words made from its declaration."""
    field = Settings.model_fields[name]
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    text = str(extra.get("allowed") or _described(field))
    return f"{text} ({extra['note']})" if extra.get("note") else text


def _described(field: FieldInfo) -> str:
    kind = field.annotation
    if get_origin(kind) is Literal:
        return "one of " + ", ".join(get_args(kind))
    if kind is bool:
        return "true or false"
    bounds: dict[str, Any] = {}
    for rule in field.metadata:  # Field(ge=…) is kept as annotated_types.Ge(ge=…), and so on
        for bound in ("ge", "gt", "le", "lt"):
            if getattr(rule, bound, None) is not None:
                bounds[bound] = getattr(rule, bound)
    noun = "a whole number" if kind is int else "a number"
    if "ge" in bounds and "le" in bounds:
        return f"{noun} from {bounds['ge']} to {bounds['le']}"
    words = {"ge": "of {} or more", "gt": "above {}", "le": "of {} or less", "lt": "below {}"}
    parts = [words[bound].format(value) for bound, value in bounds.items()]
    return " ".join([noun, " and ".join(parts)]).strip()


class _Environment(EnvSettingsSource):
    """The environment variables given (``os.environ`` unless a test passes its own)."""

    def __init__(self, settings_cls: type[BaseSettings], environ: Mapping[str, str]) -> None:
        self._given = dict(environ)
        super().__init__(settings_cls)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return self._given


class _DefaultsFile(PydanticBaseSettingsSource):
    """The ``[section] key`` values of config/defaults.toml (or the file given)."""

    def __init__(self, settings_cls: type[BaseSettings], path: Path | None) -> None:
        super().__init__(settings_cls)
        self.path = path

    @property
    def name(self) -> str:
        """The file as messages name it."""
        return str(self.path) if self.path is not None else "config/defaults.toml"

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        """Not used: :meth:`__call__` reads every setting at once."""
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        """Setting name -> value, for the settings the file has."""
        if self.path is not None:
            text = self.path.read_text(encoding="utf-8")
        else:
            text = resources.files("config").joinpath("defaults.toml").read_text(encoding="utf-8")
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise SettingsError(f"Cannot read {self.name}: {exc}.") from None
        values: dict[str, Any] = {}
        for name, field in self.settings_cls.model_fields.items():
            place = _place(field)
            section = document.get(place[0], {}) if place is not None else {}
            if place is not None and isinstance(section, dict) and place[1] in section:
                values[name] = section[place[1]]
        return values


def _dotenv_encoding(path: Path) -> str:
    """The encoding a .env file is written in, from its byte-order mark; refuse what is not text.

    Windows editors save "Unicode" as UTF-16 with a byte-order mark, and many put a mark before
    UTF-8 too: read as plain UTF-8, the first would fail and the second would hide the first line.
    """
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        encoding = "utf-32"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif b"\x00" in data:  # text has no NUL bytes; UTF-16 without its mark is full of them
        raise SettingsError(
            f"Cannot read {path}: it looks like UTF-16 without a byte-order mark; save the file as UTF-8."
        )
    else:
        encoding = "utf-8-sig"  # UTF-8, with or without a byte-order mark
    try:
        data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SettingsError(
            f"Cannot read {path}: byte {exc.start} is not {encoding.removesuffix('-sig').upper()} text; "
            "save the file as UTF-8."
        ) from None
    return encoding


class _Unparsed(logging.Handler):
    """Collects python-dotenv's warnings about lines it skipped."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the line number the warning names."""
        self.lines += re.findall(r"line (\d+)", record.getMessage())


def _read_dotenv(path: Path) -> DotEnvSettingsSource:
    """The settings in a .env file; a line python-dotenv cannot parse is refused, not skipped.

    Skipped, it would leave its setting at the default with only a warning that names no file.
    """
    encoding = _dotenv_encoding(path)
    logger = logging.getLogger("dotenv.main")
    unparsed = _Unparsed()
    logger.addHandler(unparsed)
    propagates, logger.propagate = logger.propagate, False
    try:
        source = DotEnvSettingsSource(Settings, env_file=path, env_file_encoding=encoding)
    finally:
        logger.removeHandler(unparsed)
        logger.propagate = propagates
    if unparsed.lines:
        raise SettingsError(
            f"Cannot read {path}: line {unparsed.lines[0]} is not KEY=VALUE (a quote left open?); "
            "each line must be KEY=VALUE, a # comment, or empty."
        )
    return source


def _refuse_unknown(names: list[str]) -> list[str]:
    """A ``TABLEKEEPER_*`` variable no setting reads is a typo that would be silently ignored."""
    known = known_variables()
    problems = []
    for name in sorted(set(names)):
        if name.startswith("TABLEKEEPER_") and name not in known:
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]}?" if near else f" (known: {', '.join(known)})."
            problems.append(f"Unknown setting {name}{hint}")
    return problems


def _shown_value(name: str, value: Any) -> str:
    if name == "discord_token":
        return "(hidden)"
    if name == "database_url" and isinstance(value, str):
        return repr(shown_url(value))
    return repr(value)


def _problem(error: ErrorDetails, given: Mapping[str, Any], origins: Mapping[str, str]) -> str:
    """One line for one invalid setting: where it came from, its value, and what is allowed."""
    name = str(error["loc"][0]) if error["loc"] else ""
    name = next((n for n, f in Settings.model_fields.items() if f.validation_alias == name), name)
    where = origins.get(name, name)
    value = _shown_value(name, given.get(name, error.get("input")))
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, _Conflict):
        return f"Setting {where} is {value}: {cause}."
    detail = f": {cause}" if isinstance(cause, ValueError) and str(cause) else ""
    rule = allowed(name) if name in Settings.model_fields else error["msg"]
    return f"Setting {where} is {value}{detail}; it must be {rule}."


def load_settings(
    env: Mapping[str, str] | None = None,
    *,
    defaults_path: Path | None = None,
    dotenv_path: Path | None = Path(".env"),
) -> Settings:
    """Build settings from defaults.toml, then ``.env``, then the environment (last wins).

    Raises :class:`SettingsError` with one line per problem: an unknown ``TABLEKEEPER_*``
    variable, a value that cannot be used, or a ``.env`` file that is not readable text.
    """
    defaults = _DefaultsFile(Settings, defaults_path)
    layers: list[tuple[PydanticBaseSettingsSource, str]] = [(defaults, "")]
    seen = list((os.environ if env is None else env).keys())
    if dotenv_path is not None and dotenv_path.is_file():
        dotenv = _read_dotenv(dotenv_path)
        layers.append((dotenv, f" (in {dotenv_path})"))
        seen += [name for name in dotenv.env_vars if isinstance(name, str)]
    layers.append((_Environment(Settings, os.environ if env is None else env), ""))
    by_key = {field.validation_alias: name for name, field in Settings.model_fields.items()}
    values: dict[str, Any] = {}
    origins: dict[str, str] = {}
    for source, suffix in layers:
        for key, value in source().items():
            name = by_key.get(key, key)
            if name not in Settings.model_fields:
                continue  # another program's variable in .env
            values[name] = value
            if source is defaults:
                section, entry = _place(Settings.model_fields[name]) or ("", name)
                origins[name] = f"{entry} in [{section}] of {defaults.name}"
            else:
                origins[name] = f"{key}{suffix}"
    problems = _refuse_unknown(seen)
    try:
        settings = Settings(**values)
    except ValidationError as exc:
        problems += [_problem(error, values, origins) for error in exc.errors()]
    if problems:
        raise SettingsError(*problems)
    return settings
