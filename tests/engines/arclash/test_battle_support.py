"""Battle, beginning and support stages: start-of-battle effects, order from the lowest power, passing."""

from __future__ import annotations

from engines.arclash import zones
from engines.arclash.state import SUPPORT
from tests.engines.arclash.helpers import R, act, at_battle, key_for, opened, set_hand, set_stack


def test_beginning_stage_triggers_battle_effects_of_every_card_in_the_stack() -> None:
    state = opened(2, seed=4)
    set_stack(state, 0, "AC-001", "AC-005")  # weaken 25 (level 1) and weaken 50 (level 2)
    set_hand(state, 0)
    set_stack(state, 1, "AC-023")
    set_hand(state, 1, "AC-033")
    public = at_battle(state)
    assert public[0] == "Battle begins."
    assert zones.power(state, 1) == 400 - 25 - 50
    assert [m.source for m in state.seats[1].mods] == ["Coilspawn Hatchling", "Coil Warden"]


def test_support_stage_lowest_power_goes_first_then_clockwise() -> None:
    state = opened(3, seed=4)
    set_stack(state, 0, "AC-023")  # 400
    set_stack(state, 1, "AC-024")  # 150 (+25 for its own [Ember] card)
    set_stack(state, 2, "AC-002")  # 380
    for seat in range(3):
        set_hand(state, seat, "AC-054")
    at_battle(state)
    assert state.phase == SUPPORT and state.order == [1, 2, 0] and state.current == 1
    prompt = R.prompts(state)[1]
    assert prompt.kind == "support" and not prompt.sealed


def test_support_stage_tie_for_lowest_is_settled_by_a_public_roll() -> None:
    state = opened(2, seed=4)
    set_stack(state, 0, "AC-023")
    set_stack(state, 1, "AC-023")
    set_hand(state, 0, "AC-054")
    set_hand(state, 1, "AC-054")
    public = at_battle(state)
    assert any(t.startswith("Tie for lowest power") and "{P1}" in t and "{P2}" in t for t in public)
    assert state.order[0] in (0, 1) and state.order[1] == 1 - state.order[0]


def test_support_cards_act_at_once_and_a_pass_is_final() -> None:
    state = opened(2, seed=5)
    set_stack(state, 0, "AC-002")  # 380 (lowest, first)
    set_hand(state, 0, "AC-013", "AC-013", "AC-014")
    set_stack(state, 1, "AC-023")  # 400
    set_hand(state, 1, "AC-054", "AC-054")
    at_battle(state)
    state, _ = act(state, 0, key_for(state, 0, "AC-013", "sup:"))
    assert zones.power(state, 0) == 430 and state.current == 1
    state, _ = act(state, 1, "pass")
    assert state.seats[1].passed
    state, _ = act(state, 0, key_for(state, 0, "AC-014", "sup:"))  # weaken 50
    assert zones.power(state, 1) == 350
    assert state.current == 0  # seat 1 passed for good, so seat 0 goes again
    state, _ = act(state, 0, "pass")
    assert state.phase != SUPPORT


def test_support_stage_a_player_who_cannot_play_is_still_asked_and_can_only_pass() -> None:
    state = opened(2, seed=5)
    set_stack(state, 0, "AC-002")
    set_hand(state, 0, "AC-005")  # no supports
    set_stack(state, 1, "AC-023")
    set_hand(state, 1, "AC-054")
    at_battle(state)
    # asked like anyone else, so the table cannot tell that the hand holds no support
    assert state.current == 0 and R.prompts(state)[0].kind == "support"
    assert [a.key for a in R.legal_actions(state, 0)] == ["pass"]
    state, public = act(state, 0, "pass")
    assert public == ["{P1} passes."] and state.current == 1


def test_support_discard_cost_is_chosen_then_paid() -> None:
    state = opened(2, seed=6)
    set_stack(state, 0, "AC-002")
    surge, first, second = set_hand(state, 0, "AC-020", "AC-004", "AC-013")
    set_stack(state, 1, "AC-023")
    set_hand(state, 1)
    at_battle(state)
    state, _ = act(state, 0, f"sup:{surge}")
    assert R.prompts(state)[0].kind == "support_pay"
    assert {a.key for a in R.legal_actions(state, 0)} == {f"pay:{first}", f"pay:{second}", "back", "pass"}
    hand_before = len(state.seats[0].hand)
    state, public = act(state, 0, f"pay:{first}")
    assert any("plays Tide of Venom, discarding Venom Sprite" in t for t in public)
    assert first in state.seats[0].discard and surge in state.seats[0].supports
    assert hand_before == 3 and state.current == 1
    assert [a.key for a in R.legal_actions(state, 1)] == ["pass"]  # seat 1 holds nothing: only a pass
    drawn = [i for i in state.seats[0].hand if i not in (surge, first, second)]
    assert len(drawn) == 2 and second in state.seats[0].hand


def test_beginning_stage_a_card_knocked_out_of_play_does_not_trigger() -> None:
    # The Perpetual Engine rolls first (4+ levels down every rival above level 1); Coil Warden,
    # knocked off the top of seat 1's stack, then has no start-of-battle effect left to resolve.
    for seed in range(40):
        state = opened(2, seed=4)
        state.rng = seed
        set_stack(state, 0, "AC-062", "AC-068", "AC-069", "AC-072")
        set_hand(state, 0)
        set_stack(state, 1, "AC-001", "AC-005")  # weaken 25 (level 1), weaken 50 (level 2)
        set_hand(state, 1)
        public = at_battle(state)
        if any("success" in t for t in public):
            break
    else:
        raise AssertionError("no seed rolled a success")
    assert len(state.seats[1].stack) == 1
    sources = {m.source for m in state.seats[0].mods if m.amount < 0}
    assert "Coilspawn Hatchling" in sources and "Coil Warden" not in sources
