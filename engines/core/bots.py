"""Bots choose an action from what their own seat can see; they cannot cheat.

A bot is any object with ``choose(view, prompt, actions, rng) -> Action``. ``actions`` are the
seat's legal actions (derived only from information that seat has). ``rng`` is a generator the
caller owns; bots never touch the game's RNG.

A bot also explains itself: ``suggest(view, prompt, actions, rng) -> Suggestion`` is the same
choice as ``choose`` with one short sentence a player understands saying why ("attacks the left
lane: the fort there has 2 health left"). Hints and game reviews show it. The reason is built
from the same View and numbers the bot weighed, never from anything the seat cannot see, and in
the game's language where the View carries one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from engines.core.rng import Rng
from engines.core.types import Action, Prompt

#: the most characters a bot's reason may have
REASON_LIMIT = 160


def clip(text: str) -> str:
    """``text`` cut to :data:`REASON_LIMIT` characters (an ellipsis marks a cut)."""
    return text if len(text) <= REASON_LIMIT else text[: REASON_LIMIT - 1].rstrip() + "…"


class Suggestion(NamedTuple):
    """A bot's choice with its reason: one short sentence for the player it advises."""

    action: Action
    reason: str


class Bot(Protocol):
    """Anything that can pick one of the legal actions for its seat."""

    name: str

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick one of ``actions``."""
        ...

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The same choice as :meth:`choose`, with its reason."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every real bot must beat."""

    name = "random"

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick any legal action."""
        return rng.choice(actions)

    def suggest(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The random choice, said to be one."""
        chosen = self.choose(view, prompt, actions, rng)
        return Suggestion(chosen, "Picked at random among the legal choices.")
