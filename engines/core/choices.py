"""Choices on the agenda: a kind made of plain functions, and the rules built from the pending one.

Why: a game that pauses on its agenda asks, lists, checks and answers every decision the same
way — look the pending choice's kind up in the game's registry and ask it. :class:`ChoiceRules`
does that once for the ``Ruleset`` hooks (prompts, legal actions, the lookup of one key, the
answer half of ``apply``), so a game writes only its choice kinds; it overrides a hook only for
a phase that is not on the agenda (sealed orders, sealed rounds) and defers to this one otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from engines.core.context import AgendaState, ChoiceKind, Context, Pending
from engines.core.keywords import Registry
from engines.core.types import Action, Event, Prompt

C = TypeVar("C", bound=Context[Any, Any, Any])
P = TypeVar("P", bound=Pending)
S = TypeVar("S", bound=AgendaState)


class Ask(Generic[C, P]):
    """A choice kind from functions: its actions, its answer and its text (see ``ChoiceKind``).

    ``find`` (optional) builds only the action a key names, or None when no legal action has that
    key; without it the key is looked up among ``actions``. ``public`` (optional) makes the line
    the rest of the table reads. ``private`` and ``sealed`` hold for the whole kind, or are asked
    of each pending choice.
    """

    __slots__ = ("_private", "_sealed", "actions", "answer", "find", "public", "text")

    def __init__(
        self,
        actions: Callable[[C, P], list[Action]],
        answer: Callable[[C, P, Action], None],
        text: Callable[[C, P], str],
        *,
        find: Callable[[C, P, str], Action | None] | None = None,
        public: Callable[[C, P], str] | None = None,
        private: bool | Callable[[C, P], bool] = False,
        sealed: bool | Callable[[C, P], bool] = False,
    ) -> None:
        # The functions are kept as they are (no wrapping method): prompts and legal actions are
        # asked several times for every action applied.
        self.actions = actions
        self.answer = answer
        self.text = text
        self.public = public or _no_line
        self.find = find or self._find_listed
        self._private = private
        self._sealed = sealed

    def private(self, ctx: C, pending: P, /) -> bool:
        """Whether this choice is taken in private (the same for every choice of the kind, or asked)."""
        return self._private if isinstance(self._private, bool) else self._private(ctx, pending)

    def sealed(self, ctx: C, pending: P, /) -> bool:
        """Whether this choice stays hidden until revealed (the same for the kind, or asked)."""
        return self._sealed if isinstance(self._sealed, bool) else self._sealed(ctx, pending)

    def _find_listed(self, ctx: C, pending: P, key: str, /) -> Action | None:
        # ``find`` for a kind without one: the key looked up among the labelled actions
        for action in self.actions(ctx, pending):
            if action.key == key:
                return action
        return None


def _no_line(ctx: object, pending: object) -> str:
    return ""  # the table reads the default line


class ChoiceRules(Generic[S, C]):
    """Ruleset mixin: prompts, legal actions, key lookups and answers from the state's pending choice.

    List it before ``Ruleset`` in the bases; set ``choices`` to the game's registry of choice kinds
    and ``context`` to the game's context class.
    """

    #: the game's choice kinds by name (the ``kind`` of its pending choices)
    choices: ClassVar[Registry[ChoiceKind[Any, Any]]]
    #: the game's context class, built over a state to read it or to answer on it (a class, not a
    #: method to override: it is built two to four times for every action applied)
    context: ClassVar[type[Context[Any, Any, Any]]]

    def _chooser(self, state: S, pending: Pending) -> int:
        """The seat that answers ``pending`` (its ``seat`` unless a game maps it to a person)."""
        return pending.seat

    def offers(self, state: S, seat: int) -> list[Action]:
        """The legal actions of ``seat`` (empty unless the pending choice is theirs)."""
        pending: Pending | None = state.agenda.pending
        if pending is None or self._chooser(state, pending) != seat:
            return []
        return self.choices[pending.kind].actions(self.context(state), pending)

    def answer(self, state: S, action: Action) -> list[Event]:
        """Answer the pending choice with the legal ``action`` in place and run on to the next one."""
        return ChoiceRules._apply(self, state, -1, action)  # the seat is the pending choice's

    # ------------------------------------------------------------------ the Ruleset hooks
    def _prompts(self, state: S) -> dict[int, Prompt]:
        pending: Pending | None = state.agenda.pending
        if pending is None:
            return {}
        kind = self.choices[pending.kind]
        ctx = self.context(state)
        seat = self._chooser(state, pending)
        text, public = kind.text(ctx, pending), kind.public(ctx, pending)
        private, sealed = kind.private(ctx, pending), kind.sealed(ctx, pending)
        return {seat: Prompt(seat, pending.kind, text, private, sealed, public)}

    def _asked(self, state: S, seat: int) -> bool:
        # ``apply`` asks only this: the chooser is known without the prompt's text.
        pending: Pending | None = state.agenda.pending
        if pending is None:
            return seat in self._prompts(state)  # a phase off the agenda asks for itself
        return self._chooser(state, pending) == seat

    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        return self.offers(state, seat)

    def _find_action(self, state: S, seat: int, key: str) -> Action | None:
        pending: Pending | None = state.agenda.pending
        if pending is None or self._chooser(state, pending) != seat:
            return None
        return self.choices[pending.kind].find(self.context(state), pending, key)

    def _apply(self, state: S, seat: int, action: Action) -> list[Event]:
        # The answer itself (``answer`` calls this): it runs for every action applied.
        pending: Pending | None = state.agenda.pending
        assert pending is not None, "answer needs a pending choice"
        return self.context(state).answer(self.choices[pending.kind], action)
