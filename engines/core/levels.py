"""Bot levels: which of a game's own bots a difficulty (easy / normal / hard) or a name stands for.

Kept apart from the driver so that content which names a level (a tutorial's fallback bot) can be
checked without the driver, which itself knows the tutorials' scripted opponents.
"""

from __future__ import annotations

from engines.core.bots import Bot
from engines.core.ruleset import AnyRuleset

DIFFICULTIES = ("easy", "normal", "hard")


def level_name(ruleset: AnyRuleset, difficulty: str) -> str:
    """The name of the game's own bot a difficulty (easy / normal / hard, or a bot's name) stands for.

    ``bots()`` lists a game's bots weakest first: easy is the weakest, hard the strongest and
    normal the one in the middle (rounding up towards the stronger).
    """
    names = list(ruleset.bots())
    if difficulty in names:
        return difficulty
    if difficulty == "easy":
        return names[0]
    if difficulty == "hard":
        return names[-1]
    if difficulty == "normal":
        return names[len(names) // 2]
    listed = ", ".join([*DIFFICULTIES, *names])
    raise ValueError(f"Unknown difficulty {difficulty!r}; choose one of: {listed}.")


def level_bot(ruleset: AnyRuleset, difficulty: str) -> Bot:
    """The game's own bot for a difficulty (see :func:`level_name`)."""
    return ruleset.bots()[level_name(ruleset, difficulty)]
