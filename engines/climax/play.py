"""Climax's choices as the kit's rules mixin: shared by the Ruleset and the search bot.

Kept apart from ``ruleset.py`` so a bot can play a sampled state forward (``CHOICES.offers``,
``CHOICES.answer``) without importing the Ruleset (which lists the bots: importing it back would
make a cycle).
"""

from __future__ import annotations

# Phase modules register their tasks and choices with ``ctx`` and ``flow`` when imported.
from engines.climax import (  # noqa: F401
    attack,
    climax_phase,
    clock,
    damage,
    encore,
    end,
    level,
    main,
    stand_draw,
)
from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS
from engines.climax.state import ClimaxState
from engines.core.choices import ChoiceRules


class ClimaxChoices(ChoiceRules[ClimaxState, Ctx]):
    """Prompts, legal actions and answers from the pending choice and ``ASKS``."""

    choices = ASKS

    context = Ctx


CHOICES = ClimaxChoices()
