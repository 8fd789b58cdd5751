"""``tablekeeper db copy --from URL --to URL``: the command-line side of :mod:`bot.store.copy`.

Kept apart from :mod:`bot.cli` so that module only registers the sub-command and hands over.
"""

from __future__ import annotations

import argparse
import asyncio
import sys


def add_parser(db_sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``db copy`` under the ``db`` sub-commands."""
    copy = db_sub.add_parser(
        "copy",
        help="copy every table of one database into a new, empty one (SQLite to PostgreSQL, say); "
        "stop the bot first",
    )
    copy.add_argument("--from", dest="source", required=True, metavar="URL", help="the database to copy")
    copy.add_argument(
        "--to", dest="target", required=True, metavar="URL", help="an empty database (migrated here first)"
    )


def db_copy(args: argparse.Namespace) -> int:
    """Run the copy; one line on success, one line and status 1 on any refusal or failure."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from bot.store.copy import CopyRefused, copy_database, shown

    try:
        copied = asyncio.run(copy_database(args.source, args.target))
    except CopyRefused as exc:
        return _fail(str(exc))
    except ArgumentError:
        return _fail(
            f"not a database URL: {args.source!r} or {args.target!r}; use sqlite+aiosqlite:///file.db "
            "or postgresql+asyncpg://user:pass@host/db."
        )
    except (SQLAlchemyError, OSError, ValueError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0] or type(exc).__name__
        return _fail(f"the copy stopped and the target was left as it was: {reason}.")
    print(f"Copied {copied.line()} from {shown(args.source)} to {shown(args.target)}.")
    return 0


def _fail(message: str) -> int:
    print(f"tablekeeper: {message}", file=sys.stderr)
    return 1
