"""Every card design can be played through the real engine and ends where the rules put it."""

from __future__ import annotations

import pytest

from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.content import content
from engines.hackclad.state import HackState
from tests.engines.hackclad.helpers import attack, cid, clear_field, hand, move_card, my_turn, started

CARDS = sorted({(w.id, card) for w in content().witches.values() for card in (*w.basic, *w.enhanced)})


def _finish(state: HackState, seat: int) -> HackState:
    """Answer follow-up choices with their first option until the seat is back at a turn or reaction."""
    for _ in range(20):
        ask = state.agenda.pending
        if ask is None or ask.kind in ("turn", "react") or ask.seat != seat:
            return state
        state = R.apply(state, seat, R.legal_actions(state, seat)[0]).state
    raise AssertionError("choices never ended")


def _scene(witch: str, card: str) -> tuple[HackState, str]:
    other = "flare" if witch != "flare" else "luna"
    state = started("basic", 2, witches=[witch, other])
    clear_field(state)
    w = state.witches[0]
    w.mp, w.cp, w.shards, w.slot = 7, 0, 3, 0
    state.witches[1].pos, state.witches[1].slot = grid.cell_at(0, 0), 1
    iid = cid(state, 0, card)
    spare = [c for c in ("shot", "block", "move") if c != card]
    hand(state, 0, card, *spare)
    return state, iid


@pytest.mark.parametrize(("witch", "card"), CARDS)
def test_card_can_be_played(witch: str, card: str) -> None:
    state, iid = _scene(witch, card)
    design = content().cards[card]
    before = R.conserved(state)
    if design.is_reaction:
        state.witches[0].pos = grid.cell_at(2, 3)
        state = attack(state, [(0, -1)])
        key = next(a.key for a in R.legal_actions(state, 0) if a.card == iid)
    else:
        key = ""
        for cell in range(grid.CELLS):
            if cell == state.clad_pos or cell == state.witches[1].pos:
                continue
            state.witches[0].pos = cell
            my_turn(state, 0)
            if card == "sisters_in_arms":
                state.witches[1].pos = (
                    grid.step(cell, 3) if grid.step(cell, 3) != state.clad_pos else grid.step(cell, 1)
                )
            keys = [a.key for a in R.legal_actions(state, 0) if a.card == iid]
            if keys:
                key = keys[-1]
                break
        assert key, f"{card} is never playable"
    if design.from_discard:
        move_card(state, 0, iid, "discard")
        key = "rd." + iid
    state = _finish(R.apply(state, 0, key).state, 0)
    w = state.witches[0]
    assert iid in w.discard or iid in w.deck[:1] or iid in w.hand
    assert R.conserved(state) == before
