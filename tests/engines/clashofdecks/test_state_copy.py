"""``apply`` copies the state field by field: the copy must be the value a msgpack round trip gives
and must share nothing that can change with the original."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.state import ClashState
from engines.core import GameConfig, Rng

CONFIGS = [
    GameConfig("solo", 1),
    GameConfig("solo", 1, {"format": "draft", "champion": True, "difficulty": 7}),
    GameConfig("duel", 2, {"format": "draft", "champion": True}),
    GameConfig("coop", 2),
    GameConfig("ffa", 4),
    GameConfig("2v2", 4, {"format": "draft"}),
]


def _states(config: GameConfig, seeds: range) -> list[ClashState]:
    found = []
    for seed in seeds:
        state = RULESET.setup(config, seed)
        rng = Rng(seed)
        found.append(state)
        while prompts := RULESET.prompts(state):
            seat = min(prompts)
            state = RULESET.apply(state, seat, rng.choice(RULESET.legal_actions(state, seat))).state
            found.append(state)
    return found


def _mutable(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict and non-frozen struct reachable from ``value``, by identity."""
    if isinstance(value, msgspec.Struct):
        if not value.__struct_config__.frozen:
            found[id(value)] = value
        for name in value.__struct_fields__:
            _mutable(getattr(value, name), found)
    elif isinstance(value, list | dict | set):
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _mutable(item, found)
    elif isinstance(value, tuple):
        for item in value:
            _mutable(item, found)
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}-{c.options.get('format', 'precon')}")
def test_copy_is_the_round_trip_value_and_shares_nothing_mutable(config: GameConfig) -> None:
    states = _states(config, range(1, 4))
    assert any(s.draft is not None for s in states) == (config.options.get("format") == "draft")
    for state in states:
        copy = RULESET.clone(state)
        assert copy == RULESET.decode(RULESET.encode(state))
        assert RULESET.encode(copy) == RULESET.encode(state)
        original = _mutable(state, {})
        assert not set(_mutable(copy, {})) & set(original)
