"""Masters of the Universe: Clash for Eternia — the rules engine, its content and its bots.

Template modules: ``ruleset``, ``state`` (state and View types), ``view``, ``setup``, ``modes``,
``content`` + ``data/``, ``catalogue`` (the readable content), ``bots`` (random, greedy and
``determinize``), ``twins``; the book's parts: ``hexes`` (the Battlefield's geometry), ``rounds``
(Order Phase, track, Character Activation, Reactions), ``controller`` (Strategy Activation, Minions
and Elite Minions, Controller Skills, Strategy card windows), ``attack`` (the attack sequence,
rerolls, Bonus Attacks), ``moves`` (the move prompt: single steps or destinations, pushes, Escape
Damage, mounted models), ``damage`` (Wounds, KO, Heal, re-entry), ``power`` (Power and its
placement, Balance of Power, Escalation, VP), ``skills`` (one handler per effect keyword),
``scenario`` (Scenario tokens and NPCs), ``ai`` (the AI Controller); ``ctx`` holds the working
context and the task and choice registries.
"""

from engines.eternia.ruleset import RULESET, Eternia

__all__ = ["RULESET", "Eternia"]
