"""Game states to measure with: random legal play from seeds, sampled across whole games."""

from __future__ import annotations

import itertools
from typing import Any

from engines.core import AnyRuleset, GameConfig, RandomBot
from engines.core.driver import Match
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.types import OptionValue


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


def bench_config(ruleset: AnyRuleset, mode: str, lang: str | None = None) -> GameConfig:
    """The config a mode is measured with: its most seats (the biggest board), defaults, ``lang`` if any."""
    spec = ruleset.mode(mode)
    options: dict[str, OptionValue] = {LANGUAGE_OPTION: lang} if lang is not None else {}
    return ruleset.resolve_config(GameConfig(mode, max(spec.players), options))


def bench_cases(ruleset: AnyRuleset) -> list[tuple[str, str | None]]:
    """(mode, language) pairs to measure: each mode, in each language of a game that has several.

    Pictures and text cost differently per language (Japanese is drawn from other fonts), so each
    language is measured; a game with one language is measured once per mode, as always.
    """
    several = len(ruleset.languages) > 1
    return [
        (mode.name, lang)
        for mode in ruleset.modes
        for lang in (ruleset.languages if several and mode.option_spec(LANGUAGE_OPTION) else (None,))
    ]


_FIRST = ("Ada", "Bram", "Cleo", "Dario", "Elin", "Farid", "Gwen", "Hiro", "Ines", "Jonas", "Kemal", "Lior")
_LAST = ("Quill", "Rowan", "Sato", "Tamsin", "Ulrich", "Vance", "Wren", "Xu", "Yates", "Zorin")


class Names:
    """Display names never handed out before in this process (a prefix keeps warm-up apart)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.count = itertools.count(1)

    def __call__(self) -> str:
        """The next new name."""
        n = next(self.count)
        return f"{self.prefix}{_FIRST[n % len(_FIRST)]} {_LAST[n // len(_FIRST) % len(_LAST)]}{n}"

    def seats(self, players: int) -> tuple[str, ...]:
        """New names for every seat of one table."""
        return tuple(self() for _ in range(players))
