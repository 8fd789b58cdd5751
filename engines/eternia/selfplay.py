"""Bot self-play for Clash for Eternia (``python -m engines.eternia.selfplay``).

Every game is dealt from its seed and played through the one game driver (``Match.play_out``), as
``tablekeeper selfplay`` plays it, so any single game can be replayed from the terminal.

- ``versus``: the search bot against greedy on each side of ``versus`` mode: search as the
  Controller against a greedy team, and a search team against a greedy Controller.
- ``ai``: the team's results against the book's AI Controller per Scenario and team size.
- ``timing``: the search bot's time per decision.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engines.core.bots import Bot, Suggestion
from engines.core.driver import Match
from engines.core.rng import Rng
from engines.core.types import Action, GameConfig, Prompt
from engines.eternia.bots import BOTS
from engines.eternia.content import content
from engines.eternia.ruleset import RULESET
from engines.eternia.state import CTRL, TEAM

#: a game that has not ended after this many moves is a bug
MAX_STEPS = 20_000


def versus_config(scenario: str, players: int) -> GameConfig:
    """``versus`` mode: seat 1 the Controller, the other ``players - 1`` seats the team."""
    return GameConfig("versus", players, {"scenario": scenario})


def ai_config(scenario: str, players: int) -> GameConfig:
    """``ai`` mode: ``players`` team seats (one Character each) against the book's AI Controller."""
    return GameConfig("ai", players, {"scenario": scenario})


def winner(game: GameConfig, seed: int, bots: dict[int, Bot]) -> str:
    """The side that wins the game dealt from ``seed`` (``team``, ``ctrl`` or ``draw``)."""
    match = Match(RULESET, game, seed)
    match.play_out(bots, max_steps=MAX_STEPS)
    return str(match.state.winner)


def seats_for(game: GameConfig, ctrl: Bot, team: Bot) -> dict[int, Bot]:
    """``ctrl`` on the Controller seat (seat 0 in ``versus``), ``team`` on every team seat."""
    if game.mode == "ai":
        return dict.fromkeys(range(game.players), team)
    return {seat: (ctrl if seat == 0 else team) for seat in range(game.players)}


def side_results(game: GameConfig, seeds: Iterable[int], ctrl: Bot, team: Bot) -> Counter[str]:
    """How the games dealt from ``seeds`` end: ``team``, ``ctrl`` or ``draw`` wins."""
    return Counter(winner(game, seed, seats_for(game, ctrl, team)) for seed in seeds)


def search_share(scenario: str, players: int, seeds: Sequence[int], side: str) -> float:
    """The search bot's share of wins playing ``side`` of ``versus`` against greedy (a draw is not a win)."""
    game = versus_config(scenario, players)
    search, greedy = BOTS["search"], BOTS["greedy"]
    ctrl, team = (search, greedy) if side == CTRL else (greedy, search)
    return side_results(game, seeds, ctrl, team)[side] / len(seeds)


def search_shares(scenario: str, players: int, seeds: Sequence[int]) -> dict[str, float]:
    """The search bot's share of wins against greedy on each side of ``versus``."""
    return {side: search_share(scenario, players, seeds, side) for side in (CTRL, TEAM)}


class Timed:
    """Wraps the search bot and records each decision's time, and which decisions were weighed.

    Both the wall-clock time and the process's CPU time are kept: on a machine shared with other
    work the CPU time is the figure that says what one decision costs.
    """

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []
        self.cpu: list[float] = []
        self.weighed: list[float] = []
        self.weighed_cpu: list[float] = []
        self.moves: list[int] = []

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The wrapped bot's choice, timed."""
        start, cpu = time.perf_counter(), time.process_time()
        action, found = self.bot.plan(view, prompt, actions, rng)
        seconds, used = time.perf_counter() - start, time.process_time() - cpu
        self.seconds.append(seconds)
        self.cpu.append(used)
        if found is not None:
            self.weighed.append(seconds)
            self.weighed_cpu.append(used)
            self.moves.append(found.moves)
        return action

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The wrapped bot's suggestion (not timed: only choices are measured)."""
        return self.bot.suggest(view, prompt, actions, rng)


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main(argv: Sequence[str] | None = None) -> None:
    """Print the search bot's shares in ``versus``, the ``ai`` table, or the search bot's timing."""
    parser = argparse.ArgumentParser(prog="python -m engines.eternia.selfplay")
    parser.add_argument("what", choices=("versus", "ai", "timing"))
    parser.add_argument("--games", type=int, default=30, help="seeds (one game each per side or cell)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--scenario", action="append", help="Scenario id (repeat; default: all)")
    parser.add_argument("--players", type=int, action="append", help="seats (repeat; default: all)")
    parser.add_argument("--bot", action="append", help="team bot for `ai` (repeat; default greedy, search)")
    parser.add_argument("--side", action="append", help="the search bot's side in `versus` (default both)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    span = f"seeds {args.seed}..{args.seed + args.games - 1}"
    scenarios = args.scenario or list(content().scenarios)
    if args.what == "versus":
        for scenario in scenarios:
            for players in args.players or [2, 3, 4, 5]:
                for side in args.side or [CTRL, TEAM]:
                    won = search_share(scenario, players, seeds, side)
                    print(
                        f"versus {scenario} {players} seats ({span}): search as {side} wins {won:.3f}",
                        flush=True,
                    )
    elif args.what == "ai":
        for scenario in scenarios:
            for players in args.players or [1, 2, 3, 4]:
                for name in args.bot or ["greedy", "search"]:
                    got = side_results(ai_config(scenario, players), seeds, BOTS["greedy"], BOTS[name])
                    print(
                        f"ai {scenario} {players} team {name} ({span}): team {got[TEAM]}, "
                        f"AI {got[CTRL]}, draw {got['draw']}",
                        flush=True,
                    )
    else:
        timed = Timed(BOTS["search"])
        for scenario in scenarios:
            for players in args.players or [2]:
                game = versus_config(scenario, players)
                for seed in seeds:
                    side_results(game, [seed], timed, BOTS["greedy"])
                    side_results(game, [seed], BOTS["greedy"], timed)
        for label, times in (
            ("every decision, wall", timed.seconds),
            ("every decision, CPU", timed.cpu),
            ("weighed decisions, wall", timed.weighed),
            ("weighed decisions, CPU", timed.weighed_cpu),
        ):
            ms = [t * 1000 for t in times]
            print(
                f"search bot, {label}: {len(ms)} ({span}), median {statistics.median(ms):.0f} ms, "
                f"p95 {percentile(ms, 0.95):.0f} ms, max {max(ms):.0f} ms"
            )
        moves = timed.moves
        print(f"playout moves per weighed decision: median {statistics.median(moves):.0f}, max {max(moves)}")


if __name__ == "__main__":
    main()
