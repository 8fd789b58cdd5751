"""Why an Arclash bot chose what it chose: one short sentence a player understands.

The greedy bot's reason names the card and the figure it compared (power, the support's expected
swing, the card least worth keeping); the search bot's names what its sampled playouts gave: the
games won, or the points against the best rival at the end of the turn, beside the next best
option's. Every figure comes from the seat's own View and the worlds the search drew from it.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.arclash.content import SUPPORT, Card
from engines.core.bots import clip
from engines.core.search import Weighing, Words
from engines.core.search import search_reason as kit_reason
from engines.core.types import Action

Lookup = Callable[[Action], Card | None]

#: an evaluation this far from zero is a finished game (the search adds +-100 for one below five
#: seats; from five on it adds the score target, and the search bot hands in its own threshold)
DECIDED = 50.0
#: what the search's mean evaluation counts
WORDS = Words(scale=" (lead in points, plus level)")


def greedy_reason(
    kind: str, action: Action, top: Card | None, lookup: Lookup, worth: Callable[[Card], float]
) -> str:
    """Why the greedy rules picked ``action`` for a ``kind`` prompt (``worth``: what a card is worth)."""
    design = lookup(action)
    if design is None:
        return clip(_without_card(kind, action))
    name, power = design.name, design.power
    if kind == "opening":
        return clip(f"Opens with {name}: at {power} power, the strongest level 1 start in the deck.")
    if kind == "advance":
        return clip(f"Advances to {name}: at {power} power, the strongest character it can advance to now.")
    if kind in ("advance_pay", "support_pay"):
        return clip(f"Discards {name} to pay: the card in hand least worth keeping ({worth(design):.1f}).")
    if kind == "support":
        return clip(
            f"Plays {name}: worth about {worth(design):+.0f} power in this battle, the most of any support."
        )
    if kind == "swap":
        before = f" instead of {top.power}" if top is not None else ""
        return clip(f"Starts over with {name}: {power} power now{before}.")
    if design.kind == SUPPORT:
        return clip(f"Takes {name}: the most useful card on offer (worth about {worth(design):+.0f} power).")
    return clip(f"Takes {name}: the most useful card on offer ({power} power).")


def _without_card(kind: str, action: Action) -> str:
    """Reasons for the choices that name no card (passing, keeping, finishing a pick)."""
    if action.key == "keep":
        return "Keeps the character: starting over with a level 1 from hand would not make it stronger."
    if action.key == "done":
        return "Done: nothing left on offer to take."
    if kind == "advance":
        return "Passes: no character in hand it can advance to and pay for."
    if kind == "support":
        return "Passes: no support in hand adds power to this battle."
    return f"{action.label}: the only sensible choice left."


#: the kit's loop that keeps every evaluation, under the name this game's bots import


def search_reason(weighing: Weighing, decided: float = DECIDED) -> str:
    """Why the search bot kept its choice: games won in the playouts (an evaluation of ``decided`` or
    more), else points against the leader."""
    return kit_reason(weighing, decided, WORDS)
