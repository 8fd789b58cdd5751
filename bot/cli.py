"""The ``tablekeeper`` command: play, self-play and replay in the terminal, render, cards, run, migrate, bench

Every refusal of a game set-up (wrong game, mode, player count or option) is one line on stderr
and exit status 2, the same status argparse uses for a malformed command line. A broken content
data file stops ``run``, ``games`` and ``play`` at once: one line naming the game, the file, the
entry and the field, and exit status 1.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import sys
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from engines.core import AnyRuleset, ContentError, SetupError

if TYPE_CHECKING:  # the renderers (and Pillow) are imported only by the commands that draw
    from bot.settings import Settings  # and pydantic (a quarter second) only by those that need settings
    from render.core.renderer import Renderer

EXIT_USAGE = 2


def _version() -> str:
    """The installed package's version ("unknown" when run from a plain checkout)."""
    try:
        return metadata.version("tablekeeper")
    except metadata.PackageNotFoundError:
        return "unknown"


def _game_args(parser: argparse.ArgumentParser, mode_required: bool) -> None:
    parser.add_argument("game", help="game slug (see `tablekeeper games`)")
    mode_help = "mode name (required)" if mode_required else "mode name (default: the game's first mode)"
    parser.add_argument("--mode", required=mode_required, help=mode_help)
    parser.add_argument("--players", type=int, help="number of seats (default: the fewest the mode allows)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a table option; repeatable"
    )
    parser.add_argument(
        "--seat-option",
        action="append",
        default=[],
        metavar="SEAT:KEY=VALUE",
        help="a per-player choice such as a deck or deck code, seats counted from 1; repeatable",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every sub-command."""
    parser = argparse.ArgumentParser(
        prog="tablekeeper",
        description="Tablekeeper hosts tabletop games on Discord; these commands also work with no token.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal against bots (you are seat 1)")
    _game_args(play, mode_required=False)
    play.add_argument("--difficulty", default="normal", help="easy, normal, hard, or a bot's name")
    play.add_argument("--seed", type=int, help="deal seed (default: random, printed for replays)")
    play.add_argument(
        "--images",
        type=Path,
        metavar="DIR",
        help="write the board and hand pictures of every decision into this folder (default: none)",
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="at the end, write the game's record to this file, for `tablekeeper replay` (default: none)",
    )

    selfplay = sub.add_parser("selfplay", help="bots play whole games; one summary line")
    _game_args(selfplay, mode_required=True)
    selfplay.add_argument("--games", type=int, required=True, help="how many games")
    selfplay.add_argument("--seed", type=int, required=True, help="seed of the first game (then +1 each)")
    selfplay.add_argument("--bot", default="normal", help="easy, normal, hard, or a bot's name")
    selfplay.add_argument(
        "--save",
        type=Path,
        metavar="DIR",
        help="write each game's record into this folder, for `tablekeeper replay` (default: none)",
    )

    render = sub.add_parser("render", help="write the images of a game K random moves in")
    _game_args(render, mode_required=True)
    render.add_argument("--seed", type=int, required=True)
    render.add_argument("--steps", type=int, required=True, help="random moves to play first")
    render.add_argument("--out", type=Path, required=True, help="folder to write the PNGs into")

    sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser(
        "work",
        help="apply, draw and deliver queued clicks over Discord's REST API "
        "(needs DISCORD_TOKEN, PostgreSQL and TABLEKEEPER_WORK_QUEUE=procrastinate)",
    )
    db = sub.add_parser("db", help="database tasks")
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
    from bot import cli_copy

    cli_copy.add_parser(db_sub)
    from bot import cli_ratings

    cli_ratings.add_parser(sub)
    from bot import cli_ladder

    cli_ladder.add_parser(sub, _game_args)
    from bot import cli_replay

    cli_replay.add_parser(sub)
    from bot import cli_learn

    cli_learn.add_parser(sub)
    sub.add_parser("games", help="list the games, their modes and options")
    from bot import cli_rules

    cli_rules.add_parsers(sub)

    bench = sub.add_parser("bench", help="measure engine, render, pipeline, memory and replay figures")
    bench.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    bench.add_argument("--quick", action="store_true", help="a short run (under 3 minutes)")
    bench.add_argument("--game", help="only this game")
    bench.add_argument(
        "--scale",
        action="store_true",
        help="a busy bot instead: start-up and memory against stored tables, clicks/s for 1..N "
        "processes and drawing pools, sweeps against due deadlines, database bytes (--quick: ~1 minute)",
    )
    bench.add_argument(
        "--bots",
        action="store_true",
        help="the bots instead: CPU per decision of each game mode's hard bot at its move budget, "
        "beside the per-decision cap (--quick: one game a mode)",
    )
    # internal: `bench --scale` times start-up in a fresh process that runs this
    bench.add_argument("--startup-probe", metavar="URL", help=argparse.SUPPRESS)
    return parser


def _fail(message: str, status: int = EXIT_USAGE) -> int:
    """Print ``message`` (each of its lines) after the program's name on stderr; return ``status``."""
    for line in message.splitlines():
        print(f"tablekeeper: {line}", file=sys.stderr)
    return status


def _game(slug: str) -> AnyRuleset:
    from engines import registry

    return registry.get(slug)


def _check_content() -> None:
    """Load every game's content; a broken data file raises one ``ContentError`` (exit 1)."""
    from engines import registry

    registry.check_all()


def _renderer(slug: str) -> Renderer:
    from render import registry

    try:
        return registry.get(slug)
    except KeyError:  # the game's rules exist but its pictures are not written yet
        raise SetupError(f"{slug} has no renderer yet, so it cannot be shown; try `selfplay`.") from None


def cmd_play(args: argparse.Namespace) -> int:
    """``tablekeeper play``."""
    from bot.console.config import build_config
    from bot.console.play import Chooser, TerminalGame

    _check_content()
    ruleset = _game(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if args.images is not None and args.images.exists() and not args.images.is_dir():
        return _fail(f"--images must be a folder; {args.images} is a file.")
    if args.save is not None and args.save.is_dir():
        return _fail(f"--save must name a file; {args.save} is a folder.")
    try:
        _renderer(ruleset.slug)  # a game without pictures is refused before the deal
        game = TerminalGame(ruleset, config, seed, args.difficulty, args.images, sys.stdout, args.save)
    except ValueError as exc:  # unknown difficulty
        if isinstance(exc, SetupError):
            raise
        return _fail(str(exc))
    return game.play(Chooser(sys.stdin, sys.stdout))


def cmd_selfplay(args: argparse.Namespace) -> int:
    """``tablekeeper selfplay``."""
    from bot.console.config import build_config
    from bot.console.selfplay import selfplay

    ruleset = _game(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    if args.games < 1:
        return _fail("--games must be at least 1.")
    if args.save is not None and args.save.exists() and not args.save.is_dir():
        return _fail(f"--save must be a folder; {args.save} is a file.")
    try:
        report = selfplay(ruleset, config, args.games, args.seed, args.bot, sys.stderr, args.save)
    except ValueError as exc:
        if isinstance(exc, SetupError):
            raise
        return _fail(str(exc))
    print(report.summary(ruleset.slug, config, args.bot, args.seed))
    return 1 if report.errors else 0


def cmd_render(args: argparse.Namespace) -> int:
    """``tablekeeper render``."""
    from bot.console.config import build_config
    from bot.console.snapshot import advance, write_snapshot

    ruleset = _game(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    if args.steps < 0:
        return _fail("--steps cannot be negative.")
    if args.out.exists() and not args.out.is_dir():
        return _fail(f"--out must be a folder; {args.out} is a file.")
    state = advance(ruleset, config, args.seed, args.steps)
    if state.seq < args.steps:
        print(f"The game ended after {state.seq} moves; showing the final position.")
    stem = f"{ruleset.slug}-{config.mode}-p{config.players}-s{args.seed}-k{state.seq}"
    for path in write_snapshot(ruleset, _renderer(ruleset.slug), state, config.players, args.out, stem):
        print(path)
    return 0


def _settings() -> Settings:
    from bot.settings import load_settings

    return load_settings()


def cmd_run(args: argparse.Namespace) -> int:
    """``tablekeeper run``: refuse broken content or a missing token at once, else start the bot."""
    return _start(args, "run")


def cmd_work(args: argparse.Namespace) -> int:
    """``tablekeeper work``: the same checks as ``run``, then consume the click queue."""
    return _start(args, "work")


def _start(args: argparse.Namespace, command: str) -> int:
    """Check content, token and database, then run the gateway (``run``) or a worker (``work``)."""
    _check_content()  # before the database or Discord: a broken data file stops the bot here
    settings = _settings()
    if not settings.discord_token:
        return _fail(
            "DISCORD_TOKEN is not set. Put your bot token in the environment (export DISCORD_TOKEN=...) "
            "or in a .env file in this folder (DISCORD_TOKEN=...). No token is needed to play in the "
            "terminal: try `tablekeeper play clashofdecks`.",
            status=1,
        )
    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.db import is_memory
    from bot.store.migrate import UnknownRevisionError, check_known, current_revision

    if is_memory(settings.database_url):  # `work` needs PostgreSQL: the settings refused it already
        return _fail(
            f"Setting TABLEKEEPER_DATABASE_URL is {settings.database_url!r}: an in-memory database would "
            f"lose every game when the bot stops; for `{command}` it must be a SQLite file "
            "(sqlite+aiosqlite:///tablekeeper.db) or postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE."
        )
    try:  # the database first: a bad URL is one clear line, before Discord is ever contacted
        check_known(asyncio.run(current_revision(settings.database_url)), settings.database_url)
    except UnknownRevisionError as exc:
        return _fail(str(exc), status=1)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return _fail(_database_trouble(settings.database_url, exc), status=1)
    from bot.discord.refusals import refusal
    from bot.service import drawing

    try:
        # The pool lives as long as the process serves clicks, and its workers stop with it.
        with drawing.started(settings.drawing_processes()):
            if command == "work":
                from bot.discord.worker import work

                work(settings)
            else:
                from bot.discord.run import run

                run(settings)
        # after the drawing processes ended: Discord, the clicks and the database are closed by now
        logging.getLogger("tablekeeper").info("stopped")
    except SQLAlchemyError as exc:  # the database went away between the check and the set-up
        return _fail(_database_trouble(settings.database_url, exc), status=1)
    except Exception as exc:
        message = refusal(exc)  # a refused token, or no way through to Discord
        if message is None:
            raise
        return _fail(message, status=1)
    return 0


def _where(url: str) -> str:
    """A database URL without its credentials: everything after the last '@' (or all of it)."""
    return url.rsplit("@", 1)[-1]


def _database_trouble(url: str, exc: BaseException) -> str:
    """One line saying why the database at ``url`` cannot be used (never a traceback)."""
    reason = (
        str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        if str(exc).strip()
        else type(exc).__name__
    )
    return (
        f"cannot use the database {_where(url)}: {reason}. Check TABLEKEEPER_DATABASE_URL "
        "(sqlite+aiosqlite:///file.db or postgresql+asyncpg://user:pass@host/db) and that the server is up."
    )


def cmd_db(args: argparse.Namespace) -> int:
    """``tablekeeper db upgrade`` / ``db archive`` / ``db copy``: migrate, archive finished games, or copy."""
    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.migrate import UnknownRevisionError, upgrade_sync

    if args.db_command == "copy":  # names its own databases: no settings needed
        from bot.cli_copy import db_copy

        return db_copy(args)
    url = _settings().database_url
    if args.db_command == "archive":
        return _db_archive(args, url)
    try:
        before, after = upgrade_sync(url)
    except UnknownRevisionError as exc:
        return _fail(str(exc), status=1)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return _fail(_database_trouble(url, exc), status=1)
    if before == after:
        print(f"Database was already at {after}: {_where(url)}")
    else:
        print(f"Database migrated from {before or 'empty'} to {after}: {_where(url)}")
    return 0


def _db_archive(args: argparse.Namespace, url: str) -> int:
    """``tablekeeper db archive --days N --to DIR``: see :mod:`bot.store.archive`."""
    from sqlalchemy.exc import SQLAlchemyError

    from bot.store.archive import archive, pending
    from bot.store.db import Database

    if args.days < 0:
        return _fail(f"--days must be 0 or more, not {args.days}.")
    if not args.dry_run:
        if args.to is None:
            return _fail("Say where the archive goes with --to FOLDER (or look first with --dry-run).")
        if not args.to.is_dir():
            return _fail(f"--to {args.to} is not a folder.")
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
        return _fail(f"{path} exists already; run again in a second.", status=1)
    except PermissionError:
        return _fail(f"cannot write to {args.to}: permission denied.", status=1)
    except (SQLAlchemyError, OSError, ValueError) as exc:
        return _fail(_database_trouble(url, exc), status=1)


def cmd_games(args: argparse.Namespace) -> int:
    """``tablekeeper games``."""
    from bot.console.catalogue import describe_game
    from engines import registry

    _check_content()
    for slug in registry.slugs():
        try:
            ruleset = registry.get(slug)
        except (ImportError, AttributeError):  # a game still being written has no RULESET yet
            print(f"{slug}: not available in this build\n")
            continue
        print("\n".join(describe_game(ruleset)) + "\n")
    print("Start one with `tablekeeper play GAME [--mode MODE] [--option KEY=VALUE]`.")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """``tablekeeper cards`` (see :mod:`bot.cli_rules`)."""
    from bot.cli_rules import cmd_cards as run

    return run(args, _game)


def cmd_rules(args: argparse.Namespace) -> int:
    """``tablekeeper rules`` (see :mod:`bot.cli_rules`)."""
    from bot.cli_rules import cmd_rules as run

    return run(args, _game)


def cmd_bench(args: argparse.Namespace) -> int:
    """``tablekeeper bench``."""
    if args.startup_probe:
        return asyncio.run(_startup_probe(args.startup_probe))
    if args.scale:
        from bot.bench.scale import main as scale_main

        return scale_main(quick=args.quick, as_json=args.json)
    if args.bots:
        from bot.bench.decisions import main as bots_main

        return bots_main(quick=args.quick, as_json=args.json, game=args.game)
    from bot.bench.runner import main as bench_main

    return bench_main(quick=args.quick, as_json=args.json, game=args.game)


async def _startup_probe(url: str) -> int:
    """What ``tablekeeper run`` does before it connects to Discord, then one JSON line.

    The content check, the database check, and the bot's set-up (migrations, services, cogs);
    only the command sync, a request to Discord, is skipped. ``bench --scale`` runs this in a
    fresh process and times it from the outside, imports included; the line carries the peak
    resident memory and how many tables were loaded (none should be).
    """
    import json
    import resource
    import time

    from bot.discord.client import TablekeeperBot
    from bot.service import drawing
    from bot.settings import Settings

    imported = time.perf_counter()  # the rest is what stored tables could slow down
    _check_content()
    from bot.store.migrate import current_revision

    await current_revision(url)
    from bot.settings import load_settings

    settings = load_settings()
    bot = TablekeeperBot(Settings(database_url=url, discord_token="unused"))

    async def no_sync() -> None:
        return None

    bot.sync_commands = no_sync  # type: ignore[method-assign]  # the one request to Discord
    with drawing.started(settings.drawing_processes()) as pool:  # as `run` starts it
        await bot.setup_hook()
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KB
        setup = time.perf_counter() - imported
        print(
            json.dumps(
                {
                    "peak_rss_mb": peak_mb,
                    "cached": bot.services.runtime.cache_size,
                    "after_imports_s": setup,
                    "draw_processes": pool.size if pool is not None else 0,
                }
            ),
            flush=True,
        )
        for cog in list(bot.cogs):  # stop the timer loop before the database goes
            await bot.remove_cog(cog)
        await bot.services.close()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``tablekeeper replay`` (see :mod:`bot.cli_replay`)."""
    from bot.cli_replay import cmd_replay as run

    return run(args)


def cmd_learn(args: argparse.Namespace) -> int:
    """``tablekeeper learn GAME`` (see :mod:`bot.cli_learn`)."""
    from bot.cli_learn import cmd_learn as run

    return run(args)


def cmd_ratings(args: argparse.Namespace) -> int:
    """``tablekeeper ratings rebuild`` / ``ratings show GAME`` (see :mod:`bot.cli_ratings`)."""
    from bot.cli_ratings import cmd_ratings as run

    return run(args)


def cmd_ladder(args: argparse.Namespace) -> int:
    """``tablekeeper ladder GAME`` (see :mod:`bot.cli_ladder`)."""
    from bot.cli_ladder import cmd_ladder as run

    return run(args, _game)


COMMANDS = {
    "play": cmd_play,
    "selfplay": cmd_selfplay,
    "render": cmd_render,
    "run": cmd_run,
    "work": cmd_work,
    "db": cmd_db,
    "games": cmd_games,
    "cards": cmd_cards,
    "rules": cmd_rules,
    "bench": cmd_bench,
    "ratings": cmd_ratings,
    "ladder": cmd_ladder,
    "replay": cmd_replay,
    "learn": cmd_learn,
}


def _replace_what_cannot_be_shown() -> None:
    """Print what the terminal's encoding can show and a '?' for the rest, never an error.

    A terminal set to ASCII or Latin-1 (``LANG=C``, ``PYTHONIOENCODING=latin-1``) cannot show
    Japanese cards or a '—'; Python would stop the command with ``UnicodeEncodeError`` instead.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tablekeeper`` console script; returns the exit status."""
    _replace_what_cannot_be_shown()
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except SetupError as exc:
        return _fail(exc.message)
    except ContentError as exc:  # a broken data file: one line naming game, file, entry and field
        return _fail(str(exc), status=1)
    except ValueError as exc:
        from bot.settings import SettingsError  # imported already by the command that raised it

        if not isinstance(exc, SettingsError):
            raise
        return _fail(str(exc))  # a line per setting that is wrong
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`tablekeeper cards ... | head`): stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a folder that is a file, a file we may not read or write, a full disk
        if exc.filename:
            return _fail(f"cannot use {exc.filename}: {exc.strerror or exc}.", status=1)
        return _fail(f"{exc.strerror or exc}.", status=1)


if __name__ == "__main__":
    raise SystemExit(main())
