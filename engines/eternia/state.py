"""Clash for Eternia state and View types: plain msgspec values (A7).

Sides are ``"team"`` (the Player Team) and ``"ctrl"`` (the Controller, a person or the AI). Models
are Characters, Minions (Elite included) and NPCs; a model off the Battlefield has no hexes. Power
lives where the book puts it: a Player Character's card pool and its unlocked Skill cards, a
Controller Character's 5-slot pool, the four Controller Skills (human Controller) or the single AI
counter (AI Controller).
"""

from __future__ import annotations

import msgspec

from engines.core.agenda import Agenda, Task
from engines.core.context import Pending as PendingBase
from engines.core.types import StateBase, ViewBase
from engines.eternia.hexes import Hex

TEAM = "team"
CTRL = "ctrl"
AI_SEAT = -1  # the AI Controller is rules, not a seat
SCHEMA_VERSION = 1


def other(side: str) -> str:
    """The opposing side."""
    return CTRL if side == TEAM else TEAM


class SkillSlot(msgspec.Struct, kw_only=True):
    """An unlocked Skill card face of a Player Character and the Power on its 3 slots."""

    skill: str
    power: int = 0


class Model(msgspec.Struct, kw_only=True):
    """A Character, Minion or NPC: where it stands, its HP, conditions and Power."""

    id: str
    kind: str  # character | minion | npc
    design: str  # a Character or Minion id
    side: str
    seat: int  # the seat deciding for it (AI_SEAT for the AI Controller's models)
    hexes: list[Hex] = []
    hp: int = 0
    max_hp: int = 0
    armor: int = 0
    dazed: bool = False
    power: int = 0  # the card pool (Player) or the 5-slot pool (Controller Character)
    unlocked: list[SkillSlot] = []
    skills: list[str] = []  # the Skills printed on its card face in play (or its AI card)
    empowered: bool = False
    spawned_round: int = 0  # Minions spawned during a Strategy Activation do not act in it
    owner: str = ""  # a Player's Elite Minion: the Character whose Skill spawns it (A5-7)

    @property
    def on_board(self) -> bool:
        """True while the model stands on the Battlefield."""
        return bool(self.hexes)

    def skills_now(self) -> list[str]:
        """Its Skills now: those printed on its card face in play, then its unlocked Skill cards."""
        return [*self.skills, *(u.skill for u in self.unlocked)]


class Slot(msgspec.Struct, kw_only=True):
    """One Activation Track slot: its side, its Power, the card placed and whether it is flipped."""

    side: str
    power: int
    card: str = ""  # a Character model id, "strategy" or "any"
    flipped: bool = False


class EtTask(Task, frozen=True, kw_only=True):
    """A queued piece of rule work (kind, seat, n, s from the kit) with the values Eternia needs."""

    model: str = ""
    target: str = ""
    skill: str = ""


class Pending(PendingBase, frozen=True, kw_only=True):
    """The choice the agenda waits on (kind and deciding seat from the kit), and what it is about."""

    model: str = ""
    skill: str = ""
    n: int = 0
    page: int = 0
    steps: int = 0  # single steps already taken by the move being chosen


class Strike(msgspec.Struct, kw_only=True):
    """The Attack being resolved (A1.9 #46), kept in the state across its pauses."""

    attacker: str
    skill: str
    kind: str  # melee | ranged
    targets: list[str] = []
    dice: int = 0
    pierce: int = 0
    armor: dict[str, int] = {}
    # Rerolls asked for, each "friendly|misses|n" or "enemy|hits|n" (n = 0: every such die), A1.9 #49.
    rerolls: list[str] = []
    used: list[str] = []  # boosts, surges and cards already used for this Attack
    faces: list[str] = []
    bonus: bool = False  # a Bonus Attack


class Activation(msgspec.Struct, kw_only=True):
    """The Character Activation under way: who, Actions left, Bonus Actions used."""

    model: str
    actions: int
    bonus_used: list[str] = []
    command: bool = False  # an Activation granted by Command (its Actions only, no Power)


class EtState(StateBase, kw_only=True):
    """The whole game."""

    mode: str
    scenario: str
    seats: int
    ctrl_seat: int  # AI_SEAT in Players-vs-AI mode
    team_seats: list[int]
    leader: int
    ai: bool
    ai_escalation: int = 0  # AI Power per advancement space (the ``ai_escalation`` option; 0 = the book)
    board: list[Hex] = []
    terrain: dict[str, str] = {}  # "q,r" -> terrain id (msgspec keys must be strings)
    tokens: dict[str, str] = {}  # "q,r" -> token terrain id (one per space)
    objectives: list[Hex] = []
    beacons: dict[str, str] = {}  # Scenario tokens: "q,r" -> the side holding it ("" for none)
    team_spawn: list[Hex] = []
    ctrl_spawn: list[Hex] = []
    models: list[Model] = []
    minion_type: str = ""
    minion_serial: int = 0
    track: list[Slot] = []
    orders: dict[str, list[str]] = {}  # sealed Order Phase choices, by side, until both are in
    slot: int = -1  # the track slot being resolved
    round: int = 1
    phase: str = "order"  # order | activation | over
    activation: Activation | None = None
    strike: Strike | None = None
    in_action: bool = False  # an Action (of any model) is under way
    owed: int = 0  # Balance of Power held until that Action completes (A1.6 #33)
    escalation: int = 0
    levels: int = 0  # advancement spaces reached
    vp: dict[str, int] = {}
    ctrl_skills: dict[str, int] = {}  # Controller Skill id -> Power on it
    ctrl_empowered: list[str] = []
    strategy_deck: list[str] = []
    strategy_hand: list[str] = []
    strategy_played: list[str] = []
    ai_power: int = 0
    ai_char_deck: list[str] = []
    ai_strategy_deck: list[str] = []
    ai_card: str = ""  # the AI card flipped for the activation under way
    agenda: Agenda[EtTask, Pending] = msgspec.field(default_factory=Agenda)
    winner: str = ""  # team | ctrl | draw
    result: str = ""
    last_path: list[Hex] = []
    last_los: list[Hex] = []
    last_roll: list[str] = []
    # every Attack roll of this Round as it was called out (public): an Action of the AI can roll
    # several times, and everyone heard each roll, not only the last
    rolls: list[str] = []


# ------------------------------------------------------------------------------------------ views
class ModelView(msgspec.Struct, kw_only=True):
    """A model as anyone sees it."""

    id: str
    name: str
    kind: str
    side: str
    seat: int
    hexes: list[Hex]
    hp: int
    max_hp: int
    armor: int
    dazed: bool
    power: int
    unlocked: list[SkillSlot]
    skills: list[str]
    empowered: bool
    # Added in round 3 so a full state can be rebuilt from a view (``bots.determinize``); all public.
    design: str = ""
    base_armor: int = 0  # the printed Armor (``armor`` above is the Armor now: 0 while Dazed)
    owner: str = ""
    spawned_round: int = 0


class SlotView(msgspec.Struct, kw_only=True):
    """A track slot: its side and Power, and its card only once flipped (or to its own side)."""

    side: str
    power: int
    card: str
    flipped: bool
    active: bool


class EtView(ViewBase, kw_only=True):
    """What one viewer may know: the board, the models, the track as flipped, public counts."""

    scenario: str
    mode: str
    round: int
    round_limit: int
    phase: str
    side: str  # the viewer's side ("" for spectators)
    board: list[Hex]
    terrain: dict[str, str]
    tokens: dict[str, str]
    objectives: list[Hex]
    beacons: dict[str, str]
    team_spawn: list[Hex]
    ctrl_spawn: list[Hex]
    models: list[ModelView]
    track: list[SlotView]
    active_model: str
    actions_left: int
    escalation: int
    escalation_track: list[int]
    levels: int
    vp: dict[str, int]
    vp_target: int
    ctrl_skills: dict[str, int]
    ctrl_empowered: list[str]
    strategy_hand: list[str]  # the viewer's own hand only (the Controller); empty for others
    strategy_hand_size: int
    strategy_deck_size: int
    strategy_played: list[str]
    ai_power: int
    ai_card: str
    last_path: list[Hex]
    last_los: list[Hex]
    last_roll: list[str]  # the faces of the last Attack roll (dice results are public)
    rolls: list[str]  # every Attack roll of this Round, oldest first, as called out
    result: str
    my_order: list[str]  # the viewer's side's sealed order, while it is still sealed
    # Added in round 3: the rest of the public state, so ``bots.determinize`` rebuilds a full state
    # from a view alone (the queued rule work and the pending choice are public: no card is in them).
    ctrl_seat: int = -1
    team_seats: list[int] = []
    leader: int = 0
    ai_escalation: int = 0
    minion_type: str = ""
    minion_serial: int = 0
    slot: int = -1
    sealed: list[str] = []  # the sides whose Order Phase choice is in (not what it is)
    agenda: Agenda[EtTask, Pending] = msgspec.field(default_factory=Agenda)
    activation: Activation | None = None
    strike: Strike | None = None
    in_action: bool = False
    owed: int = 0
    winner: str = ""
    ai_character_cards_left: int = 0
    ai_strategy_cards_left: int = 0


# ------------------------------------------------------------------------------------------ copying
def copy_state(st: EtState) -> EtState:
    """A deep, independent copy of a game state (the same values and types as encode + decode).

    ``apply`` copies the state before every action; a msgpack round trip was about a fifth of an
    action. Strings, numbers, hexes (tuples) and queued tasks (frozen) are shared; every list, dict
    and mutable record is new. A mutable field added above must be copied here too
    (tests/engines/eternia/test_clone.py fails until it is).
    """
    replace = msgspec.structs.replace
    new = replace(st)  # shallow: immutable fields are shared; each mutable one is replaced below
    new.team_seats = st.team_seats[:]
    new.board = st.board[:]
    new.terrain = dict(st.terrain)
    new.tokens = dict(st.tokens)
    new.objectives = st.objectives[:]
    new.beacons = dict(st.beacons)
    new.team_spawn = st.team_spawn[:]
    new.ctrl_spawn = st.ctrl_spawn[:]
    new.models = [
        replace(m, hexes=m.hexes[:], unlocked=[replace(u) for u in m.unlocked], skills=m.skills[:])
        for m in st.models
    ]
    new.track = [replace(s) for s in st.track]
    new.orders = {side: order[:] for side, order in st.orders.items()}
    if st.activation is not None:
        new.activation = replace(st.activation, bonus_used=st.activation.bonus_used[:])
    if st.strike is not None:
        s = st.strike
        new.strike = replace(
            s,
            targets=s.targets[:],
            armor=dict(s.armor),
            rerolls=s.rerolls[:],
            used=s.used[:],
            faces=s.faces[:],
        )
    new.vp = dict(st.vp)
    new.ctrl_skills = dict(st.ctrl_skills)
    new.ctrl_empowered = st.ctrl_empowered[:]
    new.strategy_deck = st.strategy_deck[:]
    new.strategy_hand = st.strategy_hand[:]
    new.strategy_played = st.strategy_played[:]
    new.ai_char_deck = st.ai_char_deck[:]
    new.ai_strategy_deck = st.ai_strategy_deck[:]
    new.agenda = st.agenda.copy()  # a new queue sharing the frozen tasks and pending choice
    new.last_path = st.last_path[:]
    new.last_los = st.last_los[:]
    new.last_roll = st.last_roll[:]
    new.rolls = st.rolls[:]
    return new
