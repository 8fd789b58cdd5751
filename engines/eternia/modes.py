"""The two modes (A2): ``versus`` (a person controls) and ``ai`` (the book's AI Controller)."""

from __future__ import annotations

from engines.core.types import ModeSpec, OptionSpec
from engines.eternia.content import content

#: who the rules play in the ``ai`` mode, as people read it (mode text and the result)
AI_CONTROLLER = "the AI Controller"

SELECTION = OptionSpec(
    "selection",
    "Character selection (A1.1 #3): heroes_vs_villains (no side mixes them), factions (each side one "
    "Faction), or free (any mix)",
    "heroes_vs_villains",
    choices=("heroes_vs_villains", "factions", "free"),
)
LEADER = OptionSpec(
    "leader",
    "Which Player Team seat (1 = the first team seat) decides the team's shared choices",
    1,
    kind="int",
    minimum=1,
    maximum=5,
)
CHARACTERS = OptionSpec(
    "characters",
    "Your Characters, comma-separated ids (team seats: 1 or more, 4 in all; the Controller: exactly 3); "
    "empty = chosen for you",
    "",
    kind="text",
    per_seat=True,
)


def _scenario() -> OptionSpec:
    ids = tuple(content().scenarios)
    return OptionSpec("scenario", "The Scenario to play", ids[0], choices=ids)


def _minions() -> OptionSpec:
    ids = tuple(m.id for m in content().minions.values() if not m.elite)
    return OptionSpec(
        "minions", "The Controller's Minion type (empty = the side's own)", "auto", choices=("auto", *ids)
    )


def mode_specs() -> tuple[ModeSpec, ...]:
    """The versus and AI modes with their options."""
    ai_chars = OptionSpec(
        "ai_characters",
        "The AI Controller's 3 Characters, comma-separated ids (empty = chosen for you)",
        "",
        kind="text",
    )
    ai_escalation = OptionSpec(
        "ai_escalation",
        "AI Power gained at each Escalation advancement space (0 = the book: nothing, A5-15)",
        0,
        kind="int",
        minimum=0,
        maximum=5,
    )
    return (
        ModeSpec(
            "versus",
            "Versus",
            (2, 3, 4, 5),
            "Seat 1 is the Controller (3 Characters, Minions, Strategy cards); the rest are the Player Team.",
            (_scenario(), SELECTION, LEADER, _minions(), CHARACTERS),
        ),
        ModeSpec(
            "ai",
            "Players vs AI",
            (1, 2, 3, 4),
            "Everyone is on the Player Team; the book's AI Controller plays the other side.",
            (_scenario(), SELECTION, LEADER, _minions(), ai_chars, ai_escalation, CHARACTERS),
            automata=AI_CONTROLLER,
        ),
    )
