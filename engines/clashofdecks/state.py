"""The game state: plain msgspec values that encode to bytes and back unchanged."""

from __future__ import annotations

import msgspec

from engines.core.types import StateBase

#: the Stronghold's marker inside a player's hand list (never a card instance id)
STRONGHOLD = "#"
SCHEMA_VERSION = 1


class Unit(msgspec.Struct):
    """A creature in play: one card, or a host with a Symbiote card stacked on it (host first)."""

    cards: list[str]
    owner: int  # kingdom index
    entered: int  # the turn number it entered play
    damage: int = 0
    sprint: int = 0  # Sprint bonus until the end of the Assault
    shielded: bool = False  # Protection already spent


class Line(msgspec.Struct):
    """A line through a Bridge: two kingdoms and their creatures, index 0 next to the Bridge."""

    kingdoms: list[int]  # [left, right]
    sides: list[list[Unit]]


class AiSettings(msgspec.Struct, frozen=True):
    """The AI kingdoms' parameters (quick play or custom play)."""

    fixed_mana: int = 6
    mana_per_creature: int = 1
    first: bool = False
    resistance: bool = False
    abilities: tuple[str, ...] = ()
    level: int = 0  # 0 = quick play; custom play: the points the AI received
    credited: int = 0  # the level the game counts as (2 less with a Champion)


class Kingdom(msgspec.Struct):
    """One player's or AI's kingdom."""

    seat: int  # -1 for an AI kingdom
    team: int
    lines: list[int]  # [upper, lower] line indices
    hand: list[str] = []  # players: instance ids and the STRONGHOLD marker, left to right
    fort: bool = False
    mana: int = 0
    first_mana: int = 0  # mana on this kingdom's first turn (0 = the normal amount)
    turns: int = 0
    deck: list[str] = []  # AI: face-down deck pile, top card last
    discard: list[str] = []  # AI: face-up discard pile, top card last
    champion: str = ""  # instance id of the Champion card ("" without the module)
    champion_status: str = ""  # ready | exhausted | in_play
    revealed: list[str] = []  # Constructed: card design ids shown before play
    lost: bool = False

    @property
    def is_ai(self) -> bool:
        """True for a rule-driven AI kingdom."""
        return self.seat < 0


class Draft(msgspec.Struct):
    """Draft progress: the face-down pile, the face-up row and whose picks remain this round."""

    pile: list[str]
    row: list[str]
    patterns: list[str]  # one pick order per round, letters A.. = kingdoms, '*' = the AI pool
    round: int = 0
    order: list[int] = []  # remaining pickers this round (kingdom index, -1 = AI pool)
    picks: list[list[str]] = []  # per kingdom
    ai_pool: list[str] = []


class Record(msgspec.Struct, frozen=True):
    """A short account of one effect (mirrors view.EffectRecord)."""

    kind: str
    text: str
    source: str = ""
    target: str = ""
    kingdom: int = -1
    amount: int = 0
    line: int = -1


class ClashState(StateBase, kw_only=True):
    """Everything about one game of Clash of Decks."""

    mode: str
    format: str
    champions: bool
    players: int
    cards: dict[str, str]  # instance id -> card design id
    kingdoms: list[Kingdom]
    lines: list[Line]
    ring: list[int]  # turn order of kingdom indices
    ai: AiSettings = AiSettings()
    sudden_death: int = 0  # designed option: from this turn on, each turn starts with 1 damage
    phase: str = "draft"  # draft | summon | over
    box: list[str] = []  # cards set aside face down (the undrafted rest of a duel draft pile)
    casting: str = ""  # an incantation between leaving its pile or hand and landing somewhere
    turn: int = 0
    active: int = -1
    draft: Draft | None = None
    last_assault: list[Record] = []
    this_turn: list[Record] = []
    winners: list[int] = []  # seats
    loser: int = -1  # kingdom
    result: str = ""


def copy_state(state: ClashState) -> ClashState:
    """A deep, independent copy of ``state``: equal to decoding its encoding, built directly.

    ``apply`` copies the state before every action, and copying field by field costs about a third
    of a msgpack round trip. Frozen values (``AiSettings``, ``Record``), strings and numbers are
    shared, since nothing can change them; every list, dict and mutable struct is new. A mutable
    field added above must be copied here too (``test_state_copy`` fails until it is).
    """
    replace = msgspec.structs.replace
    draft = state.draft
    return replace(
        state,
        cards=dict(state.cards),
        kingdoms=[
            replace(
                kingdom,
                lines=list(kingdom.lines),
                hand=list(kingdom.hand),
                deck=list(kingdom.deck),
                discard=list(kingdom.discard),
                revealed=list(kingdom.revealed),
            )
            for kingdom in state.kingdoms
        ],
        lines=[
            Line(
                list(line.kingdoms),
                [[replace(unit, cards=list(unit.cards)) for unit in side] for side in line.sides],
            )
            for line in state.lines
        ],
        ring=list(state.ring),
        box=list(state.box),
        draft=None
        if draft is None
        else replace(
            draft,
            pile=list(draft.pile),
            row=list(draft.row),
            patterns=list(draft.patterns),
            order=list(draft.order),
            picks=[list(picks) for picks in draft.picks],
            ai_pool=list(draft.ai_pool),
        ),
        last_assault=list(state.last_assault),
        this_turn=list(state.this_turn),
        winners=list(state.winners),
    )
