"""HackClad's resolution context (the kit's, with the content and witch lookups) and its registries.

Rules that span several decisions (a Clad attack waiting for reactions, a deck reform in the middle
of a card) are kept as a queue of small ``Task`` values on the state's kit ``Agenda``. The kit's ``run``
pops tasks until one of them sets ``agenda.pending``; the answer pushes more tasks and the run continues.
Each task kind is one handler registered with ``@TASKS.register(kind)``, each listed choice's
answer one registered with ``@ANSWERS.register(name)``.

Why the registries live here: the rule modules (``clad``, ``deck``, ``effects``, ``rounds``,
``turn``) import this module to register into them, and the runner looks handlers up by name, so
this module never imports them back. It imports only what lies below it: the content, the state,
the card ids and the in-play mission checks (``gain_cp`` completes CP missions at once).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.agenda import Handler
from engines.core.context import Context
from engines.core.keywords import Registry
from engines.hackclad.cards import design
from engines.hackclad.content import Card, Content, content
from engines.hackclad.missions import check_now
from engines.hackclad.seats import owner, shared_seats, who
from engines.hackclad.state import GAUGE_MAX, Ask, HackState, Task, WitchState

#: each task kind on the agenda, bound to its handler (``@TASKS.register("draw")``)
TASKS: Registry[Handler] = Registry("HackClad", "task")


class Ctx(Context[HackState, Task, Ask]):
    """One apply's working set: the kit's context with the content, and events told to a witch's person."""

    __slots__ = ()
    tasks = TASKS

    @property
    def content(self) -> Content:
        """The game's cards, witches and missions (loaded once)."""
        # Read when a rule needs it, not stored at ``__init__``: a context is built two to four
        # times for every action applied, most of them only to list or find a choice.
        return content()

    def halted(self) -> bool:
        """Rule work stops once the game is over (the end is a phase, not a ``GameOver``)."""
        return self.state.phase == "over"

    # ---------------------------------------------------------------- events
    def who(self, seat: int) -> str:
        """The name placeholder for a witch in event text."""
        return who(self.state, seat)

    def addressed(self, seat: int, text: str) -> tuple[int, str]:
        """Private text about witch ``seat`` goes to the person running her (``tell``, ``split``)."""
        if shared_seats(self.state):
            # A person running two witches needs to know which of them the private text is about.
            text = f"{self.content.witches[self.witch(seat).witch].name}: {text}"
        return owner(self.state, seat), text

    # ---------------------------------------------------------------- lookups
    def witch(self, seat: int) -> WitchState:
        """A seat's witch state."""
        return self.state.witches[seat]

    def card(self, iid: str) -> Card:
        """A card instance's design (what ``card_of`` answers, one call shorter on this hot path)."""
        return design(self.state.witches[int(iid[1])].witch, iid)

    def gain_mp(self, seat: int, n: int) -> None:
        """Add MP up to the gauge's top (anything beyond is lost)."""
        witch = self.witch(seat)
        witch.mp = max(0, min(GAUGE_MAX, witch.mp + n))

    def gain_cp(self, seat: int, n: int) -> None:
        """Add CP up to the gauge's top and check the CP missions."""
        witch = self.witch(seat)
        witch.cp = max(0, min(GAUGE_MAX, witch.cp + n))
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
    ctx.ask(Ask(kind="choice", seat=seat, text=text, handler=handler, options=options, s=s, n=n))
