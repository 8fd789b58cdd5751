"""The game state and the View types: plain msgspec values that encode to bytes and back unchanged.

What a seat (or a spectator) may see of a Clash of Decks game.

The View is the only thing renderers, narration and bots read. It never holds the RNG, the order
of a hidden pile (AI deck pile, draft pile) or the contents of another player's hand: for those it
carries only counts. Kingdom indices (``kingdom``) are positions in ``ClashView.kingdoms``; player
kingdoms come first in seat order, rule-driven AI kingdoms after them.

``view.build_view`` is the one place a View is made from a state.
"""

from __future__ import annotations

import msgspec

from engines.core.types import StateBase, ViewBase

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


class CardInfo(msgspec.Struct, frozen=True):
    """A card's printed face: instance id, name, kind, cost and (for creatures) HP and AV."""

    id: str
    name: str
    kind: str  # creature | incantation | champion
    cost: int
    hp: int = 0
    av: int = 0
    abilities: tuple[str, ...] = ()
    aura: str = ""  # the ability an Aura hands to adjacent creatures ("" when none)
    effect: str = ""  # incantation effect keyword (strike, rout, bounce...)
    power: int = 0  # incantation effect strength (damage for strike)
    text: str = ""  # a short rules text in our own words


class UnitView(msgspec.Struct, frozen=True):
    """A creature in play (one card, or a host with a Symbiote card on top of it)."""

    id: str  # the host card's instance id; names this creature in action keys
    name: str
    cards: tuple[CardInfo, ...]  # host first, then the Symbiote stacked on it
    owner: int  # kingdom index
    position: int  # 0 = next to the Bridge
    cost: int
    hp: int  # printed HP total (stacked with a Symbiote)
    av: int  # printed AV total (a Vulnerability stack ignores AV)
    damage: int  # damage taken this turn (healed at the end of the turn)
    abilities: tuple[str, ...]  # every ability that applies now (own, stacked, from Auras, AI bonus)
    granted: tuple[str, ...] = ()  # the subset that comes from Auras or the AI's custom bonus
    sprint_bonus: int = 0  # extra damage from Sprint until the end of this Assault
    protection_spent: bool = False
    summoned_this_turn: bool = False
    champion: bool = False


class SideView(msgspec.Struct, frozen=True):
    """One kingdom's half of a line: its creatures from the Bridge outwards."""

    kingdom: int
    upper: bool  # True when this line is that kingdom's upper line
    units: tuple[UnitView, ...]


class LineView(msgspec.Struct, frozen=True):
    """A line through one Bridge card; ``left`` and ``right`` are the two kingdoms' halves."""

    index: int
    left: SideView
    right: SideView


class ChampionView(msgspec.Struct, frozen=True):
    """A kingdom's Champion card (Champion module): ready, exhausted or in play."""

    card: CardInfo
    status: str  # ready | exhausted | in_play
    cost_now: int  # the cost after the discount for creatures in play sharing its cost


class KingdomView(msgspec.Struct, frozen=True):
    """One player's or AI's kingdom as everyone sees it."""

    index: int
    name: str  # "{P1}"-style placeholder for players, "AI kingdom" names for automata
    seat: int | None  # None for a rule-driven AI kingdom
    team: int
    is_ai: bool
    hand_size: int  # cards in hand including the Stronghold (players); 0 for AI
    stronghold_pos: int  # 0 = leftmost position in hand (players); -1 for AI
    side: str  # bastion | fort
    hp: int  # damage still needed to destroy the current side (AI: cards in its deck pile)
    mana: int  # mana available now (only the active kingdom has any)
    upper_line: int  # index into ClashView.lines
    lower_line: int
    creatures: int  # creatures this kingdom has in play
    champion: ChampionView | None = None
    deck_size: int = 0  # AI: cards in its face-down deck pile
    discard: tuple[CardInfo, ...] = ()  # AI: face-up discard pile, top card last
    revealed_deck: tuple[CardInfo, ...] = ()  # Constructed: the deck shown before play
    lost: bool = False


class HandView(msgspec.Struct, frozen=True):
    """A seat's own hand in order, left to right; the Stronghold sits at ``stronghold_pos``."""

    cards: tuple[CardInfo, ...]  # the cards other than the Stronghold, in hand order
    stronghold_pos: int  # index of the Stronghold among all positions (cards + Stronghold)
    side: str  # bastion | fort
    playable: tuple[str, ...]  # ids of the (up to) 4 leftmost cards, the ones that can be played
    affordable: tuple[str, ...]  # the playable ids this seat can pay for right now


class DraftView(msgspec.Struct, frozen=True):
    """The draft: the face-up row, everyone's picks so far (picks are public) and who picks."""

    pattern: str  # the round's pick order, e.g. "ABBA" or "ABCDDCBA"
    round: int  # 1-based
    row: tuple[CardInfo, ...]  # the cards revealed and still available
    picks: tuple[tuple[CardInfo, ...], ...]  # per kingdom index (AI kingdoms included)
    picker: int | None  # kingdom index to pick now
    picks_now: int  # how many cards the picker still takes from this row in this turn
    pile_left: int  # cards still face down in the draft pile


class EffectRecord(msgspec.Struct, frozen=True):
    """One short record of what happened in the last Assault (or Incantation)."""

    kind: str  # attack | damage | destroyed | stronghold | bastion_falls | fort_falls | regenerate |
    # sharpen | vanish | sprint | instinct | berserk | protection | mill | reshuffle | returned
    text: str  # short line with "{P1}" placeholders
    source: str = ""  # card name
    target: str = ""  # card name, or "Stronghold"
    kingdom: int = -1  # the kingdom affected
    amount: int = 0
    line: int = -1


class ClashView(ViewBase, kw_only=True):
    """Everything one viewer may know of a Clash of Decks game."""

    mode: str  # solo | duel | coop | ffa | 2v2
    format: str  # precon | draft | constructed
    phase: str  # draft | summon | over
    turn: int  # 1-based count of turns started
    active: int  # kingdom whose turn it is (-1 while drafting)
    active_seat: int | None
    champions: bool
    kingdoms: tuple[KingdomView, ...]
    lines: tuple[LineView, ...]
    last_assault: tuple[EffectRecord, ...] = ()
    this_turn: tuple[EffectRecord, ...] = ()  # incantations and summons of the current turn
    hand: HandView | None = None  # only in a seat's own view
    draft: DraftView | None = None
    winners: tuple[int, ...] = ()  # winning seats once over
    result: str = ""
    # The table's options the rules read, public like every table option: the AI kingdoms'
    # custom play and the sudden-death house rule (a search bot plays its sampled worlds by them).
    ai: AiSettings = AiSettings()
    sudden_death: int = 0
