"""Every Skill a Player Character unlocks at an Escalation level is usable, paid from its own slots.

The book (SKILLS): the Power paying for a Skill comes from that Skill's own Power slots, each
unlockable Skill has 3 of them, and a Skill may be used whenever its Power is there (A1.6 #29-32).
For every Character and each of its six unlockable faces: unlock it through the Escalation choice,
place Power on its slots through the placement choice, use it where its type allows (an Attack
Boost on one of the Character's Attacks, a Defense Boost or Reaction when attacked, an Action, a
Bonus Action, an Attack), and check that only its own slots paid; and that with too little Power
on its slots (the card pool full) it is not offered at all.
"""

from __future__ import annotations

import pytest

from engines.eternia.activation import act_actions
from engines.eternia.attack import begin
from engines.eternia.content import content
from engines.eternia.ctx import Ctx
from engines.eternia.power import offer
from engines.eternia.state import TEAM, Activation, EtTask, Model
from tests.engines.eternia.helpers import choose, events, keys, pending_kind, put, scene, script_dice, settle

C = content()
LEVELS = ("green", "yellow", "red")
CASES = [
    pytest.param(ch.id, level, face, id=f"{ch.id}-{C.skills[sid].id}")
    for ch in C.characters.values()
    for level in LEVELS
    for face, sid in enumerate(getattr(ch.player, level))
]
BLANKS = ("blank",) * 40  # no Success and no power face: the Power after the Attack is the payment's


def _table(design: str) -> tuple[Ctx, Model, Model]:
    """``design`` alone on the Player Team against the AI; an AI Character stands next to it."""
    heroes = C.characters[design].alignment == "hero"
    ctrl = "skeletor, mer_man, beast_man" if heroes else "he_man, teela, orko"
    ctx = scene("ai", 1, seats=({"characters": design},), selection="free", ai_characters=ctrl)
    me = put(ctx, f"t.{design}", 5, 5, power=3)
    foe = put(ctx, f"c.{ctrl.split(',')[0]}", 6, 5, power=5)
    return ctx, me, foe


def _unlock(ctx: Ctx, me: Model, level: str, face: int) -> str:
    """Unlock ``face`` of ``me``'s ``level`` Skill card through the Escalation choice; its id."""
    ctx.push(EtTask(kind="unlock_ask", model=me.id, s=level))
    ctx.run()
    choose(ctx, f"face.{face}")
    sid = getattr(C.characters[me.design].player, level)[face]
    assert [(u.skill, u.power) for u in me.unlocked] == [(sid, 1)]  # 1 Power from the supply
    return sid


def _place_on_skill(ctx: Ctx, me: Model, n: int) -> None:
    """Gain ``n`` Power and place all of it on the unlocked Skill card (the owner's choice, A5-3)."""
    offer(ctx, me, n, "a test")
    ctx.run()
    assert pending_kind(ctx) == "power"
    choose(ctx, f"p.0.{n}")


def _attacked(ctx: Ctx, me: Model, foe: Model) -> None:
    """The AI Character attacks ``me``: the Defense Boost and Reaction window opens."""
    begin(ctx, foe, C.characters[foe.design].ai.attack, me)
    ctx.run()


def _offered(ctx: Ctx, me: Model, foe: Model, sid: str) -> bool:
    """Whether ``sid`` is offered now where its type is used (its own window)."""
    s = C.skills[sid]
    if s.type in ("action", "bonus_action", "attack"):
        act = Activation(model=me.id, actions=2)
        wanted = {"action": f"use.{sid}", "bonus_action": f"bonus.{sid}", "attack": f"atk.{sid}"}[s.type]
        return wanted in {a.key for a in act_actions(ctx, me, act)}
    if s.type == "boost" and s.boost_for == "attack":
        card_attack = next(a for a in me.skills if C.skills[a].type == "attack")
        begin(ctx, me, card_attack, foe)
        ctx.run()
        return pending_kind(ctx) == "atk_boost" and f"o.{sid}" in keys(ctx)
    if s.type == "reaction" and s.trigger == "round_start":
        ctx.push(EtTask(kind="round_reactions"))
        ctx.run()
        return pending_kind(ctx) == "react" and f"r.{sid}" in keys(ctx)
    _attacked(ctx, me, foe)  # a Defense Boost or a Reaction to being attacked
    return pending_kind(ctx) == "def_boost" and f"b.{sid}" in keys(ctx)


@pytest.mark.parametrize(("design", "level", "face"), CASES)
def test_a1_6_31_an_unlocked_skill_is_paid_from_its_own_slots(
    design: str, level: str, face: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx, me, foe = _table(design)
    sid = _unlock(ctx, me, level, face)
    s = C.skills[sid]
    _place_on_skill(ctx, me, 2)
    slot = me.unlocked[0]
    assert (me.power, slot.power) == (3, 3)  # the card pool kept its 3; the Skill card is full
    script_dice(monkeypatch, *BLANKS)
    card_paid = 0  # what the card pool pays besides the Skill (the card Attack a Boost rides on)
    if s.type == "boost" and s.boost_for == "attack":
        card_attack = next(a for a in me.skills if C.skills[a].type == "attack")
        card_paid = C.skills[card_attack].cost
        begin(ctx, me, card_attack, foe)
        ctx.run()
        strike = ctx.state.strike
        assert strike is not None and pending_kind(ctx) == "atk_boost"
        before = (strike.dice, strike.pierce, len(strike.rerolls))
        choose(ctx, f"o.{sid}")
        gained = {e.do: e.n for e in s.effects}
        after = (strike.dice, strike.pierce, len(strike.rerolls))
        assert after == (
            before[0] + gained.get("extra_dice", 0),
            before[1] + gained.get("pierce", 0),
            before[2] + ("reroll_misses" in gained),
        )
        assert f"o.{sid}" not in keys(ctx)  # once per Attack (A1.6 #32)
    elif s.type in ("boost", "reaction") and s.trigger != "round_start":
        _attacked(ctx, me, foe)
        assert pending_kind(ctx) == "def_boost"
        choose(ctx, f"b.{sid}")
    elif s.type == "reaction":
        ctx.push(EtTask(kind="round_reactions"))
        ctx.run()
        choose(ctx, f"r.{sid}")
    else:
        ctx.state.activation = Activation(model=me.id, actions=2)
        ctx.push(EtTask(kind="act_ask"))
        ctx.run()
        key = {"action": f"use.{sid}", "bonus_action": f"bonus.{sid}", "attack": f"atk.{sid}"}[s.type]
        choose(ctx, key)
        if s.type == "attack":
            assert pending_kind(ctx) == "target", "an unlocked Attack asks for its target"
            choose(ctx, keys(ctx)[0])
    assert slot.power == 3 - s.cost, f"{s.name} was not paid from its own slots"
    assert me.power == 3 - card_paid, f"{s.name} took Power from the card pool"
    settle(ctx, ("done", "skip", "stay", "end"))
    assert any(s.name in t for kind in ("boost", "skill", "attack", "reaction") for t in events(ctx, kind))


@pytest.mark.parametrize(("design", "level", "face"), CASES)
def test_a1_6_31_an_unlocked_skill_without_power_on_its_slots_is_not_offered(
    design: str, level: str, face: int
) -> None:
    ctx, me, foe = _table(design)
    sid = _unlock(ctx, me, level, face)
    s = C.skills[sid]
    assert s.cost > 0, f"{s.name} costs nothing: it is always usable"
    me.power = C.rules.card_pool  # a full card pool never pays for a Skill card's Skill
    me.unlocked[0].power = s.cost - 1
    assert not _offered(ctx, me, foe, sid)


def test_a1_6_31_a_boost_both_printed_and_unlocked_is_offered_from_either_pool_once() -> None:
    """He-Man's Sword of Power prints Power Swing (paid from the card); his unlocked Power Swing
    card pays from its own slots. Either may be used, once per Attack."""
    ctx, heman, foe = _table("he_man")
    _unlock(ctx, heman, "yellow", 0)
    begin(ctx, heman, "sword_of_power", foe)
    ctx.run()
    assert {"b.power_swing", "o.power_swing"} <= set(keys(ctx))
    choose(ctx, "o.power_swing")
    assert (heman.power, heman.unlocked[0].power) == (3 - 1, 0)
    assert not {"b.power_swing", "o.power_swing"} & set(keys(ctx))


def test_a1_6_31_an_unlocked_attack_boost_rides_on_any_attack_of_its_character() -> None:
    """Teela's Power Swing is printed on none of her Attacks, yet boosts her Javelin (A1.6 #32)."""
    ctx, teela, foe = _table("teela")
    _unlock(ctx, teela, "yellow", 1)
    begin(ctx, teela, "javelin", foe)
    ctx.run()
    assert pending_kind(ctx) == "atk_boost" and "o.power_swing" in keys(ctx)
    choose(ctx, "o.power_swing")
    assert ctx.state.strike is not None and ctx.state.strike.dice == 2 + 1


def test_a1_6_30_a_controller_characters_own_attack_boost_pays_from_its_pool() -> None:
    """A person's Controller Beast Man has Feral Rage on his card: it boosts his Attacks from his
    5-slot pool (A1.6 #30)."""
    team = {"characters": "he_man"}
    ctx = scene("versus", 2, seats=({"characters": "skeletor, mer_man, beast_man"}, team), selection="free")
    ctx.state.ctrl_skills = dict.fromkeys(ctx.state.ctrl_skills, 0)  # no Empower, no Strategy card
    beast = put(ctx, "c.beast_man", 5, 5, power=3)
    heman = put(ctx, "t.he_man", 6, 5)
    assert heman.side == TEAM
    begin(ctx, beast, "savage_claws", heman)
    ctx.run()
    assert pending_kind(ctx) == "atk_boost" and "o.feral_rage" in keys(ctx)
    choose(ctx, "o.feral_rage")
    assert beast.power == 3 - 1 - 2 and ctx.state.strike is not None and ctx.state.strike.dice == 4 + 2
