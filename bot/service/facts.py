"""What one game state asks and offers each seat, worked out once per state.

A click needs the same facts of one state several times: the delivery after a change lists each
asked seat's choices and names what each seat is shown (its token), the table's public buttons
list the public decisions' choices again, and the next click on that state checks its token
against the very same view and choices before the engine applies it. Engine states are
immutable values (``apply`` returns a new one), so each fact is computed once and kept beside
the state it belongs to: on the cached :class:`~bot.service.runtime.Loaded`, checked by identity
(a new state is a new object, and then new facts are made).

Only small results are kept (prompts, choices and tokens, not views), so a live table costs a
few hundred bytes more once it has been clicked. The engines' own work is untouched: one game's
legal choices cost what they cost, but only once per state here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.projection import seat_token
from engines.core import Action, AnyRuleset, Prompt, ViewBase


class StateFacts:
    """The prompts, each seat's legal choices and each seat's token of one state.

    Safe to share between the event loop and a drawing thread: two threads asking for the same
    fact at once may both work it out, and both get the same answer.
    """

    __slots__ = ("_actions", "_prompts", "_tokens", "ruleset", "state")

    def __init__(self, ruleset: AnyRuleset, state: Any) -> None:
        self.ruleset = ruleset
        self.state = state
        self._prompts: Mapping[int, Prompt] | None = None
        self._actions: dict[int, tuple[Action, ...]] = {}
        self._tokens: dict[tuple[int, int], str] = {}

    def prompts(self) -> Mapping[int, Prompt]:
        """The pending decisions, by seat."""
        prompts = self._prompts
        if prompts is None:
            prompts = self._prompts = self.ruleset.prompts(self.state)
        return prompts

    def actions(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal choices (empty when it is not asked)."""
        actions = self._actions.get(seat)
        if actions is None:
            asked = seat in self.prompts()
            actions = tuple(self.ruleset.legal_actions(self.state, seat)) if asked else ()
            self._actions[seat] = actions
        return actions

    def token(self, seat: int, moves: int, view: ViewBase | None = None) -> str:
        """The token of what ``seat`` is shown after ``moves`` moves of its own (``view``: its view,
        if the caller already has it)."""
        key = (seat, moves)
        token = self._tokens.get(key)
        if token is None:
            if view is None:
                view = self.ruleset.view(self.state, seat)
            token = self._tokens[key] = seat_token(view, self.prompts().get(seat), self.actions(seat), moves)
        return token
