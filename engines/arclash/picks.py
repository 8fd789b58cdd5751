"""Choosing cards for search and take-back effects: the owner picks them one at a time.

The pick is the agenda's pending choice (a :class:`~engines.arclash.state.Pick`), answered through
the kit's choice protocol (``CHOICES``; ``ruleset.py`` asks it by ``ChoiceRules``).

A search looks through hidden deck cards, so its owner is always asked (even when nothing
matches): whether someone is asked must not tell the table what their deck holds. For the same
reason a search only ends by itself when the card's count is reached (a public number); when the
matches run out first, the owner still confirms with "done", so how many times they are asked
depends on what they took (told to all afterwards), never on how many cards matched. A take-back
looks through the public discard pile, so it only asks when something there matches.
"""

from __future__ import annotations

import msgspec

from engines.arclash import zones
from engines.arclash.content import CHARACTER, Effect, matches
from engines.arclash.ctx import Ctx
from engines.arclash.state import RECYCLE, SEARCH, ArclashState, Pick
from engines.core.choices import Ask
from engines.core.context import ChoiceKind
from engines.core.keywords import Registry
from engines.core.types import Action, seat_ref

DECK = "deck"
DISCARD = "discard"


def wanted(effect: Effect) -> str:
    """The cards an effect looks for, as words: '[Serpent] characters', 'supports', 'cards'."""
    tag = f"[{effect.tag}] " if effect.tag else ""
    kind = effect.kind or "card"
    return f"{tag}{kind}{'s' * (effect.count != 1)}"


def fits(state: ArclashState, iid: str, effect: Effect) -> bool:
    """True if the card ``iid`` is of the kind and [bracket] the effect looks for."""
    design = zones.card(state, iid)
    return (not effect.kind or design.kind == effect.kind) and (not effect.tag or matches(design, effect.tag))


def begin(ctx: Ctx, seat: int, source: str, effect: Effect, kind: str, looked: list[str]) -> None:
    """Ask ``seat`` to pick among ``looked`` (a ``SEARCH`` or ``RECYCLE``); finish at once if none is due."""
    pick = Pick(kind=kind, seat=seat, source=source, effect=effect, looked=list(looked))
    if kind == RECYCLE and not options(ctx.state, pick):
        finish(ctx, pick)
    else:
        ctx.ask(pick)


def options(state: ArclashState, pick: Pick) -> list[str]:
    """The matching cards still to be had, one instance per design, in set-number order."""
    found: dict[str, str] = {}
    for iid in pick.looked:
        if fits(state, iid, pick.effect):
            found.setdefault(state.ids[iid], iid)
    return [found[card_id] for card_id in sorted(found)]


def prompt_text(state: ArclashState, pick: Pick | None = None) -> str:
    """What the choosing player is asked about ``pick`` (by default the state's pending one)."""
    if pick is None:
        pick = state.agenda.pending
        assert pick is not None, "no card choice is pending"
    effect = pick.effect
    left = effect.count - len(pick.taken)
    if pick.zone == DISCARD:
        where = "your discard pile"
    elif effect.depth:
        where = f"the top {effect.depth} cards of your deck"
    else:
        where = "your deck"
    if not options(state, pick):
        more = " else" if pick.taken else ""
        return f"{pick.source}: nothing{more} in {where} matches. Go on."
    more = " more" if pick.taken else ""
    return f"{pick.source}: take up to {left}{more} {wanted(effect)} from {where}, one at a time, or stop."


def actions(ctx: Ctx, pick: Pick) -> list[Action]:
    """One 'take' per matching design (keys carry the set number, never a hidden instance id), and 'done'."""
    state = ctx.state
    found = options(state, pick)
    takes = [
        Action(f"take:{state.ids[i]}", "Take " + _label(state, i), "take", params=(state.ids[i],))
        for i in found
    ]
    done = "Go on" if not found else "Stop: take no more"
    return [*takes, Action("done", done, "done")]


def answer(ctx: Ctx, pick: Pick, action: Action) -> None:
    """Take the card ``action`` names, or stop on "done"."""
    if action.key == "done":
        finish(ctx, pick)
    else:
        take(ctx, pick, str(action.params[0]))


def take(ctx: Ctx, pick: Pick, card_id: str) -> None:
    """Move one matching copy of ``card_id`` into the owner's hand; finish when the count is reached.

    A deck search that runs out of matches first waits for the owner's "done" (see above); a
    take-back from the public discard pile may finish at once, as everyone can see it is empty.
    """
    state = ctx.state
    iid = next(i for i in options(state, pick) if state.ids[i] == card_id)
    zone = state.seats[pick.seat]
    getattr(zone, pick.zone).remove(iid)
    zone.hand.append(iid)
    pick = msgspec.structs.replace(
        pick, looked=[i for i in pick.looked if i != iid], taken=[*pick.taken, iid]
    )
    if len(pick.taken) >= pick.effect.count or (pick.zone == DISCARD and not options(state, pick)):
        finish(ctx, pick)
    else:
        ctx.ask(pick)


def finish(ctx: Ctx, pick: Pick) -> None:
    """End the choice: a search shuffles the deck; tell the table what it may know."""
    state, seat, taken = ctx.state, pick.seat, pick.taken
    if pick.zone == DISCARD:
        # The discard pile is public, so what comes back from it is public too.
        ctx.say("recycle", f"{pick.source}: {seat_ref(seat)} takes back {zones.names(state, taken)}.")
        return
    ctx.rng.shuffle(state.seats[seat].deck)
    count = f"{len(taken)} card{'s' * (len(taken) != 1)}"
    ctx.split(
        seat,
        "search",
        f"{pick.source}: you take {zones.names(state, taken)} from your deck and shuffle it.",
        f"{pick.source}: {seat_ref(seat)} takes {count} from their deck and shuffles it.",
    )


def _label(state: ArclashState, iid: str) -> str:
    design = zones.card(state, iid)
    if design.kind == CHARACTER:
        return f"{design.name} (L{design.level}, {design.power} power)"
    return f"{design.name} (support)"


def _text(ctx: Ctx, pick: Pick) -> str:
    return prompt_text(ctx.state, pick)


#: the pick's two kinds (a search and a take-back read alike), asked in private of its owner
CHOICES: Registry[ChoiceKind[Ctx, Pick]] = Registry("Arclash", "choice")
CHOICES.add(SEARCH, Ask[Ctx, Pick](actions, answer, _text, private=True))
CHOICES.add(RECYCLE, CHOICES[SEARCH])
