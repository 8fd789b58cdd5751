"""The bots' ladder: every bot level of a game against every other, seat-balanced, rated.

``tablekeeper ladder GAME`` answers "how much stronger is hard than normal?" with games, not
opinions. For each pair of levels it plays the same deals twice, once from each side (the first
level on the first side, then the sides swapped), through the one game driver, so neither
level gains from sitting first or from a lucky deal. Every game rates the two levels with
openskill (the model the players' ratings use), and the head-to-head counts say who won how often.

Modes where the seats play against the rules' own opponent (the Clad, the AI kingdoms, the AI
Controller) have no head-to-head: there each level plays every seat against the automaton over
the same deals, and its mean result (wins, and the mean score where the game keeps one) is shown
with twice its standard error, the noise a difference must beat.

Games run in worker processes, one a core; a game's result depends only on its deal and the two
levels, so the figures are the same however many processes play them. Each level's CPU time per
decision (choices of two or more actions) is shown too: what its strength costs.
"""

from __future__ import annotations

import itertools
import math
import os
import statistics
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engines import registry
from engines.core import Action, AnyRuleset, GameConfig, Outcome, Prompt, Rng
from engines.core.bots import Bot, Suggestion
from engines.core.driver import Match, bot_for, bot_name

#: the difficulties players choose, and the bots they stand for in a game
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Pairing:
    """One game of the ladder: which level sits on which side, for which deal."""

    slug: str
    config: GameConfig
    seed: int
    levels: tuple[str, ...]  # the level of each side, in side order


@dataclass(frozen=True)
class Played:
    """What one game gave: the sides' places (0 first; equal places tie) and each side's score."""

    pairing: Pairing
    places: tuple[int, ...]
    won: tuple[bool, ...]
    scores: tuple[float, ...]
    #: in a mode against the rules' opponent: the seats beat it (as ratings count it)
    beat_rules: bool = False
    #: the game keeps scores (not every game does: then only wins count)
    scored: bool = False
    #: each level's CPU seconds per decision that had more than one choice
    thinking: tuple[tuple[float, ...], ...] = ()


class Timed:
    """A bot whose choices are timed in CPU seconds (only where there was something to choose)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """The wrapped bot's choice, timed."""
        started = time.process_time()
        action = self.bot.choose(view, prompt, actions, rng)
        if len(actions) > 1:
            self.seconds.append(time.process_time() - started)
        return action

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The wrapped bot's suggestion (not timed: the ladder only asks for choices)."""
        return self.bot.suggest(view, prompt, actions, rng)


def levels_of(ruleset: AnyRuleset) -> list[str]:
    """The game's distinct bot levels, weakest first (two difficulties may share one bot)."""
    found: dict[str, str] = {}
    for level in LEVELS:
        found.setdefault(bot_name(ruleset, level), level)
    return list(found.values())


def sides_of(ruleset: AnyRuleset, config: GameConfig) -> tuple[tuple[int, ...], ...]:
    """The sides the seats play on (teams, else each seat alone)."""
    return ruleset.teams(config)


def head_to_head(ruleset: AnyRuleset, config: GameConfig) -> bool:
    """Whether the seats play against each other (two sides or more), so levels meet head to head.

    A mode where every seat is on one side plays only the rules' own opponent (the AI kingdoms,
    the AI Controller, the Clad alone with one witch): there each level's mean result counts.
    """
    return len(sides_of(ruleset, config)) >= 2


def play(pairing: Pairing) -> Played:
    """Play one ladder game to its end (in a worker process)."""
    ruleset = registry.get(pairing.slug)
    sides = sides_of(ruleset, pairing.config)
    timed = {
        seat: Timed(bot_for(ruleset, pairing.levels[index % len(pairing.levels)]))
        for index, side in enumerate(sides)
        for seat in side
    }
    match = Match(ruleset, pairing.config, pairing.seed)
    outcome = match.play_out(dict(timed))
    beat = (
        bool(ruleset.mode(pairing.config.mode).automata)
        and ruleset.automaton_result(pairing.config, outcome) < 0
    )
    # Sides take the levels in turn (a, b, a, b... in a free-for-all), so each level's seats are
    # the union of its sides: its place is its best seat's, as ratings count a team.
    count = len(pairing.levels)
    mine = [
        tuple(seat for i, side in enumerate(sides) if i % count == k for seat in side) for k in range(count)
    ]
    thinking = tuple(tuple(t for seat in seats for t in timed[seat].seconds) for seats in mine)
    return Played(
        pairing, *_placed(outcome, mine), beat_rules=beat, scored=bool(outcome.scores), thinking=thinking
    )


def _placed(
    outcome: Outcome, sides: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[float, ...]]:
    """Each level's place (its best seat's group in the ranking), whether it won, and its score."""
    place_of = {seat: place for place, group in enumerate(outcome.ranking) for seat in group}
    worst = len(outcome.ranking)
    places = tuple(min(place_of.get(seat, worst) for seat in side) for side in sides)
    won = tuple(any(seat in outcome.winners for seat in side) for side in sides)
    scores = tuple(float(sum(outcome.scores.get(seat, 0) for seat in side)) for side in sides)
    return places, won, scores


@dataclass
class HeadToHead:
    """Two levels' games against each other: wins each way and ties."""

    first: str
    second: str
    first_wins: int = 0
    second_wins: int = 0
    ties: int = 0

    @property
    def games(self) -> int:
        """Games played between the two."""
        return self.first_wins + self.second_wins + self.ties

    def share(self, level: str) -> float:
        """``level``'s share of the games, a tie counting half."""
        wins = self.first_wins if level == self.first else self.second_wins
        return (wins + self.ties / 2) / self.games if self.games else 0.0


@dataclass
class Mean:
    """A level's results against the rules' opponent: wins and scores, game by game."""

    level: str
    wins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @staticmethod
    def spread(values: Sequence[float]) -> tuple[float, float]:
        """(mean, twice the standard error) of ``values``."""
        if not values:
            return 0.0, 0.0
        mean = sum(values) / len(values)
        if len(values) < 2:
            return mean, 0.0
        variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
        return mean, 2 * math.sqrt(variance / len(values))


def pairings(slug: str, config: GameConfig, levels: Sequence[str], seeds: Sequence[int]) -> Iterator[Pairing]:
    """Every game of the ladder: competitive modes pair levels both ways; others play each level alone."""
    ruleset = registry.get(slug)
    if not head_to_head(ruleset, config):
        for level, seed in itertools.product(levels, seeds):
            yield Pairing(slug, config, seed, (level,))
        return
    for (a, b), seed in itertools.product(itertools.combinations(levels, 2), seeds):
        yield Pairing(slug, config, seed, (a, b))
        yield Pairing(slug, config, seed, (b, a))


def run(pairs: Sequence[Pairing], jobs: int) -> list[Played]:
    """Play ``pairs`` on ``jobs`` processes (1: in this one); results in the order given."""
    if jobs <= 1:
        return [play(p) for p in pairs]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play, pairs, chunksize=max(1, len(pairs) // (jobs * 8))))


def default_jobs() -> int:
    """One process a core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def summarize(
    ruleset: AnyRuleset, config: GameConfig, levels: Sequence[str], games: Sequence[Played]
) -> dict[str, Any]:
    """The ladder's figures as plain data: ratings and head-to-head, or each level's mean result."""
    from bot.service.rating import MODEL, shown

    summary: dict[str, Any] = {
        "game": ruleset.slug,
        "mode": config.mode,
        "players": config.players,
        "levels": {level: bot_name(ruleset, level) for level in levels},
    }
    summary["thinking"] = thinking(levels, games)
    if not head_to_head(ruleset, config):
        means = {level: Mean(level) for level in levels}
        for game in games:
            mean = means[game.pairing.levels[0]]
            mean.wins.append(1.0 if game.beat_rules else 0.0)
            mean.scores.append(sum(game.scores) / len(game.scores))
        summary["against"] = ruleset.mode(config.mode).automata
        summary["scored"] = any(game.scored for game in games)
        summary["results"] = [
            {
                "level": level,
                "games": len(m.wins),
                "win_rate": Mean.spread(m.wins)[0],
                "win_rate_noise": Mean.spread(m.wins)[1],
                "mean_score": Mean.spread(m.scores)[0],
                "mean_score_noise": Mean.spread(m.scores)[1],
            }
            for level, m in means.items()
        ]
        return summary
    ratings = {level: MODEL.rating(name=level) for level in levels}
    pairs = {(a, b): HeadToHead(a, b) for a, b in itertools.combinations(levels, 2)}
    for game in games:
        a, b = game.pairing.levels
        key = (a, b) if (a, b) in pairs else (b, a)
        h2h = pairs[key]
        # More than two sides (a free-for-all): the levels sit alternately, and a level's place
        # is its best seat's, so "beats" means one of its seats finished above all of the other's.
        place_a = min(game.places[0::2])
        place_b = min(game.places[1::2])
        if place_a == place_b:
            h2h.ties += 1
        elif (place_a < place_b) == (a == h2h.first):
            h2h.first_wins += 1
        else:
            h2h.second_wins += 1
        new_a, new_b = MODEL.rate([[ratings[a]], [ratings[b]]], ranks=[place_a, place_b])
        ratings[a], ratings[b] = new_a[0], new_b[0]
    # The central estimate and its interval on the scale players see (``shown`` with no doubt
    # left); "shown" is the cautious number a bots' board would show after these games.
    summary["ratings"] = [
        {
            "level": level,
            "rating": shown(r.mu, 0.0),
            "interval": [shown(r.mu - 2 * r.sigma, 0.0), shown(r.mu + 2 * r.sigma, 0.0)],
            "shown": shown(r.mu, r.sigma),
            "mu": r.mu,
            "sigma": r.sigma,
        }
        for level, r in ratings.items()
    ]
    summary["head_to_head"] = [
        {
            "levels": [h.first, h.second],
            "games": h.games,
            "wins": [h.first_wins, h.second_wins],
            "ties": h.ties,
            "share": h.share(h.second),  # the stronger-listed (later) level's share
        }
        for h in pairs.values()
    ]
    return summary


def thinking(levels: Sequence[str], games: Sequence[Played]) -> list[dict[str, Any]]:
    """Each level's CPU time per decision over ``games``: how many, the median and the longest (ms)."""
    seconds: dict[str, list[float]] = {level: [] for level in levels}
    for game in games:
        for level, times in zip(game.pairing.levels, game.thinking, strict=False):
            seconds[level].extend(times)
    return [
        {
            "level": level,
            "decisions": len(times),
            "median_ms": 1000 * statistics.median(times) if times else 0.0,
            "max_ms": 1000 * max(times, default=0.0),
        }
        for level, times in seconds.items()
    ]


def _thinking_lines(summary: dict[str, Any]) -> list[str]:
    """The CPU time per decision of each level that decided anything."""
    rows = [row for row in summary.get("thinking", []) if row["decisions"]]
    if not rows:
        return []
    lines = ["CPU time per decision (decisions with two choices or more):"]
    for row in rows:
        lines.append(
            f"  {row['level']:<7} median {row['median_ms']:.1f} ms, max {row['max_ms']:.1f} ms"
            f" over {row['decisions']} decisions"
        )
    return lines


def text(summary: dict[str, Any]) -> list[str]:
    """The ladder as lines for the terminal."""
    names = summary["levels"]
    head = f"ladder game={summary['game']} mode={summary['mode']} players={summary['players']}"
    lines = [head, "levels: " + ", ".join(f"{level} = {bot}" for level, bot in names.items())]
    if "results" in summary:
        lines.append(
            f"each level plays every seat against {summary['against']}; ± is twice the standard error"
        )
        for row in summary["results"]:
            wins = f"wins {row['win_rate']:.0%} ± {row['win_rate_noise']:.0%}"
            score = f"mean score {row['mean_score']:.1f} ± {row['mean_score_noise']:.1f}"
            lines.append(
                f"  {row['level']:<7} games={row['games']:<4} {wins}"
                + (f"  {score}" if summary["scored"] else "")
            )
        return [*lines, *_thinking_lines(summary)]
    lines.append("ratings (openskill, on the players' scale; the interval is two standard deviations):")
    for row in sorted(summary["ratings"], key=lambda r: -r["mu"]):
        low, high = row["interval"]
        lines.append(f"  {row['level']:<7} {row['rating']:>5}  [{low}..{high}]")
    lines.append("head to head (seat-balanced: each deal from both sides):")
    for row in summary["head_to_head"]:
        weak, strong = row["levels"]
        lines.append(
            f"  {strong} beats {weak} in {row['share']:.0%} of {row['games']} games "
            f"({row['wins'][1]}-{row['wins'][0]}, {row['ties']} tied)"
        )
    return [*lines, *_thinking_lines(summary)]
