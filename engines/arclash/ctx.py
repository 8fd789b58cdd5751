"""Arclash's resolution context (the kit's, with the moves that roll, draw and discard) and its tasks.

Every rule function takes this one context, as Climax's and HackClad's do: it reads and changes
``ctx.state``, draws from the lazy ``ctx.rng`` and reports with ``ctx.say`` / ``ctx.tell`` /
``ctx.split``. Work that must wait behind triggered effects (the next step of a phase) is queued as
a kit ``Task`` on the agenda; a search or take-back pauses it with ``ctx.ask`` (see picks.py).

Why the task registry lives here: the phase modules (turn.py, battle.py) and triggers.py register
their handlers into ``TASKS`` when imported, and the runner looks them up by name, so no phase
module needs another's step by import (battle queues "recover", which turn.py handles).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.arclash import zones
from engines.arclash.state import ArclashState, Pick
from engines.core.agenda import Task
from engines.core.context import Context
from engines.core.keywords import Registry
from engines.core.types import seat_ref

#: a task handler: the context and the task it runs
TaskHandler = Callable[["Ctx", Task], None]
#: each task kind on the agenda, bound to its handler (``triggers.step`` binds the phase steps)
TASKS: Registry[TaskHandler] = Registry("Arclash", "task")


class Ctx(Context[ArclashState, Task, Pick]):
    """One apply's state, generator and events, with Arclash's moves that draw on chance or tell."""

    __slots__ = ()
    tasks = TASKS

    def roll(self) -> int:
        """A six-sided die."""
        return self.rng.randint(1, 6)

    def rolled(self, kind: str, text: str) -> None:
        """Tell a dice or coin result, and keep it in the state so every view shows how it fell."""
        self.state.rolls.append(text)
        self.say(kind, text)

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, reshuffling the discard pile whenever the deck runs out."""
        zone = self.state.seats[seat]
        drawn: list[str] = []
        for _ in range(count):
            if not zone.deck:
                if not zone.discard:
                    break
                # The book's rule when a draw finds no deck: the discard pile becomes the deck.
                zone.deck, zone.discard = zone.discard, []
                self.rng.shuffle(zone.deck)
                self.say("reshuffle", f"{seat_ref(seat)} shuffles their discard pile into a new deck.")
            drawn.append(zone.deck.pop())
        zone.hand.extend(drawn)
        if drawn:
            self.split(
                seat,
                "draw",
                f"You draw {zones.names(self.state, drawn)}.",
                f"{seat_ref(seat)} draws {len(drawn)} card{'s' * (len(drawn) != 1)}.",
            )

    def discard_random(self, seat: int, count: int) -> list[str]:
        """Discard ``count`` random cards from ``seat``'s hand; return them."""
        zone = self.state.seats[seat]
        gone: list[str] = []
        for _ in range(min(count, len(zone.hand))):
            iid = zone.hand.pop(self.rng.below(len(zone.hand)))
            zone.discard.append(iid)
            gone.append(iid)
        return gone
