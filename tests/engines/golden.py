"""Golden transcripts: a game played to its end by a bot, and the file stored beside its test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engines.core import Action, AnyRuleset, Bot, Prompt, Rng, Step


def stored(path: Path, text: str, update: str) -> str:
    """The transcript stored at ``path``; ``text`` is written there first when the file is missing or
    the environment variable ``update`` is set (after an intended rules or content change)."""
    if os.environ.get(update) or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path.read_text(encoding="utf-8")


def played(ruleset: AnyRuleset, state: Any, bot: Bot, rng: Rng) -> Iterator[tuple[Prompt, Action, Step]]:
    """Each move of a game ``bot`` plays to its end from ``state`` (the lowest seat asked moves first):
    the prompt, the answer and the step it made; the last step holds the final state."""
    while prompts := ruleset.prompts(state):
        seat = min(prompts)
        action = bot.choose(ruleset.view(state, seat), prompts[seat], ruleset.legal_actions(state, seat), rng)
        step = ruleset.apply(state, seat, action)
        yield prompts[seat], action, step
        state = step.state
