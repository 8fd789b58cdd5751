"""The level/clock/climax trading card game (seed 004): two players, 50-card decks, level 4 loses."""

from engines.climax.ruleset import RULESET

__all__ = ["RULESET"]
