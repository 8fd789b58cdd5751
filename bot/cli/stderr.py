"""The one-line refusals every ``tablekeeper`` command prints on stderr, and their exit statuses.

Light on purpose (the standard library only): every command module imports it, and a usage
error must not wait for the games, the service or the database drivers to load.
"""

from __future__ import annotations

import sys

#: a refused command line or game set-up: the status argparse itself uses for a malformed one
EXIT_USAGE = 2
#: the command was understood but could not be carried out (a database, a file, broken content)
EXIT_FAILED = 1


def fail(message: str, status: int = EXIT_USAGE) -> int:
    """Print ``message`` (each of its lines) after the program's name on stderr; return ``status``."""
    for line in message.splitlines():
        print(f"tablekeeper: {line}", file=sys.stderr)
    return status


def where(url: str) -> str:
    """A database URL without its credentials: everything after the last '@' (or all of it)."""
    return url.rsplit("@", 1)[-1]


def first_line(exc: BaseException) -> str:
    """The first line of what a driver says went wrong (its own error if it wraps one)."""
    said = str(getattr(exc, "orig", None) or exc).strip()
    return said.splitlines()[0] if said else type(exc).__name__


def database_trouble(url: str, exc: BaseException) -> str:
    """One line saying why the database at ``url`` cannot be used (never a traceback)."""
    reason = first_line(exc) if str(exc).strip() else type(exc).__name__
    return (
        f"cannot use the database {where(url)}: {reason}. Check TABLEKEEPER_DATABASE_URL "
        "(sqlite+aiosqlite:///file.db or postgresql+asyncpg://user:pass@host/db) and that the server is up."
    )
