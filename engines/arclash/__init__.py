"""Arclash: simultaneous-turn card battles with levelled character stacks and support cards."""

from engines.arclash.rules import ArclashRules

RULESET = ArclashRules()

__all__ = ["RULESET", "ArclashRules"]
