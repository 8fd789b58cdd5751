"""Arclash: simultaneous-turn card battles with levelled character stacks and support cards.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state``,
``view``, ``setup``, the book's phases (``turn``: the opening, Start, the sealed Advance rounds
and Recover; ``battle``: the Battle phase), ``effects`` (with ``triggers`` and ``picks`` for their
agenda and choices), ``content`` + ``data/``, ``bots``, ``catalogue``, ``twins``; helpers:
``zones`` (moving cards, reading power), ``decks`` (deck rules and codes), ``chart`` (the
card-design chart).

Imports only go down, with no cycle (why: each module can be read and tested on its own): content,
state, zones, picks, effects, triggers, battle, turn, bots, ruleset. A lower module reaches a
higher one only through a value it is handed or a name registered with it (agenda tasks in
``triggers.TASKS``, the ruleset handed to the search bot).
"""

from engines.arclash.ruleset import ArclashRules

RULESET = ArclashRules()

__all__ = ["RULESET", "ArclashRules"]
