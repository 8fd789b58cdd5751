"""Settings: non-secret defaults from ``config/defaults.toml``, overridden by the environment.

Secrets (``DISCORD_TOKEN``) come only from the environment or a ``.env`` file in the working
directory; they are never written to the defaults file or to logs.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from importlib import resources
from pathlib import Path
from typing import Any

TIMEOUT_ACTIONS = ("bot", "default", "forfeit")
#: who does a click's work: the process that received it, or any worker through a PostgreSQL queue
WORK_QUEUES = ("inline", "procrastinate")
DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///tablekeeper.db"


class SettingsError(ValueError):
    """A setting has a value Tablekeeper cannot use; the message names it."""


@dataclass(frozen=True)
class Settings:
    """Everything the application is configured with (see config/defaults.toml)."""

    database_url: str = DEFAULT_DATABASE_URL
    migrate_on_start: bool = True
    turn_timeout_seconds: int = 0
    timeout_action: str = "bot"
    thread_per_game: bool = False
    mention_on_turn: bool = True
    solo_turn_timeout_seconds: int = 0
    reminder_fraction: float = 0.75
    default_difficulty: str = "normal"
    cache_size: int = 5000
    draw_processes: str = "auto"
    dev_guild_id: int = 0
    log_level: str = "INFO"
    shard_count: int = 0
    shard_ids: str = ""
    work_queue: str = "inline"
    work_concurrency: int = 2
    work_stalled_seconds: float = 30.0
    discord_token: str | None = None

    def drawing_processes(self) -> int:
        """How many drawing processes ``run`` and ``work`` start (``auto`` resolved for this machine)."""
        chosen = self.draw_processes.strip().lower()
        return auto_drawing_processes(usable_cores()) if chosen == "auto" else int(chosen)

    def shard_plan(self) -> tuple[int | None, list[int] | None]:
        """(shard_count, shard_ids) for the client; ``None`` lets Discord choose / run all."""
        count = self.shard_count or None
        ids = [int(part) for part in self.shard_ids.split(",") if part.strip()] or None
        return count, ids

    def __repr__(self) -> str:
        # Never print the token, even by accident in a traceback or log line.
        shown = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "discord_token"}
        token = "set" if self.discord_token else "unset"
        return f"Settings({shown}, discord_token={token})"


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


# (section, key) in defaults.toml -> Settings field
_KEYS: dict[tuple[str, str], str] = {
    ("database", "url"): "database_url",
    ("database", "migrate_on_start"): "migrate_on_start",
    ("tables", "turn_timeout_seconds"): "turn_timeout_seconds",
    ("tables", "timeout_action"): "timeout_action",
    ("tables", "thread_per_game"): "thread_per_game",
    ("tables", "mention_on_turn"): "mention_on_turn",
    ("tables", "solo_turn_timeout_seconds"): "solo_turn_timeout_seconds",
    ("tables", "reminder_fraction"): "reminder_fraction",
    ("tables", "default_difficulty"): "default_difficulty",
    ("service", "cache_size"): "cache_size",
    ("service", "draw_processes"): "draw_processes",
    ("discord", "dev_guild_id"): "dev_guild_id",
    ("discord", "log_level"): "log_level",
    ("discord", "shard_count"): "shard_count",
    ("discord", "shard_ids"): "shard_ids",
    ("work", "queue"): "work_queue",
    ("work", "concurrency"): "work_concurrency",
    ("work", "stalled_seconds"): "work_stalled_seconds",
}


def read_dotenv(path: Path) -> dict[str, str]:
    """Read ``KEY=VALUE`` lines from a .env file (comments and blank lines skipped)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def _defaults_text(path: Path | None) -> str:
    if path is not None:
        return path.read_text(encoding="utf-8")
    return resources.files("config").joinpath("defaults.toml").read_text(encoding="utf-8")


def _convert(name: str, raw: Any, kind: type) -> Any:
    """Convert a TOML or environment value to the field's type, or explain the problem."""
    try:
        if kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"1", "true", "yes", "on"}:
                return True
            if text in {"0", "false", "no", "off"}:
                return False
            raise ValueError(raw)
        if kind is int:
            if isinstance(raw, bool):
                raise ValueError(raw)
            return int(raw)
        if kind is float:
            return float(raw)
        return str(raw)
    except (TypeError, ValueError):
        wanted = {bool: "true or false", int: "a whole number", float: "a number"}.get(kind, "text")
        raise SettingsError(f"Setting {name} must be {wanted}, not {raw!r}.") from None


#: the database drivers Tablekeeper runs on (both async; the same code serves either)
DATABASE_SCHEMES = ("sqlite+aiosqlite://", "postgresql+asyncpg://")


def _validate(settings: Settings) -> Settings:
    if not settings.database_url.startswith(DATABASE_SCHEMES):
        scheme = settings.database_url.split("://", 1)[0]
        raise SettingsError(
            f"Setting database_url must start with {' or '.join(DATABASE_SCHEMES)}, not {scheme}://."
        )
    if settings.timeout_action not in TIMEOUT_ACTIONS:
        raise SettingsError(
            f"Setting timeout_action must be one of {', '.join(TIMEOUT_ACTIONS)}, "
            f"not {settings.timeout_action!r}."
        )
    if settings.turn_timeout_seconds < 0 or settings.solo_turn_timeout_seconds < 0:
        raise SettingsError("Turn timeouts must be 0 (no timer) or a positive number of seconds.")
    if not 0 < settings.reminder_fraction < 1:
        raise SettingsError("Setting reminder_fraction must be between 0 and 1 (e.g. 0.75).")
    if settings.cache_size < 1:
        raise SettingsError("Setting cache_size must be at least 1.")
    chosen = settings.draw_processes.strip().lower()
    if chosen != "auto" and not chosen.isdigit():
        raise SettingsError(
            "Setting draw_processes must be auto (one per core, up to 4), 0 (draw in threads) "
            f"or a number of processes, not {settings.draw_processes!r}."
        )
    _validate_shards(settings)
    _validate_work(settings)
    return settings


def _validate_work(settings: Settings) -> None:
    """A queue every worker consumes needs PostgreSQL; the default needs nothing."""
    if settings.work_queue not in WORK_QUEUES:
        raise SettingsError(
            f"Setting work_queue must be one of {', '.join(WORK_QUEUES)}, not {settings.work_queue!r}."
        )
    if settings.work_queue == "procrastinate" and not settings.database_url.startswith(DATABASE_SCHEMES[1]):
        raise SettingsError(
            "Setting work_queue=procrastinate needs a PostgreSQL database_url (postgresql+asyncpg://…)."
        )
    if settings.work_concurrency < 1:
        raise SettingsError("Setting work_concurrency must be at least 1.")
    if settings.work_stalled_seconds < 1:
        raise SettingsError("Setting work_stalled_seconds must be at least 1 (seconds).")


def _validate_shards(settings: Settings) -> None:
    """Shard ids need a shard count, and each id must lie below it."""
    if settings.shard_count < 0:
        raise SettingsError("Setting shard_count must be 0 (let Discord decide) or a positive number.")
    parts = [part.strip() for part in settings.shard_ids.split(",") if part.strip()]
    if not parts:
        return
    if not settings.shard_count:
        raise SettingsError("Setting shard_ids needs shard_count too (every process must agree on it).")
    for part in parts:
        if not part.isdigit() or int(part) >= settings.shard_count:
            raise SettingsError(
                f"Setting shard_ids has {part!r}; each id must be a whole number below shard_count "
                f"({settings.shard_count})."
            )


def known_variables() -> list[str]:
    """Every ``TABLEKEEPER_*`` environment variable a setting is read from."""
    return sorted(
        {f"TABLEKEEPER_{section}_{key}".upper() for section, key in _KEYS} | {"TABLEKEEPER_DATABASE_URL"}
    )


def _refuse_unknown(environ: Mapping[str, str]) -> None:
    """A ``TABLEKEEPER_*`` variable no setting reads is a typo that would be silently ignored."""
    known = known_variables()
    for name in sorted(environ):
        if name.startswith("TABLEKEEPER_") and name not in known:
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]}?" if near else f" (known: {', '.join(known)})."
            raise SettingsError(f"Unknown setting {name}{hint}")


def load_settings(
    env: Mapping[str, str] | None = None,
    *,
    defaults_path: Path | None = None,
    dotenv_path: Path | None = Path(".env"),
) -> Settings:
    """Build settings from defaults.toml, then ``.env``, then the environment (last wins)."""
    environ: dict[str, str] = {}
    if dotenv_path is not None:
        environ.update(read_dotenv(dotenv_path))
    environ.update(os.environ if env is None else env)
    types = {f.name: f.type for f in fields(Settings)}
    kinds: dict[str, type] = {"bool": bool, "int": int, "float": float, "str": str}
    values: dict[str, Any] = {}
    document = tomllib.loads(_defaults_text(defaults_path))
    for (section, key), name in _KEYS.items():
        kind = kinds.get(str(types[name]), str)
        if key in document.get(section, {}):
            values[name] = _convert(name, document[section][key], kind)
        env_name = f"TABLEKEEPER_{section}_{key}".upper()
        if env_name in environ:
            values[name] = _convert(env_name, environ[env_name], kind)
    if environ.get("TABLEKEEPER_DATABASE_URL"):
        values["database_url"] = environ["TABLEKEEPER_DATABASE_URL"]
    _refuse_unknown(environ)
    token = environ.get("DISCORD_TOKEN", "").strip()
    values["discord_token"] = token or None
    return _validate(Settings(**values))
