"""Masters of the Universe: Clash for Eternia — the rules engine, its content and its bots.

Template modules: ``ruleset``, ``state`` (state and View types), ``view``, ``setup``, ``modes``,
``content`` + ``data/``, ``bots``, ``twins``; the book's parts: ``hexes`` (the Battlefield's
geometry), ``rounds`` (Order Phase, track, Character Activation), ``controller`` (Strategy
Activation, Minions, Controller Skills), ``attack`` (the attack sequence), ``moves`` (single steps,
pushes, Escape Damage), ``damage`` (Wounds, KO, Heal, re-entry), ``power`` (Power, Balance of Power,
Escalation, VP), ``skills`` (one handler per effect keyword), ``ai`` (the AI Controller); ``ctx``
holds the working context and the task and choice registries.
"""

from engines.eternia.ruleset import RULESET, Eternia

__all__ = ["RULESET", "Eternia"]
