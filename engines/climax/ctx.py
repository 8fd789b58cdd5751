"""The working context of one ``apply``: the state, the RNG, the events made, and zone moves.

Every card move that can empty a deck goes through :meth:`Ctx.deck_emptied`, which refreshes the
deck at once (B2.6-30) or ends the game when nothing is left to refresh with (B2.6-31).
"""

from __future__ import annotations

from engines.climax.content import Card, Catalog, catalog
from engines.climax.state import REVERSE, ClimaxState, Player, Slot
from engines.climax.words import say
from engines.core.rng import Rng
from engines.core.types import Event, private, public, seat_ref, split


class GameOver(Exception):
    """Raised to stop all rule work once the game has a winner."""


class Ctx:
    """One apply's state, generator and events."""

    def __init__(self, state: ClimaxState, rng: Rng, cat: Catalog | None = None) -> None:
        self.state = state
        self.rng = rng
        self.cat = cat or catalog()
        self.events: list[Event] = []

    # ------------------------------------------------------------------ reading
    @property
    def lang(self) -> str:
        """The table's display language."""
        return self.state.lang

    def card(self, iid: str) -> Card:
        """The design of card instance ``iid``."""
        return self.cat.cards[self.state.cards[iid]]

    def name(self, iid: str) -> str:
        """The card's name in the table's language."""
        return self.card(iid).name(self.lang)

    def p(self, seat: int) -> Player:
        """Seat ``seat``'s zones."""
        return self.state.players[seat]

    @staticmethod
    def other(seat: int) -> int:
        """The opponent of ``seat``."""
        return 1 - seat

    def player_level(self, seat: int) -> int:
        """Player level = cards in the level zone (B2.6-29)."""
        return len(self.p(seat).level)

    def colour_met(self, seat: int, colour: str) -> bool:
        """B2.4-17: a card of ``colour`` lies in the seat's level zone or clock."""
        p = self.p(seat)
        return any(self.card(i).colour == colour for i in (*p.level, *p.clock))

    def slot_of(self, seat: int, iid: str) -> int:
        """The stage slot holding ``iid``, or -1."""
        for index, slot in enumerate(self.p(seat).stage):
            if slot.card == iid:
                return index
        return -1

    # ------------------------------------------------------------------ narration
    def say(self, key: str, **params: object) -> None:
        """A public event in the table's language."""
        self.events.append(public(key, say(self.lang, key, **params)))

    def tell(self, seat: int, key: str, **params: object) -> None:
        """A private event for ``seat`` only."""
        self.events.append(private(seat, key, say(self.lang, key, **params)))

    def split(self, seat: int, key: str, hidden: str, **params: object) -> None:
        """``seat`` reads ``key`` in full; everyone else reads ``hidden`` (built from public params)."""
        self.events.append(split(seat, key, say(self.lang, key, **params), say(self.lang, hidden, **params)))

    # ------------------------------------------------------------------ moves
    def lose(self, seat: int, reason: str) -> None:
        """End the game: ``seat`` loses for ``reason`` (a message key)."""
        state = self.state
        state.winner = self.other(seat)
        state.phase = "over"
        state.result = say(self.lang, reason, who=seat_ref(seat), winner=seat_ref(state.winner))
        state.agenda.clear()
        state.attack = None
        self.events.append(public("game_over", state.result))
        raise GameOver

    def deck_emptied(self, seat: int) -> None:
        """B2.6-30/31: an empty deck is refreshed from the waiting room at once; a penalty is owed."""
        p = self.p(seat)
        if p.deck:
            return
        if not p.waiting:
            self.lose(seat, "lose_deckout")
        p.deck = p.waiting
        p.waiting = []
        self.rng.shuffle(p.deck)
        p.penalty += 1
        self.say("refresh", who=seat_ref(seat), n=len(p.deck))

    def take_top(self, seat: int) -> str:
        """Remove and return the deck's top card, refreshing if that empties the deck."""
        p = self.p(seat)
        iid = p.deck.pop()
        self.deck_emptied(seat)
        return iid

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards one by one (the owner reads their names, others the count)."""
        drawn: list[str] = []
        for _ in range(count):
            iid = self.take_top(seat)
            self.p(seat).hand.append(iid)
            drawn.append(iid)
        if drawn:
            names = ", ".join(self.name(i) for i in drawn)
            self.split(seat, "draw_seen", "draw", who=seat_ref(seat), n=len(drawn), cards=names)

    def pay(self, seat: int, amount: int) -> None:
        """B2.4-18: move ``amount`` cards from the top of stock to the waiting room."""
        p = self.p(seat)
        for _ in range(amount):
            p.waiting.append(p.stock.pop())

    def to_stock(self, seat: int, iid: str) -> None:
        """Put a card face down on top of the stock."""
        self.p(seat).stock.append(iid)

    def clear_slot(self, seat: int, index: int) -> str:
        """Empty a stage slot and return the card that was there."""
        slot = self.p(seat).stage[index]
        iid = slot.card
        self.p(seat).stage[index] = Slot()
        return iid

    def reversed_slots(self, seat: int) -> list[int]:
        """The seat's slots holding a reversed character, in slot order."""
        return [i for i, s in enumerate(self.p(seat).stage) if s.card and s.pose == REVERSE]

    def meets(self, seat: int, iid: str, *, colour: bool = True) -> bool:
        """B2.4-16..18: level, colour (cards of level 1+, unless ``colour`` is False) and cost."""
        card = self.card(iid)
        if card.level > self.player_level(seat):
            return False
        if colour and card.level >= 1 and not self.colour_met(seat, card.colour):
            return False
        return len(self.p(seat).stock) >= card.cost
