"""What a witch may do: skill cards, basic actions, CP actions and facing on her turn (6.4.2),
reactions during a Clad attack (6.4.3), and how a played card resolves (costs, effects, discard, repel).

Why one module past 400 lines: the book's 6.4.2 and 6.4.3 share one notion of which cards a witch
may play and what they cost, and listing a choice and resolving it must agree line by line.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from engines.core.types import Action
from engines.hackclad import grid
from engines.hackclad.clad import can_move, move_options, repel_direction
from engines.hackclad.content import Card, CpAction, Eff, content
from engines.hackclad.ctx import ANSWERS, TASKS, Ctx, ask_choice
from engines.hackclad.deck import from_hand, put_on_top
from engines.hackclad.effects import condition, passive_count
from engines.hackclad.missions import check_now, note_single_damage
from engines.hackclad.state import GUARD, MOVE, MP, Ask, Play, Task

_CUT = frozenset({"reduce", "reduce_per_discard", "reduce_if", "prevent"})


def limits(ctx: Ctx, seat: int) -> list[int]:
    """This witch's per-round basic-action limits, with discard-pile bonuses."""
    return [limit(ctx, seat, index) for index in (MOVE, MP, GUARD)]


def limit(ctx: Ctx, seat: int, index: int) -> int:
    """One of the witch's per-round basic-action limits (Move counts discard-pile bonuses)."""
    base = ctx.content.witches[ctx.witch(seat).witch].limits[index]
    return base + passive_count(ctx, seat, "move_use") if index == MOVE else base


def _need_ok(ctx: Ctx, seat: int, card: Card) -> bool:
    st, w = ctx.state, ctx.witch(seat)
    if card.need == "adjacent_clad":
        return condition(ctx, seat, "adjacent_clad")
    if card.need == "adjacent_witch":
        return w.pos >= 0 and any(
            o.pos >= 0 and grid.adjacent(w.pos, o.pos) for s, o in enumerate(st.witches) if s != seat
        )
    return True


def _variants(ctx: Ctx, seat: int, card: Card, hand_left: int) -> list[tuple[str, str, bool, int]]:
    """(key suffix, label suffix, opted, X) for each way the card can be paid for."""
    w = ctx.witch(seat)
    out: list[tuple[str, str, bool, int]] = []
    if card.x_cost:
        for x in range(0, w.mp + 1):
            out.append((f".x{x}", f" spending {x} MP", False, x))
        return out
    if w.mp < card.mp:
        return []
    if card.extra_shards > w.shards:
        return []
    if not card.optional:
        if card.extra_discard <= hand_left:
            out.append(("", "", False, 0))
        return out
    if not card.extra_optional or card.extra_discard == 0:
        out.append(("", "", False, 0))
        out.append((".o", f" and {card.optional}", True, 0))
        return out
    out.append(("", "", False, 0))
    if card.extra_discard <= hand_left:
        out.append((".o", f" and {card.optional}", True, 0))
    return out


# A choice is fixed by the card, its instance and how it is aimed and paid, and every step rebuilds the
# turn's menu, so each choice is made once and shared (Actions are frozen).
@cache
def _attack_action(design: str, cid: str, d: int, variant: tuple[str, str, bool, int]) -> Action:
    card = content().cards[design]
    suffix, label, opted, x = variant
    return Action(
        f"p.{cid}.{d}{suffix}",
        f"{card.name} facing {grid.DIR_NAMES[d]}{label}",
        group="attack",
        card=cid,
        params=("attack", card.atk + x, d, int(opted), x),
    )


@cache
def _support_action(design: str, cid: str, variant: tuple[str, str, bool, int]) -> Action:
    card = content().cards[design]
    suffix, label, opted, x = variant
    return Action(
        f"p.{cid}{suffix}",
        f"{card.name}{label}",
        group="support",
        card=cid,
        params=("support", 0, -1, int(opted), x),
    )


def _play_actions(ctx: Ctx, seat: int, cid: str, facings: Iterable[int]) -> list[Action]:
    """Every way to play hand card ``cid`` on the witch's turn (attacks only with these facings)."""
    st, w = ctx.state, ctx.witch(seat)
    card = ctx.card(cid)
    if card.is_reaction or not _need_ok(ctx, seat, card):
        return []
    variants = _variants(ctx, seat, card, len(w.hand) - 1)
    if not card.is_attack:
        return [_support_action(card.id, cid, v) for v in variants]
    if w.pos < 0:
        return []
    return [
        _attack_action(card.id, cid, d, v)
        for d in facings
        if st.clad_pos in grid.area(w.pos, d, card.range)
        for v in variants
    ]


# What each basic action says after "Discard <card>", and its params.
_BASIC = {"bm": (": move 1", "move"), "bp": (": +1 MP", "mp"), "bd": (": -1 damage", "guard")}


def _basic_action(ctx: Ctx, kind: str, cid: str) -> Action:
    return _basic_choice(kind, cid, ctx.card(cid).name)


@cache
def _basic_choice(kind: str, cid: str, name: str) -> Action:
    text, param = _BASIC[kind]
    return Action(f"{kind}.{cid}", f"Discard {name}{text}", group="basic", card=cid, params=(param,))


@cache
def _cp_action(cp_id: str) -> Action:
    # A CP action's choice never changes, so each is built once (Actions are frozen).
    cp = content().cp[cp_id]
    return Action(f"cp.{cp.id}", f"{cp.name} ({cp.cost} CP): {cp.text}", group="cp", params=("cp",))


_END = Action("end", "End your turn", group="end", params=("end",))
_PASS = Action("pass", "Pass (take what comes)", group="end", params=("pass",))


def _may_basic(ctx: Ctx, seat: int, kind: str) -> bool:
    """Whether the witch may take this basic action now (per-round limits; a move needs a free space)."""
    w = ctx.witch(seat)
    if kind == "bm":
        return w.uses[MOVE] < limit(ctx, seat, MOVE) and can_move(ctx.state, seat)
    if kind == "bp":
        return w.uses[MP] < limit(ctx, seat, MP)
    return not ctx.state.frames[-1].charge and w.uses[GUARD] < limit(ctx, seat, GUARD)


def turn_actions(ctx: Ctx, ask: Ask) -> list[Action]:
    """Everything the witch may do on her own turn."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    acts: list[Action] = []
    for cid in w.hand:
        acts.extend(_play_actions(ctx, seat, cid, range(4)))
    for kind in ("bm", "bp"):
        if _may_basic(ctx, seat, kind):
            acts.extend(_basic_action(ctx, kind, cid) for cid in w.hand)
    acts.extend(_cp_action(cp.id) for cp in cp_actions(ctx, seat, "turn"))
    # Facing is free and may change at any time (6.4), but it only counts when an attack is aimed, so
    # every attack action carries its own facing and there is no separate "turn" choice to click through.
    acts.append(_END)
    return acts


def find_turn_action(ctx: Ctx, ask: Ask, key: str) -> Action | None:
    """The turn action called ``key`` if legal, built alone (equal to the one ``turn_actions`` lists)."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    kind, _, rest = key.partition(".")
    if kind == "p":
        cid, _, tail = rest.partition(".")
        if cid not in w.hand:
            return None
        facing = tail[:1]
        facings = (int(facing),) if facing and facing in "0123" else ()
        return next((a for a in _play_actions(ctx, seat, cid, facings) if a.key == key), None)
    if kind in ("bm", "bp"):
        return _basic_action(ctx, kind, rest) if rest in w.hand and _may_basic(ctx, seat, kind) else None
    if kind == "cp":
        return _find_cp(ctx, seat, rest, "turn")
    return _END if key == "end" else None


def _find_cp(ctx: Ctx, seat: int, cp_id: str, timing: str) -> Action | None:
    cp = ctx.content.cp.get(cp_id)
    return _cp_action(cp_id) if cp is not None and cp_usable(ctx, seat, cp, timing) else None


def cp_actions(ctx: Ctx, seat: int, timing: str) -> list[CpAction]:
    """CP actions of this timing the witch can afford and use now."""
    return [cp for cp in ctx.content.cp.values() if cp_usable(ctx, seat, cp, timing)]


def cp_usable(ctx: Ctx, seat: int, cp: CpAction, timing: str) -> bool:
    """Whether the witch can afford and use this CP action now, at this timing."""
    w = ctx.witch(seat)
    if cp.timing != timing or (cp.witch and cp.witch != w.witch) or w.cp < cp.cost:
        return False
    keys = ctx.content.cp_effects[cp.id]
    if "move" in keys and not move_options(ctx.state, seat):
        return False
    if "draw" in keys and not (w.deck or w.discard):
        return False
    return not (timing == "reaction" and ctx.state.frames and ctx.state.frames[-1].charge and keys & _CUT)


def _react_usable(ctx: Ctx, seat: int, card: Card) -> bool:
    """Whether a reaction card can be used against the attack being resolved."""
    w = ctx.witch(seat)
    if not card.is_reaction or not _need_ok(ctx, seat, card) or w.mp < card.mp:
        return False
    if card.extra_shards > w.shards:
        return False
    # Charge damage cannot be cut, so cards that only cut damage do nothing there.
    return not (ctx.state.frames[-1].charge and ctx.content.card_effects[card.id] <= _CUT)


def _react_action(ctx: Ctx, cid: str, from_discard: bool) -> Action:
    return _react_choice(cid, ctx.card(cid).name, from_discard)


@cache
def _react_choice(cid: str, name: str, from_discard: bool) -> Action:
    if from_discard:
        label = f"React with {name} from your discard pile"
        return Action(f"rd.{cid}", label, group="react", card=cid, params=("react",))
    return Action(f"r.{cid}", f"React with {name}", group="react", card=cid, params=("react",))


def react_actions(ctx: Ctx, ask: Ask) -> list[Action]:
    """Reactions the witch may take against the attack being resolved."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    acts = [_react_action(ctx, cid, False) for cid in w.hand if _react_usable(ctx, seat, ctx.card(cid))]
    for cid in w.discard:
        card = ctx.card(cid)
        if card.from_discard and _react_usable(ctx, seat, card):
            acts.append(_react_action(ctx, cid, True))
    if _may_basic(ctx, seat, "bd"):
        acts.extend(_basic_action(ctx, "bd", cid) for cid in w.hand)
    acts.extend(_cp_action(cp.id) for cp in cp_actions(ctx, seat, "reaction"))
    acts.append(_PASS)
    return acts


def find_react_action(ctx: Ctx, ask: Ask, key: str) -> Action | None:
    """The reaction called ``key`` if it is legal, built alone (equal to the one ``react_actions`` lists)."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    kind, _, cid = key.partition(".")
    if kind == "r":
        ok = cid in w.hand and _react_usable(ctx, seat, ctx.card(cid))
        return _react_action(ctx, cid, False) if ok else None
    if kind == "rd":
        ok = cid in w.discard and ctx.card(cid).from_discard and _react_usable(ctx, seat, ctx.card(cid))
        return _react_action(ctx, cid, True) if ok else None
    if kind == "bd":
        return _basic_action(ctx, "bd", cid) if cid in w.hand and _may_basic(ctx, seat, "bd") else None
    if kind == "cp":
        return _find_cp(ctx, seat, cid, "reaction")
    return _PASS if key == "pass" else None


# ------------------------------------------------------------------------------------------- applying
def _effect_tasks(seat: int, effects: Iterable[Eff], opted: bool) -> list[Task]:
    return [Task(kind="eff", seat=seat, eff=e) for e in effects if opted or not e.opt]


def start_play(
    ctx: Ctx, seat: int, cid: str, *, facing: int, opted: bool, x: int, source: str, after: Task
) -> None:
    """Reveal and pay for a skill card, then queue its costs, effects, discard and repel."""
    w = ctx.witch(seat)
    card = ctx.card(cid)
    if source == "discard":
        w.discard.remove(cid)
    else:
        from_hand(w, cid)
    if facing >= 0:
        w.facing = facing
    w.mp -= x if card.x_cost else card.mp
    ctx.state.plays.append(
        Play(seat=seat, card=cid, atk=card.atk, x=x, opted=opted, source=source, reaction=card.is_reaction)
    )
    ctx.say("play", f"{ctx.who(seat)} plays {card.name}.")
    tasks: list[Task] = []
    if card.extra_shards:
        tasks.append(Task(kind="drop_own", seat=seat, n=card.extra_shards))
    if card.extra_discard and (opted or not card.extra_optional):
        tasks.extend(Task(kind="extra_discard", seat=seat, n=i + 1) for i in range(card.extra_discard))
    tasks.extend(_effect_tasks(seat, card.effects, opted))
    tasks.append(Task(kind="end_play", seat=seat))
    ctx.push(*tasks, after)


def start_cp(ctx: Ctx, seat: int, cp: CpAction, after: Task) -> None:
    """Pay CP and queue a CP action's effects."""
    ctx.witch(seat).cp -= cp.cost
    ctx.state.plays.append(Play(seat=seat, card=cp.id, source="cp"))
    ctx.say("cp", f"{ctx.who(seat)} uses {cp.name} ({cp.cost} CP).")
    ctx.push(*_effect_tasks(seat, cp.effects, False), Task(kind="end_play", seat=seat), after)


@TASKS.register("drop_own")
def drop_own(ctx: Ctx, t: Task) -> None:
    """Extra cost: leave n of your shards on your space."""
    w = ctx.witch(t.seat)
    w.shards -= t.n
    ctx.state.field[w.pos] += t.n
    ctx.say("drop", f"{ctx.who(t.seat)} leaves {t.n} shard VP at {grid.label(w.pos)}.")


@TASKS.register("extra_discard")
def extra_discard(ctx: Ctx, t: Task) -> None:
    """Extra cost: discard a card from your hand (its own 'when discarded as a cost' part applies)."""
    w = ctx.witch(t.seat)
    if not w.hand:
        return
    options = [(f"c.{c}", f"Discard {ctx.card(c).name}") for c in w.hand]
    ask_choice(ctx, t.seat, "extra_discard", "Extra cost: discard a card.", options)


@ANSWERS.register("extra_discard")
def extra_discard_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Discard the chosen card and run its as-cost steps."""
    seat = ask.seat
    cid = key[2:]
    w = ctx.witch(seat)
    from_hand(w, cid)
    w.discard.append(cid)
    card = ctx.card(cid)
    ctx.say("discard", f"{ctx.who(seat)} discards {card.name} to pay the extra cost.")
    ctx.push(*_effect_tasks(seat, card.as_cost, False))


@TASKS.register("end_play")
def end_play(ctx: Ctx, t: Task) -> None:
    """The card goes to the discard pile (or back on the deck); then any repel resolves."""
    st = ctx.state
    p = st.plays.pop()
    w = ctx.witch(p.seat)
    if p.source != "cp":
        card = ctx.card(p.card)
        if p.source == "discard":
            put_on_top(w, p.card, seen=True)  # used from the discard pile: it goes back on top, face up
        else:
            w.discard.append(p.card)
        if card.is_attack and p.dealt > 0:
            w.attacks_round += 1
            check_now(ctx, p.seat)
        if p.dealt > 0:
            note_single_damage(ctx, p.seat, p.dealt)
    if p.repel and w.pos >= 0:
        ctx.push(Task(kind="repel", seat=p.seat, n=repel_direction(st, p.seat)))


def apply_turn(ctx: Ctx, ask: Ask, action: Action) -> None:
    """Carry out one action on the witch's own turn, then ask again (unless the turn ended)."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    again = Task(kind="turn", seat=seat)
    kind = action.key.split(".")[0]
    if kind == "end":
        w.turn_over = True
        ctx.say("end_turn", f"{ctx.who(seat)} ends their turn.")
        return
    if kind == "p":
        _, facing, opted, x = action.params[1:5]
        start_play(
            ctx,
            seat,
            action.card,
            facing=int(facing),
            opted=bool(opted),
            x=int(x),
            source="hand",
            after=again,
        )
        return
    if kind in ("bm", "bp"):
        from_hand(w, action.card)
        w.discard.append(action.card)
        index = MOVE if kind == "bm" else MP
        w.uses[index] += 1
        ctx.say(
            "basic",
            f"{ctx.who(seat)} discards {ctx.card(action.card).name} for "
            f"{'a move' if kind == 'bm' else '+1 MP'}.",
        )
        if kind == "bm":
            ctx.push(Task(kind="move", seat=seat, n=1), again)
        else:
            ctx.gain_mp(seat, 1)
            ctx.push(again)
        return
    if kind == "cp":
        start_cp(ctx, seat, ctx.content.cp[action.key[3:]], again)
        return
    raise ValueError(f"unknown turn action {action.key}")


def apply_react(ctx: Ctx, ask: Ask, action: Action) -> None:
    """Carry out one reaction (or a pass), then look at the attack again."""
    w = ctx.witch(seat := ask.seat)  # the witch the choice asks
    frame = ctx.state.frames[-1]
    again = Task(kind="frame")
    kind = action.key.split(".")[0]
    if kind == "pass":
        frame.passed.append(seat)
        ctx.push(again)
    elif kind in ("r", "rd"):
        start_play(
            ctx,
            seat,
            action.card,
            facing=-1,
            opted=False,
            x=0,
            source="discard" if kind == "rd" else "hand",
            after=again,
        )
    elif kind == "bd":
        card = ctx.card(action.card)
        from_hand(w, action.card)
        w.discard.append(action.card)
        w.uses[GUARD] += 1
        frame.reduce[seat] += 1
        ctx.say("basic", f"{ctx.who(seat)} discards {card.name} to take 1 less damage.")
        ctx.push(*_effect_tasks(seat, card.as_guard, False), again)
    elif kind == "cp":
        start_cp(ctx, seat, ctx.content.cp[action.key[3:]], again)
    else:
        raise ValueError(f"unknown reaction {action.key}")


@TASKS.register("turn")
def turn_task(ctx: Ctx, t: Task) -> None:
    """Ask the witch for her next action unless her turn is over."""
    if ctx.witch(t.seat).turn_over:
        return
    text = "Your turn: play cards, take actions, or end your turn."
    ctx.ask(Ask(kind="turn", seat=t.seat, text=text))
