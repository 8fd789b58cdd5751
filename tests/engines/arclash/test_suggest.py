"""Every Arclash bot explains its choice (issue 25 item 5): the same action as ``choose``, one short
sentence naming the card it plays or takes, the same on twin states; the search bot's reason gives
what its sampled playouts found."""

from __future__ import annotations

from typing import Any

import pytest

from engines.arclash import RULESET
from engines.arclash.bots import GreedyBot
from engines.arclash.content import catalogue
from engines.arclash.reasons import search_reason
from engines.arclash.search import SearchBot, decided
from engines.core import Action, GameConfig, Prompt, Rng
from engines.core.bots import REASON_LIMIT as LIMIT
from engines.core.search import Weighed, Weighing
from tests.engines.suggestions import label_words, suggestions_along


def names(view: Any, action: Action) -> list[str]:
    """The action's label and the name of the card it plays, pays with or takes."""
    known = {c.iid: c.id for c in view.hand}
    design = known.get(action.card) if action.card else str(action.params[0]) if action.params else None
    return [*label_words(view, action), catalogue()[design].name if design else ""]


@pytest.mark.parametrize("players", [2, 4])
def test_every_bot_suggests_its_choice_with_a_short_true_reason(players: int) -> None:
    said = suggestions_along(RULESET, GameConfig("standard", players), 5, names, every=5, points=8)
    weighed = [s.reason for name, _, s in said if name == "search" and "sampled playout" in s.reason]
    assert weighed, "the search bot weighed none of the decisions it was asked about"


def test_greedy_reason_names_the_power_it_compared() -> None:
    state = RULESET.setup(GameConfig("standard", 2), 9)
    seat = 0
    view = RULESET.view(state, seat)
    prompt = RULESET.prompts(state)[seat]
    actions = RULESET.legal_actions(state, seat)
    chosen, reason = GreedyBot().suggest(view, prompt, actions, Rng(1))
    power = catalogue()[str(chosen.params[0])].power
    assert prompt.kind == "opening" and f"{power} power" in reason and "strongest" in reason


def _weighing(values: tuple[tuple[float, ...], ...], chosen: int) -> Weighing:
    candidates = tuple(Action(f"k{i}", f"Option {i}") for i in range(len(values)))
    totals = tuple(sum(v) for v in values)
    found = Weighed(candidates[chosen], len(values[0]), 99, totals)
    return Weighing(found, candidates, values)


def test_search_reason_counts_the_playouts_won_when_games_end_in_them() -> None:
    reason = search_reason(_weighing(((100.0, 101.0, -2.0), (-100.0, 3.0, 1.0)), 0))
    assert reason == "Option 0: won 2 of 3 sampled playouts; the next best (Option 1) 0."


def test_search_reason_gives_the_average_lead_and_the_next_best() -> None:
    reason = search_reason(_weighing(((1.0, 2.0), (3.0, 4.0), (0.0, 0.5)), 1))
    assert reason.startswith("Option 1: scores +3.5 on average over 2 sampled playouts")
    assert reason.endswith("; the next best (Option 0) +1.5.")


@pytest.mark.parametrize("other", [1.2, 1.0])
def test_search_reason_says_when_the_rule_of_thumb_was_kept_within_the_margin_or_a_tie(other: float) -> None:
    reason = search_reason(_weighing(((1.0, 1.0), (other, other)), 0))
    assert "rule of thumb's pick" in reason and "+1.0" in reason and f"{other:+.1f}." in reason
    assert len(reason) <= LIMIT


def test_search_suggestion_is_its_choice_at_a_weighed_decision() -> None:
    state = RULESET.setup(GameConfig("standard", 2), 4)
    bot = SearchBot(RULESET, worlds=2)
    while (prompts := RULESET.prompts(state)) and next(iter(prompts.values())).kind != "support":
        seat = min(prompts)
        action = GreedyBot().choose(
            RULESET.view(state, seat), prompts[seat], RULESET.legal_actions(state, seat), Rng(1)
        )
        state = RULESET.apply(state, seat, action).state
    seat, prompt = next(iter(prompts.items()))
    assert isinstance(prompt, Prompt)
    view, actions = RULESET.view(state, seat), RULESET.legal_actions(state, seat)
    suggestion = bot.suggest(view, prompt, actions, Rng(3))
    assert suggestion.action == bot.choose(view, prompt, actions, Rng(3))
    assert "2 sampled playouts" in suggestion.reason or len(actions) == 1


def test_search_reason_counts_the_playouts_won_at_six_seats_where_a_win_adds_the_target() -> None:
    # From five seats on a won playout scores its lead plus the target (15), far under 100.
    won, unfinished = 15 - 9 + 0.3 + 15, 14 + 1.2  # the best an unfinished playout can score
    reason = search_reason(_weighing(((won, unfinished), (unfinished, -20.0)), 0), decided(6, 15))
    assert reason == "Option 0: won 1 of 2 sampled playouts; the next best (Option 1) 0."
