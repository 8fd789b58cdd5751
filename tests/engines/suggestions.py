"""The checks every game's bot suggestions must pass (issue 25 item 5), shared by the games' tests.

Along a game the game's own bots play, at regular points, every bot level is asked for a
suggestion: it must be the very action ``choose`` picks with the same dice, its reason one
sentence of at most 160 characters that names something the action is about (a card, a target,
the action itself), and the same on a twin state the seat cannot tell apart (a reason built from
anything hidden would sooner or later differ).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engines.core import AnyRuleset, GameConfig, Rng
from engines.core.bots import Suggestion
from engines.core.driver import Match
from engines.core.types import Action

#: the most a reason may say
LIMIT = 160

#: ``names(view, action)``: words a reason about ``action`` may name (one must appear)
Names = Callable[[Any, Action], Iterable[str]]


def label_words(view: Any, action: Action) -> list[str]:
    """The action's label, and its first word (a reason may say "Passes" for "Pass (...)")."""
    return [action.label, action.label.split()[0].rstrip(":")]


def suggestions_along(
    ruleset: AnyRuleset,
    config: GameConfig,
    seed: int,
    names: Names,
    *,
    driver: str = "greedy",
    every: int = 7,
    points: int = 6,
    twin_seed: int = 0x5EED,
) -> list[tuple[str, str, Suggestion]]:
    """Check every bot's suggestion at ``points`` decisions of a game ``driver`` plays; what each said.

    Returns (bot name, prompt kind, suggestion) for each bot at each point, for tests that look at
    what was said.
    """
    bots: Mapping[str, Any] = ruleset.bots()  # ``suggest`` joins the Bot protocol once every game has it
    match = Match(ruleset, config, seed)
    twin_rng = Rng(twin_seed)
    said: list[tuple[str, str, Suggestion]] = []
    checked = 0
    while match.asked() and checked < points:
        state, seat = match.state, match.asked()[-1]
        prompt = ruleset.prompts(state)[seat]
        actions = ruleset.legal_actions(state, seat)
        view = ruleset.view(state, seat)
        twin = ruleset.twin(state, seat, twin_rng)
        for name, bot in bots.items():
            suggestion = bot.suggest(view, prompt, actions, Rng(11))
            chosen = bot.choose(view, prompt, actions, Rng(11))
            where = f"{name} at seq {state.seq} ({prompt.kind})"
            assert suggestion.action == chosen, (
                f"{where}: suggested {suggestion.action.key}, chose {chosen.key}"
            )
            reason = suggestion.reason
            assert reason.strip() and "\n" not in reason, f"{where}: empty or multi-line reason {reason!r}"
            assert len(reason) <= LIMIT, f"{where}: {len(reason)} characters: {reason}"
            if name != "random":  # the random bot's reason is that it chose at random
                wanted = [w for w in names(view, chosen) if w]
                assert any(w.lower() in reason.lower() for w in wanted), (
                    f"{where}: {reason!r} names none of {wanted}"
                )
            if twin is not None:
                twin_view, twin_actions = ruleset.view(twin, seat), ruleset.legal_actions(twin, seat)
                again = bot.suggest(twin_view, prompt, twin_actions, Rng(11))
                assert again == suggestion, f"{where}: {suggestion} but {again} on its twin"
            said.append((name, prompt.kind, suggestion))
        checked += 1
        match.advance(bots[driver], steps=every)
    assert checked == points, f"the game ended after {checked} checked decisions"
    return said
