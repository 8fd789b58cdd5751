"""The AI Controller (A3), resolved inside ``apply`` as rules, with a documented tie-break chain.

Whenever the book leaves the AI several options it takes the one worst for the Players (A3.10).
The engine makes that deterministic (A5-13): targets are ranked by (a) the book's criterion (lowest
remaining HP; nearest for Minions), then (b) the most Wounds expected after Armor (lowest Armor),
then (c) a Character before a Minion, then (d) the lowest stable id. Moves are ranked by (a) the
book's aim (an Attack becomes legal; else nearest to the nearest Enemy), then (b) the fewest Wounds
the AI model suffers on the way, then (c) the fewest movement points, then (d) the hex order. Every
choice is narrated with its reason.
"""

from __future__ import annotations

from engines.eternia import hexes
from engines.eternia.attack import begin, targets
from engines.eternia.ctx import TASKS, Ctx
from engines.eternia.damage import heal
from engines.eternia.hexes import Hex
from engines.eternia.moves import walk
from engines.eternia.pieces import AiLine, AiPlan
from engines.eternia.routes import reach
from engines.eternia.state import CTRL, EtTask, Model


def rank_target(ctx: Ctx, t: Model) -> tuple[int, int, int, str]:
    """The tie-break key of a target: lowest HP, then lowest Armor, then Characters, then id."""
    return (t.hp, ctx.armor(t), 0 if t.kind == "character" else 1, t.id)


def pick_target(ctx: Ctx, options: list[Model]) -> tuple[Model, str]:
    """The AI's target among ``options`` and the reason to narrate."""
    best = min(options, key=lambda t: rank_target(ctx, t))
    if len(options) == 1:
        return best, "the only Enemy in range"
    tied = [t for t in options if t.hp == best.hp]
    if len(tied) == 1:
        return best, "lowest HP"
    armored = [t for t in tied if ctx.armor(t) == ctx.armor(best)]
    if len(armored) == 1:
        return best, "lowest HP, then lowest Armor"
    return best, "lowest HP, then the tie-break order"


def attack_skill(ctx: Ctx, m: Model) -> str:
    """The one Attack an AI model has: its AI card's (Characters) or its Minion card's."""
    if m.kind == "minion":
        return ctx.content.minions[m.design].attack
    return ctx.content.characters[m.design].ai.attack


def can_attack(ctx: Ctx, m: Model) -> bool:
    """Attack Range (A3.11): the Attack is affordable and has a legal target."""
    sid = attack_skill(ctx, m)
    cost = ctx.skill(sid).cost if m.kind == "character" else 0
    return m.power >= cost and bool(targets(ctx, m, sid))


def do_attack(ctx: Ctx, m: Model) -> None:
    """Attack the target the book prefers (lowest remaining HP), narrating why."""
    sid = attack_skill(ctx, m)
    target, why = pick_target(ctx, targets(ctx, m, sid))
    ctx.say("ai", f"AI: {ctx.name(m)} targets {ctx.name(target)} ({why}).")
    begin(ctx, m, sid, target)


def advance(ctx: Ctx, m: Model, points: int, away: bool = False) -> bool:
    """Move toward the nearest Enemy (stopping where the Attack is legal), or away; True if moved."""
    if not m.hexes or not ctx.enemies(m):
        return False
    dests = reach(ctx, m, points)
    if not dests:
        return False
    enemies = [h for e in ctx.enemies(m) for h in e.hexes]
    start = m.hexes

    def nearest(h: Hex) -> int:
        return min(hexes.distance(h, e) for e in enemies)

    def attack_from(h: Hex) -> bool:
        m.hexes = [h]
        try:
            return can_attack(ctx, m)
        finally:
            m.hexes = start

    if away:
        best = max(dests, key=lambda h: (nearest(h), -dests[h].wounds, -dests[h].cost, tuple(-x for x in h)))
        if nearest(best) <= nearest(start[0]):
            return False
        why = "moves away from the Enemies"
    else:
        armed = [h for h in dests if attack_from(h)]
        pool = armed or list(dests)
        best = min(pool, key=lambda h: (0 if armed else nearest(h), dests[h].wounds, dests[h].cost, h))
        if not armed and nearest(best) >= nearest(start[0]):
            return False
        why = "to attack" if armed else "toward the nearest Enemy"
    ctx.say("ai", f"AI: {ctx.name(m)} moves {why}.")
    walk(ctx, m, dests[best])
    return True


def skill_would_help(ctx: Ctx, m: Model) -> bool:
    """Skill Range (A3.9): the AI Skill is affordable and would do something (a Heal when hurt)."""
    s = ctx.skill(ctx.content.characters[m.design].ai.skill)
    heals = any(e.do == "heal" or (e.do == "aura" and e.mode == "heal") for e in s.effects)
    return m.power >= s.cost and heals and m.hp < m.max_hp


def use_skill(ctx: Ctx, m: Model) -> None:
    """Pay for and use the AI Skill (only healing Skills on AI cards in this release)."""
    s = ctx.skill(ctx.content.characters[m.design].ai.skill)
    m.power -= s.cost
    ctx.say("ai", f"AI: {ctx.name(m)} uses {s.name} (hurt: {m.hp}/{m.max_hp} HP).")
    for e in s.effects:
        if e.do == "heal":
            heal(ctx, m, e.n)
        elif e.do == "aura" and e.mode == "heal":  # itself and every friendly Character within range
            for f in ctx.characters(m.side):
                if f.hexes and ctx.distance(f, m) <= e.range:
                    heal(ctx, f, e.n)


def line_met(ctx: Ctx, m: Model, line: AiLine) -> bool:
    """Whether an AI card line's criterion holds and its Action can be performed."""
    need = {
        "": True,
        "attack_range": can_attack(ctx, m),
        "skill_range": skill_would_help(ctx, m),
        "hurt": m.hp < m.max_hp,
    }[line.need]
    if not need:
        return False
    if line.do == "attack":
        return can_attack(ctx, m)
    if line.do == "skill":
        return skill_would_help(ctx, m)
    return True


@TASKS.register("ai_action")
def _ai_action(ctx: Ctx, t: EtTask) -> None:
    """One of the AI Character's Actions: the first line of the same card that can be done (A3.5)."""
    m = ctx.model(t.model)
    if not m.hexes or t.n <= 0:
        return
    card = ctx.content.ai[ctx.state.ai_card]
    ctx.push(EtTask(kind="ai_action", model=m.id, n=t.n - 1))
    for line in card.lines:
        if not line_met(ctx, m, line):
            continue
        if line.do == "attack":
            do_attack(ctx, m)
        elif line.do == "skill":
            use_skill(ctx, m)
        elif line.do == "advance":
            advance(ctx, m, ctx.content.rules.move)
        elif line.do == "retreat":
            advance(ctx, m, ctx.content.rules.move, away=True)
        return  # "hold": the Action is spent doing nothing


def shuffled_ai_deck(ctx: Ctx, deck: str) -> list[str]:
    """The AI cards of ``deck`` ("character" or "strategy"), shuffled (A3.4)."""
    cards = [a.id for a in ctx.content.ai.values() if a.deck == deck]
    ctx.rng.shuffle(cards)
    return cards


def _flip(ctx: Ctx, pile: list[str], deck: str) -> AiPlan:
    """Turn up the top card of the AI ``pile`` of ``deck``, shuffling a fresh one when it ran out."""
    if not pile:
        pile.extend(shuffled_ai_deck(ctx, deck))
    ctx.state.ai_card = pile.pop(0)
    return ctx.content.ai[ctx.state.ai_card]


def ai_character(ctx: Ctx, m: Model) -> None:
    """Flip an AI Character Activation card and queue its two Actions (A3.5)."""
    card = _flip(ctx, ctx.state.ai_char_deck, "character")
    ctx.say("ai", f"AI: {ctx.name(m)} flips {card.name}: {card.text}")
    ctx.push(EtTask(kind="ai_action", model=m.id, n=ctx.content.rules.actions))


@TASKS.register("ai_minion")
def _ai_minion(ctx: Ctx, t: EtTask) -> None:
    """An AI Minion: move toward the nearest Enemy, then attack the lowest-HP one (A3.7)."""
    m = ctx.model(t.model)
    if not m.hexes:
        return
    if not can_attack(ctx, m):
        advance(ctx, m, ctx.content.rules.move)
    if m.hexes and can_attack(ctx, m):
        do_attack(ctx, m)


def strategy_line(ctx: Ctx, line: AiLine) -> None:
    """Resolve one AI Strategy card line (its cost is already paid)."""
    state = ctx.state
    chars = [m for m in ctx.characters(CTRL) if m.hexes]
    if line.do == "spawn":
        ctx.push(EtTask(kind="reserves_spawn", n=line.n))
    elif line.do == "fuel" and chars:
        m = min(chars, key=lambda c: (c.power, c.id))
        m.power = min(ctx.content.rules.controller_pool, m.power + line.n)
        ctx.say("ai", f"AI: {ctx.name(m)} receives {line.n} Power (it had the least).")
    elif line.do == "heal" and chars:
        m = min(chars, key=lambda c: (c.hp - c.max_hp, c.id))
        heal(ctx, m, line.n)
    del state


def ai_strategy(ctx: Ctx) -> None:
    """Flip an AI Strategy card and perform the first line it can pay for (A3.6)."""
    state = ctx.state
    card = _flip(ctx, state.ai_strategy_deck, "strategy")
    ctx.say("ai", f"AI: the Strategy card is {card.name}: {card.text}")
    for line in card.lines:
        if state.ai_power >= line.cost:
            state.ai_power -= line.cost
            if line.cost:
                ctx.say("ai", f"AI: pays {line.cost} Power ({state.ai_power} left) to {line.do}.")
            strategy_line(ctx, line)
            return
