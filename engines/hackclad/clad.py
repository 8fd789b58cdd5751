"""The Clad and the field: its cards' icons, attacks with reactions, charges, repel, damage and re-entry.

Book sections: 6.4 (field and figures), 6.4.1 (the Clad's turn), 6.4.3 (reactions), 6.4.4 (damage
handling), 6.4.5 (re-entry), 10 (repel).
"""

from __future__ import annotations

from engines.hackclad import grid
from engines.hackclad.cards import clad_atk, clad_of, discard_reactions, passive_cards
from engines.hackclad.ctx import ANSWERS, TASKS, Ctx, ask_choice
from engines.hackclad.missions import check_now, note_reduce
from engines.hackclad.state import Ask, Frame, HackState, Task


# ------------------------------------------------------------------------------------------- field
def witch_at(state: HackState, cell: int) -> int | None:
    """The seat whose witch stands on ``cell``, if any."""
    for seat, w in enumerate(state.witches):
        if w.pos == cell:
            return seat
    return None


def blocked(state: HackState, cell: int) -> bool:
    """A witch may not enter a cell holding the Clad or another witch."""
    return cell == state.clad_pos or witch_at(state, cell) is not None


def turn_order(state: HackState) -> list[int]:
    """Witches in this round's turn order (by turn slot; witches without a slot last, by number)."""
    return in_turn_order(state, list(range(len(state.witches))))


def in_turn_order(state: HackState, seats: list[int]) -> list[int]:
    """These witches sorted into this round's turn order."""
    if len(seats) < 2:
        return seats
    ws = state.witches
    return sorted(seats, key=lambda s: (ws[s].slot < 0, ws[s].slot, s))


def deal_damage(ctx: Ctx, seat: int, amount: int, *, by_card: bool) -> None:
    """The witch damages the Clad: she takes that many shards as VP (book 6.4.2 A ③)."""
    if amount <= 0:
        return
    w = ctx.witch(seat)
    w.shards += amount
    w.dealt_round += amount
    if by_card and ctx.state.plays:
        ctx.state.plays[-1].dealt += amount
    ctx.say("hit", f"{ctx.who(seat)} deals {amount} damage to the Clad and takes {amount} shard VP.")
    check_now(ctx, seat)


def pick_up(ctx: Ctx, seat: int) -> None:
    """A witch entering a cell takes every shard on it (and Scythe Leap turns them into damage)."""
    w = ctx.witch(seat)
    amount = ctx.state.field[w.pos]
    if amount <= 0:
        return
    ctx.state.field[w.pos] = 0
    w.shards += amount
    w.picked_round += amount
    ctx.say("pickup", f"{ctx.who(seat)} picks up {amount} shard VP at {grid.label(w.pos)}.")
    if w.scythe:
        deal_damage(ctx, seat, amount, by_card=False)
    check_now(ctx, seat)


def move_options(state: HackState, seat: int) -> list[int]:
    """Directions the witch can step in (no diagonals, no entering figures; the field wraps)."""
    pos = state.witches[seat].pos
    if pos < 0:
        return []
    witches = [w.pos for w in state.witches]  # her own cell is never a neighbour
    clad = state.clad_pos
    return [d for d, cell in enumerate(grid.NEIGHBOURS[pos]) if cell != clad and cell not in witches]


def can_move(state: HackState, seat: int) -> bool:
    """Whether ``move_options`` is not empty."""
    if state.witches[seat].pos < 0:
        return False
    # Her four neighbours are distinct cells and only the Clad and the other witches block them, so
    # fewer than four blockers always leave one free (asked at every step, so this is worth knowing).
    return len(state.witches) < 4 or bool(move_options(state, seat))


def step_witch(ctx: Ctx, seat: int, direction: int) -> None:
    """Move a witch one space, counting it for this round's movement and picking up shards."""
    w = ctx.witch(seat)
    w.pos = grid.step(w.pos, direction)
    w.moved_round += 1
    ctx.say("move", f"{ctx.who(seat)} moves {grid.DIR_NAMES[direction]} to {grid.label(w.pos)}.")
    pick_up(ctx, seat)
    check_now(ctx, seat)


def place_witch(ctx: Ctx, seat: int, cell: int) -> None:
    """Put a witch on a cell (entry, re-entry, jumps) and pick up what lies there."""
    w = ctx.witch(seat)
    w.pos = cell
    pick_up(ctx, seat)


# ------------------------------------------------------------------------------------------- frames
def frame_cells(state: HackState, frame: Frame) -> list[int]:
    """The cells an attack covers right now (a normal attack turns and moves with the Clad)."""
    if frame.charge:
        direction = state.clad_facing if frame.direction < 0 else frame.direction
        return [grid.step(state.clad_pos, direction)]
    return grid.area(state.clad_pos, state.clad_facing, frame.rel)


def in_range(state: HackState, frame: Frame) -> list[int]:
    """Seats whose witches stand in the attack, in turn order."""
    return witches_on(state, frame_cells(state, frame))


def witches_on(state: HackState, cells: list[int]) -> list[int]:
    """Seats whose witches stand on these cells, in turn order."""
    return in_turn_order(state, [s for s, w in enumerate(state.witches) if w.pos in cells])


def open_frame(ctx: Ctx, frame: Frame, *after: Task) -> None:
    """Start resolving a Clad attack now (nested attacks resolve first, book 6.4.3 ⑤)."""
    n = len(ctx.state.witches)
    frame.reduce = [0] * n
    frame.prevent = [False] * n
    frame.last = frame_cells(ctx.state, frame)
    ctx.state.frames.append(frame)
    ctx.push(Task(kind="frame"), *after)


def could_react(ctx: Ctx, seat: int) -> bool:
    """Whether a witch has anything at all to react with (judged on public facts only)."""
    w = ctx.witch(seat)
    if w.hand or w.cp >= 1:
        return True
    usable = discard_reactions(ctx.state, seat)
    return bool(usable) and any(c in usable for c in w.discard)


@TASKS.register("frame")
def frame_step(ctx: Ctx, t: Task) -> None:
    """Ask the next witch in range to react, or apply the attack's damage once all have passed."""
    st = ctx.state
    f = st.frames[-1]
    cells = frame_cells(st, f)
    if cells != f.last:
        # The attack's range changed: reactions restart from the earliest seat in range (6.4.3 ④).
        f.passed = []
        f.last = cells
    hit = witches_on(st, cells)
    for seat in hit:
        if seat in f.passed:
            continue
        if not could_react(ctx, seat):
            f.passed.append(seat)
            continue
        kind = "charge" if f.charge else "attack"
        ctx.ask(
            Ask(kind="react", seat=seat, text=f"The Clad's {f.name} ({kind}) will hit you: react or pass.")
        )
        return
    _resolve(ctx, f, hit)
    st.frames.pop()


def _resolve(ctx: Ctx, f: Frame, hit: list[int]) -> None:
    # ``hit``: the seats in range, as frame_step just found them (nothing has moved since).
    st = ctx.state
    atk = clad_atk(st)
    if f.charge and st.clad_locked:
        ctx.say("locked", "The Clad is pinned in place: the charge stops.")
        return
    for seat in hit:
        w = ctx.witch(seat)
        if f.charge:
            # Charge damage cannot be cut (book 6.4.1).
            damage = atk
        else:
            cut = f.reduce[seat] + shield(ctx, seat) + (2 if w.aristocracy else 0)
            if f.prevent[seat]:
                cut = atk
            damage = max(0, atk - cut)
            note_reduce(ctx, seat, min(cut, atk))
        if damage >= 1:
            injure(ctx, seat, damage)
        else:
            ctx.say("unhurt", f"{ctx.who(seat)} takes no damage from {f.name}.")


def shield(ctx: Ctx, seat: int) -> int:
    """Damage cut by 'shield' cards lying in the witch's discard pile."""
    w = ctx.witch(seat)
    if "shield" not in ctx.content.witch_passives[w.witch]:
        return 0
    shields = passive_cards(ctx.state, seat, "shield")
    return sum(1 for c in w.discard if c in shields)


def injure(ctx: Ctx, seat: int, damage: int) -> None:
    """Damage handling (6.4.4): +1 injury, drop shards equal to the damage, leave the field."""
    w = ctx.witch(seat)
    w.injuries += 1
    dropped = min(damage, w.shards)
    w.shards -= dropped
    ctx.state.field[w.pos] += dropped
    ctx.say(
        "injury",
        f"{ctx.who(seat)} takes {damage} damage: 1 injury, drops {dropped} shard VP at {grid.label(w.pos)} "
        "and leaves the field.",
    )
    w.pos = -1


# ------------------------------------------------------------------------------------------- the Clad's turn
@TASKS.register("clad_turn")
def clad_turn(ctx: Ctx, t: Task) -> None:
    """The Clad acts out the card in Clad slot ``n``: attack, drop, move, turn (6.4.1)."""
    st = ctx.state
    iid = st.clad_slots[t.n]
    if not iid:
        return
    if st.clad_hidden[t.n]:
        st.clad_hidden[t.n] = False
    card = clad_of(iid)
    ctx.say("clad", f"The Clad acts: {card.name}.")
    tasks: list[Task] = []
    if card.attack:
        tasks.append(Task(kind="clad_attack", s=iid))
    if card.drop:
        tasks.append(Task(kind="clad_drop", s=iid))
    if card.move:
        tasks.append(Task(kind="clad_move", n=card.move))
    if card.face:
        tasks.append(Task(kind="clad_face", s=card.face))
    tasks.append(Task(kind="clad_done", s=iid))
    ctx.push(*tasks)


@TASKS.register("clad_done")
def clad_done(ctx: Ctx, t: Task) -> None:
    """The card is resolved and joins the used pile."""
    ctx.state.clad_used.append(t.s)


@TASKS.register("clad_attack")
def clad_attack(ctx: Ctx, t: Task) -> None:
    """A normal attack on the card's red cells."""
    card = clad_of(t.s)
    open_frame(ctx, Frame(name=card.name, rel=list(card.attack)))


@TASKS.register("clad_drop")
def clad_drop(ctx: Ctx, t: Task) -> None:
    """Drop: a 1-VP shard on each marked cell; a witch standing there takes it at once."""
    st = ctx.state
    card = clad_of(t.s)
    for cell in grid.area(st.clad_pos, st.clad_facing, card.drop):
        seat = witch_at(st, cell)
        if seat is not None:
            st.witches[seat].shards += 1
            ctx.say("drop", f"A shard falls on {ctx.who(seat)}, who keeps it.")
        else:
            st.field[cell] += 1
    ctx.say("drop", f"The Clad sheds shards ({card.name}).")


@TASKS.register("clad_move")
def clad_move(ctx: Ctx, t: Task) -> None:
    """Move forward ``n`` spaces, each step a charge attack first."""
    if ctx.state.clad_locked:
        ctx.say("locked", "The Clad is held in place and does not move.")
        return
    ctx.push(*[Task(kind="clad_step", n=-1) for _ in range(t.n)])


@TASKS.register("clad_step")
def clad_step(ctx: Ctx, t: Task) -> None:
    """One step of Clad movement (forward when ``n`` is -1, else in direction ``n`` for a repel)."""
    if ctx.state.clad_locked:
        return
    open_frame(ctx, Frame(name="charge", charge=True, direction=t.n), Task(kind="clad_enter", n=t.n))


@TASKS.register("clad_enter")
def clad_enter(ctx: Ctx, t: Task) -> None:
    """The Clad moves into the charged cell (a witch still there is hit without reactions)."""
    st = ctx.state
    if st.clad_locked:
        return
    direction = st.clad_facing if t.n < 0 else t.n
    target = grid.step(st.clad_pos, direction)
    seat = witch_at(st, target)
    if seat is not None:
        injure(ctx, seat, clad_atk(st))
    st.clad_pos = target
    st.clad_moved += 1
    ctx.say("clad_move", f"The Clad moves {grid.DIR_NAMES[direction]} to {grid.label(target)}.")


@TASKS.register("clad_face")
def clad_face(ctx: Ctx, t: Task) -> None:
    """The Clad turns left, right or around."""
    ctx.state.clad_facing = grid.turned(ctx.state.clad_facing, t.s)
    ctx.say("clad_turn", f"The Clad turns to face {grid.DIR_NAMES[ctx.state.clad_facing]}.")


@TASKS.register("repel")
def repel(ctx: Ctx, t: Task) -> None:
    """Repel (glossary): the Clad is pushed 1 space away from the witch, keeping its facing."""
    if ctx.state.clad_locked:
        ctx.say("locked", "The Clad is held in place and cannot be repelled.")
        return
    ctx.say("repel", f"{ctx.who(t.seat)} repels the Clad {grid.DIR_NAMES[t.n]}.")
    ctx.push(Task(kind="clad_step", n=t.n))


def repel_direction(state: HackState, seat: int) -> int:
    """Away from the witch: along the line from her to the Clad, else the way she faces."""
    w = state.witches[seat]
    d = grid.direction_to(w.pos, state.clad_pos) if w.pos >= 0 else None
    return w.facing if d is None else d


# ------------------------------------------------------------------------------------------- re-entry
def entry_options(state: HackState) -> list[tuple[str, str]]:
    """Free entry points, or every free cell when all four are taken (6.4.5)."""
    free = [(i, c) for i, c in enumerate(grid.ENTRIES) if not blocked(state, c)]
    if free:
        return [
            (f"e{grid.ENTRY_NAMES[i]}", f"Entry point {grid.ENTRY_NAMES[i]} ({grid.label(c)})")
            for i, c in free
        ]
    return [(f"x{c}", f"Space {grid.label(c)}") for c in range(grid.CELLS) if not blocked(state, c)]


def option_cell(key: str) -> int:
    """The cell named by an entry option key."""
    return grid.ENTRIES[grid.ENTRY_NAMES.index(key[1])] if key[0] == "e" else int(key[1:])


@TASKS.register("reentry")
def reentry(ctx: Ctx, t: Task) -> None:
    """A witch standing on her turn card must come back onto the field."""
    if ctx.witch(t.seat).pos >= 0:
        return
    ask_choice(
        ctx, t.seat, "reentry", "Choose where your witch re-enters the field.", entry_options(ctx.state)
    )


@ANSWERS.register("reentry")
def reentry_answer(ctx: Ctx, ask: Ask, key: str) -> None:
    """Place the witch on the chosen entry point and take any shards there."""
    cell = option_cell(key)
    ctx.say("reentry", f"{ctx.who(ask.seat)} re-enters the field at {grid.label(cell)}.")
    place_witch(ctx, ask.seat, cell)
