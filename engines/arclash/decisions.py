"""The decisions off the agenda: the sealed opening, advance and swap choices, and support turns.

Several seats choose at once in a sealed round, and the support stage hands its turn round by
``state.current``, so neither waits on the agenda's one pending choice: the ruleset asks these
here and answers them with :func:`decide` (the searches and take-backs on the agenda go through
the kit's ``ChoiceRules``, see picks.py).
"""

from __future__ import annotations

from engines.arclash import zones
from engines.arclash.battle import pass_support, play_support, playable
from engines.arclash.ctx import Ctx
from engines.arclash.state import ADVANCE, OPENING, SUPPORT, SWAP, ArclashState
from engines.arclash.turn import advance_options, asked, seal
from engines.core.types import Action, Prompt, counted

#: the prompt of each sealed round: its kind and what every seat asked reads
SEALED = {
    OPENING: ("opening", "Choose a level 1 character from your deck to start with (sealed)."),
    ADVANCE: ("advance", "Advance your character with a card from your hand, or pass (sealed)."),
    SWAP: ("swap", "Keep your character, or start over with a new level 1 from your hand (sealed)."),
}


def prompts(state: ArclashState) -> dict[int, Prompt]:
    """Who is asked now, and what: the seat whose support turn it is, or every seat in a sealed round."""
    if state.phase == SUPPORT:
        seat = state.current
        zone = state.seats[seat]
        if zone.choice:
            need = zones.card(state, zone.choice).discard - len(zone.paying)
            name = zones.card(state, zone.choice).name
            text = f"Pick {counted(need, 'more card')} to discard for {name}."
            return {seat: Prompt(seat, "support_pay", text, private=True)}
        return {seat: Prompt(seat, "support", "Play a support card, or pass for this battle.", private=True)}
    if state.phase not in SEALED:
        return {}
    kind, text = SEALED[state.phase]
    found: dict[int, Prompt] = {}
    for seat in asked(state):
        zone = state.seats[seat]
        if state.phase == ADVANCE and zone.choice:
            need = zones.card(state, zone.choice).discard - len(zone.paying)
            found[seat] = Prompt(
                seat,
                "advance_pay",
                f"Pick {counted(need, 'more card')} to discard for the advancement.",
                True,
                True,
            )
        else:
            found[seat] = Prompt(seat, kind, text, private=True, sealed=True)
    return found


def actions(state: ArclashState, seat: int) -> list[Action]:
    """``seat``'s legal actions in the phase (paying for a chosen card first)."""
    zone = state.seats[seat]
    if zone.choice and state.phase in (ADVANCE, SUPPORT):
        taken = {zone.choice, *zone.paying}
        rest = zones.first_of_each(state, [i for i in zone.hand if i not in taken])
        return [
            *(Action(f"pay:{i}", f"Discard {zones.card(state, i).name}", "pay", i) for i in rest),
            Action("back", "Take the card back", "back"),
            Action("pass", "Take the card back and pass", "pass"),
        ]
    if state.phase == OPENING:
        return [
            Action(f"open:{state.ids[i]}", _character_label(state, i), "opening", params=(state.ids[i],))
            for i in zones.level_ones(state, zone.deck)
        ]
    if state.phase == ADVANCE:
        found = [Action("pass", "Pass (no more advancing this turn)", "pass")]
        for iid in advance_options(state, seat):
            design = zones.card(state, iid)
            label = "Advance to " + _character_label(state, iid)
            if design.discard > len(zone.hand) - 1:
                label += " - cannot pay, it would be discarded"
            found.append(Action(f"adv:{iid}", label, "advance", iid))
        return found
    if state.phase == SUPPORT:
        found = [Action("pass", "Pass (no more supports this battle)", "pass")]
        for iid in playable(state, seat):
            design = zones.card(state, iid)
            cost = f" (discard {design.discard})" if design.discard else ""
            found.append(Action(f"sup:{iid}", f"Play {design.name}{cost}", "support", iid))
        return found
    if state.phase == SWAP:
        return [Action("keep", "Keep your character", "keep")] + [
            Action(f"swap:{i}", "Start over with " + _character_label(state, i), "swap", i)
            for i in zones.level_ones(state, zone.hand)
        ]
    return []


def decide(ctx: Ctx, seat: int, action: Action) -> None:
    """Carry out ``seat``'s legal ``action``: choose, pay, take back, pass, or seal the choice."""
    state = ctx.state
    zone = state.seats[seat]
    key = action.key
    if key == "pass":
        zone.choice, zone.paying = "", []
    if key == "back":
        zone.choice, zone.paying = "", []
        ctx.tell(seat, "back", "You take the card back.")
        return
    if key.startswith("pay:"):
        zone.paying.append(action.card)
        if len(zone.paying) < zones.card(state, zone.choice).discard:
            return
        if state.phase == SUPPORT:
            play_support(ctx, seat)
        else:
            seal(ctx, seat)
        return
    if state.phase == OPENING:
        zone.choice = next(i for i in zone.deck if state.ids[i] == action.params[0])
        seal(ctx, seat)
    elif state.phase == ADVANCE:
        zone.choice = action.card
        cost = zones.card(state, zone.choice).discard if zone.choice else 0
        # An unpayable cost seals at once: the card will be discarded at the reveal.
        if cost == 0 or cost > len(zone.hand) - 1:
            seal(ctx, seat)
    elif state.phase == SUPPORT:
        if key == "pass":
            pass_support(ctx, seat)
            return
        zone.choice = action.card
        if zones.card(state, zone.choice).discard == 0:
            play_support(ctx, seat)
    elif state.phase == SWAP:
        zone.choice = action.card
        seal(ctx, seat)


def _character_label(state: ArclashState, iid: str) -> str:
    design = zones.card(state, iid)
    cost = f"; discard {design.discard}" if design.discard else ""
    return f"{design.name} (L{design.level}, {design.power} power{cost})"
