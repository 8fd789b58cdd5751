"""Arclash: simultaneous-turn card battles with levelled character stacks and support cards.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state``,
``view``, ``setup``, the book's phases (``turn``: the opening, Start, the sealed Advance rounds
and Recover; ``battle``: the Battle phase), ``effects`` (with ``triggers`` and ``picks`` for their
queue and choices), ``content`` + ``data/``, ``bots``, ``catalogue``, ``twins``; helpers:
``zones`` (moving cards, reading power), ``decks`` (deck rules and codes), ``chart`` (the
card-design chart).
"""

from engines.arclash.ruleset import ArclashRules

RULESET = ArclashRules()

__all__ = ["RULESET", "ArclashRules"]
