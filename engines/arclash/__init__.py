"""Arclash: simultaneous-turn card battles with levelled character stacks and support cards.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state``,
``view``, ``setup``, ``ctx`` (the kit's resolution context that every rule takes), the book's
phases (``turn``: the opening, Start, the sealed Advance rounds and Recover; ``battle``: the
Battle phase; ``decisions``: the sealed choices and support turns off the agenda), ``effects``
(with ``triggers`` and ``picks`` for their agenda and choices), ``content`` + ``data/``,
``bots``, ``catalogue``, ``twins``; helpers: ``zones`` (reading cards and power), ``decks`` (deck
rules and codes), ``chart`` (the card-design chart).

Imports only go down, with no cycle (why: each module can be read and tested on its own): content,
state, zones, ctx, picks, effects, triggers, battle, turn, decisions, bots, ruleset. A lower
module reaches a higher one only through a value it is handed or a name registered with it
(agenda tasks in ``ctx.TASKS``, the ruleset handed to the search bot).
"""

from engines.arclash.ruleset import ArclashRules

RULESET = ArclashRules()

__all__ = ["RULESET", "ArclashRules"]
