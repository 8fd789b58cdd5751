"""HackClad: witches on a wrapping 5x5 field fight the Clad automaton for magic shards.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state`` (state
and View types), ``view``, ``setup``, the book's phases (``rounds``: the round's Forecast, Draw,
Draft and Action phases and the end of the game; ``turn``: a witch's turn and reactions; ``clad``:
the Clad's turn, damage and re-entry), ``effects`` (with ``deck_effects`` and ``field_effects``),
``content`` + ``data/``, ``bots`` (random and
the witch bot), ``search`` (the search bot) with ``worlds`` (full states sampled from a View),
``catalogue``, ``twins``; helpers: ``ctx`` (one ``apply``'s context and task runner), ``cards``
(card instance ids and designs), ``deck``, ``grid``, ``missions``, ``scoring``, ``seats``.

Imports only go down, never round: ``grid`` and ``content``, then ``state``, ``seats``, ``cards``,
``missions``, ``ctx``, the rule modules, and ``ruleset`` on top (each module says why it sits where
it does when that is not obvious).
"""

from engines.hackclad.ruleset import RULESET, HackClad

__all__ = ["RULESET", "HackClad"]
