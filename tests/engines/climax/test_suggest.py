"""Every climax bot explains its choice (issue 25 item 5), in English or in Japanese as the table
plays: the same action as ``choose``, one short sentence naming the action, the same on twin
states; the search bot's reason gives what its sampled playouts found."""

from __future__ import annotations

from typing import Any

import pytest

from engines.climax import RULESET
from engines.climax.bots import BOTS, Greedy, Search, explain
from engines.climax.reasons import search_reason
from engines.climax.state import Job
from engines.core import Action, GameConfig, Prompt, Rng
from engines.core.search import Weighed, Weighing
from tests.engines.climax.helpers import stage, start, table
from tests.engines.suggestions import label_words, suggestions_along

#: hiragana and katakana: a Japanese reason is written in them
KANA = range(0x3040, 0x3100)


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.slow), "ja"])
def test_every_bot_suggests_its_choice_with_a_short_true_reason(lang: str) -> None:
    config = GameConfig("duel", 2, {"lang": lang})
    said = suggestions_along(RULESET, config, 3, label_words, every=9, points=8)
    sampled = "sampled playouts" if lang == "en" else "回の試行"
    assert any(name == "search" and sampled in s.reason for name, _, s in said), "the search weighed nothing"
    if lang == "ja":
        japanese = all(any(ord(ch) in KANA for ch in s.reason) for _, _, s in said)
        assert japanese, "a reason was not in Japanese"


def _attack_table(lang: str) -> tuple[Any, Prompt, list[Action]]:
    state = table()
    state.lang = lang
    stage(state, 0, 0, "Y10")  # level 2, 7500
    stage(state, 1, 0, "G02")  # a plain 3000
    start(state, Job(kind="attack", seat=0))
    return RULESET.view(state, 0), RULESET.prompts(state)[0], RULESET.legal_actions(state, 0)


def test_greedy_reason_gives_the_battle_it_wins() -> None:
    view, prompt, actions = _attack_table("en")
    chosen, reason = Greedy().suggest(view, prompt, actions, Rng(1))
    assert chosen.key == "f.0"
    assert reason == f"{chosen.label}: 7500 power against 3000, it wins the battle."


def test_greedy_reason_is_in_japanese_for_a_japanese_table() -> None:
    view, prompt, actions = _attack_table("ja")
    chosen = Greedy().choose(view, prompt, actions, Rng(1))
    assert explain(view, prompt, chosen, actions) == f"{chosen.label}：パワー7500対3000でバトルに勝つ。"


def _weighing(values: tuple[tuple[float, ...], ...], chosen: int) -> Weighing:
    candidates = tuple(Action(f"k{i}", f"Option {i}") for i in range(len(values)))
    found = Weighed(candidates[chosen], len(values[0]), 99, tuple(sum(v) for v in values))
    return Weighing(found, candidates, values)


def test_search_reason_counts_playouts_won_in_either_language() -> None:
    weighing = _weighing(((1000.0, 1000.0, -3.0), (-1000.0, 2.0, 1.0)), 0)
    english = "Option 0: won 2 of 3 sampled playouts; the next best (Option 1) 0."
    assert search_reason(weighing, "en") == english
    assert search_reason(weighing, "ja") == "Option 0：3回の試行で2勝。次点（Option 1）は0勝。"


def test_search_reason_gives_the_average_beside_the_next_best() -> None:
    reason = search_reason(_weighing(((1.0, 2.0), (3.0, 4.0)), 1), "en")
    assert reason.startswith("Option 1: scores +3.5 on average over 2 sampled playouts")
    assert reason.endswith("the next best (Option 0) +1.5.")


def test_search_suggestion_is_its_choice_where_it_weighs() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 7)
    greedy = BOTS["greedy"]
    while (prompts := RULESET.prompts(state)) and next(iter(prompts.values())).kind != "attack":
        seat = next(iter(prompts))
        actions = RULESET.legal_actions(state, seat)
        action = greedy.choose(RULESET.view(state, seat), prompts[seat], actions, Rng(3))
        state = RULESET.apply(state, seat, action).state
    seat, prompt = next(iter(prompts.items()))
    view, actions = RULESET.view(state, seat), RULESET.legal_actions(state, seat)
    bot = Search(samples=2, budget=10**9)
    suggestion = bot.suggest(view, prompt, actions, Rng(5))
    assert suggestion.action == bot.choose(view, prompt, actions, Rng(5))
    assert "2 sampled playouts" in suggestion.reason
