"""Bots for either side: random, and a greedy one that attacks the weakest and closes in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.bots import Bot, RandomBot
from engines.core.rng import Rng
from engines.core.types import Action, Prompt
from engines.eternia.hexes import distance


class GreedyBot:
    """Attacks when it can (lowest HP first), boosts when it can, moves toward the nearest Enemy."""

    name = "greedy"

    def choose(self, view: Any, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick by simple priorities read from the View and the action groups."""
        by_group: dict[str, list[Action]] = {}
        for a in actions:
            by_group.setdefault(a.group, []).append(a)
        if prompt.kind == "act":
            for group in ("attack", "interact", "bonus", "daze", "move"):
                if group in by_group:
                    return by_group[group][0]
        if prompt.kind in ("target", "minion_attack") and "target" in by_group:
            hp = {m.id: m.hp for m in view.models}
            return min(by_group["target"], key=lambda a: (hp.get(str(a.params[0]), 99), a.key))
        if prompt.kind in ("atk_boost", "def_boost") and "boost" in by_group:
            return by_group["boost"][0]
        if prompt.kind == "move" and "move" in by_group:
            return self._closer(view, prompt, by_group["move"])
        return actions[0]

    @staticmethod
    def _closer(view: Any, prompt: Prompt, moves: list[Action]) -> Action:
        me = next((m for m in view.models if m.id == view.active_model), None)
        side = me.side if me is not None else "ctrl"
        foes = [h for m in view.models if m.side != side and m.hexes for h in m.hexes]
        steps = [a for a in moves if a.key != "stay"]
        if not foes or not steps:
            return moves[0]
        return min(
            steps, key=lambda a: (min(distance((int(a.params[0]), int(a.params[1])), f) for f in foes), a.key)
        )


BOTS: dict[str, Bot] = {"random": RandomBot(), "greedy": GreedyBot()}
