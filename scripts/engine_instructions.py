"""Instructions per applied action, counted by cachegrind: an engine's cost that a busy machine cannot blur.

Run from the repository root (needs ``valgrind``)::

    python scripts/engine_instructions.py hackclad basic --games 5
    python scripts/engine_instructions.py hackclad basic --games 5 --tree /tmp/old-checkout

It plays ``--games`` random games (seeds 1..N, the bench's configuration of the mode) recording
every action, then applies each recorded action again twice; the same run that applies none is
subtracted, so what is left is ``Ruleset.apply`` alone. The collector is off during the loop and
``PYTHONHASHSEED`` is fixed, so a tree gives the same count run after run. ``--tree`` measures
another checkout (an older commit unpacked with ``git archive``) with the same script, so two
trees are compared over the same games action for action.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

REPEATS = 2


def _child(tree: str, game: str, mode: str, games: int, repeats: int) -> None:
    """Record the games' actions, then apply them ``repeats`` times; print how many there are."""
    sys.path.insert(0, tree)
    import gc

    from bot.bench.samples import bench_config
    from engines import registry
    from engines.core.driver import Match

    ruleset = registry.get(game)
    config = bench_config(ruleset, mode, None)
    recorded = []
    for seed in range(1, games + 1):
        match = Match(ruleset, config, seed)
        while asked := match.asked():
            rng = match.rng()
            seat = rng.choice(asked)
            action = rng.choice(match.choices(seat))
            recorded.append((match.state, seat, action.key))
            match.apply(seat, action)
    gc.collect()
    gc.disable()  # a collection lands at a different point when allocations differ by one
    apply = ruleset.apply
    for _ in range(repeats):
        for state, seat, key in recorded:
            apply(state, seat, key)
    print(len(recorded))


def _instructions(tree: str, game: str, mode: str, games: int, repeats: int) -> tuple[int, int]:
    """(instructions, actions) of one child run under cachegrind."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        tree,
        game,
        mode,
        str(games),
        str(repeats),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def main() -> None:
    """Print the instructions per applied action of a game mode in one tree."""
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        tree, game, mode, games, repeats = sys.argv[2:7]
        _child(tree, game, mode, int(games), int(repeats))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("mode")
    parser.add_argument("--games", type=int, default=5, help="random games to record (seeds 1..N)")
    here = str(Path(__file__).resolve().parents[1])
    parser.add_argument("--tree", default=here, help="the checkout to measure")
    args = parser.parse_args()
    base, actions = _instructions(args.tree, args.game, args.mode, args.games, 0)
    total, _ = _instructions(args.tree, args.game, args.mode, args.games, REPEATS)
    per_action = (total - base) / (REPEATS * actions)
    where = f"{actions} actions, {args.tree}"
    print(f"{args.game} {args.mode} ({where}): {per_action:,.0f} instructions per apply")


if __name__ == "__main__":
    main()
