"""Rounds (A1.2): the Order Phase, the Reactions to the Round's start, the track, the Round's end.

A Round is the Order Phase (one sealed simultaneous decision: the Controller's 4 cards and the
team's cards, A5-2) and the Activation Phase (cards flip in track order; each slot pays its Power
to the Character Activation of ``activation``, the Strategy Activation of ``controller``, or the
Character the team picks for the "any" card).
"""

from __future__ import annotations

from itertools import permutations

from engines.core.types import Action
from engines.eternia.ai import shuffled_ai_deck
from engines.eternia.controller import strategy_activation
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice
from engines.eternia.labels import skill_choice
from engines.eternia.power import escalate, finish, pool_of, spend
from engines.eternia.scenario import end_of_round
from engines.eternia.skills import Use, apply_effects
from engines.eternia.state import CTRL, TEAM, EtState, EtTask, Model, Pending

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
        state.ai_char_deck = shuffled_ai_deck(ctx, "character")
        state.ai_strategy_deck = shuffled_ai_deck(ctx, "strategy")


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
        for sid in m.skills_now()
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
        out.append(skill_choice(f"r.{sid}", s, "React: ", "reaction"))
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
