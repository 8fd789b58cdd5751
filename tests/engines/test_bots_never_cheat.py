"""DESIGN "Bots": a bot sees only its own seat's View, so it cannot cheat — held for every level.

At points of a random game of every game and mode, the game's twin builder deals a second state
that differs from the first only in what the asked seat may not know (other hands, deck order,
others' sealed picks, the dice). Every bot level of the game, given the same generator, must
make the same choice on both: a bot that peeked at anything hidden (through a shared cache, a
reference to the state, a global) would sooner or later choose differently.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines import registry
from engines.core import AnyRuleset, Bot, GameConfig, RandomBot, Rng
from engines.core.driver import DIFFICULTIES, Match, bot_for
from tests.cases import every_mode

#: decision points compared per game and mode (a search bot's decision costs up to a second)
POINTS = 3
#: moves between two compared decisions
EVERY = 11


def _choice(ruleset: AnyRuleset, bot: Bot, state: Any, seat: int) -> str:
    """The key of what ``bot`` plays for ``seat`` in ``state``, from the seat's View (fixed dice)."""
    view = ruleset.view(state, seat)
    return bot.choose(view, ruleset.prompts(state)[seat], ruleset.legal_actions(state, seat), Rng(7)).key


@pytest.mark.parametrize(("slug", "mode", "players"), every_mode())
def test_every_bot_level_chooses_the_same_on_states_its_seat_cannot_tell_apart(
    slug: str, mode: str, players: int
) -> None:
    """Issue 25 item 4: a decision never depends on what the seat may not know, at every level."""
    ruleset = registry.get(slug)
    bots = {level: bot_for(ruleset, level) for level in (*DIFFICULTIES, *ruleset.bots())}
    match = Match(ruleset, GameConfig(mode, players), 3)
    twin_rng = Rng(0x7141)
    compared = differing = 0
    while match.asked() and compared < POINTS:
        state, seat = match.state, match.asked()[-1]
        twin = ruleset.twin(match.state, seat, twin_rng)
        match.advance(RandomBot(), steps=EVERY)
        if twin is None:
            continue
        compared += 1
        differing += ruleset.encode(twin) != ruleset.encode(state)
        for level, bot in bots.items():
            mine, theirs = (_choice(ruleset, bot, s, seat) for s in (state, twin))
            assert mine == theirs, f"seq {state.seq}: the {level} bot chose {mine}, {theirs} on its twin"
    assert compared > 0 and differing > 0, f"{slug} {mode}: no decision with a differing twin was compared"


def test_the_check_catches_a_bot_that_peeks_at_the_true_state() -> None:
    """The comparison can fail: a bot that reaches the true state (here through a view that
    keeps a reference to it) chooses differently on twins."""
    from tests.engines.core.tinygame import TinyRules

    peeked: list[object] = []

    class Leaky(TinyRules):
        def _view(self, state, viewer):  # type: ignore[no-untyped-def]
            peeked.append(state)
            return super()._view(state, viewer)

    class Peeking(RandomBot):
        def choose(self, view, prompt, actions, rng):  # type: ignore[no-untyped-def]
            deck = peeked[-1].deck  # type: ignore[attr-defined]
            return actions[int(deck[0].split("-")[0]) % len(actions)]

    rules = Leaky()
    match = Match(rules, GameConfig("race", 2), 1)
    state, seat = match.state, match.asked()[0]
    twin_rng = Rng(5)
    chosen = {
        _choice(rules, Peeking(), s, seat)
        for s in (state, *(rules.twin(state, seat, twin_rng) for _ in range(8)))
    }
    assert len(chosen) > 1
