"""The ``tablekeeper`` command: play, self-play and replay in the terminal, render, cards, run, migrate, bench

One module per command group registers its sub-commands and runs them; this one builds the
parser from them and turns a refusal into one line. Building the parser loads only argparse and
the group modules, which import the games, the service and the database drivers inside the
command that needs them: ``--help`` or a malformed command line answers without loading any.

Every refusal of a game set-up (wrong game, mode, player count or option) is one line on stderr
and exit status 2, the same status argparse uses for a malformed command line. A broken content
data file stops ``run``, ``games`` and ``play`` at once: one line naming the game, the file, the
entry and the field, and exit status 1.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence

from bot.cli import bench, db, ladder, learn, ratings, reading, replay, serve, terminal
from bot.cli.stderr import EXIT_FAILED, EXIT_USAGE, fail


class _Version(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib import metadata

        try:
            version = metadata.version("tablekeeper")
        except metadata.PackageNotFoundError:  # run from a plain checkout
            version = "unknown"
        print(f"{parser.prog} {version}")  # on stdout, as argparse's own version action prints
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every sub-command (each carries the function that runs it as ``run``)."""
    parser = argparse.ArgumentParser(
        prog="tablekeeper",
        description="Tablekeeper hosts tabletop games on Discord; these commands also work with no token.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    terminal.add_parsers(sub)
    serve.add_parsers(sub)
    db.add_parser(sub)
    ratings.add_parser(sub)
    ladder.add_parser(sub)
    replay.add_parser(sub)
    learn.add_parser(sub)
    reading.add_parsers(sub)
    bench.add_parser(sub)
    return parser


def _replace_what_cannot_be_shown() -> None:
    """Print what the terminal's encoding can show and a '?' for the rest, never an error.

    A terminal set to ASCII or Latin-1 (``LANG=C``, ``PYTHONIOENCODING=latin-1``) cannot show
    Japanese cards or a '—'; Python would stop the command with ``UnicodeEncodeError`` instead.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def _refusal(exc: Exception) -> tuple[str, int] | None:
    """The line and exit status for an error a command may end with; None for a bug (re-raised)."""
    # The kit's and the settings' refusals are looked up among the modules already loaded: only
    # a command that loaded them can raise them, and the others need not wait for them to load.
    kit, settings = sys.modules.get("engines.core"), sys.modules.get("bot.settings")
    if kit is not None and isinstance(exc, kit.SetupError):
        return exc.message, EXIT_USAGE
    if kit is not None and isinstance(exc, kit.ContentError):  # names game, file, entry and field
        return str(exc), EXIT_FAILED
    if settings is not None and isinstance(exc, settings.SettingsError):
        return str(exc), EXIT_USAGE  # a line per setting that is wrong
    if isinstance(exc, OSError):  # a folder that is a file, a file we may not read or write, a full disk
        if exc.filename:
            return f"cannot use {exc.filename}: {exc.strerror or exc}.", EXIT_FAILED
        return f"{exc.strerror or exc}.", EXIT_FAILED
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tablekeeper`` console script; returns the exit status."""
    _replace_what_cannot_be_shown()
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`tablekeeper cards ... | head`): stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        said = _refusal(exc)
        if said is None:
            raise
        return fail(*said)
