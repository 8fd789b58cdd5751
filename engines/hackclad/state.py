"""HackClad's game state and view values (plain msgspec Structs)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from engines.core import agenda
from engines.core.agenda import Agenda
from engines.core.context import Pending
from engines.core.types import StateBase, ViewBase
from engines.hackclad.content import Eff

# 2: witches are told apart from seats (``owners``) so one person can run two witches.
# 3: the queued tasks and the pending choice (``tasks``, ``ask``) live in one kit ``agenda``.
SCHEMA_VERSION = 3
ROUNDS = 9
HAND_SIZE = 3
GAUGE_MAX = 7
TURN_SLOTS = 4
CLAD_SLOTS = 3
# Clad ATK for Voltage 1, 2, 3 (see rules.md: the base board's numbers are not in the book).
CLAD_ATK = (0, 2, 3, 4)
# Per-round basic action indexes into Witch.limits / WitchState.uses.
MOVE, MP, GUARD = 0, 1, 2


class WitchState(msgspec.Struct, kw_only=True):
    """One witch: figure, cards, gauges, missions and this round's tallies."""

    witch: str
    pos: int = -1  # -1: off the field, standing on her turn card
    facing: int = 0
    hand: list[str] = []
    deck: list[str] = []  # index 0 is the top
    discard: list[str] = []
    enhanced: list[str] = []
    mp: int = 0
    cp: int = 0
    injuries: int = 0
    shards: int = 0
    missions: list[str] = []
    completed: list[str] = []
    chose_enhanced: bool = False
    uses: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    dealt_round: int = 0
    attacks_round: int = 0
    moved_round: int = 0
    picked_round: int = 0
    turn_bonus: int = 0
    round_bonus: int = 0
    aristocracy: bool = False
    scythe: bool = False
    turn_over: bool = False
    slot: int = -1  # the turn slot (0-3) she took this round
    peek: str = ""  # the Clad card instance she looked at on top of the Clad deck
    # Her deck's top card while it is known (cleared when it leaves the top): ``top_seen`` when the
    # whole table saw it (revealed, or laid face up from the discard pile), ``top_known`` when she
    # knows it (that, or she looked at it or put it back from her hand).
    top_seen: str = ""
    top_known: str = ""
    shown: list[str] = []  # cards in her hand that everyone saw go there (taken from her discard pile)


class Frame(msgspec.Struct, kw_only=True):
    """A Clad attack being resolved: who is in range, who has passed, what each has cut."""

    name: str
    rel: list[tuple[int, int]] = []  # a normal attack's cells, relative to the Clad
    charge: bool = False
    direction: int = -1  # a charge's direction; -1 means the Clad's forward
    passed: list[int] = []
    reduce: list[int] = []
    prevent: list[bool] = []
    last: list[int] = []


class Task(agenda.Task, kw_only=True, frozen=True):
    """A piece of rule work waiting on the agenda: the kit's task plus the effect step it runs.

    Frozen: a task is queued and run, never changed, so copies of the state share them.
    """

    eff: Eff | None = None


class Play(msgspec.Struct, kw_only=True):
    """A skill card (or CP action) being resolved."""

    seat: int
    card: str  # instance id, or a CP action id
    atk: int = 0
    x: int = 0
    opted: bool = False
    milled_vp: int = 0
    dealt: int = 0
    repel: bool = False
    reaction: bool = False
    source: str = "hand"  # hand | discard | cp


class Ask(Pending, frozen=True, kw_only=True):
    """The decision the game waits for (``kind``: turn | react | draft | choice) and what it shows."""

    text: str = ""
    handler: str = ""  # for choices: the answer handler
    options: list[tuple[str, str]] = []
    s: str = ""
    n: int = 0


class SeqSlot(msgspec.Struct, kw_only=True, frozen=True):
    """A card on the sequence board: whose it is and which card (face down).

    Frozen: a slot's card is replaced, never edited, so copies of the state share them.
    """

    seat: int = -1
    card: str = ""


class HackState(StateBase, kw_only=True):
    """The whole game.

    Inside the engine a "seat" in tasks, asks, plays and frames is a witch's index in ``witches``
    (her place in the entry and tiebreak order). ``owners[i]`` is the seat (person) who runs witch
    ``i``; they are the same number except in the two-player team match, where each person runs
    two witches (seat 0: witches 0 and 2, seat 1: witches 1 and 3).
    """

    schema_version: int = SCHEMA_VERSION
    mode: str
    players: int  # seats (people), not witches
    owners: list[int] = []
    expert: bool = False
    phase: str = "missions"  # missions | enhanced | play | over
    round: int = 0
    stage: str = ""  # forecast | draw | draft | action
    witches: list[WitchState]
    clad_pos: int = 12
    clad_facing: int = 0
    voltage: int = 1
    clad_deck: list[str] = []
    clad_used: list[str] = []
    clad_slots: list[str] = []
    clad_hidden: list[bool] = []
    clad_reserve: list[str] = []  # solo: cards set aside face down
    clad_later: list[str] = []  # solo: cards waiting for the second reform
    reforms: int = 0
    clad_locked: bool = False
    clad_moved: int = 0
    turn_slots: list[SeqSlot] = []
    standby: list[SeqSlot] = []
    markers: list[bool] = []  # solo: shard markers on turn slots
    field: list[int] = []  # shards (VP) on each cell
    offer: list[str] = []  # missions on offer during the draft
    draft_order: list[int] = []
    frames: list[Frame] = []
    plays: list[Play] = []
    # The rule work still to do and the choice it waits on (a turn, a reaction, a draft pick, a
    # listed choice): the engine's continuation, stored with the rest of the state.
    agenda: Agenda[Task, Ask] = msgspec.field(default_factory=Agenda)
    ending: bool = False
    end_reason: str = ""


class _Continuation(msgspec.Struct):
    """Where a schema-2 (or older) snapshot kept what the agenda holds now."""

    tasks: list[Task] = []
    ask: Ask | None = None


def upgrade(state: HackState, data: bytes) -> HackState:
    """``state`` decoded from ``data``; an older snapshot's queued tasks and choice moved onto the agenda."""
    # Tables in play are stored as snapshots: without this, one saved before the agenda came back
    # with nothing queued and nobody asked, and could never go on.
    if state.schema_version >= SCHEMA_VERSION:
        return state
    old = msgspec.msgpack.decode(data, type=_Continuation)
    state.agenda = Agenda(tasks=old.tasks, pending=old.ask)
    state.schema_version = SCHEMA_VERSION
    return state


# ``Ruleset.apply`` works on a private copy of the state. Copying the records field by field is cheaper
# than the msgpack round trip the base class copies with: numbers, strings, flags and frozen records
# (effect steps, tasks, sequence-board slots) are immutable and shared; every list and every other record
# is new. test_clone holds the copy equal, in values and types, to the round trip, and checks it shares
# nothing mutable with the original (so a new list or record field left uncopied here fails there).
def copy_state(st: HackState) -> HackState:
    """A deep, independent copy of a game state (the same values and types as encode + decode)."""
    new = replace(st)  # shallow: immutable fields are shared; each mutable one is replaced below
    new.owners = st.owners[:]
    new.witches = [_copy_witch(w) for w in st.witches]
    new.clad_deck = st.clad_deck[:]
    new.clad_used = st.clad_used[:]
    new.clad_slots = st.clad_slots[:]
    new.clad_hidden = st.clad_hidden[:]
    new.clad_reserve = st.clad_reserve[:]
    new.clad_later = st.clad_later[:]
    new.turn_slots = st.turn_slots[:]
    new.standby = st.standby[:]
    new.markers = st.markers[:]
    new.field = st.field[:]
    new.offer = st.offer[:]
    new.draft_order = st.draft_order[:]
    new.frames = [_copy_frame(f) for f in st.frames]
    new.plays = [replace(p) for p in st.plays]  # a play holds numbers, strings and flags only
    new.agenda = st.agenda.copy()  # a new queue sharing the frozen tasks
    ask = st.agenda.pending
    if ask is not None:  # the kit's copy shares the pending choice; its options list is copied
        new.agenda.pending = replace(ask, options=ask.options[:])
    return new


def _copy_witch(w: WitchState) -> WitchState:
    new = replace(w)
    new.hand = w.hand[:]
    new.deck = w.deck[:]
    new.discard = w.discard[:]
    new.enhanced = w.enhanced[:]
    new.missions = w.missions[:]
    new.completed = w.completed[:]
    new.shown = w.shown[:]
    new.uses = w.uses[:]
    return new


def _copy_frame(f: Frame) -> Frame:
    return replace(
        f, rel=f.rel[:], passed=f.passed[:], reduce=f.reduce[:], prevent=f.prevent[:], last=f.last[:]
    )


# View records encode as arrays (array_like; HackView too): views are handed over in-process and
# only encoded to be hashed (picture memo keys) or checked, so field names in every entry are dead weight.
class CardView(msgspec.Struct, frozen=True, array_like=True):
    """A visible card with what a player needs to read it."""

    id: str
    card: str
    name: str
    type: str
    atk: int
    mp: int
    vp: int
    range: tuple[tuple[int, int], ...]
    text: str


class PileCard(msgspec.Struct, frozen=True, array_like=True):
    """A card in a pile (discard or enhanced): which one it is; its full face is the design ``card``."""

    id: str
    card: str
    name: str
    type: str
    vp: int


class CladCardView(msgspec.Struct, frozen=True, array_like=True):
    """A face-up Clad card and the cells it attacks from where the Clad stands now."""

    id: str
    card: str
    name: str
    attack: tuple[tuple[int, int], ...]
    drop: tuple[tuple[int, int], ...]
    move: int
    face: str
    hits: tuple[int, ...]


class WitchView(msgspec.Struct, frozen=True, array_like=True):
    """What everyone may know about a witch (``seat`` is her number, ``player`` the seat running her)."""

    seat: int
    witch: str
    name: str
    pos: int
    facing: int
    mp: int
    cp: int
    injuries: int
    shards: int
    hand_count: int
    deck_count: int
    enhanced_count: int
    discard: list[PileCard]
    missions: list[str]
    completed: list[str]
    limits: tuple[int, int, int]
    uses: list[int]
    turn_slot: int
    team: int
    player: int
    top: PileCard | None = None  # the top card of her deck while everyone knows it (revealed, stacked)
    # This round's and this turn's public tallies and flags (everyone saw the plays that set them):
    # a search bot rebuilds a full state from a view, and missions and bonuses read these.
    dealt_round: int = 0
    attacks_round: int = 0
    moved_round: int = 0
    picked_round: int = 0
    turn_bonus: int = 0
    round_bonus: int = 0
    aristocracy: bool = False
    scythe: bool = False
    turn_over: bool = False


class OwnWitch(msgspec.Struct, frozen=True, array_like=True):
    """One of the viewer's own witches with her private cards (hand, turn card, enhanced pile, peek).

    ``top`` is the top card of her deck while she knows it (she looked, put it back, or all saw it).
    """

    seat: int
    name: str
    hand: list[CardView]
    turn_card: CardView | None
    enhanced: list[PileCard]
    peek: CladCardView | None
    top: CardView | None = None


class HackView(ViewBase, kw_only=True, array_like=True):
    """A seat's (or a spectator's) picture of the game.

    ``me`` is the viewer's witch the view centres on (the one being asked if she is the viewer's,
    else the viewer's first); ``hand``, ``turn_card``, ``enhanced``, ``peek`` and ``top`` are hers. When the
    viewer runs two witches (the two-player team match) ``own`` lists both with their private cards;
    otherwise it is empty.
    ``asking`` is the witch being asked, ``asking_player`` the seat that answers for her.
    """

    mode: str
    expert: bool
    phase: str
    stage: str
    round: int
    voltage: int
    clad_atk: int
    clad_pos: int
    clad_facing: int
    clad_locked: bool
    clad_deck_count: int
    clad_slots: list[CladCardView | None]
    clad_slot_state: list[str]  # empty | hidden | up | done
    next_hits: list[int]
    turn_slots: list[int]  # seat in each turn slot, -1 empty
    standby: list[int]
    markers: list[bool]
    field: list[int]
    witches: list[WitchView]
    offer: list[str]
    me: int = -1
    hand: list[CardView] = []
    turn_card: CardView | None = None
    enhanced: list[PileCard] = []
    peek: CladCardView | None = None
    own: list[OwnWitch] = []
    asking: int = -1
    asking_player: int = -1
    asking_kind: str = ""
    attack_cells: list[int] = []
    scores: dict[int, int] = {}
    top: CardView | None = None
    # The rest of the public state, so a full state can be rebuilt from a view (``search.determinize``):
    # the face-up used Clad cards, the Clad's moves this round, how often its deck was reformed, how
    # many Clad cards lie set aside face down (solo), and the standby slot the card of the witch now
    # drafting came from (-1 outside a draft pick).
    clad_used: list[str] = []
    clad_moved: int = 0
    reforms: int = 0
    clad_reserve_count: int = 0
    clad_later_count: int = 0
    draft_from: int = -1
