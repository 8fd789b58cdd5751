"""HackClad: witches on a wrapping 5x5 field fight the Clad automaton for magic shards."""

from engines.hackclad.ruleset import RULESET, HackClad

__all__ = ["RULESET", "HackClad"]
