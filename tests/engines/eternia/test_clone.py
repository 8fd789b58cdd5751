"""Eternia's ``apply`` copies the state field by field (``state.copy_state``) instead of a msgpack round trip.

The copy must be the round trip's twin (same values, same types, record by record) and must share no
list or mutable record with the original, so play on the copy can never reach the state it came from.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engines.core import GameConfig
from engines.eternia import RULESET as R
from engines.eternia.state import EtState
from tests.engines.core.clones import differences, random_states, shared

CONFIGS = [
    GameConfig("versus", 5, {"scenario": "eternos_village"}),
    GameConfig("ai", 4, {"scenario": "snake_mountain"}),
]


def _states(config: GameConfig, seeds: range) -> Iterator[EtState]:
    return random_states(R, config, seeds)


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
