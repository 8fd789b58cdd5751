"""Sampling what a climax seat cannot see: a full state consistent with its View, for the search bot.

Known: every face-up card with its id, the viewer's hand and its own deck list. Sampled: both
decks, both stocks and the other hand, never read from the real state.
"""

from __future__ import annotations

from collections import Counter

from engines.climax.content import catalog
from engines.climax.ctx import Ctx
from engines.climax.effects import power_of, soul_of
from engines.climax.state import SLOTS, Attack, AttackView, CardFace, ClimaxState, ClimaxView, Player, Slot
from engines.core.carry import carry
from engines.core.rng import Rng

#: cards in a deck
DECK_SIZE = 50


def determinize(view: ClimaxView, rng: Rng) -> ClimaxState:
    """A full state consistent with ``view``: the cards it cannot see sampled from what is left.

    Known: every face-up card with its id, the viewer's hand and its own deck list. Sampled: both
    decks, both stocks and the other hand. The other deck list is the ready-made deck named in the
    view (a constructed deck's list is not shown: the sample then uses the viewer's own list).
    """
    cat = catalog()
    me = view.viewer if view.viewer is not None else 0
    state = ClimaxState(
        **carry(view, "lang first active turn phase attacks winner result"),
        front_bonus=str(view.options["front_bonus"]),
        cancel_colour=str(view.options["cancel_colour"]),
        counter_colour=str(view.options["counter_colour"]),
        triggers=str(view.options["triggers"]),
        encore_cost=int(view.options["encore_cost"]),
    )
    known: dict[str, str] = {}
    seen: list[Counter[str]] = [Counter(), Counter()]

    def note(seat: int, face: CardFace) -> str:
        if face.id:
            known[face.id] = face.design
            seen[seat][face.design] += 1
        return face.id

    for side in view.sides:
        p = Player(deck_name=side.deck_name, stage=[Slot() for _ in range(SLOTS)])
        p.level = [note(side.seat, f) for f in side.level_cards]
        p.clock = [note(side.seat, f) for f in side.clock]
        p.waiting = [note(side.seat, f) for f in side.waiting]
        p.playing = [note(side.seat, f) for f in side.playing]
        p.climax = note(side.seat, side.climax) if side.climax else ""
        p.penalty = side.penalty
        for slot in side.stage:
            if slot.card is not None:
                p.stage[slot.index] = Slot(card=note(side.seat, slot.card), pose=slot.pose)
        state.players.append(p)
    state.players[me].hand = [note(me, h.card) for h in view.hand]
    state.players[me].decklist = list(view.decklist)
    pool = [f"c{n:03d}" for n in range(1, 2 * DECK_SIZE + 1) if f"c{n:03d}" not in known]
    rng.shuffle(pool)
    for seat, side in enumerate(view.sides):
        if seat == me:
            wanted = list(view.decklist)
        elif side.deck_name in {d.id for d in cat.decks}:
            wanted = cat.deck(side.deck_name).card_ids()
        else:
            wanted = list(view.decklist)
        left = list((Counter(wanted) - seen[seat]).elements())
        rng.shuffle(left)
        p = state.players[seat]
        hidden = side.deck + side.stock + (0 if seat == me else side.hand)
        while len(left) < hidden:
            left.append(rng.choice(wanted))
        designs = left[:hidden]
        ids = [pool.pop() for _ in range(hidden)]
        for iid, design in zip(ids, designs, strict=True):
            known[iid] = design
        p.deck = ids[: side.deck]
        p.stock = ids[side.deck : side.deck + side.stock]
        if seat != me:
            p.hand = ids[side.deck + side.stock :]
        state.players[seat].decklist = wanted
    state.cards = known
    taken: set[str] = set()  # hidden cards already standing in for a revealed one
    state.attack = _attack_from(view.attack, state, taken)
    state.last = _attack_from(view.last, state, taken)
    state.agenda.tasks = list(view.tasks)
    state.agenda.pending = view.pending
    ctx = Ctx(state, cat=cat)
    for seat, side in enumerate(view.sides):  # bonuses for the turn: what the view shows beyond the rest
        for slot in side.stage:
            if slot.card is not None:
                state.players[seat].stage[slot.index].power = slot.power - power_of(ctx, seat, slot.index)
                state.players[seat].stage[slot.index].soul = slot.soul - soul_of(ctx, seat, slot.index)
    state.rng = rng.next_u64()
    return state


def _attack_from(seen: AttackView | None, state: ClimaxState, taken: set[str]) -> Attack | None:
    """An attack as the view shows it; a revealed card now face down is given to a hidden card of
    the same owner (the trigger card sits in the attacker's stock, refreshed damage in a deck)."""
    if seen is None:
        return None
    foe = 1 - seen.seat
    attack = Attack(
        seat=seen.seat,
        slot=seen.slot,
        card=seen.attacker.id or _hidden(state, seen.seat, seen.attacker.design, taken),
        facing=(seen.facing.id or _hidden(state, foe, seen.facing.design, taken)) if seen.facing else "",
        battle=seen.battle,
        cancelled=seen.cancelled,
    )
    if seen.trigger is not None:
        attack.trigger = seen.trigger.id or _hidden(state, seen.seat, seen.trigger.design, taken, top=True)
    attack.damage = [f.id or _hidden(state, foe, f.design, taken) for f in seen.damage]
    return attack


def _hidden(state: ClimaxState, seat: int, design: str, taken: set[str], *, top: bool = False) -> str:
    """A hidden card of ``seat`` made to be ``design`` (its design swapped with a same-design card's
    if one is hidden too, so the deck's make-up is kept); ``top``: the top of the stock."""
    p = state.players[seat]
    places = [i for i in ([*p.stock[::-1], *p.deck] if top else [*p.deck, *p.stock]) if i not in taken]
    if not places:
        return ""
    chosen = places[0]
    twin = next((i for i in places if state.cards[i] == design), None)
    if twin is not None and twin != chosen:
        state.cards[twin] = state.cards[chosen]
    state.cards[chosen] = design
    taken.add(chosen)
    return chosen
