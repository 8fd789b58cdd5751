"""``Timeline.walk``: every step in order, the same states and events as seeking to each one."""

from __future__ import annotations

import msgspec
import pytest

from engines import registry
from engines.core import AnyRuleset, GameConfig, RandomBot
from engines.core.driver import Match
from engines.core.timeline import build
from tests.engines.core.tinygame import RULESET


@pytest.mark.parametrize(
    ("ruleset", "mode", "players"), [(RULESET, "race", 3), (registry.get("arclash"), "standard", 4)]
)
def test_walking_a_game_gives_each_step_as_seeking_to_it_does(
    ruleset: AnyRuleset, mode: str, players: int
) -> None:
    config = ruleset.resolve_config(GameConfig(mode, players, {}))
    match = Match(ruleset, config, 11)
    match.advance(RandomBot(), steps=60, random_order=True)
    timeline = build(ruleset, config, 11, match.log[:-1])
    walked = list(timeline.walk())
    assert [moment.number for moment, _, _ in walked] == list(range(timeline.steps + 1))
    encode = msgspec.msgpack.encode
    for moment, state, events in walked:
        sought, sought_events = timeline.step(moment.number)
        assert encode(state) == encode(sought)
        assert [e.text_for(None) for e in events] == [e.text_for(None) for e in sought_events]
