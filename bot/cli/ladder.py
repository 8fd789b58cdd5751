"""``tablekeeper ladder GAME``: every bot level against every other, rated (see :mod:`bot.console.ladder`)."""

from __future__ import annotations

import argparse
import json
import sys

from bot.cli.stderr import fail
from bot.cli.terminal import game_args


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``ladder``."""
    ladder = sub.add_parser(
        "ladder",
        help="play every bot level against every other (seat-balanced) and rate them",
    )
    game_args(ladder, False)
    ladder.add_argument(
        "--games", type=int, default=20, help="deals per pair of levels (each played from both sides)"
    )
    ladder.add_argument("--seed", type=int, default=1, help="the first deal's seed (then +1 each)")
    ladder.add_argument("--jobs", type=int, default=0, help="processes to play on (default: one a core)")
    ladder.add_argument(
        "--levels",
        help="only these levels, comma-separated (for example normal,hard); default: every level",
    )
    ladder.add_argument("--json", action="store_true", help="print the figures as JSON")
    ladder.set_defaults(run=cmd_ladder)


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run the ladder and print it."""
    from bot.console import ladder
    from bot.console.config import build_config
    from engines import registry

    ruleset = registry.get(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    if args.games < 1:
        return fail("--games must be at least 1.")
    levels = ladder.levels_of(ruleset)
    if args.levels:
        chosen = [level.strip() for level in args.levels.split(",") if level.strip()]
        unknown = [level for level in chosen if level not in levels]
        if unknown or not chosen:
            listed = ", ".join(levels)
            print(f"tablekeeper: --levels takes some of: {listed} (comma-separated).", file=sys.stderr)
            return 2
        levels = [level for level in levels if level in chosen]
    pairs = list(ladder.pairings(ruleset.slug, config, levels, range(args.seed, args.seed + args.games)))
    played = ladder.run(pairs, args.jobs or ladder.default_jobs())
    summary = ladder.summarize(ruleset, config, levels, played)
    summary["command"] = (
        " ".join(["tablekeeper", "ladder", *sys.argv[2:]]) if sys.argv[1:2] == ["ladder"] else ""
    )
    summary["games"] = len(played)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print("\n".join(ladder.text(summary)))
    return 0
