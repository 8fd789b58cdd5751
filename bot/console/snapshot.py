"""Writing the images of a game a given number of random moves in (``tablekeeper render``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines.core import AnyRuleset, GameConfig, RandomBot
from engines.core.driver import Match
from render.core.renderer import Renderer


def advance(ruleset: AnyRuleset, config: GameConfig, seed: int, steps: int) -> Any:
    """Set up from ``seed`` and apply up to ``steps`` random legal moves (fewer if the game ends)."""
    match = Match(ruleset, config, seed)
    match.advance(RandomBot(), steps=steps, random_order=True)
    return match.state


def write_snapshot(
    ruleset: AnyRuleset,
    renderer: Renderer,
    state: Any,
    players: int,
    out: Path,
    stem: str,
    names: Sequence[str] = (),
) -> list[Path]:
    """Write the public image and each seat's private image (seats named by ``names``); return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    board = out / f"{stem}-board.png"
    board.write_bytes(renderer.board(ruleset.view(state, None), names))
    paths = [board]
    for seat in range(players):
        image = renderer.hand(ruleset.view(state, seat), names)
        if image is not None:
            path = out / f"{stem}-seat{seat + 1}.png"
            path.write_bytes(image)
            paths.append(path)
    return paths
