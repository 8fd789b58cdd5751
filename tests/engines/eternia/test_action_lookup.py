"""``apply`` looks a move or Activation choice up by its key without working out every other choice
(``_find_action``: no route to every destination, no Line of Sight to every target).

These tests hold that fast path to the full list of legal actions: every legal key is found as the very
same action, and every other key shaped like a step (every space near the mover, "stay" when it may not
stop, keys that parse to a hex but are spelt otherwise, and single steps while a later page is shown)
is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engines.core import GameConfig, Rejected
from engines.eternia import RULESET as R
from engines.eternia import hexes
from engines.eternia.content import content
from engines.eternia.ctx import key
from engines.eternia.state import Activation, EtState, EtTask
from tests.engines.core.clones import random_decisions
from tests.engines.eternia.helpers import put, scene

CONFIGS = [
    GameConfig("versus", 5, {"scenario": "eternos_village"}),
    GameConfig("ai", 4, {"scenario": "snake_mountain"}),
]


def _states(config: GameConfig, seeds: range) -> Iterator[tuple[EtState, int]]:
    return random_decisions(R, config, seeds)


def _mover(state: EtState) -> hexes.Hex:
    p = state.agenda.pending
    assert p is not None
    return next(m.hexes[0] for m in state.models if m.id == p.model)


def near_misses(state: EtState, legal: list[str]) -> set[str]:
    """Keys shaped like the move prompt's and the Activation menu's choices (every space within 2 of
    the model, every Skill's Attack)."""
    keys = {"", "s.", "s.x", "s.1", "s.1,2,3", "to.", "stay", "more", "back", "skip", "end", "move", "atk."}
    keys |= {f"atk.{sid}" for sid in content().skills} | {"undaze", "interact", "atk.x.y", "move.1"}
    for h in hexes.within(_mover(state), 2):
        keys |= {f"s.{key(h)}", f"to.{key(h)}", f"s.+{h[0]},{h[1]}", f"s.{h[0]}, {h[1]}", f"s.{key(h)}.x"}
    return keys | {k + "x" for k in legal} | {k[:-1] for k in legal}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_every_legal_move_key_is_found_and_every_other_key_is_refused(config: GameConfig) -> None:
    checked = paged = 0
    for i, (state, seat) in enumerate(_states(config, range(1, 2))):
        p = state.agenda.pending
        legal = {a.key: a for a in R.legal_actions(state, seat)}
        for k, action in legal.items():
            assert R._find_action(state, seat, k) == action
        if p is None or p.kind not in ("move", "act") or (i % 2 and "more" not in legal):
            continue  # near misses for every other move prompt, and for every paged one
        # the prompt as it is, and its next page when it has one (where no single step is offered)
        for shown in (state, R.apply(state, seat, "more").state) if "more" in legal else (state,):
            on_page = {a.key: a for a in R.legal_actions(shown, seat)}
            for k, action in on_page.items():
                assert R._find_action(shown, seat, k) == action
            for k in near_misses(shown, list(on_page)) - set(on_page):
                assert R._find_action(shown, seat, k) is None, k
                checked += 1
            paged += shown is not state
    assert checked > 1000 and paged >= 2


def test_a_step_the_prompt_does_not_offer_is_refused_by_apply() -> None:
    state, seat = next(
        (s, seat)
        for s, seat in _states(CONFIGS[0], range(1, 2))
        if s.agenda.pending is not None and s.agenda.pending.kind == "move"
    )
    far = hexes.add(_mover(state), (3, 0))
    with pytest.raises(Rejected) as err:
        R.apply(state, seat, f"s.{key(far)}")
    assert err.value.code == "illegal"


def test_a_surrounded_model_is_offered_no_move_and_apply_refuses_one() -> None:
    ctx = scene()
    hero = put(ctx, "t.he_man", 5, 5, power=1, dazed=True)  # recovering from Daze keeps the menu open
    for i, h in enumerate(hexes.neighbours(hero.hexes[0])):
        ctx.model(f"m.{i + 1}").hexes = [h]
    ctx.state.activation = Activation(model=hero.id, actions=2)
    ctx.push(EtTask(kind="act_ask"))
    ctx.run()
    offered = {a.key: a for a in R.legal_actions(ctx.state, hero.seat)}
    assert "undaze" in offered and "move" not in offered
    assert R._find_action(ctx.state, hero.seat, "move") is None
    assert all(R._find_action(ctx.state, hero.seat, k) == a for k, a in offered.items())
