"""Raw placeholders never reach people: every text the table or a seat is shown names players.

Engines and renderers write seats as ``{P1}``; the service fills in display names. Over random
games of every registered game and mode (the final result included) no public or private text
may still hold a ``{P…}`` placeholder or fall back to "Player N" when every seat has a name.
"""

from __future__ import annotations

import re

import pytest

from bot.service.delivery import build_public, seat_update
from engines import registry
from engines.core import GameConfig, RandomBot, Rng
from tests.bot.service.test_secret_filter import CASES, loaded_table

RAW = re.compile(r"\{P\d\}|\bPlayer \d\b")


def _texts(slug: str, mode: str, state: object, players: int) -> list[str]:
    loaded = loaded_table(slug, mode, state, players)
    public = build_public(loaded)
    texts = [public.text, *public.narration, *(p.line for p in public.asked)]
    if public.outcome is not None:
        texts.append(public.outcome.reason)
    for row in loaded.seats:
        update = seat_update(loaded, row)
        texts.append(update.text)
        if update.prompt is not None:
            texts.append(update.prompt.text)
    return texts


@pytest.mark.parametrize(("slug", "mode", "players"), CASES)
def test_no_placeholder_or_player_number_reaches_the_screen(slug: str, mode: str, players: int) -> None:
    ruleset = registry.get(slug)
    state = ruleset.setup(GameConfig(mode, players), 5)
    rng, bot = Rng(5), RandomBot()
    for step in range(3000):
        prompts = ruleset.prompts(state)
        if step % 25 == 0 or not prompts:
            for text in _texts(slug, mode, state, players):
                assert not RAW.search(text), f"{slug} {mode} step {step}: {text!r}"
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        action = bot.choose(ruleset.view(state, seat), prompts[seat], ruleset.legal_actions(state, seat), rng)
        state = ruleset.apply(state, seat, action).state
    assert ruleset.outcome(state) is not None
