"""Choosing cards for search and take-back effects: the owner picks them one at a time.

A search looks through hidden deck cards, so its owner is always asked (even when nothing
matches): whether someone is asked must not tell the table what their deck holds. For the same
reason a search only ends by itself when the card's count is reached (a public number); when the
matches run out first, the owner still confirms with "done", so how many times they are asked
depends on what they took (told to all afterwards), never on how many cards matched. A take-back
looks through the public discard pile, so it only asks when something there matches.
"""

from __future__ import annotations

from engines.arclash import zones
from engines.arclash.content import CHARACTER, Effect, matches
from engines.arclash.state import ArclashState, Pick
from engines.core.rng import Rng
from engines.core.types import Action, Event, public, seat_ref, split

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


def begin(
    state: ArclashState, seat: int, source: str, effect: Effect, zone: str, looked: list[str]
) -> list[Event]:
    """Start a choice among ``looked`` (cards of ``seat``'s ``zone``); finish at once if none is due."""
    state.agenda.pending = Pick(seat=seat, source=source, effect=effect, zone=zone, looked=list(looked))
    if zone == DISCARD and not options(state):
        return finish(state, None)
    return []


def options(state: ArclashState) -> list[str]:
    """The matching cards still to be had, one instance per design, in set-number order."""
    pick = state.agenda.pending
    assert pick is not None
    found: dict[str, str] = {}
    for iid in pick.looked:
        if fits(state, iid, pick.effect):
            found.setdefault(state.ids[iid], iid)
    return [found[card_id] for card_id in sorted(found)]


def prompt_text(state: ArclashState) -> str:
    """What the choosing player is asked."""
    pick = state.agenda.pending
    assert pick is not None
    effect = pick.effect
    left = effect.count - len(pick.taken)
    if pick.zone == DISCARD:
        where = "your discard pile"
    elif effect.depth:
        where = f"the top {effect.depth} cards of your deck"
    else:
        where = "your deck"
    if not options(state):
        more = " else" if pick.taken else ""
        return f"{pick.source}: nothing{more} in {where} matches. Go on."
    more = " more" if pick.taken else ""
    return f"{pick.source}: take up to {left}{more} {wanted(effect)} from {where}, one at a time, or stop."


def actions(state: ArclashState) -> list[Action]:
    """One 'take' per matching design (keys carry the set number, never a hidden instance id), and 'done'."""
    found = options(state)
    takes = [
        Action(f"take:{state.ids[i]}", "Take " + _label(state, i), "take", params=(state.ids[i],))
        for i in found
    ]
    done = "Go on" if not found else "Stop: take no more"
    return [*takes, Action("done", done, "done")]


def take(state: ArclashState, card_id: str, rng: Rng) -> list[Event]:
    """Move one matching copy of ``card_id`` into the owner's hand; finish when the count is reached.

    A deck search that runs out of matches first waits for the owner's "done" (see above); a
    take-back from the public discard pile may finish at once, as everyone can see it is empty.
    """
    pick = state.agenda.pending
    assert pick is not None
    iid = next(i for i in options(state) if state.ids[i] == card_id)
    zone = state.seats[pick.seat]
    getattr(zone, pick.zone).remove(iid)
    pick.looked.remove(iid)
    pick.taken.append(iid)
    zone.hand.append(iid)
    if len(pick.taken) >= pick.effect.count or (pick.zone == DISCARD and not options(state)):
        return finish(state, rng)
    return []


def finish(state: ArclashState, rng: Rng | None) -> list[Event]:
    """End the choice: a search shuffles the deck; tell the table what it may know."""
    pick = state.agenda.pending
    assert pick is not None
    state.agenda.pending = None
    seat, taken = pick.seat, pick.taken
    if pick.zone == DISCARD:
        # The discard pile is public, so what comes back from it is public too.
        return [public("recycle", f"{pick.source}: {seat_ref(seat)} takes back {zones.names(state, taken)}.")]
    assert rng is not None
    rng.shuffle(state.seats[seat].deck)
    count = f"{len(taken)} card{'s' * (len(taken) != 1)}"
    return [
        split(
            seat,
            "search",
            f"{pick.source}: you take {zones.names(state, taken)} from your deck and shuffle it.",
            f"{pick.source}: {seat_ref(seat)} takes {count} from their deck and shuffles it.",
        )
    ]


def _label(state: ArclashState, iid: str) -> str:
    design = zones.card(state, iid)
    if design.kind == CHARACTER:
        return f"{design.name} (L{design.level}, {design.power} power)"
    return f"{design.name} (support)"
