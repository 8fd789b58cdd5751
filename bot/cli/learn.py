"""``tablekeeper learn GAME``: a guided first game in the terminal (see :mod:`bot.console.learn`)."""

from __future__ import annotations

import argparse
import sys

from bot.cli.stderr import fail
from bot.cli.terminal import checked_game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``learn``."""
    learn = sub.add_parser(
        "learn",
        help="a guided first game against a scripted opponent, with the rules explained as they come up",
    )
    learn.add_argument("game", help="game slug (see `tablekeeper games`)")
    learn.add_argument("--lang", metavar="LANG", help="en or ja, for a game written in both")
    learn.set_defaults(run=cmd_learn)


def cmd_learn(args: argparse.Namespace) -> int:
    """Play the game's tutorial from the standard input; one line and status 2 if there is none."""
    ruleset = checked_game(args.game)  # an unknown game: a SetupError, one line from main
    from bot.console.learn import learn_game
    from bot.console.play import Chooser
    from engines.core.tutorial import has_tutorial

    if not has_tutorial(ruleset):
        return fail(f"{ruleset.title} has no tutorial yet; `tablekeeper rules {ruleset.slug}` explains it.")
    if args.lang is not None and args.lang.split("-")[0].lower() not in ruleset.languages:
        spoken = ", ".join(ruleset.languages)
        return fail(f"{ruleset.title} is written in {spoken}, not {args.lang!r}.")
    game = learn_game(ruleset, args.lang, sys.stdout)
    return game.play(Chooser(sys.stdin, sys.stdout))
