"""Eternia's ``apply`` copies the state field by field (``state.copy_state``) instead of a msgpack round trip.

The copy must be the round trip's twin (same values, same types, record by record) and must share no
list or mutable record with the original, so play on the copy can never reach the state it came from.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from engines.core import GameConfig, Rng
from engines.eternia import RULESET as R
from engines.eternia.state import EtState

CONFIGS = [
    GameConfig("versus", 5, {"scenario": "eternos_village"}),
    GameConfig("ai", 4, {"scenario": "snake_mountain"}),
]


def _states(config: GameConfig, seeds: range) -> Iterator[EtState]:
    for seed in seeds:
        state = R.setup(config, seed)
        rng = Rng(seed ^ 0x5EED)
        yield state
        while prompts := R.prompts(state):
            seat = rng.choice(sorted(prompts))
            state = R.apply(state, seat, rng.choice(R.legal_actions(state, seat))).state
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


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_the_copy_is_the_round_trips_twin_and_shares_nothing_mutable(config: GameConfig) -> None:
    checked = 0
    for state in _states(config, range(1, 2)):
        copy = R.clone(state)
        assert differences(copy, R.decode(R.encode(state))) == []
        assert shared(copy, state) == []
        checked += 1
    assert checked > 100


def test_a_record_left_uncopied_would_be_caught() -> None:
    state = next(s for s in _states(CONFIGS[0], range(1, 2)) if s.strike is not None)
    lazy = msgspec.structs.replace(R.clone(state), strike=state.strike)
    assert shared(lazy, state)[0] == "state.strike"
