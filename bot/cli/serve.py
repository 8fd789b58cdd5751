"""``tablekeeper run`` and ``work``: the Discord gateway and the click-queue worker.

Both refuse at once, each in one line: a missing token, broken content (before the database or
Discord is contacted), a database that cannot be used or is at a revision this build does not know.
"""

from __future__ import annotations

import argparse
import logging

from bot.cli.stderr import EXIT_FAILED, database_trouble, fail


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``run`` and ``work``."""
    sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)").set_defaults(run=cmd_run)
    sub.add_parser(
        "work",
        help="apply, draw and deliver queued clicks over Discord's REST API "
        "(needs DISCORD_TOKEN, PostgreSQL and TABLEKEEPER_WORK_QUEUE=procrastinate)",
    ).set_defaults(run=cmd_work)


def cmd_run(args: argparse.Namespace) -> int:
    """``tablekeeper run``: refuse broken content or a missing token at once, else start the bot."""
    return start("run")


def cmd_work(args: argparse.Namespace) -> int:
    """``tablekeeper work``: the same checks as ``run``, then consume the click queue."""
    return start("work")


def start(command: str) -> int:
    """Check token, content and database, then run the gateway (``run``) or a worker (``work``)."""
    from bot.settings import load_settings

    settings = load_settings()
    if not settings.discord_token:
        return fail(
            "DISCORD_TOKEN is not set. Put your bot token in the environment (export DISCORD_TOKEN=...) "
            "or in a .env file in this folder (DISCORD_TOKEN=...). No token is needed to play in the "
            "terminal: try `tablekeeper play clashofdecks`.",
            status=EXIT_FAILED,
        )
    from engines import registry

    registry.check_all()  # before the database or Discord: a broken data file stops the bot here
    import asyncio

    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.db import is_memory
    from bot.store.migrate import UnknownRevisionError, check_known, current_revision

    if is_memory(settings.database_url):  # `work` needs PostgreSQL: the settings refused it already
        return fail(
            f"Setting TABLEKEEPER_DATABASE_URL is {settings.database_url!r}: an in-memory database would "
            f"lose every game when the bot stops; for `{command}` it must be a SQLite file "
            "(sqlite+aiosqlite:///tablekeeper.db) or postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE."
        )
    try:  # the database first: a bad URL is one clear line, before Discord is ever contacted
        check_known(asyncio.run(current_revision(settings.database_url)), settings.database_url)
    except UnknownRevisionError as exc:
        return fail(str(exc), status=EXIT_FAILED)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return fail(database_trouble(settings.database_url, exc), status=EXIT_FAILED)
    from bot.discord.refusals import refusal
    from bot.service import affinity, drawing

    try:
        # The pool lives as long as the process serves clicks, and its workers stop with it; the
        # core keeper comes after it, so the workers exist to be put on the other cores.
        with drawing.started(settings.drawing_processes()), affinity.kept(settings.one_core):
            if command == "work":
                from bot.discord.worker import work

                work(settings)
            else:
                from bot.discord.run import run

                run(settings)
        # after the drawing processes ended: Discord, the clicks and the database are closed by now
        logging.getLogger("tablekeeper").info("stopped")
    except SQLAlchemyError as exc:  # the database went away between the check and the set-up
        return fail(database_trouble(settings.database_url, exc), status=EXIT_FAILED)
    except Exception as exc:
        message = refusal(exc)  # a refused token, or no way through to Discord
        if message is None:
            raise
        return fail(message, status=EXIT_FAILED)
    return 0
