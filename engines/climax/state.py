"""The game state and the View types: plain msgspec values that encode to bytes and back unchanged.

Zones (B2.1-1) are lists of card instance ids. Piles with a top (deck, stock) keep the top card
LAST; the clock keeps its oldest card first. The stage has five slots: 0-2 the front row and 3-4
the back row, numbered in table coordinates so slot ``i`` of one player faces slot ``i`` of the
other (B2.1-4); renderers mirror the far side.

``view.build_view`` is the one place a View is made from a state.
"""

from __future__ import annotations

import msgspec

from engines.core.agenda import Agenda, Task
from engines.core.context import Pending
from engines.core.types import StateBase, ViewBase

SCHEMA_VERSION = 1
FRONT = (0, 1, 2)
BACK = (3, 4)
SLOTS = 5
STAND, REST, REVERSE = "stand", "rest", "reverse"


class Slot(msgspec.Struct):
    """One stage position: the character in it (``""`` when empty) and its state."""

    card: str = ""
    pose: str = STAND  # stand | rest | reverse (B2.1-3)
    power: int = 0  # power bonus until the end of the turn
    soul: int = 0  # AP bonus (or loss) until the end of the turn


class Player(msgspec.Struct):
    """One player's zones (B2.1-1)."""

    deck: list[str] = []  # hidden, top last
    hand: list[str] = []  # the owner only
    clock: list[str] = []  # public, oldest first
    level: list[str] = []  # public
    stock: list[str] = []  # face down for everyone, top last (B5-7)
    climax: str = ""  # the climax zone
    waiting: list[str] = []  # the waiting room, public
    stage: list[Slot] = []
    held: list[str] = []  # damage cards turned over and not yet placed (B2.5-26)
    playing: list[str] = []  # events being resolved (B2.4-20), face up
    penalty: int = 0  # refresh penalties still owed (B2.6-30)
    deck_name: str = ""  # the ready-made deck's id, or "constructed"
    decklist: list[str] = []  # the design ids the deck was built from (the owner knows them)


class Job(Task, frozen=True, kw_only=True):
    """A queued piece of rule work (the kit's Task with a card list for the handler)."""

    cards: tuple[str, ...] = ()


class Choice(Pending, frozen=True, kw_only=True):
    """The decision the agenda waits on: the kit's kind and seat, and what it is about."""

    n: int = 0
    s: str = ""
    cards: tuple[str, ...] = ()  # candidates (targets, the 7 oldest clock cards...)
    marked: tuple[str, ...] = ()  # mulligan: cards chosen so far (secret until confirmed)


class Attack(msgspec.Struct):
    """The attack being resolved (B2.5)."""

    seat: int
    slot: int
    card: str
    facing: str = ""  # the opposing character in front at declaration ("" = none)
    battle: bool = False
    trigger: str = ""  # the card turned over in the trigger step
    damage: list[str] = []  # the damage cards turned over in the damage step
    cancelled: bool = False


class ClimaxState(StateBase, kw_only=True):
    """Everything about one game."""

    lang: str = "en"  # display language only: never read by a rule (replays do not depend on it)
    front_bonus: str = "book"
    cancel_colour: str = "book"
    counter_colour: str = "book"
    triggers: str = "book"
    encore_cost: int = 3
    cards: dict[str, str] = {}  # instance id -> design id
    players: list[Player] = []
    first: int = 0
    active: int = 0
    turn: int = 0  # turns begun, both players counted
    phase: str = "mulligan"  # mulligan | stand | draw | clock | main | climax | attack | encore | end | over
    attacks: int = 0  # attacks declared this turn
    attack: Attack | None = None
    last: Attack | None = None  # the previous attack of this turn, for the view
    agenda: Agenda[Job, Choice] = msgspec.field(default_factory=Agenda)
    winner: int = -1
    result: str = ""


def copy_state(state: ClimaxState) -> ClimaxState:
    """A deep copy built field by field (cheaper than a msgpack round trip)."""
    replace = msgspec.structs.replace

    def attack(a: Attack | None) -> Attack | None:
        return None if a is None else replace(a, damage=list(a.damage))

    return replace(
        state,
        cards=dict(state.cards),
        players=[
            replace(
                p,
                deck=list(p.deck),
                hand=list(p.hand),
                clock=list(p.clock),
                level=list(p.level),
                stock=list(p.stock),
                waiting=list(p.waiting),
                stage=[replace(s) for s in p.stage],
                held=list(p.held),
                playing=list(p.playing),
                decklist=list(p.decklist),
            )
            for p in state.players
        ],
        attack=attack(state.attack),
        last=attack(state.last),
        agenda=state.agenda.copy(),
    )


# ---------------------------------------------------------------------------------------- views
class CardFace(msgspec.Struct, frozen=True):
    """A card's printed face in the table's language; ``id`` is "" for a card shown anonymously."""

    id: str
    design: str
    name: str
    kind: str  # character | event | climax
    colour: str
    level: int
    cost: int
    power: int
    soul: int
    triggers: tuple[str, ...]
    text: str
    counter: bool = False  # usable in the counter step (backup or counter event)


class SlotView(msgspec.Struct, frozen=True):
    """One stage position as everyone sees it, with the current (not printed) power and AP."""

    index: int
    row: str  # front | back
    card: CardFace | None
    pose: str
    power: int
    soul: int


class PlayerView(msgspec.Struct, frozen=True):
    """One player's side of the table: public zones and the sizes of the hidden ones."""

    seat: int
    name: str  # "{P1}"-style placeholder
    level: int
    level_cards: tuple[CardFace, ...]
    clock: tuple[CardFace, ...]  # oldest first
    deck: int
    hand: int
    stock: int
    waiting: tuple[CardFace, ...]  # newest last
    climax: CardFace | None
    stage: tuple[SlotView, ...]
    playing: tuple[CardFace, ...]  # events resolving now
    deck_name: str
    penalty: int


class AttackView(msgspec.Struct, frozen=True):
    """The attack under way (or the last one): who, where, battle, and the revealed cards."""

    seat: int
    slot: int
    attacker: CardFace
    facing: CardFace | None
    battle: bool
    ap: int
    trigger: CardFace | None
    damage: tuple[CardFace, ...]
    cancelled: bool


class HandCard(msgspec.Struct, frozen=True):
    """A card in the viewer's own hand, with whether it could be played now."""

    card: CardFace
    playable: bool


class ClimaxView(ViewBase, kw_only=True):
    """Everything one viewer may know of a game."""

    lang: str
    options: dict[str, str | int]
    phase: str
    turn: int
    active: int
    first: int
    attacks: int
    sides: tuple[PlayerView, ...]
    attack: AttackView | None = None
    last: AttackView | None = None
    hand: tuple[HandCard, ...] = ()  # the viewer's own hand
    decklist: tuple[str, ...] = ()  # the viewer's own deck's design ids
    marked: tuple[str, ...] = ()  # the viewer's own mulligan picks so far
    deciding: tuple[int, ...] = ()  # seats being asked now
    #: the rule work still queued (all public) and the viewer's own pending choice, so a bot can
    #: rebuild a full state from its view (``bots.determinize``)
    tasks: tuple[Job, ...] = ()
    pending: Choice | None = None
    winner: int = -1
    result: str = ""
