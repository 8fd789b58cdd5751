"""Every Eternia bot explains its choice (issue 25 item 5), on either side: the same action as
``choose``, one short sentence naming the action, the same on twin states; the search bot's reason
gives what its sampled playouts found."""

from __future__ import annotations

import pytest

from engines.core import Action, GameConfig
from engines.core.search import Weighed, Weighing
from engines.eternia import RULESET
from engines.eternia.search import search_reason
from tests.engines.suggestions import label_words, suggestions_along


@pytest.mark.parametrize(
    "config",
    [
        GameConfig("versus", 2, {"scenario": "eternos_village"}),
        GameConfig("ai", 2, {"scenario": "crossroads"}),
    ],
    ids=lambda c: f"{c.mode}-{c.players}",
)
def test_every_bot_suggests_its_choice_with_a_short_true_reason(config: GameConfig) -> None:
    said = suggestions_along(RULESET, config, 2, label_words, every=6, points=12)
    assert any(name == "search" and "sampled playout" in s.reason for name, _, s in said)
    assert any(name == "greedy" and not s.reason.endswith("the only legal choice.") for name, _, s in said)


def _weighing(values: tuple[tuple[float, ...], ...], chosen: int) -> Weighing:
    candidates = tuple(Action(f"k{i}", f"Option {i}") for i in range(len(values)))
    found = Weighed(candidates[chosen], len(values[0]), 9, tuple(sum(v) for v in values))
    return Weighing(found, candidates, values)


def test_search_reason_counts_playouts_won() -> None:
    reason = search_reason(_weighing(((1000.0, 4.0), (-1000.0, 2.0)), 0))
    assert reason == "Option 0: won 1 of 2 sampled playouts; the next best (Option 1) 0."


def test_search_reason_says_the_rule_of_thumb_stays_within_the_margin() -> None:
    reason = search_reason(_weighing(((3.0, 3.0, 3.0), (3.5, 3.5, 3.5)), 0))
    assert reason.startswith("Option 0: the rule of thumb's pick; it is worth +3.0 on average over 3 sampled")
    assert reason.endswith("the best other (Option 1) +3.5.")
