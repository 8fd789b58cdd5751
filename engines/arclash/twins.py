"""Twin states for the hidden-information test: deal afresh everything one viewer cannot see.

What a viewer may know is what :func:`engines.arclash.view.build_view` shows it: the public
board of every seat (stacks, supports, discard piles, hand and deck sizes, who has sealed, who is
still asked, who has passed) and its own hand, pending card, payment and deck list. Everything
else is hidden: the order of every deck, the cards in other seats' hands, and other seats' sealed
or half-made choices. A twin keeps the first and redeals the second among what could really be
there."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engines.arclash import picks, zones
from engines.arclash.state import ADVANCE, OPENING, SUPPORT, SWAP, ArclashState, SeatState
from engines.core.rng import Rng
from engines.core.types import Action

#: the ruleset's legal actions for a seat (passed in so this module needs no import of ruleset.py)
Legal = Callable[[ArclashState, int], list[Action]]


def make_twin(twin: ArclashState, viewer: int | None, rng: Rng, legal: Legal) -> ArclashState:
    """Redeal, in place on a copy, every part of ``twin`` that ``viewer`` may not know."""
    for seat in range(twin.players):
        if seat == viewer:
            _own_deck(twin, seat, rng)
        else:
            _redeal(twin, seat, rng)
    if twin.agenda.pending is None:
        # Choices are only ever pending while no card choice (search, take-back) pauses the game.
        for seat in range(twin.players):
            if seat != viewer:
                _rechoose(twin, seat, rng, legal)
    twin.rng = rng.next_u64()  # the dice and shuffles to come are unknown to everyone
    return twin


def _own_deck(state: ArclashState, seat: int, rng: Rng) -> None:
    """Shuffle the viewer's own deck, except the cards it is looking at now."""
    zone = state.seats[seat]
    if state.phase == OPENING:
        # The opening choice is made looking through the deck, so the owner sees it (and its
        # order decides which copy each choice names).
        return
    pick = state.agenda.pending
    looking = len(pick.looked) if pick is not None and pick.seat == seat and pick.zone == picks.DECK else 0
    # A search looks at the top of the deck (all of it for a full search): those stay in place.
    below = zone.deck[: len(zone.deck) - looking]
    rng.shuffle(below)
    zone.deck[: len(below)] = below


def _redeal(state: ArclashState, seat: int, rng: Rng) -> None:
    """Deal another seat's hand and deck afresh from their own cards, keeping both sizes."""
    zone = state.seats[seat]
    pending = state.agenda.pending
    pick = pending if pending is not None and pending.seat == seat else None
    # Cards taken back from the public discard pile were seen going into the hand: they stay.
    pinned = list(pick.taken) if pick is not None and pick.zone == picks.DISCARD else []
    pool = [i for i in (*zone.hand, *zone.deck) if i not in pinned]
    rng.shuffle(pool)
    taken: list[str] = []
    if pick is not None and pick.zone == picks.DECK and pick.taken:
        # Cards found by a search so far: any of the owner's unseen cards that fit the search.
        fitting = [i for i in pool if picks.fits(state, i, pick.effect)]
        taken = fitting[: len(pick.taken)]
        pool = [i for i in pool if i not in taken]
    rest = len(zone.hand) - len(pinned) - len(taken)
    zone.hand = [*pool[:rest], *pinned, *taken]
    zone.deck = pool[rest:]
    if pick is not None:
        looked = pick.looked
        if pick.zone == picks.DECK:
            # A search looks through the top of the deck, top first; only how many is public.
            count = len(pick.looked)
            looked = list(reversed(zone.deck[len(zone.deck) - count :])) if count else []
        state.agenda.pending = msgspec.structs.replace(pick, taken=pinned or taken, looked=looked)


def _rechoose(state: ArclashState, seat: int, rng: Rng, legal: Legal) -> None:
    """Give another seat a pending choice it could have made, as far as the table can tell."""
    zone = state.seats[seat]
    phase = state.phase
    if phase == OPENING:
        # Sealed or not is public; which level 1 (and which copy of it) is not.
        zone.choice = ""
        if zone.sealed:
            card_id = str(rng.choice(legal(state, seat)).params[0])
            zone.choice = next(i for i in zone.deck if state.ids[i] == card_id)
    elif phase == SWAP:
        zone.choice = ""
        if zone.sealed:
            zone.choice = rng.choice(legal(state, seat)).card  # keep ("" card) or a level 1
    elif phase == ADVANCE and not zone.passed:
        _advance_choice(state, zone, seat, rng, legal)
    elif phase == SUPPORT and seat == state.current:
        _support_choice(state, zone, seat, rng, legal)


def _advance_choice(state: ArclashState, zone: SeatState, seat: int, rng: Rng, legal: Legal) -> None:
    """A sealed advancement: a pass, a free card, a card paid in full or one that cannot be paid.

    A seat still asked may be undecided or half-way through paying for a costly card: both only
    show as "still choosing", like a player with a hand over their cards.
    """
    zone.choice, zone.paying = "", []
    options = legal(state, seat)  # pass, then one adv: per design
    if zone.sealed:
        pick = rng.choice(options)
        zone.choice = pick.card
        if zone.choice:
            cost = zones.card(state, zone.choice).discard
            if cost <= len(zone.hand) - 1:
                _pay(state, zone, seat, cost, rng, legal)
        return
    payable = [a for a in options if a.card and 0 < zones.card(state, a.card).discard <= len(zone.hand) - 1]
    if payable and rng.chance(1, 2):
        zone.choice = rng.choice(payable).card
        cost = zones.card(state, zone.choice).discard
        _pay(state, zone, seat, rng.below(cost), rng, legal)


def _support_choice(state: ArclashState, zone: SeatState, seat: int, rng: Rng, legal: Legal) -> None:
    """The seat whose support turn it is: undecided, or paying for a costly support in private."""
    zone.choice, zone.paying = "", []
    costly = [a for a in legal(state, seat) if a.card and zones.card(state, a.card).discard]
    if costly and rng.chance(1, 2):
        zone.choice = rng.choice(costly).card
        cost = zones.card(state, zone.choice).discard
        _pay(state, zone, seat, rng.below(cost), rng, legal)


def _pay(state: ArclashState, zone: SeatState, seat: int, count: int, rng: Rng, legal: Legal) -> None:
    """Pick ``count`` discards for the chosen card, one legal pick at a time."""
    for _ in range(count):
        pays = [a for a in legal(state, seat) if a.key.startswith("pay:")]
        zone.paying.append(rng.choice(pays).card)
