"""The registries phase modules fill: task handlers (``task``) and the choices a player is asked.

A task that needs a player pauses the agenda on a :class:`~engines.climax.state.Choice`
(``ctx.ask``) and the run stops until ``apply`` answers it. Each choice kind is a kit
:class:`~engines.core.choices.Ask` in ``ASKS``, made by :func:`asking`, which adds the prompt
text every Climax choice shares. Phase modules register by name, so none imports another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engines.climax.ctx import TASKS, Ctx, TaskHandler
from engines.climax.state import Choice
from engines.climax.words import say
from engines.core.choices import Ask
from engines.core.context import ChoiceKind
from engines.core.keywords import Registry
from engines.core.types import Action, seat_ref

ASKS: Registry[ChoiceKind[Ctx, Choice]] = Registry("Climax", "choice")
#: the key of the action that declines an optional choice
PASS = "pass"


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
    passing: str = "",
) -> Ask[Ctx, Choice]:
    """A choice kind: its legal actions and its answer, asked as ``ask_<kind>`` with ``public_<kind>``.

    ``private`` choices read the chooser's hand (taken in DMs); the mulligan's marks are a part
    of its pending choice that only the chooser sees until confirmed. A choice that may be
    declined names the words of its ``passing`` action: it comes after the offers, and answering
    it does nothing.
    """
    if passing:
        offers, answer = _or_pass(offers, answer, passing)
    return Ask(offers, answer, _text, public=_public, private=private)


def card_actions(ctx: Ctx, cards: Iterable[str], prefix: str, words: str, group: str) -> list[Action]:
    """One action per card: key ``<prefix>.<card>``, labelled by the text key ``words`` naming it."""
    return [
        Action(f"{prefix}.{iid}", say(ctx.lang, words, card=ctx.name(iid)), group, iid, (prefix, iid))
        for iid in cards
    ]


def pass_action(ctx: Ctx, words: str) -> Action:
    """The action that declines an optional choice, labelled by the text key ``words``."""
    return Action(PASS, say(ctx.lang, words), "pass", params=(PASS,))


def _or_pass(
    offers: Callable[[Ctx, Choice], list[Action]], answer: Callable[[Ctx, Choice, Action], None], words: str
) -> tuple[Callable[[Ctx, Choice], list[Action]], Callable[[Ctx, Choice, Action], None]]:
    """``offers`` followed by the pass action, and ``answer`` for any action but the pass."""

    def offers_or_pass(ctx: Ctx, choice: Choice) -> list[Action]:
        actions = offers(ctx, choice)  # a new list each call: adding to it copies nothing
        actions.append(pass_action(ctx, words))
        return actions

    def answer_unless_pass(ctx: Ctx, choice: Choice, action: Action) -> None:
        if action.key != PASS:
            answer(ctx, choice, action)

    return offers_or_pass, answer_unless_pass
