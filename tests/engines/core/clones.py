"""Random play for engine tests, and the checks for a game's field-by-field state copy (``clone``).

Shared by every game whose ``apply`` copies its state by hand instead of a msgpack round trip, or
looks a clicked choice up by its key instead of listing every choice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from engines.core import AnyRuleset, GameConfig, Rng


def random_decisions(ruleset: AnyRuleset, config: GameConfig, seeds: range) -> Iterator[tuple[Any, int]]:
    """Every decision of random games dealt from ``seeds``: the state and the seat that decides."""
    for seed in seeds:
        state = ruleset.setup(config, seed)
        rng = Rng(seed ^ 0x5EED)
        while prompts := ruleset.prompts(state):
            seat = rng.choice(sorted(prompts))
            yield state, seat
            state = ruleset.apply(state, seat, rng.choice(ruleset.legal_actions(state, seat))).state


def random_states(ruleset: AnyRuleset, config: GameConfig, seeds: range) -> Iterator[Any]:
    """Every state of random games dealt from ``seeds``, the first and the last of each included."""
    for seed in seeds:
        state = ruleset.setup(config, seed)
        rng = Rng(seed ^ 0x5EED)
        yield state
        while prompts := ruleset.prompts(state):
            seat = rng.choice(sorted(prompts))
            state = ruleset.apply(state, seat, rng.choice(ruleset.legal_actions(state, seat))).state
            yield state


def _children(value: Any) -> list[tuple[str, Any]]:
    if isinstance(value, msgspec.Struct):
        return [(f".{name}", getattr(value, name)) for name in value.__struct_fields__]
    if isinstance(value, (list, tuple)):
        return [(f"[{i}]", item) for i, item in enumerate(value)]
    if isinstance(value, dict):
        return [(f"[{key!r}]", item) for key, item in value.items()]
    return []


def _mutable(value: Any) -> bool:
    if isinstance(value, msgspec.Struct):
        return not value.__struct_config__.frozen
    return isinstance(value, (list, dict, set))


def differences(copy: Any, twin: Any, path: str = "state") -> list[str]:
    """Where ``copy`` and ``twin`` differ in type or value, looking inside records and containers."""
    if type(copy) is not type(twin):
        return [f"{path}: {type(copy).__name__} vs {type(twin).__name__}"]
    mine, theirs = _children(copy), _children(twin)
    if not mine and not theirs:
        return [] if copy == twin else [f"{path}: {copy!r} vs {twin!r}"]
    if [name for name, _ in mine] != [name for name, _ in theirs]:
        return [f"{path}: different shape"]
    return [d for (name, a), (_, b) in zip(mine, theirs, strict=True) for d in differences(a, b, path + name)]


def shared(copy: Any, original: Any, path: str = "state") -> list[str]:
    """Where ``copy`` reuses a mutable object of ``original``."""
    here = [path] if _mutable(copy) and copy is original else []
    pairs = zip(_children(copy), _children(original), strict=False)
    return here + [s for (name, a), (_, b) in pairs for s in shared(a, b, path + name)]
