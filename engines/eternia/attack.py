"""Attacks (A1.9 #45-49), in the book's order.

1. choose the Attack and pay its cost; 2. choose one Enemy target in range and Line of Sight;
3. the attacker chooses and pays Attack Boosts; 4. the defender, having seen them, chooses and pays
Defense Boosts; 5. roll the dice, never more than 6; 6. count Successes (melee faces in a Melee
Attack, ranged faces in a Ranged Attack, power faces always, each power face also giving the
attacker 1 Power once the Attack is over); 7. each Success is a Wound, less the target's Armor;
8. apply the Wounds, KO at 0 HP. A multi-target Attack rolls once against every target (#47); a Hit
is at least one Success, whatever Armor then stops (#48). Rerolls replace a result and are applied
friendly first (#49).
"""

from __future__ import annotations

from engines.core.types import Action, listed, seat_ref
from engines.eternia import hexes
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, paged, turn_page
from engines.eternia.damage import wound
from engines.eternia.labels import card_choice, skill_choice
from engines.eternia.pieces import Effect
from engines.eternia.power import cards_ready, ctrl_cost, ctrl_spend, offer, payer, play_card, pool_of, spend
from engines.eternia.skills import Use, apply_effects
from engines.eternia.state import CTRL, EtTask, Model, Pending, Strike

_NO = Effect(do="extra_dice", n=0)  # a neutral record for a Use with no effect of its own


def reach_of(ctx: Ctx, sid: str) -> int:
    """The range of an Attack: its printed range, else adjacent (melee) or the ranged range."""
    s = ctx.skill(sid)
    if s.range:
        return s.range
    return 1 if s.attack == "melee" else ctx.content.rules.ranged_range


def targets(ctx: Ctx, m: Model, sid: str) -> list[Model]:
    """Legal targets of ``m``'s Attack ``sid``: Enemies in range and Line of Sight (A1.9 #45)."""
    if not m.hexes:
        return []
    s = ctx.skill(sid)
    rng = reach_of(ctx, sid)
    out = []
    # NPCs may be attacked (A1.11 #64); the AI goes only for Enemies (RULES_AUDIT "AI and NPCs").
    npcs = [] if ctx.is_ai(m) else [n for n in ctx.state.models if n.kind == "npc" and n.hexes]
    blocking = ctx.blocking()  # as Ctx.adjacent and Ctx.los, read once for every candidate
    for e in [*ctx.enemies(m), *npcs]:
        if s.attack == "melee" and rng == 1:
            if hexes.footprint_adjacent(m.hexes, e.hexes, blocking):
                out.append(e)
        elif ctx.distance(m, e) <= rng and any(
            hexes.line_of_sight(x, y, blocking) for x in m.hexes for y in e.hexes
        ):
            out.append(e)
    return out


def affordable(ctx: Ctx, m: Model, sid: str) -> bool:
    """True when ``m`` can pay Skill ``sid`` now (Minions' attacks cost nothing)."""
    cost = ctx.skill(sid).cost
    return m.kind != "character" or pool_of(m, sid) >= cost


def attacks_of(ctx: Ctx, m: Model) -> list[str]:
    """The Attack Skills ``m`` has now (card Skills, unlocked Skills, or a Minion's attack)."""
    if m.kind == "minion":
        return [ctx.content.minions[m.design].attack]
    sids = m.skills_now()
    return [s for s in sids if ctx.skill(s).type == "attack"]


def usable_attacks(ctx: Ctx, m: Model) -> list[tuple[str, list[Model]]]:
    """Each Attack ``m`` can pay for, with its legal targets (only those with at least one)."""
    out = []
    for sid in attacks_of(ctx, m):
        if affordable(ctx, m, sid):
            ts = targets(ctx, m, sid)
            if ts:
                out.append((sid, ts))
    return out


def begin(ctx: Ctx, m: Model, sid: str, target: Model, bonus: bool = False) -> None:
    """Steps 1-2: pay the Attack's cost, fix the target; queue the boosts, the roll and the damage."""
    s = ctx.skill(sid)
    ctx.state.in_action = True
    if m.kind == "character":
        spend(ctx, m, sid, s.cost)
    strike = Strike(attacker=m.id, skill=sid, kind=s.attack, targets=[target.id], dice=s.dice, bonus=bonus)
    ctx.state.strike = strike
    apply_effects(ctx, s.effects, "use", Use(m, s.effects[0] if s.effects else _NO, strike=strike))
    strike.dice += ctx.passive(m, "extra_dice")
    ctx.state.last_los = [m.hexes[0], target.hexes[0]]
    names = listed([ctx.who(ctx.model(t)) for t in strike.targets])
    ctx.say("attack", f"{ctx.who(m)} attacks {names} with {s.name} ({s.attack}, {s.dice} dice).")
    # The Attack is an Action: Balance of Power lost during it is paid once it completes (A1.6 #33).
    ctx.state.in_action = True
    ctx.push(
        EtTask(kind="atk_boosts"), EtTask(kind="def_boosts"), EtTask(kind="roll"), EtTask(kind="action_done")
    )


# ------------------------------------------------------------------------------ boosts
def own_attack_boosts(ctx: Ctx, m: Model) -> list[str]:
    """The Attack Boost Skills ``m`` has itself (on its card, or unlocked Skill cards): each may
    boost any of its Attacks, paid from that Skill's own Power (A1.6 #31-32)."""
    sids = m.skills_now()
    return [sid for sid in sids if ctx.skill(sid).type == "boost" and ctx.skill(sid).boost_for == "attack"]


def _attack_options(ctx: Ctx, s: Strike) -> list[Action]:
    m = ctx.model(s.attacker)
    out: list[Action] = []
    if m.kind == "character":
        printed = ctx.skill(s.skill).addons
        for sid in printed:
            b = ctx.skill(sid)
            # Attack Boosts and Surges printed with the Attack, each once (A1.6 #32), paid from its pool.
            if (
                (b.boost_for == "attack" or b.type == "surge")
                and sid not in s.used
                and pool_of(m, s.skill) >= b.cost
            ):
                out.append(skill_choice(f"b.{sid}", b))
        for sid in own_attack_boosts(ctx, m):
            b = ctx.skill(sid)
            own = payer(m, sid) is not None  # an unlocked Skill card, not the card pool
            # A Boost the Attack prints and paid from the same pool is offered above already.
            if sid in s.used or (sid in printed and not own) or pool_of(m, sid) < b.cost:
                continue
            where = " from its Skill card" if own else ""
            out.append(skill_choice(f"o.{sid}", b, where=where))
    if m.side == CTRL and not ctx.state.ai:
        out += _ctrl_options(ctx, s, "ctrl_attack", "attack")
    return out


def _defense_options(ctx: Ctx, s: Strike, d: Model) -> list[Action]:
    out: list[Action] = []
    if d.kind == "character":
        for sid in d.skills_now():
            b = ctx.skill(sid)
            if sid in s.used or pool_of(d, sid) < b.cost:
                continue
            if b.type == "boost" and b.boost_for == "defense":
                out.append(skill_choice(f"b.{sid}", b))
            elif b.type == "reaction" and b.trigger == "attacked":
                # A Reaction to this Attack, once for this trigger (A1.6 #32).
                out.append(skill_choice(f"b.{sid}", b, "React: ", "reaction"))
    if d.side == CTRL and not ctx.state.ai:
        out += _ctrl_options(ctx, s, "team_attack", "defense")
    return out


def _ctrl_options(ctx: Ctx, s: Strike, trigger: str, what: str) -> list[Action]:
    """Empower, and the Strategy cards of this trigger (A1.7 #38-39), for the Controller."""
    out: list[Action] = []
    cost, n = ctrl_cost(ctx, "empower")
    if "empower" not in s.used and ctx.state.ctrl_skills["empower"] >= cost:
        gain = f"+{n} {'dice' if what == 'attack' else 'Armor'}"
        out.append(Action("empower", f"Empower ({cost} Power): {gain}", group="boost"))
    if ctx.state.ctrl_skills["battle_plan"] >= 1:
        for cid in ctx.state.strategy_hand:
            card = ctx.content.strategy[cid]
            if card.trigger == trigger and cid not in s.used:
                out.append(card_choice(card))
    return out


def window_open(ctx: Ctx, side_model: Model, options: list[Action]) -> bool:
    """Whether to ask: when there is an option, or (for the Controller) whenever it holds a
    Strategy card and Battle Plan has Power, so the prompt never reveals the hand (A5-18)."""
    if options:
        return True
    return side_model.side == CTRL and cards_ready(ctx)


@TASKS.register("atk_boosts")
def _atk_boosts(ctx: Ctx, t: EtTask) -> None:
    s = ctx.state.strike
    assert s is not None
    m = ctx.model(s.attacker)
    if ctx.is_ai(m):
        ai_boosts(ctx, s, m)
        return
    if window_open(ctx, m, _attack_options(ctx, s)):
        ctx.ask(Pending(kind="atk_boost", seat=ctx.seat_of_side(m.side) if m.kind != "character" else m.seat))


@TASKS.register("def_boosts")
def _def_boosts(ctx: Ctx, t: EtTask) -> None:
    s = ctx.state.strike
    assert s is not None
    d = ctx.model(s.targets[0])
    if ctx.is_ai(d) or d.kind == "npc":
        return
    if window_open(ctx, d, _defense_options(ctx, s, d)):
        seat = d.seat if d.kind == "character" else ctx.seat_of_side(d.side)
        ctx.ask(Pending(kind="def_boost", seat=seat, model=d.id))


def ai_boosts(ctx: Ctx, s: Strike, m: Model) -> None:
    """AI Attack Boosts: in printed order, each if affordable and applicable (A3.8)."""
    target = ctx.model(s.targets[0])
    for sid in ctx.skill(s.skill).addons:
        b = ctx.skill(sid)
        if (b.boost_for != "attack" and b.type != "surge") or m.power < b.cost:
            continue
        dos = {e.do for e in b.effects}
        if "pierce" in dos and ctx.armor(target) - s.pierce <= 0:
            continue  # no Armor to pierce: not applicable
        if "extra_dice" in dos and s.dice >= ctx.content.rules.max_dice:
            continue
        _use_boost(ctx, s, m, sid)


def _use_boost(ctx: Ctx, s: Strike, m: Model, sid: str, host: str = "") -> None:
    b = ctx.skill(sid)
    spend(ctx, m, host or sid, b.cost)
    s.used.append(sid)
    attacker = ctx.model(s.attacker)
    target = attacker if m.id != attacker.id else None  # a defender's Reaction aims at the attacker
    apply_effects(ctx, b.effects, "use", Use(m, b.effects[0], target=target, strike=s))
    ctx.say("boost", f"{ctx.who(m)} uses {b.name}.")


def _play(ctx: Ctx, s: Strike, action: Action, m: Model, what: str) -> None:
    if action.key == "empower":
        cost, n = ctrl_cost(ctx, "empower")
        ctrl_spend(ctx, "empower", cost)
        s.used.append("empower")
        if what == "attack":
            s.dice += n
        else:
            s.armor[m.id] = s.armor.get(m.id, 0) + n
        ctx.say("boost", f"{seat_ref(ctx.state.ctrl_seat)} Empowers {ctx.who(m)}.")
        return
    card = play_card(ctx, action.key[2:])
    s.used.append(card.id)
    apply_effects(ctx, card.effects, "use", Use(None, card.effects[0], strike=s))
    ctx.say("strategy", f"{seat_ref(ctx.state.ctrl_seat)} plays {card.name}: {card.text}")


def _boost_actions(ctx: Ctx, p: Pending) -> list[Action]:
    s = ctx.state.strike
    assert s is not None
    opts = _attack_options(ctx, s) if p.kind == "atk_boost" else _defense_options(ctx, s, ctx.model(p.model))
    return [
        *opts,
        Action("done", "Roll the dice" if p.kind == "def_boost" else "No more Attack Boosts", group="done"),
    ]


def _boost_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    s = ctx.state.strike
    assert s is not None
    if a.key == "done":
        return
    ctx.ask(p)  # asked again once this boost is used: any number of them, each once
    if p.kind == "atk_boost":
        m = ctx.model(s.attacker)
        if a.key.startswith("b."):  # printed with the Attack: the Attack's pool pays
            _use_boost(ctx, s, m, str(a.params[0]), host=s.skill)
        elif a.key.startswith("o."):  # the attacker's own Boost Skill: its own slots pay
            _use_boost(ctx, s, m, str(a.params[0]))
        else:
            _play(ctx, s, a, m, "attack")
    else:
        d = ctx.model(p.model)
        if a.key.startswith("b."):
            _use_boost(ctx, s, d, str(a.params[0]))
        else:
            _play(ctx, s, a, d, "defense")


def _boost_text(ctx: Ctx, p: Pending) -> str:
    s = ctx.state.strike
    assert s is not None
    if p.kind == "atk_boost":
        who = ctx.name(ctx.model(s.attacker))
        return f"Attack Boosts for {who}'s {ctx.skill(s.skill).name} ({s.dice} dice)."
    return f"{ctx.name(ctx.model(p.model))} is attacked ({s.dice} dice): Defense Boosts?"


CHOICES.add("atk_boost", choice(_boost_actions, _boost_answer, _boost_text))
CHOICES.add("def_boost", choice(_boost_actions, _boost_answer, _boost_text))


# ------------------------------------------------------------------------------ Bonus Attacks
@TASKS.register("bonus_attack_ask")
def _bonus_attack_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if usable_attacks(ctx, m) and not ctx.is_ai(m):
        ctx.ask(Pending(kind="bonus_attack", seat=m.seat, model=m.id))


def _bonus_attack_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    opts = [
        Action(
            f"ba.{sid}.{e.id}",
            f"{ctx.skill(sid).name} ({ctx.skill(sid).cost} Power) at {ctx.name(e)} ({e.hp} HP)",
            group="attack",
            params=(sid, e.id),
        )
        for sid, ts in usable_attacks(ctx, m)
        for e in ts
    ]
    return paged(opts, p.page, [Action("skip", "No Bonus Attack", group="skip")])


def _bonus_attack_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    if a.key != "skip":
        begin(ctx, ctx.model(p.model), str(a.params[0]), ctx.model(str(a.params[1])), bonus=True)


CHOICES.add(
    "bonus_attack",
    choice(
        _bonus_attack_actions,
        _bonus_attack_answer,
        lambda ctx, p: f"{ctx.name(ctx.model(p.model))}: choose a Bonus Attack (its cost is paid as usual).",
    ),
)


# ------------------------------------------------------------------------------ roll and damage
def successes(faces: list[str], kind: str) -> int:
    """Step 6: Successes of a roll for an Attack of ``kind`` (power faces count for both)."""
    return sum(1 for f in faces if f == "power" or f == kind)


def roll(ctx: Ctx, n: int) -> list[str]:
    """Roll ``n`` dice (never more than the book's 6, A1.9 #46.5)."""
    die = ctx.content.rules.die
    return [die[ctx.rng.below(len(die))] for _ in range(min(n, ctx.content.rules.max_dice))]


def rerolls(ctx: Ctx, s: Strike) -> str:
    """Apply the Attack's rerolls (A1.9 #49): friendly first, then enemy; each die at most once by
    each side; a new face replaces the old entirely. Returns the narration to add."""
    text = ""
    for side in ("friendly", "enemy"):
        done = [False] * len(s.faces)
        for entry in s.rerolls:
            who, what, n = entry.split("|")
            if who != side:
                continue
            wanted = (
                (lambda f: f not in ("power", s.kind))
                if what == "misses"
                else (lambda f: f in ("power", s.kind))
            )
            picks = [i for i, f in enumerate(s.faces) if not done[i] and wanted(f)]
            if int(n):
                picks = picks[: int(n)]
            if not picks:
                continue
            new = roll(ctx, len(picks))
            for i, f in zip(picks, new, strict=True):
                s.faces[i] = f
                done[i] = True
            kind = "Miss" if what == "misses" else "Success"
            text += f"; {side} reroll of {len(picks)} {kind} dice: {', '.join(s.faces)}"
    return text


@TASKS.register("roll")
def _roll(ctx: Ctx, t: EtTask) -> None:
    state = ctx.state
    s = state.strike
    assert s is not None
    m = ctx.model(s.attacker)
    s.faces = roll(ctx, s.dice)
    text = f"Roll: {', '.join(s.faces)}"
    text += rerolls(ctx, s)
    state.last_roll = list(s.faces)
    hits = successes(s.faces, s.kind)
    called = f"{text} → {hits} Success{'es' if hits != 1 else ''}."
    state.rolls.append(called)
    ctx.say("roll", called)
    sk = ctx.skill(s.skill)
    boosts = [ctx.skill(b) for b in s.used if b in ctx.content.skills]
    for tid in list(s.targets):
        target = ctx.model(tid)
        if not target.hexes:
            continue
        armor = max(0, ctx.armor(target) + s.armor.get(tid, 0) - s.pierce)
        wounds = max(0, hits - armor)
        if armor and hits:
            ctx.say("armor", f"{ctx.name(target)}'s Armor {armor} stops {min(armor, hits)}.")
        wound(ctx, target, wounds, sk.name)
        if hits:  # a Hit, even if Armor stopped every Wound (A1.9 #48)
            use = Use(m, sk.effects[0] if sk.effects else _NO, target=target, strike=s, wounds=wounds)
            apply_effects(ctx, sk.effects, "hit", use)
            for b in boosts:
                apply_effects(ctx, b.effects, "hit", Use(m, _NO, target=target, strike=s, wounds=wounds))
    power_faces = s.faces.count("power")
    state.strike = None
    if power_faces and m.kind == "character":
        from_faces(ctx, m, power_faces, sk.effects)


def from_faces(ctx: Ctx, m: Model, n: int, effects: tuple[Effect, ...]) -> None:
    """After the Attack, the attacker gains 1 Power per power face (and any power-face effect)."""
    apply_effects(ctx, effects, "power_face", Use(m, _NO, faces=n))
    offer(ctx, m, n, "power faces")  # asked first: pushed in front of any power-face effect
