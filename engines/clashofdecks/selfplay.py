"""Bot self-play for measuring bots and deck balance (``python -m engines.clashofdecks.selfplay``)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.clashofdecks.ruleset import RULESET
from engines.core.bots import Bot
from engines.core.driver import Match
from engines.core.types import GameConfig

MAX_STEPS = 3000
#: self-play turns on the designed sudden-death option so bot mirror matches cannot stall forever
SUDDEN_DEATH = 40


def play(config: GameConfig, seed: int, bots: Sequence[Bot]) -> tuple[int, ...]:
    """Play one game with ``bots[seat]`` in each seat; return the winning seats."""
    match = Match(RULESET, config, seed)
    match.advance(dict(enumerate(bots)), steps=MAX_STEPS)
    outcome = match.outcome()
    return outcome.winners if outcome else ()


def win_rate(
    strong: Bot, weak: Bot, seeds: Sequence[int], decks: tuple[str, str] = ("auto", "auto")
) -> float:
    """Share of duels ``strong`` wins against ``weak``, each seed played once from each seat."""
    wins = games = 0
    for seed in seeds:
        for strong_seat in (0, 1):
            seat_decks = decks if strong_seat == 0 else (decks[1], decks[0])
            config = GameConfig(
                "duel", 2, {"sudden_death": SUDDEN_DEATH}, ({"deck": seat_decks[0]}, {"deck": seat_decks[1]})
            )
            bots = (strong, weak) if strong_seat == 0 else (weak, strong)
            winners = play(config, seed, bots)
            wins += strong_seat in winners
            games += 1
    return wins / games


def deck_matrix(bot: Bot, seeds: Sequence[int]) -> dict[tuple[str, str], float]:
    """Win rate of each preconstructed deck against each other one, the same bot on both sides."""
    from engines.clashofdecks.content import catalog

    decks = [d.id for d in catalog().decks]
    table: dict[tuple[str, str], float] = {}
    for a in decks:
        for b in decks:
            if a == b:
                continue
            wins = games = 0
            for seed in seeds:
                for a_seat in (0, 1):
                    pair = (a, b) if a_seat == 0 else (b, a)
                    config = GameConfig(
                        "duel", 2, {"sudden_death": SUDDEN_DEATH}, ({"deck": pair[0]}, {"deck": pair[1]})
                    )
                    wins += a_seat in play(config, seed, (bot, bot))
                    games += 1
            table[(a, b)] = wins / games
    return table


def main() -> None:
    """Print the bot ladder and the deck balance matrix."""
    from engines.clashofdecks.bots import BOTS

    seeds = range(1, 101)
    print("tactician vs random:", win_rate(BOTS["tactician"], BOTS["random"], seeds))
    print("greedy vs random:", win_rate(BOTS["greedy"], BOTS["random"], seeds))
    print("tactician vs greedy:", win_rate(BOTS["tactician"], BOTS["greedy"], seeds))
    table = deck_matrix(BOTS["tactician"], range(1, 51))
    decks = sorted({a for a, _ in table}, key=lambda d: [a for a, _ in table].index(d))
    print("row deck win rate vs column deck (tactician both sides):")
    print(" " * 12 + "".join(f"{d:>12}" for d in decks))
    for a in decks:
        print(f"{a:>12}" + "".join(f"{'-':>12}" if a == b else f"{table[(a, b)]:>12.2f}" for b in decks))


if __name__ == "__main__":
    main()
