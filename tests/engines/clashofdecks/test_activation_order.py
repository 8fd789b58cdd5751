"""The book's two activation orders (Assault steps 1-19, Incantation steps 1-13), step by step.

Two tests need an Aura lending Vanish or Instinct, which no shipped card has; they add a test-only
card design to the cached catalog for the duration of the test.
"""

from __future__ import annotations

import pytest

from engines.clashofdecks.assault import assault
from engines.clashofdecks.content import Card, catalog
from engines.clashofdecks.state import STRONGHOLD, ClashState
from engines.clashofdecks.summoning import incantation
from tests.engines.clashofdecks.helpers import ctx, hand, side, table, unit


def spos(state: ClashState, k: int) -> int:
    """Kingdom ``k``'s Stronghold position in hand."""
    return state.kingdoms[k].hand.index(STRONGHOLD)


def order(state: ClashState, line: int, k: int) -> list[str]:
    """Design ids of ``k``'s creatures on ``line``, from the Bridge outwards."""
    return [state.cards[u.cards[0]] for u in side(state, line, k)]


@pytest.fixture
def aura_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Test-only designs: an Aura lending Vanish (and vanishing itself) and an Aura lending Instinct."""
    cat = catalog()
    veil = Card(
        990, "veil", "Veil", "creature", 3, "test", hp=6, av=1, abilities=("aura", "vanish"), aura="vanish"
    )
    drum = Card(991, "drum", "Drum", "creature", 3, "test", hp=6, av=1, abilities=("aura",), aura="instinct")
    for card in (veil, drum):
        monkeypatch.setitem(cat.cards, card.id, card)
        # the catalogue keeps each design's abilities as a ready-made set too
        monkeypatch.setitem(cat.ability_sets, card.id, frozenset(card.abilities))


def test_step2_attack_clearance_rage_lent_by_an_aura_counts() -> None:
    state = table()
    unit(state, 0, 0, "lieutenant", entered=state.turn)  # Aura: Rage, new this turn, no Rage of its own
    unit(state, 0, 0, "golem", entered=state.turn)
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "attack"] == ["Golem"]


def test_step5_aura_update_after_sprint_gives_berserk_and_step18_goes_back_to_step3() -> None:
    state = table()
    unit(state, 0, 0, "alpha", entered=state.turn)  # Aura: Berserk (does not attack: new this turn)
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "raider")  # Sprint; passes 2 and lands next to Alpha, so it gains Berserk
    unit(state, 0, 1, "microctopus")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    hits = [(r.target, r.amount) for r in state.last_assault if r.kind == "damage" and r.source == "Raider"]
    # 3 AV + 2 Sprint kills Microctopus; Berserk attacks again from step 3 with the bonus kept.
    assert hits == [("Microctopus", 5), ("Bulwark", 5)]
    assert order(state, 0, 0) == ["raider", "alpha", "carapace"]


def test_step5_aura_update_after_sprint_can_take_berserk_away() -> None:
    state = table()
    unit(state, 0, 0, "carapace")
    unit(state, 0, 0, "alpha", entered=state.turn)
    unit(state, 0, 0, "raider")  # next to Alpha before it sprints, next to Carapace after
    unit(state, 0, 1, "microctopus")
    unit(state, 0, 1, "bulwark")
    assault(ctx(state), 0)
    raider = [r.target for r in state.last_assault if r.kind == "attack" and r.source == "Raider"]
    assert raider == ["Microctopus"] and "berserk" not in [r.kind for r in state.last_assault]


def test_step6_aquatic_doubles_vulnerability_and_can_destroy() -> None:
    state = table()
    unit(state, 0, 0, "assassin")  # Vulnerability
    unit(state, 0, 0, "siren", entered=state.turn)  # Aura: Aquatic to Assassin, next to the Bridge
    unit(state, 0, 1, "colossus")  # 8 HP: (8 - 1) x 2 = 14
    assault(ctx(state), 0)
    assert side(state, 0, 1) == []


def test_step10_return_before_step13_regeneration_before_step14_sharpening() -> None:
    state = table()
    unit(state, 0, 0, "bloodletter")  # Price of Blood + Sharpening, AV 3
    unit(state, 0, 0, "matriarch", entered=state.turn)  # Aura: Regeneration to Bloodletter
    unit(state, 0, 1, "microctopus")  # 2 HP: 1 excess
    hand(state, 0, ["golem"], ["golem"])
    hand(state, 1, [], ["golem"] * 4)
    assault(ctx(state), 0)
    kinds = [r.kind for r in state.last_assault]
    assert kinds.index("destroyed") < kinds.index("regenerate") < kinds.index("sharpen")
    assert spos(state, 0) == 0 and spos(state, 1) == 1


def test_step15_several_vanish_triggers_resolve_upper_line_far_to_near() -> None:
    state = table()
    unit(state, 0, 0, "lancer")  # Perforation, AV 3: hurts both Wraiths (4 HP)
    unit(state, 0, 1, "wraith")
    unit(state, 0, 1, "wraith")
    unit(state, 0, 1, "bulwark")
    first, second, wall = (u.cards[0] for u in side(state, 0, 1))
    assault(ctx(state), 0)
    # The Wraith further from the Bridge vanishes first, then the nearer one goes behind it.
    assert [u.cards[0] for u in side(state, 0, 1)] == [wall, second, first]


@pytest.mark.usefixtures("aura_cards")
def test_step15_vanish_lent_by_an_aura_is_decided_before_anyone_moves() -> None:
    state = table()
    unit(state, 0, 0, "lancer")
    unit(state, 0, 1, "bulwark")  # gets Vanish from Veil behind it
    unit(state, 0, 1, "veil")  # Aura: Vanish, vanishes itself
    unit(state, 0, 1, "carapace")
    assault(ctx(state), 0)
    # Veil (further) vanishes first, which would strip Bulwark's lent Vanish if read live; the book
    # decides every Vanish from the Aura update of step 12, so Bulwark vanishes too.
    assert order(state, 0, 1) == ["carapace", "veil", "bulwark"]


@pytest.mark.usefixtures("aura_cards")
def test_step19_instinct_is_read_after_vanish_and_the_step17_aura_update() -> None:
    state = table()
    unit(state, 0, 0, "golem")
    unit(state, 0, 1, "wraith")  # Vanish: hurt, it moves next to Drum and gains Instinct
    unit(state, 0, 1, "bulwark")
    unit(state, 0, 1, "drum")  # Aura: Instinct
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "instinct"] == ["Wraith"]
    assert side(state, 0, 0)[0].damage == 2


def test_step19_several_instinct_answers_resolve_far_to_near() -> None:
    state = table()
    unit(state, 0, 0, "lancer")  # Perforation, AV 3, 3 HP
    unit(state, 0, 1, "warden")  # Instinct, AV 2
    unit(state, 0, 1, "shade")  # Instinct, AV 3: answers first and destroys Lancer
    hand(state, 0, [], ["golem"] * 5)
    assault(ctx(state), 0)
    assert [r.source for r in state.last_assault if r.kind == "instinct"] == ["Shade", "Warden"]
    # Lancer went home (one more card on the right), then Warden found no creature: 2 to the Stronghold.
    assert spos(state, 0) == 2


def test_step19_instinct_waits_for_every_berserk_attack() -> None:
    state = table()
    unit(state, 0, 0, "spitter")  # Splash, AV 3
    unit(state, 0, 0, "alpha", entered=state.turn)  # lends Berserk to Spitter
    unit(state, 0, 1, "microctopus")
    unit(state, 1, 1, "warden")  # hit by the Splash at the same position, survives
    hand(state, 0, [], ["golem"] * 5)
    hand(state, 1, [], ["golem"] * 5)
    assault(ctx(state), 0)
    kinds = [(r.kind, r.source) for r in state.last_assault if r.kind in ("attack", "berserk", "instinct")]
    assert kinds == [
        ("attack", "Spitter"),
        ("berserk", "Spitter"),
        ("attack", "Spitter"),
        ("instinct", "Warden"),
        ("attack", "Warden"),
    ]
    assert spos(state, 1) == 3 and spos(state, 0) == 2  # Warden's line has no enemy creature


def test_incantation_step11_vanish_after_step10_spell_returns() -> None:
    state = table()
    ghost = unit(state, 0, 1, "wraith")
    unit(state, 0, 1, "bulwark")
    spell = hand(state, 0, ["boom"], ["golem"])[0]
    state.kingdoms[0].mana = 5
    incantation(ctx(state), 0, spell, ghost)
    assert side(state, 0, 1)[-1].cards[0] == ghost
    assert state.kingdoms[0].hand[-1] == spell
    kinds = [r.kind for r in state.this_turn]
    assert kinds.index("damage") < kinds.index("vanish")


def test_incantation_damage_does_not_wake_instinct() -> None:
    state = table()
    target = unit(state, 0, 1, "shade")  # Instinct + Vanish, 4 HP: survives Boom's 2
    unit(state, 0, 0, "golem")
    spell = hand(state, 0, ["boom"], ["golem"])[0]
    state.kingdoms[0].mana = 5
    incantation(ctx(state), 0, spell, target)
    kinds = [r.kind for r in state.this_turn]
    assert "damage" in kinds and "instinct" not in kinds and side(state, 0, 0)[0].damage == 0


def test_incantation_step8_regeneration_once_for_a_single_instance_on_two_targets() -> None:
    state = table()
    front = unit(state, 0, 1, "bulwark")
    unit(state, 0, 1, "bulwark")
    spell = hand(state, 0, ["golem", "golem", "skewer"], ["golem"])[2]  # Perforation + Regeneration
    state.kingdoms[0].mana = 5
    incantation(ctx(state), 0, spell, front)
    assert [u.damage for u in side(state, 0, 1)] == [2, 2]
    # Skewer left from the left of the Stronghold (no shift), then one Regeneration step.
    assert spos(state, 0) == 1
