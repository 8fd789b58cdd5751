"""``tablekeeper db upgrade``, ``db archive`` and ``db copy``: the database's command-line tasks.

``upgrade`` and ``archive`` use TABLEKEEPER_DATABASE_URL; ``copy`` names both its databases and
needs no settings (see :mod:`bot.store.copy`). Every failure is one line and status 1.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bot.cli.stderr import EXIT_FAILED, database_trouble, fail, first_line, where


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``db`` and its tasks."""
    db = sub.add_parser("db", help="database tasks")
    db.set_defaults(run=cmd_db)
    db_sub = db.add_subparsers(dest="db_command", required=True, metavar="TASK")
    db_sub.add_parser("upgrade", help="apply migrations to TABLEKEEPER_DATABASE_URL")
    archive = db_sub.add_parser(
        "archive",
        help="move finished games' snapshots and move logs to a gzip file (results and stats stay)",
    )
    archive.add_argument(
        "--days", type=int, required=True, help="archive games over for at least this many days"
    )
    archive.add_argument(
        "--to", type=Path, metavar="FOLDER", help="folder for the archive file (required unless --dry-run)"
    )
    archive.add_argument("--dry-run", action="store_true", help="only say what would be archived")
    copy = db_sub.add_parser(
        "copy",
        help="copy every table of one database into a new, empty one (SQLite to PostgreSQL, say); "
        "stop the bot first",
    )
    copy.add_argument("--from", dest="source", required=True, metavar="URL", help="the database to copy")
    copy.add_argument(
        "--to", dest="target", required=True, metavar="URL", help="an empty database (migrated here first)"
    )


def cmd_db(args: argparse.Namespace) -> int:
    """``tablekeeper db upgrade`` / ``db archive`` / ``db copy``: migrate, archive finished games, or copy."""
    if args.db_command == "copy":  # names its own databases: no settings needed
        return db_copy(args)
    from bot.settings import load_settings

    url = load_settings().database_url
    if args.db_command == "archive":
        return db_archive(args, url)
    return db_upgrade(url)


def db_upgrade(url: str) -> int:
    """``tablekeeper db upgrade``: migrate the database to this build's head, saying from where."""
    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.migrate import UnknownRevisionError, upgrade_sync

    try:
        before, after = upgrade_sync(url)
    except UnknownRevisionError as exc:
        return fail(str(exc), status=EXIT_FAILED)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return fail(database_trouble(url, exc), status=EXIT_FAILED)
    if before == after:
        print(f"Database was already at {after}: {where(url)}")
    else:
        print(f"Database migrated from {before or 'empty'} to {after}: {where(url)}")
    return 0


def db_archive(args: argparse.Namespace, url: str) -> int:
    """``tablekeeper db archive --days N --to DIR``: see :mod:`bot.store.archive`."""
    import asyncio

    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.archive import archive, pending
    from bot.store.db import Database

    if args.days < 0:
        return fail(f"--days must be 0 or more, not {args.days}.")
    if not args.dry_run:
        if args.to is None:
            return fail("Say where the archive goes with --to FOLDER (or look first with --dry-run).")
        if not args.to.is_dir():
            return fail(f"--to {args.to} is not a folder.")
    now = time.time()
    before = now - args.days * 86_400
    stamp = time.strftime("%Y-%m-%dT%H%M%SZ", time.gmtime(now))
    path = args.to / f"tablekeeper-archive-{stamp}.jsonl.gz" if args.to is not None else None

    async def run() -> int:
        db = Database(url)
        try:
            if args.dry_run:
                due = await pending(db, before)
                print(
                    f"{due.games:,} finished games would be archived "
                    f"({due.moves:,} moves, {due.snapshot_bytes / 1e6:.1f} MB of snapshots)."
                )
                return 0
            assert path is not None
            done = await archive(db, before, path)
        finally:
            await db.dispose()
        print(
            f"Archived {done.games:,} finished games ({done.moves:,} moves, "
            f"{done.snapshot_bytes / 1e6:.1f} MB of snapshots) to {path}; their results and stats stay."
        )
        return 0

    try:
        return asyncio.run(run())
    except FileExistsError:
        return fail(f"{path} exists already; run again in a second.", status=EXIT_FAILED)
    except PermissionError:
        return fail(f"cannot write to {args.to}: permission denied.", status=EXIT_FAILED)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return fail(database_trouble(url, exc), status=EXIT_FAILED)


def db_copy(args: argparse.Namespace) -> int:
    """``tablekeeper db copy``: one line on success, one line and status 1 on any refusal or failure."""
    import asyncio

    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from bot.store.copy import CopyRefused, copy_database, shown

    try:
        copied = asyncio.run(copy_database(args.source, args.target))
    except CopyRefused as exc:
        return fail(str(exc), status=EXIT_FAILED)
    except ArgumentError:
        return fail(
            f"not a database URL: {args.source!r} or {args.target!r}; use sqlite+aiosqlite:///file.db "
            "or postgresql+asyncpg://user:pass@host/db.",
            status=EXIT_FAILED,
        )
    except (SQLAlchemyError, OSError, ValueError) as exc:
        reason = first_line(exc)
        return fail(f"the copy stopped and the target was left as it was: {reason}.", status=EXIT_FAILED)
    print(f"Copied {copied.line()} from {shown(args.source)} to {shown(args.target)}.")
    return 0
