"""Every HackClad bot explains its choice: the same choice as ``choose``, one short sentence that
names the card or choice it makes, and nothing a twin state (hidden cards dealt afresh) changes."""

from __future__ import annotations

import pytest

from engines.core import GameConfig, Rng
from engines.core.bots import Suggestion
from engines.hackclad import RULESET as R
from engines.hackclad.cards import card_of
from engines.hackclad.content import content
from engines.hackclad.state import HackState
from tests.engines.hackclad.test_search import positions


def _named(state: HackState, suggestion: Suggestion) -> bool:
    """Whether the reason names the card played, the mission taken, or the choice's own words."""
    action, reason = suggestion
    if action.label.split(": ")[0][:20] in reason:
        return True
    if action.card:
        return card_of(state, action.card).name in reason
    if action.key.startswith("m."):
        return content().missions[action.key[2:]].title in reason
    if action.key == "end":
        return reason.startswith("Ends the turn")
    if action.key == "pass":
        return reason.startswith("Takes the hit")
    if action.key.startswith("cp."):
        return "CP" in reason
    return action.label[:20] in reason or reason.startswith(("Keeps the deck", "Spends CP"))


def _check(bot_name: str, config: GameConfig, seed: int, every: int) -> int:
    explain = R.bots()[bot_name].suggest  # type: ignore[attr-defined]
    choose = R.bots()[bot_name].choose
    checked = 0
    for k, (state, seat, view) in enumerate(positions(config, seed, every)):
        prompt, actions = R.prompts(state)[seat], R.legal_actions(state, seat)
        said = explain(view, prompt, actions, Rng(k))
        assert said.action == choose(view, prompt, actions, Rng(k))
        assert 0 < len(said.reason) <= 160, said
        if bot_name != "random":  # the kit's random bot says only that it picked at random
            assert _named(state, said), said
        twin = R.twin(state, seat, Rng(50 + k))
        if twin is not None:
            again = explain(R.view(twin, seat), R.prompts(twin)[seat], R.legal_actions(twin, seat), Rng(k))
            assert again == said
        checked += 1
    return checked


@pytest.mark.parametrize("bot_name", ["random", "witch"])
@pytest.mark.parametrize(
    "config", [GameConfig("basic", 3), GameConfig("solo", 1), GameConfig("team", 2)], ids=lambda c: c.mode
)
def test_cheap_bots_explain_every_kind_of_choice(bot_name: str, config: GameConfig) -> None:
    assert _check(bot_name, config, 7, every=1) > 60


def test_the_search_bot_explains_with_its_playouts_numbers() -> None:
    assert _check("search", GameConfig("basic", 2), 9, every=11) > 8


def test_a_search_reason_gives_the_choice_its_result_and_the_runner_up() -> None:
    bot = R.bots()["search"]
    for k, (state, seat, view) in enumerate(positions(GameConfig("basic", 2), 4, every=5)):
        prompt, actions = R.prompts(state)[seat], R.legal_actions(state, seat)
        if view.asking_kind != "turn" or len(actions) < 4:
            continue
        said = bot.suggest(view, prompt, actions, Rng(k))  # type: ignore[attr-defined]
        if "sampled futures" in said.reason:
            assert "VP against the best rival" in said.reason and "next best" in said.reason
            return
    pytest.fail("no turn was weighed")


def test_the_witch_bot_says_where_a_move_takes_it() -> None:
    for k, (state, seat, view) in enumerate(positions(GameConfig("basic", 2), 3)):
        prompt, actions = R.prompts(state)[seat], R.legal_actions(state, seat)
        said = R.bots()["witch"].suggest(view, prompt, actions, Rng(k))  # type: ignore[attr-defined]
        if said.action.key.startswith("bm."):
            assert any(f"{where} the Clad's next attack" in said.reason for where in ("out of", "in"))
            return
    pytest.fail("the witch bot never moved")
