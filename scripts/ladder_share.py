"""How often one bot level beats another in the ladder's own games, counted game by game in deal order.

Run from the repository root (slow at five and six seats: run it under ``nice -n 19``)::

    python scripts/ladder_share.py arclash --players 6 --deals 40 --levels normal,hard --jobs 2

It plays exactly the games ``tablekeeper ladder GAME --players P --games D --levels A,B`` plays
(the ladder's ``Pairing``: deals 1 to D, each from both sides, the same bots and seeds through the
one driver), but prints each game as it finishes, in deal order, with the running share for the
second level. A run cut short therefore still reports the first games in deal order, which is how
the README's figures for long runs on a loaded machine are taken. A level beats the other as the
ladder judges it: its best seat finishes above the other's best. The CPU time per decision is the
ladder's own (``time.process_time`` around ``choose``, decisions with two choices or more), printed
for the second level: per game, the median and the longest; at the end, over every game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from dataclasses import dataclass

from bot.console.ladder import Pairing, play
from engines.core import GameConfig


@dataclass(frozen=True)
class Game:
    """One game's result for the level measured: won or not, and its CPU seconds a decision."""

    seed: int
    levels: tuple[str, str]
    won: bool
    thinking: tuple[float, ...]


def one(job: tuple[Pairing, str]) -> Game:
    """Play one ladder game and say whether the level ``strong`` beat the other."""
    pairing, strong = job
    played = play(pairing)
    mine = pairing.levels.index(strong)
    won = played.places[mine] < played.places[1 - mine]
    return Game(pairing.seed, (pairing.levels[0], pairing.levels[1]), won, played.thinking[mine])


def main(argv: list[str] | None = None) -> int:
    """Play the pairings in deal order and print each game and the running share."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--mode", default="")
    parser.add_argument("--deals", type=int, default=40, help="deals 1..N, each from both sides")
    parser.add_argument("--first", type=int, default=1, help="the first deal")
    parser.add_argument("--levels", default="normal,hard", help="weaker,stronger")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    weak, strong = args.levels.split(",")
    mode = args.mode or _first_mode(args.game)
    config = GameConfig(mode, args.players)
    jobs = [
        (Pairing(args.game, config, seed, levels), strong)
        for seed in range(args.first, args.first + args.deals)
        for levels in ((weak, strong), (strong, weak))
    ]
    wins = played = 0
    every: list[float] = []
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs) as pool:
        for game in pool.imap(one, jobs):
            played += 1
            wins += game.won
            every.extend(game.thinking)
            median = statistics.median(game.thinking) if game.thinking else 0.0
            longest = max(game.thinking, default=0.0)
            print(
                f"deal {game.seed} {','.join(game.levels)}: {strong} {'wins' if game.won else 'loses'}; "
                f"{wins} of {played} ({wins / played:.0%}); {strong}'s CPU a decision "
                f"{median * 1000:.0f} / {longest * 1000:.0f} ms",
                flush=True,
            )
    if every:
        print(
            f"{strong} beats {weak} in {wins} of {played} games; CPU a decision, median "
            f"{statistics.median(every) * 1000:.0f} ms, longest {max(every) * 1000:.0f} ms "
            f"({len(every)} decisions)"
        )
    return 0


def _first_mode(slug: str) -> str:
    from engines import registry

    return registry.get(slug).modes[0].name


if __name__ == "__main__":
    sys.exit(main())
