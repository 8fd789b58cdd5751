"""Clash of Decks: the rules engine, its content and its bots."""

from engines.clashofdecks.ruleset import RULESET, ClashOfDecks

__all__ = ["RULESET", "ClashOfDecks"]
