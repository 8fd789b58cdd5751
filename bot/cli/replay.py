"""``tablekeeper replay FILE``: step through a game record in the terminal, or write its pictures.

Anything it cannot replay is one line on stderr and exit status 2, never a traceback; the file
is read and checked by :mod:`bot.cli.records`, the stepping is :mod:`bot.console.replay`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.stderr import EXIT_USAGE, fail


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay``."""
    replay = sub.add_parser(
        "replay",
        help="step through a game record or an archived game, or write its pictures (--out)",
    )
    replay.add_argument(
        "file",
        type=Path,
        help="a record (.json: /table export, selfplay --save) or an archive (.jsonl.gz: db archive)",
    )
    replay.add_argument("--table", type=int, metavar="ID", help="the game to replay from an archive file")
    who = replay.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help="also show seat N's private side (from 1)")
    who.add_argument("--hands", action="store_true", help="also show every seat's private side")
    replay.add_argument("--lang", metavar="LANG", help="en or ja, for a game written in both")
    replay.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write every step's picture, the animation and the review chart here instead of stepping",
    )
    replay.add_argument(
        "--steps-only",
        action="store_true",
        help="with --out: only the steps' pictures (the animation and the review take seconds)",
    )
    replay.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Run ``tablekeeper replay``; one line on stderr and status 2 for anything it cannot replay."""
    from bot.cli.records import Refused, prepare, read_record, write_out

    try:
        record = read_record(args.file, args.table)
        if record is None:  # an archive of several games listed, none picked
            return EXIT_USAGE
        replay, game = prepare(record, args.seat, args.hands, args.lang)
    except Refused as refused:
        return fail(str(refused))
    if args.out is not None:
        return write_out(replay, game, args.out, args.lang, extras=not args.steps_only)
    if args.steps_only:
        return fail("--steps-only goes with --out DIR.")
    mode = replay.ruleset.mode(record.config.mode).title
    source = record.source or f"seed {record.seed}"
    print(
        f"{replay.ruleset.title}, {mode}: {', '.join(replay.names)} ({source}); "
        f"steps 0 (the deal) to {replay.timeline.steps}."
    )
    return replay.run(sys.stdin, sys.stdout)
