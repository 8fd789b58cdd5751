"""``apply`` copies the state field by field (``state.copy_state``) instead of a msgpack round trip.

The copy must be the round trip's twin (same values, same types, record by record) and must share no
list or mutable record with the original, so play on the copy can never reach the state it came from.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engines.core import GameConfig
from engines.hackclad import RULESET as R
from engines.hackclad.state import HackState
from tests.engines.core.clones import differences, random_states, shared

CONFIGS = [
    GameConfig("solo", 1, {"expert": True}),
    GameConfig("basic", 4),
    GameConfig("team", 2),
    GameConfig("basic", 3, {"missions": "first_game"}),
]


def _states(config: GameConfig, seeds: range) -> Iterator[HackState]:
    return random_states(R, config, seeds)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_the_copy_is_the_round_trips_twin_and_shares_nothing_mutable(config: GameConfig) -> None:
    checked = 0
    for state in _states(config, range(1, 4)):
        copy = R.clone(state)
        assert differences(copy, R.decode(R.encode(state))) == []
        assert shared(copy, state) == []
        checked += 1
    assert checked > 200


def test_a_record_left_uncopied_would_be_caught() -> None:
    state = next(s for s in _states(GameConfig("solo", 1), range(1, 2)) if s.agenda.tasks and s.frames)
    lazy = msgspec.structs.replace(R.clone(state), frames=state.frames)
    assert shared(lazy, state)[0] == "state.frames"
