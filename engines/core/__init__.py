"""Shared contract types, RNG, content loading and test harness for every game engine."""

from engines.core.bots import Bot, RandomBot
from engines.core.errors import ContentError, Rejected, SetupError
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset, Ruleset
from engines.core.types import (
    PRIVATE,
    PUBLIC,
    SPLIT,
    Action,
    CatalogueEntry,
    DeckEntry,
    Event,
    GameConfig,
    ModeSpec,
    OptionSpec,
    Outcome,
    Prompt,
    StateBase,
    Step,
    ViewBase,
    fill_names,
    private,
    public,
    seat_ref,
    split,
)

__all__ = [
    "PRIVATE",
    "PUBLIC",
    "SPLIT",
    "Action",
    "AnyRuleset",
    "Bot",
    "CatalogueEntry",
    "ContentError",
    "DeckEntry",
    "Event",
    "GameConfig",
    "ModeSpec",
    "OptionSpec",
    "Outcome",
    "Prompt",
    "RandomBot",
    "Rejected",
    "Rng",
    "Ruleset",
    "SetupError",
    "StateBase",
    "Step",
    "ViewBase",
    "fill_names",
    "private",
    "public",
    "seat_ref",
    "split",
]
