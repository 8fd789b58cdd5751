"""Clash of Decks: the rules engine, its content and its bots.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state`` (state
and View types), ``view``, ``setup``, the book's phases (``turns``: the turn and Phase 1, Mana
Regeneration; ``summoning``: Phase 2; ``assault``: Phase 3), the keyword handlers (``abilities``:
one per special ability; ``incantations``: one per incantation effect, in the book's incantation
order, registered in ``incantations.EFFECTS``), ``content`` + ``data/``, ``bots``, ``catalogue``,
``twins``; helpers: ``ctx`` (the resolution context, the kit's without an agenda, and the play
area), ``hits`` (damage and destruction), ``stronghold``, ``ai`` (the solo AI kingdom), ``solo``,
``modes``, ``formats``, ``deckcode``, ``selfplay``.
"""

from engines.clashofdecks.ruleset import RULESET, ClashOfDecks

__all__ = ["RULESET", "ClashOfDecks"]
