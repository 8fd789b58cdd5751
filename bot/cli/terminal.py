"""``tablekeeper play``, ``selfplay`` and ``render``: games in the terminal, bots' games, pictures.

The game is looked up before anything else loads, so a misspelt game is refused at once; the
console, the service and the renderers are imported only by the command that goes on to use them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.stderr import fail

if TYPE_CHECKING:
    from engines.core import AnyRuleset
    from render.core.renderer import Renderer


def game_args(parser: argparse.ArgumentParser, mode_required: bool) -> None:
    """The arguments that name a game set-up: game, mode, players, table and seat options."""
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


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play``, ``selfplay`` and ``render``."""
    play = sub.add_parser("play", help="play a game in the terminal against bots (you are seat 1)")
    game_args(play, mode_required=False)
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
    play.set_defaults(run=cmd_play)

    selfplay = sub.add_parser("selfplay", help="bots play whole games; one summary line")
    game_args(selfplay, mode_required=True)
    selfplay.add_argument("--games", type=int, required=True, help="how many games")
    selfplay.add_argument("--seed", type=int, required=True, help="seed of the first game (then +1 each)")
    selfplay.add_argument("--bot", default="normal", help="easy, normal, hard, or a bot's name")
    selfplay.add_argument(
        "--save",
        type=Path,
        metavar="DIR",
        help="write each game's record into this folder, for `tablekeeper replay` (default: none)",
    )
    selfplay.set_defaults(run=cmd_selfplay)

    render = sub.add_parser("render", help="write the images of a game K random moves in")
    game_args(render, mode_required=True)
    render.add_argument("--seed", type=int, required=True)
    render.add_argument("--steps", type=int, required=True, help="random moves to play first")
    render.add_argument("--out", type=Path, required=True, help="folder to write the PNGs into")
    render.set_defaults(run=cmd_render)


def renderer(slug: str) -> Renderer:
    """The game's picture maker; a game whose pictures are not written yet is refused in one line."""
    from engines.core import SetupError
    from render import registry

    try:
        return registry.get(slug)
    except KeyError:  # the game's rules exist but its pictures are not written yet
        raise SetupError(f"{slug} has no renderer yet, so it cannot be shown; try `selfplay`.") from None


def checked_game(slug: str) -> AnyRuleset:
    """The game named ``slug``, after every game's content is checked (a broken file: exit 1)."""
    from engines import registry

    registry.require(slug)  # a misspelt game is refused before the content check's second or two
    registry.check_all()
    return registry.get(slug)


def cmd_play(args: argparse.Namespace) -> int:
    """``tablekeeper play``."""
    from engines.core import SetupError

    ruleset = checked_game(args.game)
    from bot.console.config import build_config
    from bot.console.play import Chooser, TerminalGame

    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if args.images is not None and args.images.exists() and not args.images.is_dir():
        return fail(f"--images must be a folder; {args.images} is a file.")
    if args.save is not None and args.save.is_dir():
        return fail(f"--save must name a file; {args.save} is a folder.")
    try:
        renderer(ruleset.slug)  # a game without pictures is refused before the deal
        game = TerminalGame(ruleset, config, seed, args.difficulty, args.images, sys.stdout, args.save)
    except ValueError as exc:  # unknown difficulty
        if isinstance(exc, SetupError):
            raise
        return fail(str(exc))
    return game.play(Chooser(sys.stdin, sys.stdout))


def cmd_selfplay(args: argparse.Namespace) -> int:
    """``tablekeeper selfplay``."""
    from bot.console.config import build_config
    from bot.console.selfplay import selfplay
    from engines import registry
    from engines.core import SetupError

    ruleset = registry.get(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    if args.games < 1:
        return fail("--games must be at least 1.")
    if args.save is not None and args.save.exists() and not args.save.is_dir():
        return fail(f"--save must be a folder; {args.save} is a file.")
    try:
        report = selfplay(ruleset, config, args.games, args.seed, args.bot, sys.stderr, args.save)
    except ValueError as exc:
        if isinstance(exc, SetupError):
            raise
        return fail(str(exc))
    print(report.summary(ruleset.slug, config, args.bot, args.seed))
    return 1 if report.errors else 0


def cmd_render(args: argparse.Namespace) -> int:
    """``tablekeeper render``."""
    from bot.console.config import build_config
    from bot.console.snapshot import advance, write_snapshot
    from engines import registry

    ruleset = registry.get(args.game)
    config = build_config(ruleset, args.mode, args.players, args.option, args.seat_option)
    if args.steps < 0:
        return fail("--steps cannot be negative.")
    if args.out.exists() and not args.out.is_dir():
        return fail(f"--out must be a folder; {args.out} is a file.")
    state = advance(ruleset, config, args.seed, args.steps)
    if state.seq < args.steps:
        print(f"The game ended after {state.seq} moves; showing the final position.")
    stem = f"{ruleset.slug}-{config.mode}-p{config.players}-s{args.seed}-k{state.seq}"
    for path in write_snapshot(ruleset, renderer(ruleset.slug), state, config.players, args.out, stem):
        print(path)
    return 0
