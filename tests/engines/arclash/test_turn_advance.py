"""Advance phase: sealed advancements, revealed together, costs paid or the card discarded, repeated."""

from __future__ import annotations

from engines.arclash.state import ADVANCE, SUPPORT
from tests.engines.arclash.helpers import R, act, at_advance, key_for, opened, set_hand, set_stack


def two_climbers():  # type: ignore[no-untyped-def]
    state = opened(2, seed=3)
    set_stack(state, 0, "AC-001")  # Coilspawn Hatchling [Serpent, Abyss]
    set_hand(state, 0, "AC-005", "AC-006", "AC-013", "AC-009")
    set_stack(state, 1, "AC-023")  # Ashen Recruit [Knight]
    set_hand(state, 1, "AC-025", "AC-033", "AC-034")
    at_advance(state)
    return state


def test_advance_everyone_still_in_the_phase_is_asked_at_once_and_sealed() -> None:
    state = two_climbers()
    prompts = R.prompts(state)
    assert set(prompts) == {0, 1}
    assert all(p.sealed and p.private and p.kind == "advance" for p in prompts.values())


def test_advance_options_need_the_bracket_and_the_next_level() -> None:
    state = two_climbers()
    keys = {state.ids.get(a.card) for a in R.legal_actions(state, 0)}
    assert keys == {None, "AC-005", "AC-006"}  # pass + the two [Serpent] level 2s; not the level 3
    assert {state.ids.get(a.card) for a in R.legal_actions(state, 1)} == {None, "AC-025"}


def test_advance_sealed_choice_stays_hidden_until_all_have_chosen() -> None:
    state = two_climbers()
    state, public = act(state, 0, key_for(state, 0, "AC-005", "adv:"))
    assert public == ["{P1} has sealed a choice."]
    spectator = R.view(state, None)
    rival = R.view(state, 1)
    assert spectator.seats[0].sealed and not spectator.seats[1].sealed
    assert rival.seats[0].hand_count == 4 and rival.my_choice is None
    assert len(rival.seats[0].stack) == 1
    assert "Coil Warden" not in str(rival) and "Coil Warden" in R.view(state, 0).my_choice.name  # type: ignore[union-attr]


def test_advance_reveal_together_places_cards_and_pays_costs() -> None:
    state = two_climbers()
    state, _ = act(state, 0, key_for(state, 0, "AC-006", "adv:"))  # Tidepool Viper: discard 1
    assert R.prompts(state)[0].kind == "advance_pay"
    state, _ = act(state, 0, key_for(state, 0, "AC-013", "pay:"))
    state, public = act(state, 1, key_for(state, 1, "AC-025", "adv:"))
    assert any("reveals Tidepool Viper and advances to level 2, discarding Fang Strike" in t for t in public)
    assert any("reveals Cinder Knight" in t for t in public)
    assert [state.ids[i] for i in state.seats[0].stack] == ["AC-001", "AC-006"]
    assert [state.ids[i] for i in state.seats[0].discard][-1] == "AC-013"
    assert "AC-013" not in [state.ids[i] for i in state.seats[0].hand]


def test_advance_unpayable_cost_discards_the_card_instead() -> None:
    state = opened(2, seed=3)
    set_stack(state, 0, "AC-005")
    viper_l3 = set_hand(state, 0, "AC-009")[0]  # Matriarch: discard 1, but nothing else in hand
    set_stack(state, 1, "AC-023")
    set_hand(state, 1)
    at_advance(state)
    action = next(a for a in R.legal_actions(state, 0) if a.card == viper_l3)
    assert "cannot pay" in action.label
    state, _ = act(state, 0, action.key)
    state, public = act(state, 1, "pass")  # seat 1 holds nothing, but is asked all the same
    assert any("cannot pay its cost" in t for t in public)
    assert viper_l3 in state.seats[0].discard and len(state.seats[0].stack) == 1


def test_advance_repeats_until_everyone_has_passed() -> None:
    state = two_climbers()
    state, _ = act(state, 0, key_for(state, 0, "AC-005", "adv:"))
    state, _ = act(state, 1, "pass")
    assert state.phase == ADVANCE and state.round == 2
    assert set(R.prompts(state)) == {0}  # the pass was final for seat 1
    # Coil Warden -> Abyss Coil Matriarch (level 3, discard 1)
    state, _ = act(state, 0, key_for(state, 0, "AC-009", "adv:"))
    state, _ = act(state, 0, key_for(state, 0, "AC-013", "pay:"))
    assert [state.ids[i] for i in state.seats[0].stack] == ["AC-001", "AC-005", "AC-009"]
    # nothing left that can advance: seat 0 is still asked, can only pass, and then battle begins
    assert state.phase == ADVANCE and [a.key for a in R.legal_actions(state, 0)] == ["pass"]
    state, _ = act(state, 0, "pass")
    assert state.phase == SUPPORT


def test_advance_take_back_while_paying() -> None:
    state = two_climbers()
    state, _ = act(state, 0, key_for(state, 0, "AC-006", "adv:"))
    state, _ = act(state, 0, "back")
    assert R.prompts(state)[0].kind == "advance" and not state.seats[0].sealed
    assert R.default_action(state, 0).key == "pass"


def test_advance_timeout_while_paying_drops_the_card_and_passes() -> None:
    state = two_climbers()
    state, _ = act(state, 0, key_for(state, 0, "AC-006", "adv:"))
    default = R.default_action(state, 0)
    assert default.key == "pass"
    state = R.apply(state, 0, default).state
    assert state.seats[0].sealed and state.seats[0].choice == "" and state.seats[0].paying == []
    state, public = act(state, 1, "pass")
    assert "{P1} reveals a pass." in public and len(state.seats[0].stack) == 1


def test_advance_placement_is_simultaneous_then_arrival_effects_resolve() -> None:
    # Leviathan's arrival roll (5+) levels down every rival above level 1. Seat 1's Cinder Knight,
    # revealed in the same round, is already in place when that roll happens.
    for seed in range(40):
        state = opened(2, seed=3)
        state.rng = seed
        set_stack(state, 0, "AC-001", "AC-005", "AC-009")
        leviathan, *cost = set_hand(state, 0, "AC-012", "AC-013", "AC-014", "AC-015")
        set_stack(state, 1, "AC-023")
        knight = set_hand(state, 1, "AC-025")[0]
        at_advance(state)
        state, _ = act(state, 0, f"adv:{leviathan}")
        for iid in cost:
            state, _ = act(state, 0, f"pay:{iid}")
        state, public = act(state, 1, f"adv:{knight}")
        if any("success" in t for t in public):
            break
    else:
        raise AssertionError("no seed rolled a success")
    assert public.index("{P2} reveals Cinder Knight and advances to level 2.") < next(
        i for i, t in enumerate(public) if "success" in t
    )
    assert knight in state.seats[1].discard and len(state.seats[1].stack) == 1
    assert state.seats[0].stack[-1] == leviathan


def test_advance_a_discarded_advancement_does_not_end_the_players_advancing() -> None:
    state = opened(2, seed=3)
    set_stack(state, 0, "AC-001")
    viper = set_hand(state, 0, "AC-006")[0]  # Tidepool Viper costs 1 discard; nothing to pay with
    set_stack(state, 1, "AC-023")
    set_hand(state, 1)
    at_advance(state)
    state, _ = act(state, 0, f"adv:{viper}")  # unpayable: sealed at once, discarded at the reveal
    state, public = act(state, 1, "pass")
    assert any("cannot pay" in t for t in public) and viper in state.seats[0].discard
    assert state.round == 2 and set(R.prompts(state)) == {0}  # still in the advance phase
