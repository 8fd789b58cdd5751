"""Bots choose an action from what their own seat can see; they cannot cheat.

A bot is any object with ``choose(view, prompt, actions, rng) -> Action``. ``actions`` are the
seat's legal actions (derived only from information that seat has). ``rng`` is a generator the
caller owns; bots never touch the game's RNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engines.core.rng import Rng
from engines.core.types import Action, Prompt


class Bot(Protocol):
    """Anything that can pick one of the legal actions for its seat."""

    name: str

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every real bot must beat."""

    name = "random"

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick any legal action."""
        return rng.choice(actions)
