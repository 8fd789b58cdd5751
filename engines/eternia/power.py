"""Power (A1.6): where it goes, paying for Skills, the Balance of Power, and Escalation (A1.8).

Player Character Power sits on the card pool (5 slots, pays the card's Skills) and on each unlocked
Skill card (3 slots, pays that Skill only). When a gain could go more than one way the owner is
asked (:func:`offer`): "automatic" (the default the reference recommends, A5-3: the card pool
first, then Skill cards in unlock order) or any one distribution, listed in pages; what finds no
free slot is lost. Controller Characters have one 5-slot pool; the human Controller splits its own
Power freely over the four Controller Skills, a few cubes at a time (A1.4 #23, A5-4), and the AI
Controller's goes onto its one counter.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from engines.core.context import GameOver
from engines.core.types import Action, seat_ref
from engines.eternia.content import LEVELS
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, paged, turn_page
from engines.eternia.labels import labelled
from engines.eternia.pieces import StrategyCard
from engines.eternia.state import CTRL, TEAM, EtTask, Model, Pending, SkillSlot

CTRL_ORDER = ("reserves", "command", "empower", "battle_plan")


# ------------------------------------------------------------------------------------ gaining
def gain(ctx: Ctx, m: Model, n: int) -> int:
    """Give ``m`` up to ``n`` Power where the book allows; return how much found a slot."""
    if n <= 0 or m.kind != "character":
        return 0  # Minions and NPCs never gain Power (A1.5 #26, A1.11 #64)
    r = ctx.content.rules
    if m.side == CTRL:
        room = r.controller_pool - m.power
        got = min(n, room)
        m.power += got
        return got
    got = min(n, r.card_pool - m.power)
    m.power += got
    left = n - got
    for slot in m.unlocked:
        more = min(left, r.skill_slots - slot.power)
        slot.power += more
        got += more
        left -= more
    return got


def rooms(ctx: Ctx, m: Model) -> list[int]:
    """Free slots of a Player Character's pools: the card pool, then each unlocked Skill card."""
    r = ctx.content.rules
    return [r.card_pool - m.power, *(r.skill_slots - u.power for u in m.unlocked)]


def splits(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put exactly ``total`` into pools of these capacities, the first pools fullest first."""
    if not caps:
        if total == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for here in range(min(total, caps[0]), max(0, total - rest) - 1, -1):
        for tail in splits(total - here, caps[1:]):
            yield (here, *tail)


def offer(ctx: Ctx, m: Model, n: int, why: str) -> None:
    """``m`` gains ``n`` Power: its owner places it when it could go more than one way (A5-3)."""
    if n <= 0 or m.kind != "character":
        return
    caps = rooms(ctx, m)
    total = min(n, sum(caps))
    if m.side == TEAM and sum(1 for c in caps if c > 0) > 1:
        ctx.push(EtTask(kind="power_ask", model=m.id, n=total, s=why))
        return
    got = gain(ctx, m, n)
    if got:
        ctx.say("power", f"{ctx.who(m)} gains {got} Power ({why}).")


@TASKS.register("power_ask")
def _power_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    total = min(t.n, sum(rooms(ctx, m)))
    if total > 0:
        ctx.ask(Pending(kind="power", seat=m.seat, model=m.id, n=total, skill=t.s))


def _pool_names(ctx: Ctx, m: Model) -> list[str]:
    return ["card", *(ctx.skill(u.skill).name for u in m.unlocked)]


def _power_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    names = _pool_names(ctx, m)
    opts = []
    for split in splits(p.n, rooms(ctx, m)):
        label = ", ".join(f"{k} on {names[i]}" for i, k in enumerate(split) if k)
        opts.append(Action("p." + ".".join(map(str, split)), f"Put {label}", group="power", params=split))
    auto = Action("auto", "Automatic: the card first, then Skill cards in unlock order", group="power")
    return paged(opts, p.page, [auto])


def _power_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    m = ctx.model(p.model)
    if a.key == "auto":
        gain(ctx, m, p.n)
    else:
        split = [int(x) for x in a.params]
        m.power += split[0]
        for slot, k in zip(m.unlocked, split[1:], strict=True):
            slot.power += k
    names = _pool_names(ctx, m)
    shown = ", ".join([f"card {m.power}", *(f"{names[i + 1]} {u.power}" for i, u in enumerate(m.unlocked))])
    ctx.say("power", f"{ctx.who(m)} gains {p.n} Power ({p.skill}): {shown}.")


CHOICES.add(
    "power",
    choice(
        _power_actions,
        _power_answer,
        lambda ctx, p: f"{ctx.name(ctx.model(p.model))} gains {p.n} Power ({p.skill}): place it.",
    ),
)


def pool_of(m: Model, sid: str) -> int:
    """The Power that may pay for Skill ``sid`` of ``m`` (its card pool or its own Skill card)."""
    for slot in m.unlocked:
        if slot.skill == sid:
            return slot.power
    return m.power


def payer(m: Model, host: str) -> SkillSlot | None:
    """The unlocked Skill card paying for ``host``, or None when the card pool pays."""
    for slot in m.unlocked:
        if slot.skill == host:
            return slot
    return None


def spend(ctx: Ctx, m: Model, host: str, n: int) -> None:
    """Pay ``n`` for Skill ``host`` (or an add-on printed with it) from the right slots (A1.6 #31)."""
    if n <= 0:
        return
    slot = payer(m, host)
    if slot is not None:
        assert slot.power >= n
        slot.power -= n
    else:
        assert m.power >= n
        m.power -= n
    if m.side == TEAM:
        balance(ctx, n)


def balance(ctx: Ctx, n: int) -> None:
    """The Balance of Power (A1.6 #33): Player Power lost goes to the Controller.

    During an Action the Controller receives it once the Action completes (``owed``); otherwise at
    once.
    """
    if ctx.state.in_action:
        ctx.state.owed += n
    else:
        ctrl_gain(ctx, n, "the Balance of Power")


def ctrl_gain(ctx: Ctx, n: int, why: str) -> None:
    """The Controller gains ``n`` Power: onto the AI counter, or onto its Controller Skills."""
    if n <= 0:
        return
    state = ctx.state
    if state.ai:
        before = state.ai_power
        state.ai_power = min(ctx.content.rules.ai_power_cap, state.ai_power + n)
        ctx.say(
            "power",
            f"The AI Controller gains {state.ai_power - before} Power ({why}); it has {state.ai_power}.",
        )
        return
    room = sum(ctx.content.controller_skills[s].slots - state.ctrl_skills[s] for s in CTRL_ORDER)
    if room <= 0:
        ctx.say("power", f"The Controller's Skills are full: {n} Power ({why}) is lost.")
        return
    ctx.push(EtTask(kind="ctrl_power_ask", n=min(n, room), s=why))


@TASKS.register("action_start")
def _action_start(ctx: Ctx, t: EtTask) -> None:
    ctx.state.in_action = True


@TASKS.register("action_done")
def _action_done(ctx: Ctx, t: EtTask) -> None:
    """An Action is complete: the Controller now gains what the Players lost during it."""
    state = ctx.state
    state.in_action = False
    owed, state.owed = state.owed, 0
    ctrl_gain(ctx, owed, "the Balance of Power")


@TASKS.register("ctrl_power_ask")
def _ctrl_power_ask(ctx: Ctx, t: EtTask) -> None:
    ctx.ask(Pending(kind="ctrl_power", seat=ctx.state.ctrl_seat, n=t.n))


def room_of(ctx: Ctx, sid: str) -> int:
    """Free Power slots on Controller Skill ``sid``."""
    return ctx.content.controller_skills[sid].slots - ctx.state.ctrl_skills[sid]


def auto_ctrl(ctx: Ctx, n: int) -> list[int]:
    """The automatic split of ``n`` Controller Power: one at a time onto the emptiest Skill."""
    got = [0, 0, 0, 0]
    for _ in range(n):
        free = [
            (ctx.state.ctrl_skills[s] + got[i], i)
            for i, s in enumerate(CTRL_ORDER)
            if room_of(ctx, s) > got[i]
        ]
        if not free:
            break
        got[min(free)[1]] += 1
    return got


def _ctrl_power_actions(ctx: Ctx, p: Pending) -> list[Action]:
    # A free split, a few cubes at a time: "put k on X" places k and asks again for the rest.
    out = [Action("auto", f"Spread {p.n} Power over your Skills (emptiest first)", group="power")]
    for s in CTRL_ORDER:
        name = ctx.content.controller_skills[s].name
        for k in range(1, min(room_of(ctx, s), p.n) + 1):
            rest = f", then place the other {p.n - k}" if k < p.n else ""
            out.append(Action(f"put.{s}.{k}", f"Put {k} on {name}{rest}", group="power", params=(s, k)))
    return out


def _ctrl_power_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    state = ctx.state
    left = 0
    if a.key == "auto":
        for i, got in enumerate(auto_ctrl(ctx, p.n)):
            state.ctrl_skills[CTRL_ORDER[i]] += got
    else:
        s, k = str(a.params[0]), int(a.params[1])
        state.ctrl_skills[s] += k
        left = p.n - k
    if left > 0 and any(room_of(ctx, s) for s in CTRL_ORDER):
        ctx.ask(msgspec.structs.replace(p, n=left))  # still asked, for the rest
        return
    shown = ", ".join(f"{ctx.content.controller_skills[s].name} {state.ctrl_skills[s]}" for s in CTRL_ORDER)
    ctx.say("power", f"The Controller places its Power ({shown}).")


CHOICES.add(
    "ctrl_power",
    choice(
        _ctrl_power_actions,
        _ctrl_power_answer,
        lambda ctx, p: f"You gain {p.n} Power: place it on your Controller Skills.",
    ),
)


def cards_ready(ctx: Ctx) -> bool:
    """A person Controls, holds a Strategy card and has Battle Plan Power: public facts only, so a
    card window opened on them never tells the Players what the hand holds (A5-18)."""
    state = ctx.state
    return not state.ai and bool(state.strategy_hand) and state.ctrl_skills.get("battle_plan", 0) >= 1


def ctrl_spend(ctx: Ctx, sid: str, n: int) -> None:
    """Pay ``n`` from Controller Skill ``sid`` (never feeds the Players: the flow is one-way)."""
    assert ctx.state.ctrl_skills[sid] >= n
    ctx.state.ctrl_skills[sid] -= n


def play_card(ctx: Ctx, cid: str) -> StrategyCard:
    """The Controller plays Strategy card ``cid`` from its hand for 1 Battle Plan Power (A1.7 #38)."""
    ctrl_spend(ctx, "battle_plan", 1)
    ctx.state.strategy_hand.remove(cid)
    ctx.state.strategy_played.append(cid)
    return ctx.content.strategy[cid]


def ctrl_cost(ctx: Ctx, sid: str) -> tuple[int, int]:
    """(cost, amount) of Controller Skill ``sid`` on its current side."""
    s = ctx.content.controller_skills[sid]
    if sid in ctx.state.ctrl_empowered:
        return s.empowered_cost, s.empowered_n
    return s.cost, s.n


# ------------------------------------------------------------------------------------ Escalation
def escalate(ctx: Ctx, n: int, why: str) -> None:
    """Advance the Escalation track ``n`` spaces; each advancement space unlocks and empowers."""
    state = ctx.state
    spaces = ctx.content.scenarios[state.scenario].escalation_track
    for _ in range(n):
        state.escalation += 1
        if state.escalation in spaces and state.levels < len(LEVELS):
            level = LEVELS[state.levels]
            state.levels += 1
            ctx.say(
                "escalation", f"Escalation reaches {state.escalation} ({why}): the {level} level is reached."
            )
            # The team's unlocks and the Controller's empowering happen "at the same moment": queue them.
            tasks = [EtTask(kind="unlock_ask", model=m.id, s=level) for m in ctx.characters(TEAM)]
            if not state.ai:
                tasks.append(EtTask(kind="empower_ask"))
            ctx.push(*tasks)
            if state.ai and state.ai_escalation:  # the reference's optional variant (A5-15); off by default
                ctrl_gain(ctx, state.ai_escalation, "Escalation, the ai_escalation option")


@TASKS.register("unlock_ask")
def _unlock_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    ctx.ask(Pending(kind="unlock", seat=m.seat, model=m.id, skill=t.s))


def _faces(ctx: Ctx, p: Pending) -> tuple[str, str]:
    pside = ctx.content.characters[ctx.model(p.model).design].player
    faces: tuple[str, str] = getattr(pside, p.skill)
    return faces


def _unlock_actions(ctx: Ctx, p: Pending) -> list[Action]:
    return [
        Action(
            f"face.{i}",
            labelled(f"Unlock {ctx.skill(s).name}", ctx.skill(s).text),
            group="unlock",
            params=(s,),
        )
        for i, s in enumerate(_faces(ctx, p))
    ]


def _unlock_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    m = ctx.model(p.model)
    sid = str(a.params[0])
    # The new Skill gets 1 Power from the supply at once: not a transfer, no Balance of Power (#35).
    m.unlocked.append(SkillSlot(skill=sid, power=1))
    ctx.say("unlock", f"{ctx.who(m)} unlocks {ctx.skill(sid).name} ({p.skill}) with 1 Power on it.")


CHOICES.add(
    "unlock",
    choice(
        _unlock_actions,
        _unlock_answer,
        lambda ctx, p: (
            f"{ctx.name(ctx.model(p.model))} reaches the {p.skill} level: choose a Skill to unlock."
        ),
    ),
)


@TASKS.register("empower_ask")
def _empower_ask(ctx: Ctx, t: EtTask) -> None:
    if len(ctx.state.ctrl_empowered) >= len(CTRL_ORDER):
        return
    ctx.ask(Pending(kind="empower", seat=ctx.state.ctrl_seat))


def _empower_actions(ctx: Ctx, p: Pending) -> list[Action]:
    skills = [s for s in CTRL_ORDER if s not in ctx.state.ctrl_empowered]
    chars = [m for m in ctx.characters(CTRL) if not m.empowered] or ctx.characters(CTRL)[:1]
    out = []
    for s in skills:
        for m in chars:
            out.append(
                Action(
                    f"emp.{s}.{m.id}",
                    f"Empower {ctx.content.controller_skills[s].name} and {ctx.name(m)}",
                    group="empower",
                    params=(s, m.id),
                )
            )
    return out


def _empower_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    s, mid = str(a.params[0]), str(a.params[1])
    ctx.state.ctrl_empowered.append(s)
    m = ctx.model(mid)
    m.empowered = True  # A5-16: each Controller Character is Empowered at most once
    eff = ctx.skill(ctx.content.characters[m.design].controller.empowered)
    ctx.say(
        "empower",
        f"{seat_ref(ctx.state.ctrl_seat)} flips {ctx.content.controller_skills[s].name} "
        "to its Empowered side; "
        f"{ctx.name(m)} gains {eff.name}.",
    )


CHOICES.add(
    "empower",
    choice(
        _empower_actions,
        _empower_answer,
        lambda ctx, p: "Escalation: empower a Controller Skill and a Character.",
    ),
)


# ------------------------------------------------------------------------------------ Victory Points
def score(ctx: Ctx, side: str, n: int, why: str) -> None:
    """Give ``side`` ``n`` VP; the game ends at once when it reaches the target (A1.11 #63)."""
    if n <= 0:
        return
    state = ctx.state
    state.vp[side] = state.vp.get(side, 0) + n
    who = "The Player Team" if side == TEAM else "The Controller"
    ctx.say("vp", f"{who} scores {n} VP ({why}): {state.vp[side]}.")
    target = ctx.content.scenarios[state.scenario].vp_target
    if state.vp[side] >= target:
        finish(ctx, side, f"{who} reaches {target} VP")


def finish(ctx: Ctx, winner: str, reason: str) -> None:
    """End the game now."""
    state = ctx.state
    state.phase = "over"
    state.winner = winner
    state.result = reason
    state.agenda.clear()
    ctx.say("over", f"Game over: {reason}.")
    raise GameOver
