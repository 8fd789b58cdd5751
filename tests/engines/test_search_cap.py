"""The thinking cap (issue 25 item 2): under a cap every game's hard bot stops its search after
the first sampled world and still plays one of its legal choices; without it, it weighs more."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import GameConfig, RandomBot
from engines.core.driver import Match, bot_for
from engines.core.search import capped
from tests.engines.searches import ticks, worlds_met


def _hard_choices(slug: str, decisions: int) -> list[bool]:
    """Whether each of the hard bot's first ``decisions`` choices (seat 0, random rivals) was legal."""
    ruleset = registry.get(slug)
    mode = ruleset.modes[0]
    match = Match(ruleset, ruleset.resolve_config(GameConfig(mode.name, min(mode.players), {})), 3)
    hard, rival = bot_for(ruleset, "hard"), RandomBot()
    legal: list[bool] = []
    while len(legal) < decisions and match.asked():
        seat = match.asked()[0]
        if seat != 0:
            match.advance({seat: rival}, steps=1)
            continue
        choices = match.choices(0)
        action = match.bot_choice(0, hard)
        legal.append(action in choices)
        match.apply(0, action)
    return legal


@pytest.mark.parametrize("slug", registry.slugs())
def test_under_a_tiny_cap_the_hard_bot_weighs_one_world_and_plays_a_legal_choice(
    slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    met = worlds_met(monkeypatch)
    with capped(ticks(), 1e-9):
        legal = _hard_choices(slug, 12)
    assert legal and all(legal)
    assert met and set(met) == {1}


def test_without_a_cap_the_same_searches_weigh_more_than_one_world(monkeypatch: pytest.MonkeyPatch) -> None:
    met = worlds_met(monkeypatch)
    _hard_choices("climax", 4)
    assert met and max(met) > 1
