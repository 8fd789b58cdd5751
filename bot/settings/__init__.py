"""Settings: defaults from ``config/defaults.toml``, then a ``.env`` file, then the environment.

Every setting is declared once (:mod:`bot.settings.declared`) with its type, range or choices;
:mod:`bot.settings.loading` reads the three sources and reports a value that cannot be used in
one line naming where it came from, the value, and what is allowed.

Secrets (``DISCORD_TOKEN``) come only from the environment or a ``.env`` file in the working
directory; they are never read from the defaults file, written to it, logged or shown.
"""

from bot.settings.declared import (
    AUTO_DRAWING_MOST,
    DATABASE_SCHEMES,
    DATABASE_URL_FORMS,
    DEFAULT_DATABASE_URL,
    MAX_THINK_SECONDS,
    MAX_TIMEOUT_SECONDS,
    TIMEOUT_ACTIONS,
    TOKEN_VARIABLE,
    WORK_QUEUES,
    Difficulty,
    LogLevel,
    Settings,
    SettingsError,
    TimeoutAction,
    WorkQueue,
    auto_drawing_processes,
    check_database_url,
    shown_url,
    usable_cores,
    variable,
)
from bot.settings.loading import allowed, known_variables, load_settings

__all__ = [
    "AUTO_DRAWING_MOST",
    "DATABASE_SCHEMES",
    "DATABASE_URL_FORMS",
    "DEFAULT_DATABASE_URL",
    "MAX_THINK_SECONDS",
    "MAX_TIMEOUT_SECONDS",
    "TIMEOUT_ACTIONS",
    "TOKEN_VARIABLE",
    "WORK_QUEUES",
    "Difficulty",
    "LogLevel",
    "Settings",
    "SettingsError",
    "TimeoutAction",
    "WorkQueue",
    "allowed",
    "auto_drawing_processes",
    "check_database_url",
    "known_variables",
    "load_settings",
    "shown_url",
    "usable_cores",
    "variable",
]
