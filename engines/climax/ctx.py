"""Climax's resolution context (the kit's, with the catalogue and zone moves) and its rule checks.

All rule work is queued as named :class:`~engines.climax.state.Job` tasks on the state's agenda;
phase modules register their handlers in ``TASKS`` (through ``flow.task``). Between any two tasks
the rule checks run (:meth:`Ctx.due`): a clock of 7 or more levels up (B2.6-28), then an owed
refresh penalty (B2.6-30). Checking between tasks is what makes the penalty come "after the
process that emptied the deck" (B5-3): a draw, a damage step or a clock phase is one task.

Every card move that can empty a deck goes through :meth:`Ctx.deck_emptied`, which refreshes the
deck at once (B2.6-30) or ends the game when nothing is left to refresh with (B2.6-31).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.climax.content import Card, Catalog, catalog
from engines.climax.state import REVERSE, Choice, ClimaxState, Job, Player, Slot
from engines.climax.words import say
from engines.core.context import Context, GameOver
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import public, seat_ref

TaskHandler = Callable[["Ctx", Job], None]
TASKS: Registry[TaskHandler] = Registry("Climax", "task")


def rule_job(state: ClimaxState) -> Job | None:
    """The rule action due now, turn player first: a level-up, else a refresh penalty."""
    order = (state.active, 1 - state.active)
    for seat in order:
        if len(state.players[seat].clock) >= 7:
            return Job(kind="level_up", seat=seat)
    for seat in order:
        if state.players[seat].penalty:
            return Job(kind="penalty", seat=seat)
    return None


class Ctx(Context[ClimaxState, Job, Choice]):
    """One apply's state, generator and events, with the card catalogue."""

    __slots__ = ("cat",)
    tasks = TASKS

    def __init__(self, state: ClimaxState, rng: Rng | None = None, cat: Catalog | None = None) -> None:
        super().__init__(state, rng)
        self.cat = cat or catalog()

    def due(self) -> Job | None:
        """The rule check due between two tasks (see the module's docstring)."""
        return rule_job(self.state)

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
    def words(self, key: str, **params: object) -> str:
        """Message ``key`` in the table's language (what ``say``, ``tell`` and ``split`` narrate)."""
        return say(self.lang, key, **params)

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
            self.split(seat, "draw_seen", hidden="draw", who=seat_ref(seat), n=len(drawn), cards=names)

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
