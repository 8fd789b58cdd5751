"""Recover: supports discarded, level 4 levels down, draw to 8 with a reshuffle, sealed start-over."""

from __future__ import annotations

from engines.arclash.state import ADVANCE, SUPPORT, SWAP
from engines.arclash.turn import recover
from tests.engines.arclash.helpers import R, act, give, key_for, opened, run, set_hand, set_stack


def recovering():  # type: ignore[no-untyped-def]
    state = opened(2, seed=8)
    set_stack(state, 0, "AC-001", "AC-005", "AC-009", "AC-012")
    set_hand(state, 0, "AC-002")
    give(state, 0, "AC-013", "supports")
    set_stack(state, 1, "AC-023")
    set_hand(state, 1, "AC-033", "AC-033")
    return state


def test_recover_discards_supports_and_levels_down_level_four() -> None:
    state = recovering()
    support = state.seats[0].supports[0]
    leviathan = state.seats[0].stack[-1]
    public = run(state, recover)
    assert state.seats[0].supports == [] and support in state.seats[0].discard
    assert leviathan in state.seats[0].discard and len(state.seats[0].stack) == 3
    assert any("levels down after the battle" in t for t in public)
    assert all(zone.mods == [] for zone in state.seats)


def test_recover_draws_to_eight_and_reshuffles_an_empty_deck() -> None:
    state = recovering()
    state.seats[1].deck = state.seats[1].deck[:3]
    state.seats[1].discard = []
    for _ in range(6):
        give(state, 1, "AC-034", "discard")
    public = run(state, recover)
    assert len(state.seats[0].hand) == 8 and len(state.seats[1].hand) == 8
    assert any(t == "{P2} shuffles their discard pile into a new deck." for t in public)
    assert len(state.seats[1].deck) == 6 + 3 - 6


def test_recover_start_over_is_a_sealed_choice_revealed_together() -> None:
    state = recovering()
    run(state, recover)
    assert state.phase == SWAP
    prompts = R.prompts(state)
    assert 0 in prompts and prompts[0].sealed and prompts[0].kind == "swap"
    seats = sorted(prompts)
    state, _ = act(state, 0, key_for(state, 0, "AC-002", "swap:"))
    old_stack = list(state.seats[0].stack)
    assert len(R.view(state, 1).seats[0].stack) == 3  # nothing shown before everyone has chosen
    for seat in seats[1:]:
        state, _ = act(state, seat, "keep")
    assert state.phase in (ADVANCE, SUPPORT) and state.turn == 2
    assert [state.ids[i] for i in state.seats[0].stack] == ["AC-002"]
    assert all(i in state.seats[0].discard for i in old_stack)


def test_recover_keep_is_the_default_and_changes_nothing() -> None:
    state = recovering()
    run(state, recover)
    stack = list(state.seats[0].stack)
    for seat in sorted(R.prompts(state)):
        assert R.default_action(state, seat).key == "keep"
        state, _ = act(state, seat, "keep")
    assert state.seats[0].stack == stack


def test_recover_a_level_four_that_lost_the_battle_drops_only_that_card() -> None:
    from engines.arclash.battle import damage
    from engines.arclash.zones import modify

    state = recovering()
    modify(state, 1, 2000, "boost")  # the level 4 loses the battle
    run(state, damage)
    # the loss took the level 4; the recover level-down finds a level 3 on top and leaves it
    assert [state.ids[i] for i in state.seats[0].stack] == ["AC-001", "AC-005", "AC-009"]


def test_recover_reshuffle_applies_to_any_draw_at_any_time() -> None:
    from engines.arclash.content import Effect
    from engines.arclash.ctx import Ctx
    from engines.arclash.effects import resolve
    from engines.core.rng import Rng

    state = recovering()
    state.seats[0].deck = []
    gone = [give(state, 0, "AC-013", "discard"), give(state, 0, "AC-014", "discard")]
    ctx = Ctx(state, Rng(1))
    resolve(ctx, 0, "Test", Effect("play", "draw", count=1))
    texts = [e.text for e in ctx.events]
    assert texts[0] == "{P1} shuffles their discard pile into a new deck."
    assert len(state.seats[0].deck) == 1 and state.seats[0].discard == []
    assert {*state.seats[0].deck, state.seats[0].hand[-1]} == set(gone)
