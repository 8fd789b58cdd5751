"""Twin states for the hidden-information test: deal afresh everything one viewer may not know."""

from __future__ import annotations

from typing import Any

from engines.core.rng import Rng
from engines.hackclad.cards import card_of, clad_of, is_enhanced
from engines.hackclad.deck import _pile_option
from engines.hackclad.seats import witches_of
from engines.hackclad.state import Ask, HackState, SeqSlot, copy_state
from engines.hackclad.view import known_top, seen_top

#: A place holding one card: a zone (a list of card ids, or of sequence-board slots) and an index.
Place = tuple[list[Any], int]

# Choices whose text names the witch's own top card (only she looked at it).
_LOOKS = ("scry", "defrag")


def twin_state(state: HackState, viewer: int | None, rng: Rng) -> HackState | None:
    """A copy of ``state`` with every card ``viewer`` cannot see re-dealt from ``rng``."""
    if state.phase == "over":
        return None  # every card is turned up and counted at the end: nothing is hidden any more
    twin = copy_state(state)
    mine = set(witches_of(state, viewer))
    pinned = _pinned(state, mine)
    for witch in range(len(twin.witches)):
        if witch in mine:
            _shuffle_own_deck(twin, witch, rng)
        else:
            _redeal_other(twin, witch, rng, pinned)
    _redeal_clad(twin, mine, rng)
    ask = twin.agenda.pending
    if ask is not None and ask.seat not in mine:
        twin.agenda.pending = _rebuilt_ask(state, twin, ask)
    twin.rng = rng.next_u64()  # future shuffles are unknown to everyone
    return twin


def _pinned(state: HackState, mine: set[int]) -> set[str]:
    """Hidden cards another witch's half-made choice rests on: kept so the choice stays playable."""
    ask = state.agenda.pending
    if ask is None or ask.seat in mine or ask.handler != "upgrade_in":
        return set()
    # The traded hand card and the enhanced cards it may become: the twin must still offer them.
    return {ask.s, *(key[2:] for key, _ in ask.options)}


def _shuffle_own_deck(twin: HackState, witch: int, rng: Rng) -> None:
    """The viewer's own deck: its cards are known (nothing else is missing) but not their order."""
    w = twin.witches[witch]
    start = 1 if known_top(w) else 0  # she looked at her top card, put it there, or all saw it
    rest = w.deck[start:]
    rng.shuffle(rest)
    w.deck[start:] = rest


def _redeal_other(twin: HackState, witch: int, rng: Rng, pinned: set[str]) -> None:
    """Re-deal another seat's witch's hand, deck, enhanced pile and face-down turn card (sizes kept)."""
    # The others know her pile starts as her eight enhanced cards, so a card keeps its kind (basic or
    # enhanced) between the pile and the rest; within hand, deck and turn card anything may be anywhere.
    w = twin.witches[witch]
    if seen_top(w):
        pinned = pinned | {w.deck[0]}  # the whole table saw her top card
    pinned = pinned | {c for c in w.shown if c in w.hand}  # all saw these go into her hand
    knew = known_top(w)
    slots: list[Place] = [
        (zone, i)
        for zone in (twin.turn_slots, twin.standby)
        for i, s in enumerate(zone)
        if s.seat == witch and s.card
    ]
    play: list[Place] = [(w.hand, i) for i in range(len(w.hand))] + [(w.deck, i) for i in range(len(w.deck))]
    places: list[Place] = [*play, *((w.enhanced, i) for i in range(len(w.enhanced)))]

    def get(zone: list[Any], i: int) -> str:
        return str(zone[i].card) if zone is twin.turn_slots or zone is twin.standby else str(zone[i])

    def put(zone: list[Any], i: int, card: str) -> None:
        zone[i] = SeqSlot(seat=witch, card=card) if zone is twin.turn_slots or zone is twin.standby else card

    places += slots
    play += slots
    places = [p for p in places if get(*p) not in pinned]
    play = [p for p in play if get(*p) not in pinned]
    # 1: which enhanced card is where (the secret setup pick, reform and upgrade swaps) is unknown.
    for enhanced in (False, True):
        kind = [p for p in places if is_enhanced(get(*p)) == enhanced]
        cards = [get(*p) for p in kind]
        rng.shuffle(cards)
        for p, card in zip(kind, cards, strict=True):
            put(*p, card)
    # 2: hand, deck and turn card mix freely (draws, order and face-down picks are all unseen).
    cards = [get(*p) for p in play]
    rng.shuffle(cards)
    for p, card in zip(play, cards, strict=True):
        put(*p, card)
    if knew:  # she knew her top card: in the twin she knows the one now there
        w.top_known = w.deck[0]


def _redeal_clad(twin: HackState, mine: set[int], rng: Rng) -> None:
    """The Clad deck's order, face-down slots and the solo reserve are unseen (except a peek)."""
    peeked = bool(twin.clad_deck) and any(twin.witches[x].peek == twin.clad_deck[0] for x in mine)
    old_top = twin.clad_deck[0] if twin.clad_deck else ""
    places: list[Place] = [(twin.clad_deck, i) for i in range(1 if peeked else 0, len(twin.clad_deck))]
    places += [
        (twin.clad_slots, i)
        for i, hidden in enumerate(twin.clad_hidden)
        if hidden and twin.clad_slots[i] not in twin.clad_used
    ]
    # The solo reserve is set aside unseen from the same pool the deck was dealt from.
    places += [(twin.clad_reserve, i) for i in range(len(twin.clad_reserve))]
    _deal(places, rng)
    if twin.clad_later:
        # Solo, after the first reform: which of the reserve and voltage-3 cards joined the deck and
        # which wait for the second reform is unseen. Voltage-3 cards surely came from that pool.
        fresh = [p for p in places if p[0] is not twin.clad_reserve and clad_of(p[0][p[1]]).voltage == 3]
        _deal(fresh + [(twin.clad_later, i) for i in range(len(twin.clad_later))], rng)
    for w in twin.witches:  # another witch who peeked saw this twin's top card
        if old_top and w.peek == old_top:
            w.peek = twin.clad_deck[0]


def _deal(places: list[Place], rng: Rng) -> None:
    """Shuffle the cards lying in ``places`` among those places."""
    cards = [zone[i] for zone, i in places]
    rng.shuffle(cards)
    for (zone, i), card in zip(places, cards, strict=True):
        zone[i] = card


def _rebuilt_ask(state: HackState, twin: HackState, ask: Ask) -> Ask:
    """Another witch's pending choice, remade to name the twin's cards (its asker only reads it)."""
    seat = ask.seat
    w, old = twin.witches[seat], state.witches[seat]

    def name(cid: str) -> str:
        return card_of(twin, cid).name

    h = ask.handler
    if h in _LOOKS and old.deck:
        text = ask.text.replace(name(old.deck[0]), name(w.deck[0]), 1)
        return Ask(kind=ask.kind, seat=seat, text=text, handler=h, options=ask.options[:], s=ask.s, n=ask.n)
    options = ask.options
    if h == "reform_in":
        options = [("none", "Keep the deck as it is")]
        options += [_pile_option("in", "Swap in", c, card_of(twin, c)) for c in sorted(w.enhanced)]
    elif h == "reform_out":
        # The enhanced card coming in was picked from the pile: the twin picked one of its own.
        into = _same_place(old.enhanced, w.enhanced, ask.s)
        text = f"Which discarded card makes way for {name(into)}?"
        return Ask(kind=ask.kind, seat=seat, text=text, handler=h, options=ask.options[:], s=into, n=ask.n)
    elif h == "upgrade_out":
        vps = {card_of(twin, c).vp for c in w.enhanced}
        cards = [c for c in w.hand if card_of(twin, c).vp + 1 in vps]
        options = [("none", "Do not upgrade")] + [(f"c.{c}", f"Trade away {name(c)}") for c in cards]
    elif h == "put_back":
        options = [(f"c.{c}", f"Put back {name(c)}") for c in w.hand]
    elif h == "extra_discard":
        options = [(f"c.{c}", f"Discard {name(c)}") for c in w.hand]
    return Ask(kind=ask.kind, seat=seat, text=ask.text, handler=h, options=list(options), s=ask.s, n=ask.n)


def _same_place(before: list[str], after: list[str], card: str) -> str:
    """The card now lying where ``card`` lay."""
    return after[before.index(card)]
