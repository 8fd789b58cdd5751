"""HackClad's choices on the agenda — a turn, a reaction, a draft pick, a listed choice — as kit kinds.

Each kind lists, finds and answers for the witch the pending :class:`~engines.hackclad.state.Ask`
names; the person asked is that witch's owner (``HackChoices._chooser``). The mission draft and the
secret enhanced pick are phases off the agenda: ``ruleset.py`` asks those itself.
"""

from __future__ import annotations

from engines.core.choices import Ask as Kind
from engines.core.choices import ChoiceRules
from engines.core.context import ChoiceKind, Pending
from engines.core.keywords import Registry
from engines.core.types import Action
from engines.hackclad.content import content
from engines.hackclad.ctx import ANSWERS, Ctx
from engines.hackclad.rounds import apply_draft, draft_action, draft_slots, find_draft_action
from engines.hackclad.seats import owner, shared_seats
from engines.hackclad.state import Ask, HackState
from engines.hackclad.turn import (
    apply_react,
    apply_turn,
    find_react_action,
    find_turn_action,
    react_actions,
    turn_actions,
)

CHOICES: Registry[ChoiceKind[Ctx, Ask]] = Registry("HackClad", "choice")


def named(state: HackState, witch: int, text: str) -> str:
    """``text`` as its person reads it: led by the witch's name when one person runs two witches."""
    if shared_seats(state):
        return f"{content().witches[state.witches[witch].witch].name}: {text}"
    return text


def _text(ctx: Ctx, ask: Ask) -> str:
    return named(ctx.state, ask.seat, ask.text)


def _draft_actions(ctx: Ctx, ask: Ask) -> list[Action]:
    hand = ctx.witch(ask.seat).hand
    return [draft_action(ctx, slot, card) for slot in draft_slots(ctx.state, ask.n) for card in hand]


def _listed(ctx: Ctx, ask: Ask) -> list[Action]:
    return [Action(key, label, group=ask.handler) for key, label in ask.options]


def _find_listed(ctx: Ctx, ask: Ask, wanted: str) -> Action | None:
    for key, label in ask.options:
        if key == wanted:
            return Action(key, label, group=ask.handler)
    return None


# A turn and a reaction are the witch's own choices, taken in her person's DMs; their rule functions
# read the witch from the pending choice (``ask.seat``).
CHOICES.add("turn", Kind[Ctx, Ask](turn_actions, apply_turn, _text, find=find_turn_action, private=True))
CHOICES.add("react", Kind[Ctx, Ask](react_actions, apply_react, _text, find=find_react_action, private=True))
CHOICES.add(
    "draft",
    Kind[Ctx, Ask](
        _draft_actions,
        lambda ctx, ask, action: apply_draft(ctx, ask.seat, int(action.params[0]), action.card),
        _text,
        find=lambda ctx, ask, key: find_draft_action(ctx, ask.seat, ask.n, key),
        private=True,
    ),
)
CHOICES.add(
    "choice",
    Kind[Ctx, Ask](
        _listed,
        lambda ctx, ask, action: ANSWERS[ask.handler](ctx, ask, action.key),
        _text,
        find=_find_listed,
        # where a witch re-enters the field is the table's to see; other listed choices show cards
        private=lambda ctx, ask: ask.handler != "reentry",
    ),
)


class HackChoices(ChoiceRules[HackState, Ctx]):
    """Prompts, legal actions and answers from the pending choice, asked of the witch's person."""

    choices = CHOICES

    context = Ctx

    def _chooser(self, state: HackState, pending: Pending) -> int:
        return owner(state, pending.seat)
