"""The working context of one ``apply``: state, RNG, events, and the task runner.

Rules that span several decisions (a Clad attack waiting for reactions, a deck reform in the middle
of a card) are kept as a queue of small ``Task`` values on the state's kit ``Agenda``. ``run`` pops
tasks until one of them sets ``agenda.pending``; the answer pushes more tasks and the run continues.
Each task kind is one handler registered with ``@TASKS.register(kind)``, each listed choice's
answer one registered with ``@ANSWERS.register(name)``.

Why the registries live here: the rule modules (``clad``, ``deck``, ``effects``, ``rounds``,
``turn``) import this module to register into them, and the runner looks handlers up by name, so
this module never imports them back. It imports only what lies below it: the content, the state,
the card ids and the in-play mission checks (``gain_cp`` completes CP missions at once).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.agenda import Handler, run
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import Event, private, split
from engines.hackclad.cards import design
from engines.hackclad.content import Card, Content, content
from engines.hackclad.missions import check_now
from engines.hackclad.seats import owner, shared_seats, who
from engines.hackclad.state import GAUGE_MAX, Ask, HackState, Task, WitchState

#: each task kind on the agenda, bound to its handler (``@TASKS.register("draw")``)
TASKS: Registry[Handler] = Registry("HackClad", "task")


class Ctx:
    """One apply's working set."""

    __slots__ = ("_rng", "c", "ev", "st")

    def __init__(self, state: HackState) -> None:
        self.st = state
        self.ev: list[Event] = []
        self.c: Content = content()
        self._rng: Rng | None = None  # most decisions draw nothing, so the generator is made on first use

    @property
    def rng(self) -> Rng:
        """The game's generator, positioned at the state's RNG."""
        if self._rng is None:
            self._rng = Rng(self.st.rng)
        return self._rng

    # ---------------------------------------------------------------- tasks
    def push(self, *tasks: Task) -> None:
        """Run these tasks next, in the given order, before anything already queued."""
        self.st.agenda.push(*tasks)

    def then(self, *tasks: Task) -> None:
        """Queue these tasks after everything already queued."""
        self.st.agenda.then(*tasks)

    def run(self) -> None:
        """Run queued tasks until a decision is needed, nothing is left or the game is over."""
        st = self.st
        # Handlers collect their events on the context and return None: the run yields nothing.
        self.ev.extend(run(st.agenda, TASKS, self, stop=lambda: st.phase == "over"))
        if self._rng is not None:
            st.rng = self._rng.state

    # ---------------------------------------------------------------- events
    def say(self, kind: str, text: str) -> None:
        """A public event."""
        self.ev.append(Event(kind, text))

    def who(self, seat: int) -> str:
        """The name placeholder for a witch in event text."""
        return who(self.st, seat)

    def _mine(self, seat: int, text: str) -> str:
        # A person running two witches needs to know which of them the private text is about.
        if shared_seats(self.st):
            return f"{self.c.witches[self.w(seat).witch].name}: {text}"
        return text

    def tell(self, seat: int, kind: str, text: str) -> None:
        """A private event for the person running witch ``seat``."""
        self.ev.append(private(owner(self.st, seat), kind, self._mine(seat, text)))

    def split(self, seat: int, kind: str, text: str, redacted: str) -> None:
        """A split event: full text for the person running witch ``seat``, redacted for the rest."""
        self.ev.append(split(owner(self.st, seat), kind, self._mine(seat, text), redacted))

    # ---------------------------------------------------------------- lookups
    def w(self, seat: int) -> WitchState:
        """A seat's witch state."""
        return self.st.witches[seat]

    def card(self, iid: str) -> Card:
        """A card instance's design (what ``card_of`` answers, one call shorter on this hot path)."""
        return design(self.st.witches[int(iid[1])].witch, iid)

    def gain_mp(self, seat: int, n: int) -> None:
        """Add MP up to the gauge's top (anything beyond is lost)."""
        w = self.w(seat)
        w.mp = max(0, min(GAUGE_MAX, w.mp + n))

    def gain_cp(self, seat: int, n: int) -> None:
        """Add CP up to the gauge's top and check the CP missions."""
        w = self.w(seat)
        w.cp = max(0, min(GAUGE_MAX, w.cp + n))
        check_now(self, seat)


#: A listed choice's answer handler: it gets the context, the choice and the key picked.
AnswerHandler = Callable[["Ctx", Ask, str], None]
#: each listed choice's ``Ask.handler`` name, bound to the handler of its answer
#: (``@ANSWERS.register("scry")``)
ANSWERS: Registry[AnswerHandler] = Registry("HackClad", "choice")


def ask_choice(
    ctx: Ctx, seat: int, handler: str, text: str, options: list[tuple[str, str]], s: str = "", n: int = 0
) -> None:
    """Stop and ask ``seat`` to pick one of ``options`` (key, label); ``handler`` gets the key."""
    ask = Ask(kind="choice", seat=seat, text=text, handler=handler, options=options, s=s, n=n)
    ctx.st.agenda.pending = ask
