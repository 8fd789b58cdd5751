"""The registries phase modules fill: task handlers (``task``) and the choices a player is asked.

A task that needs a player pauses the agenda on a :class:`~engines.climax.state.Choice`
(``ctx.ask``) and the run stops until ``apply`` answers it. Each choice kind is a kit
:class:`~engines.core.choices.Ask` in ``ASKS``, made by :func:`asking`, which adds the prompt
text every Climax choice shares. Phase modules register by name, so none imports another.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.climax.ctx import TASKS, Ctx, TaskHandler
from engines.climax.state import Choice
from engines.climax.words import say
from engines.core.choices import Ask
from engines.core.context import ChoiceKind
from engines.core.keywords import Registry
from engines.core.types import Action, seat_ref

ASKS: Registry[ChoiceKind[Ctx, Choice]] = Registry("Climax", "choice")


def task(kind: str) -> Callable[[TaskHandler], TaskHandler]:
    """Register a task handler under ``kind``."""
    return TASKS.register(kind)


def _text(ctx: Ctx, choice: Choice) -> str:
    # An end-of-turn discard counts what is over the limit now; other choices carry their number.
    n = len(ctx.p(choice.seat).hand) - 7 if choice.s == "end" else choice.n
    return say(ctx.state.lang, f"ask_{choice.kind}", n=n)


def _public(ctx: Ctx, choice: Choice) -> str:
    return say(ctx.state.lang, f"public_{choice.kind}", who=seat_ref(choice.seat))


def asking(
    offers: Callable[[Ctx, Choice], list[Action]],
    answer: Callable[[Ctx, Choice, Action], None],
    *,
    private: bool = True,
) -> Ask[Ctx, Choice]:
    """A choice kind: its legal actions and its answer, asked as ``ask_<kind>`` with ``public_<kind>``.

    ``private`` choices read the chooser's hand (taken in DMs); the mulligan's marks are a part
    of its pending choice that only the chooser sees until confirmed.
    """
    return Ask(offers, answer, _text, public=_public, private=private)
