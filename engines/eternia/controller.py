"""The Strategy Activation (A1.4), the Controller Skills and Strategy card windows (A1.7), for a
person and for the AI.

In order: (1) the Controller gains the slot's Power; (2) every Minion activates one at a time, a Move
then an Attack, either skipped, never the other way round; (3) a person may use Reserves, Command and
Battle Plan (Empower is a boost, used in attacks); the AI flips one AI Strategy card instead (A3.6,
order recommended by A5-12: Power, Minions, card).

Strategy cards whose trigger falls outside the Strategy Activation are offered in a card window at
that trigger (the start of the Round, the start of an Enemy Character's Activation, after any KO;
the attack triggers ride on the boost prompts in ``attack``). A window opens whenever the Controller
holds a card and has Battle Plan Power, whatever the cards are, so its presence leaks nothing (A5-18).
"""

from __future__ import annotations

from functools import lru_cache

from engines.core.types import Action, counted
from engines.eternia import hexes
from engines.eternia.ai import ai_strategy
from engines.eternia.attack import begin, targets
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, turn_page
from engines.eternia.hexes import Hex
from engines.eternia.labels import card_choice
from engines.eternia.power import cards_ready, ctrl_cost, ctrl_gain, ctrl_spend, play_card
from engines.eternia.skills import Use, apply_effects
from engines.eternia.state import CTRL, Activation, EtTask, Model, Pending


def strategy_activation(ctx: Ctx, power: int) -> None:
    """Start the Strategy Activation with the slot's ``power``."""
    ctx.say("strategy", f"Strategy Activation: the Controller gains {power} Power.")
    tasks = [EtTask(kind="minion_turn", model=m.id) for m in ctx.minions_on_board()]
    tasks.append(EtTask(kind="ctrl_skills_ask" if not ctx.state.ai else "ai_strategy"))
    ctx.push(*tasks)
    ctrl_gain(ctx, power, "the Strategy Activation")  # asked first: pushed in front of the Minions


@TASKS.register("ai_strategy")
def _ai_strategy(ctx: Ctx, t: EtTask) -> None:
    ai_strategy(ctx)


@TASKS.register("minion_turn")
def _minion_turn(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if not m.hexes:
        return
    if ctx.is_ai(m):
        ctx.push(EtTask(kind="ai_minion", model=m.id))
        return
    # A Move Action then an Attack Action (A1.4 #23); each prompt offers to skip it.
    ctx.push(
        EtTask(kind="action_start"),
        EtTask(kind="move_ask", model=m.id, n=ctx.content.rules.move),
        EtTask(kind="action_done"),
        EtTask(kind="minion_attack_ask", model=m.id),
    )


@TASKS.register("minion_attack_ask")
def _minion_attack_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    sid = ctx.content.minions[m.design].attack
    if m.hexes and targets(ctx, m, sid):
        ctx.ask(Pending(kind="minion_attack", seat=m.seat, model=m.id, skill=sid))


def _minion_attack_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    opts = [
        Action(f"t.{t.id}", f"Attack {ctx.name(t)} ({t.hp} HP)", group="target", params=(t.id,))
        for t in targets(ctx, m, p.skill)
    ]
    return [*paged(opts, p.page), Action("skip", "Do not attack", group="skip")]


def _minion_attack_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    if a.key == "skip":
        return
    begin(ctx, ctx.model(p.model), p.skill, ctx.model(str(a.params[0])))


CHOICES.add(
    "minion_attack",
    choice(
        _minion_attack_actions,
        _minion_attack_answer,
        lambda ctx, p: f"{ctx.name(ctx.model(p.model))}: choose its target.",
    ),
)


# ------------------------------------------------------------------------------ Reserves
def spawn_cells(ctx: Ctx) -> list[Hex]:
    """Free spaces next to the Battlefield's edge or next to a Controller Character (A1.7 #36)."""
    board = set(ctx.state.board)
    taken = ctx.occupied()
    near = {n for m in ctx.characters(CTRL) for h in m.hexes for n in hexes.neighbours(h)}
    return sorted(
        h for h in (_edge(tuple(ctx.state.board)) | near) & board if h not in taken and ctx.passable(h)
    )


@lru_cache(maxsize=16)
def _edge(board: tuple[Hex, ...]) -> frozenset[Hex]:
    """The spaces of ``board`` next to its edge (a Battlefield never changes during a game)."""
    cells = set(board)
    return frozenset(h for h in cells if any(n not in cells for n in hexes.neighbours(h)))


def minion_supply(ctx: Ctx) -> list[Model]:
    """The Controller's Minions off the Battlefield, if the 8-Minion limit allows one more."""
    if len(ctx.minions_on_board()) >= ctx.content.rules.minion_limit:
        return []
    return [
        m
        for m in ctx.state.models
        if m.kind == "minion" and m.side == CTRL and not m.hexes and m.design == ctx.state.minion_type
    ]


def place_minion(ctx: Ctx, h: Hex) -> None:
    """Spawn the next Minion from the supply onto ``h``."""
    m = minion_supply(ctx)[0]
    m.hexes = [h]
    m.hp = 1
    m.dazed = False
    m.spawned_round = ctx.state.round
    ctx.say("spawn", f"{ctx.name(m)} spawns at {hexes.label(h)}.")


@TASKS.register("reserves_spawn")
def _reserves_spawn(ctx: Ctx, t: EtTask) -> None:
    if t.n <= 0 or not minion_supply(ctx) or not spawn_cells(ctx):
        if t.n > 0 and not minion_supply(ctx):
            ctx.say("spawn", "No Minion can spawn: the Battlefield limit or the supply is reached.")
        return
    if ctx.state.ai:
        # The AI spawns as close to the Players as it can (worst for them), then by hex order.
        enemies = [h for m in ctx.on_board() if m.side != CTRL for h in m.hexes]
        cells = spawn_cells(ctx)
        best = min(cells, key=lambda h: (min((hexes.distance(h, e) for e in enemies), default=0), h))
        place_minion(ctx, best)
        ctx.push(EtTask(kind="reserves_spawn", n=t.n - 1))
        return
    ctx.push(EtTask(kind="reserves_spawn", n=t.n - 1))
    ctx.ask(Pending(kind="spawn", seat=ctx.state.ctrl_seat, n=t.n))


def _spawn_actions(ctx: Ctx, p: Pending) -> list[Action]:
    opts = [
        Action(f"at.{key(h)}", f"Spawn a Minion at {hexes.label(h)}", group="spawn", params=(h[0], h[1]))
        for h in spawn_cells(ctx)
    ]
    return paged(opts, p.page)


def _spawn_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    place_minion(ctx, (int(a.params[0]), int(a.params[1])))


CHOICES.add("spawn", choice(_spawn_actions, _spawn_answer, lambda ctx, p: "Choose where the Minion spawns."))


# ------------------------------------------------------------------------------ Elite Minions
def elite_supply(ctx: Ctx, owner: Model, design: str) -> list[Model]:
    """Elite Minions of ``design`` that ``owner``'s Skill may spawn now (the Controller's obey the
    8-Minion limit, A1.5 #27; a Player's are its own supply, A5-7)."""
    if owner.side == CTRL and len(ctx.minions_on_board()) >= ctx.content.rules.minion_limit:
        return []
    return [m for m in ctx.state.models if m.owner == owner.id and m.design == design and not m.hexes]


def elite_cells(ctx: Ctx, owner: Model, design: str) -> list[tuple[Hex, ...]]:
    """Where an Elite may spawn: free spaces next to its summoner (two for a mounted one, A1.10 #60)."""
    board = set(ctx.state.board)
    taken = ctx.occupied()
    terrain = ctx.terrain_map()

    def free(h: Hex) -> bool:
        return h not in taken and ctx.passable(h)

    near = sorted({n for h in owner.hexes for n in hexes.neighbours(h) if n in board and free(n)})
    if not ctx.content.minions[design].mounted:
        return [(h,) for h in near]
    return [f for h in near for f in hexes.footprints(h) if hexes.footprint_fits(f, board, terrain, free)]


@TASKS.register("elite_ask")
def _elite_ask(ctx: Ctx, t: EtTask) -> None:
    owner = ctx.model(t.model)
    if t.n <= 0 or not owner.hexes or not elite_supply(ctx, owner, t.s) or not elite_cells(ctx, owner, t.s):
        return
    ctx.push(EtTask(kind="elite_ask", model=owner.id, n=t.n - 1, s=t.s))
    if ctx.is_ai(owner):
        place_elite(ctx, owner, t.s, elite_cells(ctx, owner, t.s)[0])
        return
    ctx.ask(Pending(kind="elite", seat=owner.seat, model=owner.id, skill=t.s, n=t.n))


def place_elite(ctx: Ctx, owner: Model, design: str, cells: tuple[Hex, ...]) -> None:
    """Spawn the next Elite Minion of ``design`` onto ``cells``."""
    m = elite_supply(ctx, owner, design)[0]
    m.hexes = list(cells)
    m.hp = 1
    m.dazed = False
    m.spawned_round = ctx.state.round
    ctx.say("spawn", f"{ctx.name(m)} spawns at {' + '.join(hexes.label(h) for h in cells)}.")


def _elite_actions(ctx: Ctx, p: Pending) -> list[Action]:
    owner = ctx.model(p.model)
    opts = [
        Action(
            "at." + ".".join(key(h) for h in f),
            f"Spawn {ctx.content.minions[p.skill].name} at {' + '.join(hexes.label(h) for h in f)}",
            group="spawn",
            params=tuple(x for h in f for x in h),
        )
        for f in elite_cells(ctx, owner, p.skill)
    ]
    return paged(opts, p.page, [Action("skip", "Spawn no more", group="skip")])


def _elite_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    if a.key == "skip":
        ctx.state.agenda.tasks = [t for t in ctx.state.agenda.tasks if t.kind != "elite_ask"]
        return
    xs = [int(x) for x in a.params]
    place_elite(ctx, ctx.model(p.model), p.skill, tuple((xs[i], xs[i + 1]) for i in range(0, len(xs), 2)))


CHOICES.add(
    "elite",
    choice(
        _elite_actions,
        _elite_answer,
        lambda ctx, p: f"Choose where {ctx.content.minions[p.skill].name} spawns.",
    ),
)


def elite_turns(ctx: Ctx, owner: Model) -> None:
    """A Player's Elite Minions act right after their summoner's Activation: Move, then Attack (A5-7)."""
    ctx.push(
        *(EtTask(kind="minion_turn", model=m.id) for m in ctx.state.models if m.owner == owner.id and m.hexes)
    )


# ------------------------------------------------------------------------------ Controller Skills
@TASKS.register("ctrl_skills_ask")
def _ctrl_skills_ask(ctx: Ctx, t: EtTask) -> None:
    ctx.ask(Pending(kind="ctrl_skills", seat=ctx.state.ctrl_seat))


def _ctrl_skill_actions(ctx: Ctx, p: Pending) -> list[Action]:
    state = ctx.state
    out: list[Action] = []
    cost, n = ctrl_cost(ctx, "reserves")
    if state.ctrl_skills["reserves"] >= cost and minion_supply(ctx) and spawn_cells(ctx):
        label = f"Reserves ({cost} Power): spawn up to {counted(n, 'Minion')}"
        out.append(Action("reserves", label, group="skill"))
    cost, n = ctrl_cost(ctx, "command")
    if state.ctrl_skills["command"] >= cost:
        for m in ctx.characters(CTRL):
            if m.hexes:
                out.append(
                    Action(
                        f"cmd.{m.id}",
                        f"Command ({cost} Power): {ctx.name(m)} takes {counted(n, 'Action')} now",
                        group="skill",
                        params=(m.id,),
                    )
                )
    cost, n = ctrl_cost(ctx, "battle_plan")
    if state.ctrl_skills["battle_plan"] >= cost and state.strategy_deck:
        label = f"Battle Plan ({cost} Power): draw {counted(n, 'Strategy card')}"
        out.append(Action("draw", label, group="skill"))
    if state.ctrl_skills["battle_plan"] >= 1:
        for cid in state.strategy_hand:
            card = ctx.content.strategy[cid]
            if card.trigger == "strategy":
                out.append(card_choice(card, "1 Power"))
    out.append(Action("done", "End the Strategy Activation", group="done"))
    return out


def _ctrl_skill_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    state = ctx.state
    if a.key == "done":
        ctx.say("strategy", "The Strategy Activation ends.")
        return
    ctx.push(EtTask(kind="ctrl_skills_ask"))  # back to this menu once the Skill is resolved
    if a.key == "reserves":
        cost, n = ctrl_cost(ctx, "reserves")
        ctrl_spend(ctx, "reserves", cost)
        ctx.push(EtTask(kind="reserves_spawn", n=n))
    elif a.key.startswith("cmd."):
        cost, n = ctrl_cost(ctx, "command")
        ctrl_spend(ctx, "command", cost)
        m = ctx.model(str(a.params[0]))
        ctx.say("command", f"Command: {ctx.name(m)} takes {counted(n, 'Action')}.")
        prior = state.activation
        state.activation = Activation(model=m.id, actions=n, command=True)
        ctx.push(EtTask(kind="act_ask"), EtTask(kind="command_end", model=prior.model if prior else ""))
    elif a.key == "draw":
        cost, n = ctrl_cost(ctx, "battle_plan")
        ctrl_spend(ctx, "battle_plan", cost)
        drawn = state.strategy_deck[:n]
        del state.strategy_deck[:n]
        state.strategy_hand.extend(drawn)
        names = ", ".join(ctx.content.strategy[c].name for c in drawn)
        ctx.tell(state.ctrl_seat, "draw", f"You draw {names}.")
        ctx.say(
            "draw",
            f"The Controller draws {counted(len(drawn), 'Strategy card')} "
            f"(hand: {len(state.strategy_hand)}).",
        )
    else:
        card = play_card(ctx, a.key[2:])
        ctx.say("strategy", f"The Controller plays {card.name}: {card.text}")
        apply_effects(ctx, card.effects, "use", Use(None, card.effects[0]))


@TASKS.register("command_end")
def _command_end(ctx: Ctx, t: EtTask) -> None:
    ctx.state.activation = None


CHOICES.add(
    "ctrl_skills",
    choice(
        _ctrl_skill_actions,
        _ctrl_skill_answer,
        lambda ctx, p: "Strategy Activation: use your Controller Skills.",
    ),
)


# ------------------------------------------------------------------------------ Strategy card windows
WINDOW_TEXT = {
    "round_start": "The Round starts",
    "enemy_activation": "an Enemy Character starts its Activation",
    "ko": "a model was KO'ed",
}


def open_window(ctx: Ctx, trigger: str, model: str = "") -> None:
    """Queue a Strategy card window for ``trigger`` next (``model``: the Character or KO'ed model)."""
    if cards_ready(ctx):
        ctx.push(EtTask(kind="card_window", s=trigger, model=model))


@TASKS.register("card_window")
def _card_window(ctx: Ctx, t: EtTask) -> None:
    if cards_ready(ctx):  # asked again when it runs: an earlier card may have spent the Power
        ctx.ask(Pending(kind="card_window", seat=ctx.state.ctrl_seat, model=t.model, skill=t.s))


def _window_actions(ctx: Ctx, p: Pending) -> list[Action]:
    out = []
    for cid in ctx.state.strategy_hand:
        card = ctx.content.strategy[cid]
        if card.trigger == p.skill:
            out.append(card_choice(card))
    return [*out, Action("done", "Play no card", group="done")]


def _window_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if a.key == "done":
        return
    card = play_card(ctx, a.key[2:])
    ctx.say("strategy", f"The Controller plays {card.name}: {card.text}")
    # Another card may answer the same trigger: the window comes back once this card's effects ran.
    ctx.push(EtTask(kind="card_window", s=p.skill, model=p.model))
    target = ctx.model(p.model) if p.model else None
    apply_effects(ctx, card.effects, "use", Use(None, card.effects[0], target=target))


CHOICES.add(
    "card_window",
    choice(
        _window_actions,
        _window_answer,
        lambda ctx, p: f"Strategy cards: {WINDOW_TEXT.get(p.skill, p.skill)}. Play one?",
    ),
)
