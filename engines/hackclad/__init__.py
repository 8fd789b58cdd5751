"""HackClad: witches on a wrapping 5x5 field fight the Clad automaton for magic shards.

The package follows the engine template (README, "Architecture"): ``ruleset``, ``state`` (state
and View types), ``view``, ``setup``, the book's phases (``rounds``: the round's Forecast, Draw,
Draft and Action phases and the end of the game; ``turn``: a witch's turn and reactions; ``clad``:
the Clad's turn, damage and re-entry), ``effects``, ``content`` + ``data/``, ``bots``,
``catalogue``, ``twins``; helpers: ``ctx`` (one ``apply``'s context and task runner), ``deck``,
``grid``, ``missions``, ``scoring``, ``seats``.
"""

from engines.hackclad.ruleset import RULESET, HackClad

__all__ = ["RULESET", "HackClad"]
