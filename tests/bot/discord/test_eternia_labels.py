"""Eternia's choice labels fit Discord whole: a button holds 80 characters, a select option 100.

Discord cuts a longer label mid-word, so every label the engine offers must already fit. Whole
seeded games of both modes are played and every offered label is checked (a few games by default,
every seat count and more seeds in the slow set).
"""

from __future__ import annotations

import pytest

from bot.discord import ids
from bot.discord.layout import BUTTON_LABEL, OPTION_TEXT, units
from engines.core import GameConfig, Rng
from engines.core.driver import bot_for
from engines.eternia import RULESET
from engines.eternia.labels import LABEL_MAX, labelled

BIGGEST_TABLE = 10**18  # a snowflake-sized table id


def _check_labels(mode: str, seats: int, seed: int, max_steps: int = 4000) -> int:
    """Play one random game, checking every offered action; returns how many actions were checked."""
    state = RULESET.setup(GameConfig(mode, seats, {}), seed)
    rng, bot = Rng(seed), bot_for(RULESET, "random")
    checked = 0
    for _ in range(max_steps):
        if RULESET.outcome(state) is not None:
            break
        seat, prompt = min(RULESET.prompts(state).items())
        offered = RULESET.legal_actions(state, seat)
        for action in offered:
            assert units(action.label) <= BUTTON_LABEL <= OPTION_TEXT, action.label
            assert not action.label.endswith(("…", ":", ",")), f"{action.label!r} reads as cut"
            assert units(action.group) <= OPTION_TEXT, action.group
            assert len(ids.action_id(BIGGEST_TABLE, "f" * 10, seat, action.key)) <= ids.MAX_ID
        checked += len(offered)
        state = RULESET.apply(state, seat, bot.choose(None, prompt, offered, rng)).state
    return checked


@pytest.mark.parametrize(("mode", "seats"), [("versus", 3), ("ai", 2)])
def test_every_eternia_label_fits_a_discord_button(mode: str, seats: int) -> None:
    assert sum(_check_labels(mode, seats, seed) for seed in (1, 2)) > 300


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "seats"), [("versus", 2), ("versus", 4), ("versus", 5), ("ai", 1), ("ai", 3), ("ai", 4)]
)
def test_every_eternia_label_fits_a_discord_button_over_many_games(mode: str, seats: int) -> None:
    for seed in range(3, 15):
        _check_labels(mode, seats, seed)


def test_a_long_label_loses_asides_then_its_lead_in_then_its_last_clauses() -> None:
    """Shortened by whole clauses only while too long; a label that fits is left as it is."""
    assert labelled("Hurl (1 Power)", "Attack Boost: push 2.") == "Hurl (1 Power): Attack Boost: push 2."
    spawn = "Action: spawn He-Man on Battle Cat (a mounted Elite Minion, two spaces) next to you."
    assert labelled("Use Ride Battle Cat (3 Power)", spawn) == (
        "Use Ride Battle Cat (3 Power): Action: spawn He-Man on Battle Cat next to you."
    )
    daze = "At the start of an Enemy Character's Activation: that Character is Dazed."
    assert labelled("Play Sapping Curse (1 Battle Plan Power)", daze) == (
        "Play Sapping Curse (1 Battle Plan Power): that Character is Dazed."
    )
    blast = "Ranged Attack, 3 dice, against the target and every Enemy within 1 of it; Dazes on a Hit."
    assert labelled("Unlock Magical Mishap", blast) == "Unlock Magical Mishap: Ranged Attack, 3 dice"
    assert labelled("Wait", "x" * 200) == "Wait"  # no clause to keep: the name alone
    assert all(len(labelled("Play Iron Will", "word " * n)) <= LABEL_MAX for n in range(40))
