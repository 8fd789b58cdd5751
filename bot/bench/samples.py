"""Game states to measure with: random legal play from seeds, sampled across whole games."""

from __future__ import annotations

from typing import Any

from engines.core import AnyRuleset, GameConfig, RandomBot
from engines.core.driver import Match


def random_game(ruleset: AnyRuleset, config: GameConfig, seed: int, max_steps: int = 20_000) -> list[Any]:
    """Every state of one random game (setup first, final last)."""
    match = Match(ruleset, config, seed)
    states = [match.state]
    match.advance(
        RandomBot(), steps=max_steps, random_order=True, on_step=lambda *_: states.append(match.state)
    )
    return states


def spread(states: list[Any], count: int) -> list[Any]:
    """``count`` states evenly spaced through a game (early, middle and late positions)."""
    if len(states) <= count:
        return list(states)
    step = (len(states) - 1) / (count - 1) if count > 1 else 0
    return [states[round(i * step)] for i in range(count)]


def sample_states(
    ruleset: AnyRuleset,
    config: GameConfig,
    count: int,
    per_game: int = 8,
    first_seed: int = 1,
) -> list[Any]:
    """``count`` states from several random games (seeds from ``first_seed`` on), ``per_game`` from each."""
    samples: list[Any] = []
    seed = first_seed
    while len(samples) < count:
        samples.extend(spread(random_game(ruleset, config, seed), per_game))
        seed += 1
    return samples[:count]


def bench_config(ruleset: AnyRuleset, mode: str) -> GameConfig:
    """The config a mode is measured with: its largest seat count (the biggest board) and defaults."""
    spec = ruleset.mode(mode)
    return ruleset.resolve_config(GameConfig(mode, max(spec.players)))
