"""Character Activations (A1.3): re-entry, the slot's Power, then the Actions and Bonus Actions.

A Character Activation: re-enter if KO'ed (#22), gain the slot's Power (#16), then up to 2 Actions
(3 for a lone Player Character) among Move, Attack, Use Skill and Interact, plus each Bonus Action
once (#19), Daze recovery for 1 Power (A5-19), and the fallback Action of clearing a token when
nothing else is possible (#20). The Attack's target is chosen here; the Attack itself is in
``attack``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from engines.core.types import Action, counted
from engines.eternia import hexes
from engines.eternia.ai import ai_character
from engines.eternia.attack import affordable, attacks_of, begin, targets, usable_attacks
from engines.eternia.controller import elite_turns, open_window
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, turn_page
from engines.eternia.damage import respawn, spawn_choices
from engines.eternia.labels import labelled, skill_choice
from engines.eternia.power import offer, pool_of, score, spend
from engines.eternia.routes import can_move
from engines.eternia.scenario import beacons_near, claim, npcs_near, rescue
from engines.eternia.skills import Use, apply_effects
from engines.eternia.state import TEAM, Activation, EtTask, Model, Pending
from engines.eternia.tokens import remove_token


@TASKS.register("activate")
def _activate(ctx: Ctx, t: EtTask) -> None:
    state = ctx.state
    m = ctx.model(t.model)
    if t.s != "respawned":
        ctx.say("flip", f"{ctx.who(m)} activates (slot Power {t.n}).")
    if not m.hexes:  # a KO'ed Character re-enters first, before gaining Power (A1.3 #22)
        cells = spawn_choices(ctx, m)
        if not cells:
            return
        if len(cells) > 1 and not ctx.is_ai(m):
            ctx.push(EtTask(kind="activate", model=m.id, n=t.n, s="respawned"))
            ctx.ask(Pending(kind="respawn", seat=m.seat, model=m.id))
            return
        # The AI re-enters nearest the Players (worst for them, A3.10), then by hex order.
        foes = [h for e in ctx.enemies(m) for h in e.hexes]
        respawn(ctx, m, min(cells, key=lambda h: (min((hexes.distance(h, f) for f in foes), default=0), h)))
    lone = m.side == TEAM and len(ctx.characters(TEAM)) == 1
    state.activation = Activation(
        model=m.id, actions=ctx.content.rules.lone_actions if lone else ctx.content.rules.actions
    )
    if ctx.is_ai(m):
        offer(ctx, m, t.n, "its Activation slot")
        ai_character(ctx, m)
        return
    ctx.push(
        EtTask(kind="slot_power", model=m.id, n=t.n),  # placed before its first Action (A1.3 #16)
        EtTask(kind="act_ask"),
        EtTask(kind="activation_end", model=m.id),
    )
    if m.side == TEAM:
        open_window(ctx, "enemy_activation", m.id)  # the very start of an Enemy Character's Activation


@TASKS.register("slot_power")
def _slot_power(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if m.hexes:  # a card played at the start of the Activation may have KO'ed it
        offer(ctx, m, t.n, "its Activation slot")


@TASKS.register("activation_end")
def _activation_end(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if m.side == TEAM:
        elite_turns(ctx, m)


def _respawn_actions(ctx: Ctx, p: Pending) -> list[Action]:
    cells = spawn_choices(ctx, ctx.model(p.model))
    opts = [
        Action(f"at.{key(h)}", f"Re-enter at {hexes.label(h)}", group="respawn", params=(h[0], h[1]))
        for h in cells
    ]
    return paged(opts, p.page)


def _respawn_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    respawn(ctx, ctx.model(p.model), (int(a.params[0]), int(a.params[1])))


CHOICES.add(
    "respawn",
    choice(
        _respawn_actions,
        _respawn_answer,
        lambda ctx, p: f"{ctx.name(ctx.model(p.model))} re-enters the Battlefield: choose a Spawn token.",
    ),
)


@TASKS.register("act_ask")
def _act_ask(ctx: Ctx, t: EtTask) -> None:
    act = ctx.state.activation
    if act is None:
        return
    m = ctx.model(act.model)
    if not m.hexes:
        return  # KO'ed during its own Activation: it ends
    if len(list(islice(_act_options(ctx, m, act), 2))) > 1:  # something besides "end"
        ctx.ask(Pending(kind="act", seat=m.seat, model=m.id))


def objective_near(ctx: Ctx, m: Model) -> hexes.Hex | None:
    """An Objective token on or next to ``m`` (the Interact Action), if any."""
    for h in ctx.state.objectives:
        if any(hexes.distance(h, x) <= 1 for x in m.hexes):
            return h
    return None


def act_actions(ctx: Ctx, m: Model, act: Activation) -> list[Action]:
    """Everything ``m`` may do now in its Activation; "end" is always last."""
    return list(_act_options(ctx, m, act))


def _act_options(ctx: Ctx, m: Model, act: Activation) -> Iterator[Action]:
    """:func:`act_actions` one at a time, in order, so a caller may stop early."""
    offered = False  # anything offered before the fallback of clearing a token
    if act.actions > 0:
        if can_move(ctx, m, ctx.content.rules.move):
            offered = True
            yield _move_choice(ctx, m)
        for sid, ts in usable_attacks(ctx, m):
            offered = True
            yield _attack_choice(ctx, sid, ts)
        for sid in m.skills_now():
            s = ctx.skill(sid)
            if s.type == "action" and pool_of(m, sid) >= s.cost:
                offered = True
                yield Action(
                    f"use.{sid}",
                    labelled(f"Use {s.name} ({s.cost} Power)", s.text),
                    group="skill",
                    params=(sid, ""),
                )
                for gid in s.addons:  # the same Skill with its Surge paid on top (once per use)
                    g = ctx.skill(gid)
                    if g.type == "surge" and pool_of(m, sid) >= s.cost + g.cost:
                        yield Action(
                            f"use.{sid}+{gid}",
                            labelled(f"Use {s.name} with {g.name} ({s.cost + g.cost} Power)", g.text),
                            group="skill",
                            params=(sid, gid),
                        )
        if objective_near(ctx, m) is not None:
            offered = True
            yield _interact("interact", "claim the Objective")
        for h in beacons_near(ctx, m):
            offered = True
            yield _interact(f"beacon.{key(h)}", f"light the beacon at {hexes.label(h)}", h)
        for npc in npcs_near(ctx, m):
            offered = True
            yield _interact(f"rescue.{npc.id}", f"lead {ctx.name(npc)} to safety", (npc.id,))
        if not offered:
            tokens = [
                h
                for h in hexes.neighbours(m.hexes[0])
                if key(h) in ctx.state.tokens and ctx.content.terrain[ctx.state.tokens[key(h)]].removable
            ]
            for h in tokens:
                yield Action(
                    f"clear.{key(h)}",
                    f"Clear the {ctx.content.terrain[ctx.state.tokens[key(h)]].name} at {hexes.label(h)}",
                    group="fallback",
                    params=(h[0], h[1]),
                )
    for sid in m.skills_now():
        s = ctx.skill(sid)
        if s.type == "bonus_action" and sid not in act.bonus_used and pool_of(m, sid) >= s.cost:
            yield skill_choice(f"bonus.{sid}", s, "Bonus: ", "bonus")
    if m.dazed and (m.power >= 1 or any(u.power for u in m.unlocked)):
        yield Action("undaze", "Spend 1 Power to recover from Daze", group="daze")
    yield _END


_END = Action("end", "End this Activation", group="end")


def _interact(action_key: str, what: str, params: tuple[str | int, ...] = ()) -> Action:
    """An Interact Action (objective, beacon, rescue): each is labelled "Interact: <what>"."""
    return Action(action_key, f"Interact: {what}", group="interact", params=params)


def _move_choice(ctx: Ctx, m: Model) -> Action:
    """The Activation menu's Move Action."""
    return Action("move", f"Move up to {ctx.content.rules.move - (1 if m.dazed else 0)} spaces", group="move")


def _attack_choice(ctx: Ctx, sid: str, ts: list[Model]) -> Action:
    """The Activation menu's Attack with Skill ``sid`` on one of ``ts``."""
    s = ctx.skill(sid)
    return Action(
        f"atk.{sid}",
        f"Attack: {s.name} ({s.cost} Power, {s.dice} dice; {counted(len(ts), 'target')})",
        group="attack",
        params=(sid,),
    )


def _act_actions(ctx: Ctx, p: Pending) -> list[Action]:
    act = ctx.state.activation
    assert act is not None
    return act_actions(ctx, ctx.model(p.model), act)


def _act_find(ctx: Ctx, p: Pending, wanted: str) -> Action | None:
    """The Activation choice ``wanted`` names. Ending, moving and attacking (most answers) are
    checked alone: no other choice's route search or Line of Sight; anything else is looked up in
    the whole menu."""
    act = ctx.state.activation
    assert act is not None
    m = ctx.model(p.model)
    if wanted == "end":
        return _END
    if wanted == "move":
        return _move_choice(ctx, m) if act.actions > 0 and can_move(ctx, m, ctx.content.rules.move) else None
    if wanted.startswith("atk."):
        if act.actions <= 0:
            return None
        # usable_attacks for the one Skill named: the first of m's Attacks with that id
        for sid in attacks_of(ctx, m):
            if f"atk.{sid}" == wanted:
                ts = targets(ctx, m, sid) if affordable(ctx, m, sid) else []
                if ts:
                    return _attack_choice(ctx, sid, ts)
        return None
    return next((a for a in _act_options(ctx, m, act) if a.key == wanted), None)


def _act_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    state = ctx.state
    act = state.activation
    assert act is not None
    m = ctx.model(p.model)
    if a.key == "end":
        ctx.say("end", f"{ctx.who(m)} ends its Activation.")
        return
    ctx.push(EtTask(kind="act_ask"))  # back to the menu once this is resolved
    if a.key == "undaze":
        # Not an Action (A5-19); a Player Character's Power feeds the Controller.
        host = m.skills[0] if m.power >= 1 else next(u.skill for u in m.unlocked if u.power)
        spend(ctx, m, host, 1)
        m.dazed = False
        ctx.say("daze", f"{ctx.who(m)} spends 1 Power and recovers from Daze.")
        return
    if a.key.startswith("bonus."):
        sid = str(a.params[0])
        act.bonus_used.append(sid)  # each distinct Bonus Action once per Activation (A1.3 #19)
        _use_skill(ctx, m, sid)
        return
    act.actions -= 1
    state.in_action = True
    if a.key == "move":
        ctx.push(EtTask(kind="move_ask", model=m.id, n=ctx.content.rules.move), EtTask(kind="action_done"))
    elif a.key.startswith("atk."):
        ctx.push(EtTask(kind="target_ask", model=m.id, skill=str(a.params[0])))
    elif a.key.startswith("use."):
        _use_skill(ctx, m, str(a.params[0]), str(a.params[1]))
        ctx.state.agenda.tasks.insert(_after_asks(ctx), EtTask(kind="action_done"))
    elif a.key.startswith("beacon."):
        claim(ctx, m, (int(a.params[0]), int(a.params[1])))
        ctx.push(EtTask(kind="action_done"))
    elif a.key.startswith("rescue."):
        ctx.push(EtTask(kind="action_done"))
        rescue(ctx, m, ctx.model(str(a.params[0])))
    elif a.key == "interact":
        h = objective_near(ctx, m)
        assert h is not None
        state.objectives.remove(h)
        ctx.say("interact", f"{ctx.who(m)} claims the Objective at {hexes.label(h)}.")
        ctx.push(EtTask(kind="action_done"))
        score(ctx, m.side, ctx.content.scenarios[state.scenario].vp_per_objective, "an Objective")
    elif a.key.startswith("clear."):
        remove_token(ctx, m, (int(a.params[0]), int(a.params[1])))
        ctx.push(EtTask(kind="action_done"))


def _after_asks(ctx: Ctx) -> int:
    """Where to queue an Action's end: after the choices its Skill just queued, before the menu."""
    for i, t in enumerate(ctx.state.agenda.tasks):
        if t.kind == "act_ask":
            return i
    return len(ctx.state.agenda.tasks)


def _use_skill(ctx: Ctx, m: Model, sid: str, surge: str = "") -> None:
    s = ctx.skill(sid)
    spend(ctx, m, sid, s.cost + (ctx.skill(surge).cost if surge else 0))
    ctx.say("skill", f"{ctx.who(m)} uses {s.name}{f' with {ctx.skill(surge).name}' if surge else ''}.")
    if surge:  # queued after the Skill's own effects (pushed first, so it runs last)
        g = ctx.skill(surge)
        apply_effects(ctx, g.effects, "use", Use(m, g.effects[0]))
    apply_effects(ctx, s.effects, "use", Use(m, s.effects[0]))


CHOICES.add(
    "act",
    choice(
        _act_actions,
        _act_answer,
        lambda ctx, p: (
            f"{ctx.name(ctx.model(p.model))}: "
            f"{counted(ctx.state.activation.actions if ctx.state.activation else 0, 'Action')} left. "
            "Choose what to do."
        ),
        _act_find,
    ),
)


@TASKS.register("target_ask")
def _target_ask(ctx: Ctx, t: EtTask) -> None:
    ctx.ask(Pending(kind="target", seat=ctx.model(t.model).seat, model=t.model, skill=t.skill))


def _target_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    return [
        Action(
            f"t.{e.id}",
            f"Attack {ctx.name(e)} ({e.hp} HP, Armor {ctx.armor(e)})",
            group="target",
            params=(e.id,),
        )
        for e in targets(ctx, m, p.skill)
    ][:25]


def _target_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    begin(ctx, ctx.model(p.model), p.skill, ctx.model(str(a.params[0])))


CHOICES.add(
    "target",
    choice(_target_actions, _target_answer, lambda ctx, p: f"{ctx.skill(p.skill).name}: choose the target."),
)
