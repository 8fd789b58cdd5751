"""Rounds (A1.2) and Character Activations (A1.3).

A Round is the Order Phase (one sealed simultaneous decision: the Controller's 4 cards and the
team's cards, A5-2) and the Activation Phase (cards flip in track order; each slot pays its Power).
A Character Activation: re-enter if KO'ed, gain the slot's Power, then up to 2 Actions (3 for a lone
Player Character) among Move, Attack, Use Skill and Interact, plus each Bonus Action once, Daze
recovery for 1 Power, and the fallback Action when nothing else is possible.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice, permutations

from engines.core.types import Action, counted
from engines.eternia import hexes
from engines.eternia.ai import ai_character
from engines.eternia.attack import affordable, attacks_of, begin, targets, usable_attacks
from engines.eternia.controller import elite_turns, open_window, strategy_activation
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, turn_page
from engines.eternia.damage import respawn, spawn_choices
from engines.eternia.labels import labelled
from engines.eternia.moves import can_move
from engines.eternia.power import escalate, finish, offer, pool_of, score, spend
from engines.eternia.scenario import beacons_near, claim, end_of_round, npcs_near, rescue
from engines.eternia.skills import Use, apply_effects, remove_token
from engines.eternia.state import CTRL, TEAM, Activation, EtState, EtTask, Model, Pending

STRATEGY = "strategy"
ANY = "any"


# ------------------------------------------------------------------------------ Order Phase
def team_cards(state: EtState) -> list[str]:
    """The team's cards by team size (A1.2 #13); "any" rides face up in the last slot for 3."""
    chars = [m.id for m in state.models if m.kind == "character" and m.side == TEAM]
    if len(chars) == 1:
        return chars * 4
    if len(chars) == 2:
        return [chars[0], chars[0], chars[1], chars[1]]
    return chars


def order_choices(state: EtState, side: str) -> list[tuple[str, ...]]:
    """Every distinct order a side may place (at most 24)."""
    if side == CTRL:
        cards = [m.id for m in state.models if m.kind == "character" and m.side == CTRL] + [STRATEGY]
    else:
        cards = team_cards(state)
    seen: list[tuple[str, ...]] = []
    for perm in permutations(cards):
        if perm not in seen:
            seen.append(perm)
    return seen


def order_actions(ctx: Ctx, side: str) -> list[Action]:
    """The Order Phase choices of a side, each naming its cards in slot order."""
    out = []
    for i, perm in enumerate(order_choices(ctx.state, side)):
        names = [("Strategy" if c == STRATEGY else ctx.name(ctx.model(c))) for c in perm]
        if side == TEAM and len(perm) == 3:
            names.append("any Player Character")
        out.append(Action(f"o.{i}", " → ".join(names), group="order", params=perm))
    return out


def start_round(ctx: Ctx) -> None:
    """A new Order Phase: the AI deals its cards at random and reshuffles its decks (A3.4)."""
    state = ctx.state
    state.phase = "order"
    state.orders = {}
    state.slot = -1
    for s in state.track:
        s.card, s.flipped = "", False
    ctx.say("round", f"Round {state.round} begins: both sides place their Activation cards face down.")
    if state.ai:
        cards = [m.id for m in ctx.characters(CTRL)] + [STRATEGY]
        ctx.rng.shuffle(cards)
        state.orders[CTRL] = cards
        state.ai_char_deck = [a.id for a in ctx.content.ai.values() if a.deck == "character"]
        state.ai_strategy_deck = [a.id for a in ctx.content.ai.values() if a.deck == "strategy"]
        ctx.rng.shuffle(state.ai_char_deck)
        ctx.rng.shuffle(state.ai_strategy_deck)


def place_order(ctx: Ctx, side: str, cards: list[str]) -> None:
    """Record a side's sealed order; once both are in, deal them onto the track and play on."""
    state = ctx.state
    state.orders[side] = cards
    if len(state.orders) < 2:
        return
    team = list(state.orders[TEAM])
    if len(team) == 3:
        team.append(ANY)
    ctrl = list(state.orders[CTRL])
    for s in state.track:
        s.card = team.pop(0) if s.side == TEAM else ctrl.pop(0)
    state.orders = {}
    state.phase = "activation"
    ctx.say("order", "Both sides have placed their Activation cards.")
    # The start of the Round: the Controller's card window, then the Players' Reactions to it.
    ctx.then(
        EtTask(kind="card_window", s="round_start"), EtTask(kind="round_reactions"), EtTask(kind="next_slot")
    )


# ------------------------------------------------------------------------------ Reactions
def reactions(ctx: Ctx, m: Model, trigger: str) -> list[str]:
    """``m``'s Reactions to ``trigger`` it can pay for now (A1.6 #32)."""
    if m.kind != "character" or not m.hexes:
        return []
    return [
        sid
        for sid in _skills_now(m)
        if ctx.skill(sid).type == "reaction"
        and ctx.skill(sid).trigger == trigger
        and pool_of(m, sid) >= ctx.skill(sid).cost
    ]


@TASKS.register("round_reactions")
def _round_reactions(ctx: Ctx, t: EtTask) -> None:
    """The start of the Round: each Character with a Reaction to it is asked, in model order."""
    for m in reversed(ctx.state.models):  # pushed in reverse so they run in model order
        if reactions(ctx, m, "round_start"):
            ctx.push(EtTask(kind="react_ask", model=m.id, s="round_start"))


@TASKS.register("react_ask")
def _react_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    found = reactions(ctx, m, t.s)
    if not found:
        return
    if ctx.is_ai(m):
        return  # AI cards carry no Reactions
    ctx.ask(Pending(kind="react", seat=m.seat, model=m.id, skill=t.s))


def _react_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    out = []
    for sid in reactions(ctx, m, p.skill):
        s = ctx.skill(sid)
        out.append(
            Action(
                f"r.{sid}",
                labelled(f"React: {s.name} ({s.cost} Power)", s.text),
                group="reaction",
                params=(sid,),
            )
        )
    return [*out, Action("done", "No Reaction", group="done")]


def _react_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if a.key == "done":
        return
    m = ctx.model(p.model)
    sid = str(a.params[0])
    s = ctx.skill(sid)
    spend(ctx, m, sid, s.cost)
    ctx.say("reaction", f"{ctx.who(m)} reacts with {s.name}.")
    apply_effects(ctx, s.effects, "use", Use(m, s.effects[0]))


CHOICES.add(
    "react",
    choice(
        _react_actions,
        _react_answer,
        lambda ctx, p: f"{ctx.name(ctx.model(p.model))} may react to the start of the Round.",
    ),
)


# ------------------------------------------------------------------------------ the track
@TASKS.register("next_slot")
def _next_slot(ctx: Ctx, t: EtTask) -> None:
    state = ctx.state
    state.activation = None
    state.slot += 1
    if state.slot >= len(state.track):
        ctx.push(EtTask(kind="end_round"))
        return
    slot = state.track[state.slot]
    slot.flipped = True
    ctx.then(EtTask(kind="next_slot"))
    if slot.card == STRATEGY:
        ctx.push(EtTask(kind="strategy_go", n=slot.power))
    elif slot.card == ANY:
        ctx.say("flip", "The “Any Player Character” card: the team picks who activates again.")
        ctx.push(EtTask(kind="any_ask", n=slot.power))
    else:
        ctx.push(EtTask(kind="activate", model=slot.card, n=slot.power))


@TASKS.register("strategy_go")
def _strategy_go(ctx: Ctx, t: EtTask) -> None:
    strategy_activation(ctx, t.n)


@TASKS.register("any_ask")
def _any_ask(ctx: Ctx, t: EtTask) -> None:
    ctx.ask(Pending(kind="any", seat=ctx.state.leader, n=t.n))


def _any_actions(ctx: Ctx, p: Pending) -> list[Action]:
    return [
        Action(f"a.{m.id}", f"{ctx.name(m)} activates again", group="any", params=(m.id,))
        for m in ctx.characters(TEAM)
    ]


def _any_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    ctx.push(EtTask(kind="activate", model=str(a.params[0]), n=p.n))


CHOICES.add(
    "any", choice(_any_actions, _any_answer, lambda ctx, p: "Choose the Character who activates again.")
)


#: how the reason of a game drawn at the round limit ends (ratings tell a draw from a loss by it)
DRAWN = "a draw by the Scenario's tie rule"


@TASKS.register("end_round")
def _end_round(ctx: Ctx, t: EtTask) -> None:
    state = ctx.state
    sc = ctx.content.scenarios[state.scenario]
    ctx.say("round", f"Round {state.round} ends.")
    end_of_round(ctx)
    if state.round >= sc.round_limit:
        team, ctrl = state.vp.get(TEAM, 0), state.vp.get(CTRL, 0)
        if team != ctrl:
            side = TEAM if team > ctrl else CTRL
            who = "the Player Team" if side == TEAM else "the Controller"
            finish(ctx, side, f"the round limit: {who} leads {max(team, ctrl)}-{min(team, ctrl)} VP")
        settled = DRAWN if sc.tie == "draw" else "the Scenario's tie rule"
        finish(ctx, sc.tie, f"the round limit with VP level at {team} ({settled})")
    state.round += 1
    state.rolls = []
    escalate(ctx, sc.escalation_per_round, "a new Round")
    ctx.then(EtTask(kind="round_start"))


@TASKS.register("round_start")
def _round_start(ctx: Ctx, t: EtTask) -> None:
    start_round(ctx)


# ------------------------------------------------------------------------------ Character Activation
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


def _skills_now(m: Model) -> list[str]:
    return [*m.skills, *(s.skill for s in m.unlocked)]


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
        for sid in _skills_now(m):
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
            yield Action("interact", "Interact: claim the Objective", group="interact")
        for h in beacons_near(ctx, m):
            offered = True
            yield Action(
                f"beacon.{key(h)}",
                f"Interact: light the beacon at {hexes.label(h)}",
                group="interact",
                params=h,
            )
        for npc in npcs_near(ctx, m):
            offered = True
            yield Action(
                f"rescue.{npc.id}",
                f"Interact: lead {ctx.name(npc)} to safety",
                group="interact",
                params=(npc.id,),
            )
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
    for sid in _skills_now(m):
        s = ctx.skill(sid)
        if s.type == "bonus_action" and sid not in act.bonus_used and pool_of(m, sid) >= s.cost:
            yield Action(
                f"bonus.{sid}",
                labelled(f"Bonus: {s.name} ({s.cost} Power)", s.text),
                group="bonus",
                params=(sid,),
            )
    if m.dazed and (m.power >= 1 or any(u.power for u in m.unlocked)):
        yield Action("undaze", "Spend 1 Power to recover from Daze", group="daze")
    yield _END


_END = Action("end", "End this Activation", group="end")


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
