"""Masters of the Universe: Clash for Eternia — the rules engine, its content and its bots.

Template modules: ``ruleset``, ``state`` (state and View types), ``view``, ``setup``, ``modes``,
``content`` + ``data/`` (with the records' shapes in ``pieces`` and ``battlefield``), ``catalogue``
(the readable content), ``bots`` (random, greedy and ``determinize``), ``twins``; the book's parts:
``hexes`` (the Battlefield's geometry), ``rounds`` (A1.2: Order Phase, track, the Round's
Reactions and end), ``activation`` (A1.3: Character Activation), ``controller`` (A1.4, A1.7:
Strategy Activation, Minions and Elite Minions, Controller Skills, Strategy card windows),
``attack`` (A1.9: the attack sequence, rerolls, Bonus Attacks), ``moves`` (A1.10: the move prompt,
single steps or destinations, Escape Damage), ``routes`` (the Move search), ``mounted`` (#60),
``pushes`` (#58), ``tokens`` (#57, teleports), ``damage`` (Wounds, KO, Heal, re-entry), ``power``
(Power and its placement, Balance of Power, Escalation, VP), ``skills`` (one handler per effect
keyword), ``scenario`` (Scenario tokens and NPCs), ``ai`` (the AI Controller); ``ctx`` holds the
kit's context for Eternia and the task and choice registries.
"""

from engines.eternia.ruleset import RULESET, Eternia

__all__ = ["RULESET", "Eternia"]
