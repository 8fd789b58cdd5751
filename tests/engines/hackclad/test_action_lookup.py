"""``apply`` looks a choice up by its key without labelling every other choice (``_find_action``).

These tests hold that fast path to the full list of legal actions: every legal key is found as the very
same action, and every other key (near misses included: other cards, facings, costs, slots) is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engines.core import GameConfig, Rejected
from engines.hackclad import RULESET as R
from engines.hackclad.cards import card_id
from engines.hackclad.content import content
from engines.hackclad.state import HackState
from tests.engines.core.clones import random_decisions

CONFIGS = [
    GameConfig("solo", 1),
    GameConfig("basic", 4),
    GameConfig("team", 2),
    GameConfig("basic", 3, {"expert": True, "missions": "first_game"}),
]


def _states(config: GameConfig, seeds: range) -> Iterator[tuple[HackState, int]]:
    return random_decisions(R, config, seeds)


def near_misses(state: HackState, legal: list[str]) -> set[str]:
    """Keys shaped like every kind of choice, for every card instance in the game."""
    c = content()
    keys = {"", ".", "end", "pass", "none", "stop", "top", "bottom", "keep", "discard", "p", "p.", "cp."}
    keys |= {f"cp.{cp}" for cp in c.cp} | {f"m.{m}" for m in c.missions}
    keys |= {k + suffix for k in legal for suffix in ("x", ".o", ".x1", ".0")}
    keys |= {k[:-1] for k in legal}
    for witch in range(len(state.witches)):
        for index in range(16):
            iid = card_id(witch, index)
            keys |= {f"{kind}.{iid}" for kind in ("p", "bm", "bp", "bd", "r", "rd", "e", "c", "in", "out")}
            keys |= {f"p.{iid}.o", f"p.{iid}.x0", f"p.{iid}.x3", f"p.{iid}.4"}
            for d in range(4):
                keys |= {f"p.{iid}.{d}", f"p.{iid}.{d}.o", f"p.{iid}.{d}.x2", f"d.{d}.{iid}", f"d.0{d}.{iid}"}
    return keys


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_every_legal_key_is_found_and_every_other_key_is_refused(config: GameConfig) -> None:
    checked = 0
    for i, (state, seat) in enumerate(_states(config, range(1, 3))):
        legal = {a.key: a for a in R.legal_actions(state, seat)}
        for key, action in legal.items():
            assert R._find_action(state, seat, key) == action
        if i % 3:
            continue  # the near misses are many: look at every third state
        for key in near_misses(state, list(legal)) - set(legal):
            assert R._find_action(state, seat, key) is None, key
            checked += 1
    assert checked > 1000


def test_apply_refuses_a_card_that_is_not_in_hand() -> None:
    turns = (
        (s, seat)
        for s, seat in _states(GameConfig("solo", 1), range(1, 2))
        if s.agenda.pending and s.agenda.pending.kind == "turn"
    )
    state, seat = next(turns)
    w = state.witches[seat]
    outside = next(iid for iid in (card_id(seat, i) for i in range(16)) if iid not in w.hand)
    with pytest.raises(Rejected) as err:
        R.apply(state, seat, f"bp.{outside}")
    assert err.value.code == "illegal"
