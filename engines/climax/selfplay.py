"""Bot self-play for the climax bots and deck balance (``python -m engines.climax.selfplay``).

Every game is dealt from its seed and played through the one game driver (``Match.play_out``), as
``tablekeeper selfplay`` plays them, so each figure can be checked from the terminal: deck A's share
against deck B over seeds s..s+n-1 is the CLI's ``wins=P1`` with ``--seat-option 1:deck=A
--seat-option 2:deck=B`` plus its ``wins=P2`` with the two seat options swapped, over 2n games.

A *deal* is one seed played twice, once from each seat order, so neither the random first player
nor a lucky shuffle favours one side of a comparison.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

from engines.climax.content import catalog
from engines.climax.ruleset import RULESET
from engines.core.bots import Bot, Suggestion
from engines.core.driver import Match
from engines.core.rng import Rng
from engines.core.types import Action, GameConfig, Prompt

#: a game that has not ended after this many moves is a bug (the CLI's self-play limit)
MAX_STEPS = 20_000


def config(first: str = "auto", second: str = "auto") -> GameConfig:
    """A duel with these ready-made decks (``auto``: the seat's default deck)."""
    seats: list[dict[str, str | int | bool]] = [{} if d == "auto" else {"deck": d} for d in (first, second)]
    return GameConfig("duel", 2, {}, tuple(seats))


def winner(game: GameConfig, seed: int, bots: Mapping[int, Bot]) -> int:
    """The seat that wins the game dealt from ``seed`` with ``bots[seat]`` in each seat."""
    outcome = Match(RULESET, game, seed).play_out(bots, max_steps=MAX_STEPS)
    return outcome.winners[0]


def deck_share(deck: str, other: str, seeds: Iterable[int], bot: Bot) -> float:
    """``deck``'s share of wins against ``other``, ``bot`` on both sides, each seed from both seats."""
    wins = games = 0
    for seed in seeds:
        for seat in (0, 1):
            game = config(deck, other) if seat == 0 else config(other, deck)
            wins += winner(game, seed, {0: bot, 1: bot}) == seat
            games += 1
    return wins / games


def deck_matrix(seeds: Iterable[int], bot: Bot) -> dict[tuple[str, str], float]:
    """Row deck's share against column deck for every pair of ready-made decks (both seat orders
    are in each cell, so a cell and its mirror add up to 1)."""
    seeds = list(seeds)
    table: dict[tuple[str, str], float] = {}
    for a, b in combinations([d.id for d in catalog().decks], 2):
        table[(a, b)] = deck_share(a, b, seeds, bot)
        table[(b, a)] = 1 - table[(a, b)]
    return table


def bot_share(strong: Bot, weak: Bot, seeds: Iterable[int], game: GameConfig | None = None) -> float:
    """``strong``'s share of wins against ``weak``, each seed played once from each seat."""
    game = game or config()
    wins = games = 0
    for seed in seeds:
        for seat in (0, 1):
            wins += winner(game, seed, {seat: strong, 1 - seat: weak}) == seat
            games += 1
    return wins / games


def seat_shares(seeds: Iterable[int], bot: Bot, game: GameConfig | None = None) -> tuple[float, float]:
    """Each seat's share of wins with ``bot`` in both seats (default: both seats ``auto``)."""
    game = game or config()
    seeds = list(seeds)
    first = sum(winner(game, seed, {0: bot, 1: bot}) == 0 for seed in seeds) / len(seeds)
    return first, 1 - first


class Timed:
    """Wraps a bot and records how long each of its decisions takes (seconds), and which of them
    the search bot weighs by sampling (more than one action, of a kind it searches)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []
        self.searched: list[float] = []

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The wrapped bot's choice, timed."""
        from engines.climax.bots import SEARCHED

        start = time.perf_counter()
        action = self.bot.choose(view, prompt, actions, rng)
        seconds = time.perf_counter() - start
        self.seconds.append(seconds)
        if len(actions) > 1 and prompt.kind in SEARCHED:
            self.searched.append(seconds)
        return action

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The wrapped bot's suggestion (not timed: only choices are measured)."""
        return self.bot.suggest(view, prompt, actions, rng)


def decision_times(bot: Bot, opponent: Bot, seeds: Iterable[int]) -> Timed:
    """``bot``'s decisions timed over each seed from both seats (``auto`` decks)."""
    timed = Timed(bot)
    for seed in seeds:
        for seat in (0, 1):
            bots: dict[int, Bot] = {seat: timed, 1 - seat: opponent}
            Match(RULESET, config(), seed).play_out(bots, max_steps=MAX_STEPS)
    return timed


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def format_matrix(table: Mapping[tuple[str, str], float]) -> str:
    """The matrix as a Markdown table: row deck's share of wins against the column deck."""
    decks = [d.id for d in catalog().decks]
    lines = ["| row deck \\ column deck | " + " | ".join(decks) + " |", "|---" * (len(decks) + 1) + "|"]
    for a in decks:
        cells = ("–" if a == b else f"{table[(a, b)]:.2f}" for b in decks)
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the deck matrix (``matrix``), the search bot against greedy (``search``), the seat
    shares with the default decks (``seats``) or the search bot's time per decision (``timing``)."""
    from engines.climax.bots import BOTS

    parser = argparse.ArgumentParser(prog="python -m engines.climax.selfplay")
    parser.add_argument("what", choices=("matrix", "search", "seats", "timing"))
    parser.add_argument(
        "--deals", type=int, default=100, help="seeds, each played from both seats (seats: once)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.deals)
    span = f"seeds {args.seed}..{args.seed + args.deals - 1}"
    if args.what == "matrix":
        print(f"deck matrix, greedy on both sides, {span}, both seat orders ({2 * args.deals} games a cell)")
        print(format_matrix(deck_matrix(seeds, BOTS["greedy"])))
    elif args.what == "search":
        share = bot_share(BOTS["search"], BOTS["greedy"], seeds)
        print(f"search vs greedy: {share:.3f} of {2 * args.deals} games ({span}, both seats, auto decks)")
    elif args.what == "seats":  # one game a seed here, as `tablekeeper selfplay` plays them
        first, second = seat_shares(seeds, BOTS["greedy"])
        print(f"auto decks, greedy both seats, {args.deals} games ({span}): P1 {first:.3f}, P2 {second:.3f}")
    else:
        timed = decision_times(BOTS["search"], BOTS["greedy"], seeds)
        for label, times in (("every decision", timed.seconds), ("searched decisions", timed.searched)):
            ms = [t * 1000 for t in times]
            median, p95 = statistics.median(ms), percentile(ms, 0.95)
            print(
                f"search bot, {label}: {len(ms)} ({span}, both seats), "
                f"median {median:.0f} ms, p95 {p95:.0f} ms, max {max(ms):.0f} ms"
            )


if __name__ == "__main__":
    main()
