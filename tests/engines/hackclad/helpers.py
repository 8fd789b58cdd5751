"""Building HackClad scenarios: a game past setup, then figures and cards placed by hand."""

from __future__ import annotations

from engines.core import GameConfig
from engines.core.types import Event
from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.cards import card_id, card_of
from engines.hackclad.clad import open_frame
from engines.hackclad.ctx import Ctx
from engines.hackclad.state import Ask, Frame, HackState, SeqSlot, Task


def started(mode: str = "basic", players: int = 2, seed: int = 1, **options: object) -> HackState:
    """A game with first-game missions whose enhanced picks are made: waiting at round 1's draft."""
    witches = options.pop("witches", None)
    seat_options = tuple({"witch": w} for w in witches) if witches else ()  # type: ignore[attr-defined]
    opts = {"missions": "first_game", **options}
    state = R.setup(GameConfig(mode, players, opts, seat_options), seed)  # type: ignore[arg-type]
    while state.phase == "enhanced":  # a seat running two witches is asked once for each
        for seat in sorted(R.prompts(state)):
            state = R.apply(state, seat, R.legal_actions(state, seat)[0]).state
    return state


def cid(state: HackState, seat: int, name: str, nth: int = 0) -> str:
    """The instance id of a witch's card design ``name`` (the nth copy)."""
    found = [card_id(seat, i) for i in range(16) if card_of(state, card_id(seat, i)).id == name]
    return found[nth]


def _remove(state: HackState, seat: int, iid: str) -> None:
    w = state.witches[seat]
    for zone in (w.hand, w.deck, w.discard, w.enhanced):
        if iid in zone:
            zone.remove(iid)
            return
    for slots in (state.turn_slots, state.standby):
        for i, slot in enumerate(slots):
            if slot.card == iid:
                slots[i] = SeqSlot()  # slots are frozen: replace it with an empty one
                return
    raise AssertionError(f"{iid} not found")


def move_card(state: HackState, seat: int, iid: str, zone: str, top: bool = False) -> None:
    """Move a card instance into hand / deck / discard / enhanced (deck: top when asked)."""
    _remove(state, seat, iid)
    target = getattr(state.witches[seat], zone)
    if top:
        target.insert(0, iid)
    else:
        target.append(iid)


def hand(state: HackState, seat: int, *names: str) -> list[str]:
    """Make the seat's hand exactly these card designs (the old hand goes to the bottom of the deck)."""
    w = state.witches[seat]
    w.deck.extend(w.hand)
    w.hand = []
    ids = []
    counts: dict[str, int] = {}
    for name in names:
        iid = cid(state, seat, name, counts.get(name, 0))
        counts[name] = counts.get(name, 0) + 1
        move_card(state, seat, iid, "hand")
        ids.append(iid)
    return ids


def clear_field(state: HackState) -> None:
    """Remove every witch from the field and every shard; the Clad stands at the centre facing north."""
    state.field = [0] * grid.CELLS
    state.clad_pos, state.clad_facing = grid.CENTRE, 0
    for w in state.witches:
        w.pos = -1


def at(x: int, y: int) -> int:
    """Cell from column/row."""
    return grid.cell_at(x, y)


def my_turn(state: HackState, seat: int) -> HackState:
    """Put the game at ``seat``'s action-phase turn with nothing else queued (ending it ends the test)."""
    state.stage = "action"
    state.agenda.tasks = []
    state.frames = []
    state.agenda.pending = Ask(kind="turn", seat=seat)
    state.witches[seat].turn_over = False
    return state


def play(state: HackState, seat: int, *keys: str) -> tuple[HackState, list[Event]]:
    """Apply several actions by one seat; return the last state and all events."""
    events: list[Event] = []
    for key in keys:
        step = R.apply(state, seat, key)
        state = step.state
        events.extend(step.events)
    return state, events


def run_tasks(state: HackState, *tasks: Task) -> tuple[HackState, list[Event]]:
    """Run rule tasks directly on a copy (for the Clad's icons and phases)."""
    state = R.clone(state)
    state.agenda.pending = None
    state.agenda.tasks = list(tasks)
    ctx = Ctx(state)
    ctx.run()
    return state, ctx.events


def attack(state: HackState, rel: list[tuple[int, int]], name: str = "test attack") -> HackState:
    """Open a normal Clad attack with these cells and run until someone must react (or it resolves)."""
    state = R.clone(state)
    state.agenda.pending = None
    state.agenda.tasks = []
    ctx = Ctx(state)
    open_frame(ctx, Frame(name=name, rel=rel))
    ctx.run()
    return state


def texts(events: list[Event]) -> str:
    """All public texts joined (for asserting on narration)."""
    return "\n".join(e.text for e in events if e.visibility == "public")
