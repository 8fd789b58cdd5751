"""The game state and the views Arclash hands out: plain msgspec values."""

from __future__ import annotations

import msgspec

from engines.arclash.content import Effect
from engines.core.agenda import Agenda, Task
from engines.core.context import Pending
from engines.core.types import Action, StateBase, ViewBase

# 2: the effect queue, the step after it and the card choice became one ``agenda``.
# 3: the card choice is the kit's ``Pending`` (its kind, "search" or "recycle", names the zone).
SCHEMA_VERSION = 3

OPENING = "opening"  # everyone seals a level 1 from their deck
START = "start"  # start-of-turn effects resolve (a search may ask its owner to choose)
ADVANCE = "advance"  # rounds of sealed advancements
SUPPORT = "support"  # support cards in turn, lowest power first
SWAP = "swap"  # recover: sealed choice to start over with a new level 1
OVER = "over"

HAND_SIZE = 8


class Mod(msgspec.Struct):
    """A power change that lasts until the battle's recovery: amount and the card it came from."""

    amount: int
    source: str


SEARCH = "search"  # a pick among the top of (or the whole) deck
RECYCLE = "recycle"  # a pick from the discard pile (a take-back)


class Pick(Pending, frozen=True, kw_only=True):
    """A search or take-back in progress: its owner chooses the cards one at a time (``agenda.pending``).

    Its ``kind`` is ``SEARCH`` or ``RECYCLE``. ``looked`` holds the instance ids the effect lets
    its owner look through (hidden deck cards for a search), so it never goes into a view; views
    list the matching designs instead. Frozen like every pending choice: a card taken makes a new
    one (``msgspec.structs.replace`` with new lists), never a change to this one.
    """

    source: str  # the name of the card whose effect this is
    effect: Effect
    looked: list[str]
    taken: list[str] = []

    @property
    def zone(self) -> str:
        """The zone the cards come from: "deck" for a search, "discard" for a take-back."""
        return "deck" if self.kind == SEARCH else "discard"


class SeatState(msgspec.Struct, kw_only=True):
    """One player's zones. Lists of card instance ids; the deck's top is its end."""

    deck_name: str
    deck: list[str]
    deck_list: dict[str, int] = {}  # what the deck was built from (the owner knows it)
    hand: list[str] = []
    discard: list[str] = []
    stack: list[str] = []  # bottom (level 1) first; the last is the current character
    supports: list[str] = []
    points: int = 0
    mods: list[Mod] = []
    choice: str = ""  # the card chosen in the pending decision ("" = pass / keep)
    paying: list[str] = []  # hand cards picked to pay the chosen card's discard cost
    sealed: bool = False  # the sealed decision of this round is complete
    passed: bool = False  # out of the current advance phase or support stage


class ArclashState(StateBase, kw_only=True):
    """Everything about a game of Arclash; ``ids`` maps card instances to set numbers."""

    schema_version: int = SCHEMA_VERSION
    players: int
    target: int
    phase: str = OPENING
    turn: int = 0
    round: int = 0  # advance round within the turn
    seats: list[SeatState]
    ids: dict[str, str]
    order: list[int] = []  # support-stage seat order for this battle
    current: int = -1  # seat whose support turn it is
    winner: int = -1
    report: list[str] = []  # public lines about the last battle, for boards
    rolls: list[str] = []  # this turn's dice and coin results, as everyone saw them fall
    # Triggered effects still to resolve, then the step the game goes on to (tasks, see
    # triggers.py), and the card choice (search, take-back) that pauses them.
    agenda: Agenda[Task, Pick] = msgspec.field(default_factory=Agenda)


class CardView(msgspec.Struct, frozen=True):
    """A face-up card as a player sees it."""

    iid: str
    id: str
    name: str
    kind: str
    level: int
    power: int
    traits: tuple[str, ...]
    text: str = ""  # rules text: filled for the viewer's own hand (boards look it up by ``id``)


class CardRef(msgspec.Struct, frozen=True):
    """A face-up card named briefly (discard piles): instance, set number and name."""

    iid: str
    id: str
    name: str


class SeatView(msgspec.Struct, kw_only=True):
    """What anyone may know about one player."""

    seat: int
    deck_name: str
    points: int
    stack: list[CardView]
    level: int
    base_power: int
    power: int
    mods: list[Mod]
    supports: list[CardView]
    discard: list[CardRef]
    hand_count: int
    deck_count: int
    sealed: bool  # has sealed this round's hidden choice
    waiting: bool  # still has to decide something now
    passed: bool


class ArclashView(ViewBase, kw_only=True):
    """A seat's (or a spectator's) view: public board plus the viewer's own hand and choices."""

    target: int
    phase: str
    turn: int
    round: int
    seats: list[SeatView]
    order: list[int]
    current: int
    winner: int
    report: list[str]
    rolls: list[str] = []  # this turn's dice and coin results (narration must not tell more)
    hand: list[CardView] = []
    choices: list[Action] = []
    prompt: str = ""
    my_choice: CardView | None = None  # the viewer's own sealed or pending card
    my_paying: list[CardView] = []
    my_list: dict[str, int] = {}  # the viewer's own deck list (set number -> copies), not its order
