"""Skill effect keywords: one handler per keyword (content ``effects[].do``), and the choices they open.

A handler receives the context and a :class:`Use`: who uses the Skill, the target (for "hit"
effects), the effect record, and the Attack being resolved if any. Effects that need a decision
(where to move, where to push, where to place a token) queue a task that asks the deciding seat, or
decides by rule for the AI Controller.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.keywords import Registry
from engines.eternia.ctx import Ctx
from engines.eternia.damage import heal, wound
from engines.eternia.pieces import Effect
from engines.eternia.power import ctrl_gain, offer
from engines.eternia.state import CTRL, EtTask, Model, Strike


class Use:
    """One application of an effect: the user, the target, the effect, the Attack, its results."""

    __slots__ = ("effect", "faces", "strike", "target", "user", "wounds")

    def __init__(
        self,
        user: Model | None,
        effect: Effect,
        target: Model | None = None,
        strike: Strike | None = None,
        wounds: int = 0,
        faces: int = 0,
    ) -> None:
        self.user = user
        self.effect = effect
        self.target = target
        self.strike = strike
        self.wounds = wounds
        self.faces = faces


EffectHandler = Callable[[Ctx, Use], None]
EFFECTS: Registry[EffectHandler] = Registry("eternia", "effect keyword")


def apply_effects(ctx: Ctx, effects: tuple[Effect, ...], when: str, use: Use) -> None:
    """Run every effect of ``effects`` that applies at moment ``when``, in printed order."""
    for e in effects:
        if e.when == when:
            use.effect = e
            EFFECTS[e.do](ctx, use)


# ------------------------------------------------------------------------------ attack modifiers
@EFFECTS.register("extra_dice")
def _extra_dice(ctx: Ctx, u: Use) -> None:
    if u.strike is not None:
        u.strike.dice += u.effect.n


@EFFECTS.register("pierce")
def _pierce(ctx: Ctx, u: Use) -> None:
    if u.strike is not None:
        u.strike.pierce += u.effect.n


@EFFECTS.register("armor")
def _armor(ctx: Ctx, u: Use) -> None:
    # A Defense Boost: the defender (the user) gets more Armor against this Attack only.
    if u.strike is not None and u.user is not None:
        u.strike.armor[u.user.id] = u.strike.armor.get(u.user.id, 0) + u.effect.n
    elif u.strike is not None:  # a Strategy card: every Controller target
        for mid in u.strike.targets:
            if ctx.model(mid).side == CTRL:
                u.strike.armor[mid] = u.strike.armor.get(mid, 0) + u.effect.n


def _reroll_side(ctx: Ctx, u: Use) -> str:
    """Whether a reroll is friendly or enemy to the attacker (a Strategy card is the Controller's)."""
    assert u.strike is not None
    side = u.user.side if u.user is not None else CTRL
    return "friendly" if side == ctx.model(u.strike.attacker).side else "enemy"


@EFFECTS.register("reroll_misses")
def _reroll_misses(ctx: Ctx, u: Use) -> None:
    # Reroll the attacker's Misses (up to n, 0 = all): the attacker's own luck.
    if u.strike is not None:
        u.strike.rerolls.append(f"{_reroll_side(ctx, u)}|misses|{u.effect.n}")


@EFFECTS.register("reroll_hits")
def _reroll_hits(ctx: Ctx, u: Use) -> None:
    # Reroll up to n of the attacker's Successes: the defender's luck.
    if u.strike is not None:
        u.strike.rerolls.append(f"{_reroll_side(ctx, u)}|hits|{u.effect.n}")


@EFFECTS.register("multi")
def _multi(ctx: Ctx, u: Use) -> None:
    # Every other Enemy within n of the first target joins the targets (one roll for all, A1.9 #47).
    s = u.strike
    if s is None or not s.targets:
        return
    first = ctx.model(s.targets[0])
    attacker = ctx.model(s.attacker)
    for e in ctx.enemies(attacker):
        if e.id not in s.targets and ctx.distance(e, first) <= u.effect.n:
            s.targets.append(e.id)


# ------------------------------------------------------------------------------ on-hit effects
@EFFECTS.register("daze")
def _daze(ctx: Ctx, u: Use) -> None:
    t = u.target
    if t is not None and t.hexes and t.kind != "npc" and not t.dazed:
        t.dazed = True  # at most one Dazed token (A1.9 #51)
        ctx.say("daze", f"{ctx.who(t)} is Dazed.")


@EFFECTS.register("heal_per_wound")
def _heal_per_wound(ctx: Ctx, u: Use) -> None:
    if u.user is not None and u.wounds > 0:
        heal(ctx, u.user, u.wounds)


def _user_asks(ctx: Ctx, u: Use, kind: str, mode: str) -> None:
    """Queue task ``kind`` for the user's choice (n and ``mode`` from the effect), if it stands."""
    if u.user is not None and u.user.hexes:
        ctx.push(EtTask(kind=kind, model=u.user.id, n=u.effect.n, s=mode))


def _moved_by(ctx: Ctx, u: Use, mode: str) -> None:
    """Ask where the user moves the target (``mode``: "away", "towards" or "any"; never an NPC)."""
    t = u.target
    if t is None or not t.hexes or u.user is None or not u.user.hexes or t.kind == "npc":
        return
    ctx.push(EtTask(kind="push_ask", model=t.id, target=u.user.id, n=u.effect.n, s=mode))


@EFFECTS.register("push")
def _push(ctx: Ctx, u: Use) -> None:
    _moved_by(ctx, u, u.effect.mode or "any")


@EFFECTS.register("gain_power")
def _gain_power(ctx: Ctx, u: Use) -> None:
    n = u.effect.n * (u.faces if u.effect.when == "power_face" else 1)
    if u.user is None:
        ctrl_gain(ctx, n, "a Strategy card")
    else:
        offer(ctx, u.user, n, "a Skill")


# ------------------------------------------------------------------------------ action effects
@EFFECTS.register("heal")
def _heal(ctx: Ctx, u: Use) -> None:
    if u.user is not None:
        heal(ctx, u.user, u.effect.n)
    else:  # a Strategy card: every Controller Character on the Battlefield
        for m in ctx.characters(CTRL):
            if m.hexes:
                heal(ctx, m, u.effect.n)


@EFFECTS.register("bonus_move")
def _bonus_move(ctx: Ctx, u: Use) -> None:
    _user_asks(ctx, u, "move_ask", u.effect.mode)


@EFFECTS.register("place_token")
def _place_token(ctx: Ctx, u: Use) -> None:
    _user_asks(ctx, u, "token_ask", u.effect.mode)


@EFFECTS.register("spawn_minion")
def _spawn_minion(ctx: Ctx, u: Use) -> None:
    ctx.push(EtTask(kind="reserves_spawn", n=u.effect.n))


@EFFECTS.register("spawn_elite")
def _spawn_elite(ctx: Ctx, u: Use) -> None:
    # Elite Minions come only from Skills (A1.1 #7); ``mode`` names the Elite type.
    _user_asks(ctx, u, "elite_ask", u.effect.mode)


@EFFECTS.register("bonus_attack")
def _bonus_attack(ctx: Ctx, u: Use) -> None:
    # Any of the model's Attacks, its cost paid as usual (A1.3 #19).
    if u.user is not None and u.user.hexes:
        ctx.push(EtTask(kind="bonus_attack_ask", model=u.user.id))


@EFFECTS.register("wound")
def _wound(ctx: Ctx, u: Use) -> None:
    # Direct Wounds (not an Attack: Armor does not apply). A Reaction's target is the attacker.
    if u.target is not None and u.target.hexes:
        name = u.user and ctx.name(u.user)
        wound(ctx, u.target, u.effect.n, f"{name}'s Skill" if name else "a Skill")


@EFFECTS.register("undaze")
def _undaze(ctx: Ctx, u: Use) -> None:
    if u.user is not None and u.user.dazed:
        u.user.dazed = False
        ctx.say("daze", f"{ctx.who(u.user)} recovers from Daze.")


@EFFECTS.register("aura")
def _aura(ctx: Ctx, u: Use) -> None:
    # Every friendly Character within ``range`` (itself included, no Line of Sight: A5-9) gets the
    # ``mode`` effect with ``n``: "heal" or "power".
    if u.user is None or not u.user.hexes:
        return
    for m in ctx.characters(u.user.side):
        if m.hexes and ctx.distance(m, u.user) <= u.effect.range:
            if u.effect.mode == "heal":
                heal(ctx, m, u.effect.n)
            else:
                offer(ctx, m, u.effect.n, "an aura")


@EFFECTS.register("pull")
def _pull(ctx: Ctx, u: Use) -> None:
    # A push towards the Skill's owner (A1.10 #58).
    _moved_by(ctx, u, "towards")


@EFFECTS.register("mind_control")
def _mind_control(ctx: Ctx, u: Use) -> None:
    # The owner moves an Enemy up to n spaces any way: moved by an Enemy effect, so no Escape Damage.
    _moved_by(ctx, u, "any")


@EFFECTS.register("teleport")
def _teleport(ctx: Ctx, u: Use) -> None:
    if u.user is not None and u.user.hexes and len(u.user.hexes) == 1:
        ctx.push(EtTask(kind="place_ask", model=u.user.id, n=u.effect.n, s="teleport"))


@EFFECTS.register("remove_token")
def _remove_token(ctx: Ctx, u: Use) -> None:
    _user_asks(ctx, u, "place_ask", "clear")
