"""Building exact Clash of Decks positions for rule tests."""

from __future__ import annotations

from engines.clashofdecks import RULESET
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.state import STRONGHOLD, ClashState, Unit
from engines.core import GameConfig, Rng
from engines.core.context import GameOver

PLAYERS = {"solo": 1, "duel": 2, "coop": 2, "ffa": 4, "2v2": 4}


def table(mode: str = "duel", *, turn: int = 5, active: int = 0, **options: object) -> ClashState:
    """An empty mid-game table: empty hands (Stronghold only), empty lines, no cards."""
    state = RULESET.setup(GameConfig(mode, PLAYERS[mode], dict(options)), 1)  # type: ignore[arg-type]
    state.cards = {}
    for kd in state.kingdoms:
        kd.hand = [STRONGHOLD]
        kd.deck, kd.discard = [], []
        kd.mana, kd.first_mana, kd.turns = 0, 0, 3
        kd.champion, kd.champion_status = "", ""
    for line in state.lines:
        line.sides = [[], []]
    state.phase, state.turn, state.active = "summon", turn, active
    state.last_assault, state.this_turn = [], []
    return state


def new_id(state: ClashState, design: str) -> str:
    """Register a card instance of ``design`` and return its id."""
    iid = f"c{len(state.cards) + 1:03d}"
    state.cards[iid] = design
    return iid


def hand(
    state: ClashState, k: int, before: list[str], after: list[str] = (), *, fort: bool = False
) -> list[str]:  # type: ignore[assignment]
    """Set kingdom ``k``'s hand: ``before`` cards, the Stronghold, then ``after`` cards; return ids."""
    left = [new_id(state, d) for d in before]
    right = [new_id(state, d) for d in after]
    state.kingdoms[k].hand = [*left, STRONGHOLD, *right]
    state.kingdoms[k].fort = fort
    return left + right


def deck(state: ClashState, k: int, designs: list[str], discard: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    """Set an AI kingdom's deck pile (listed top first) and discard pile; return deck ids top first."""
    ids = [new_id(state, d) for d in designs]
    state.kingdoms[k].deck = list(reversed(ids))
    state.kingdoms[k].discard = [new_id(state, d) for d in discard]
    return ids


def unit(state: ClashState, line: int, k: int, *designs: str, entered: int = 1) -> str:
    """Put a creature (a Symbiote stack when several designs) at the back of ``k``'s side of ``line``."""
    ids = [new_id(state, d) for d in designs]
    ln = state.lines[line]
    ln.sides[ln.kingdoms.index(k)].append(Unit(ids, k, entered))
    return ids[0]


def side(state: ClashState, line: int, k: int) -> list[Unit]:
    """Kingdom ``k``'s creatures on ``line``."""
    ln = state.lines[line]
    return ln.sides[ln.kingdoms.index(k)]


def names(state: ClashState, ids: list[str]) -> list[str]:
    """Design ids of instance ids (the Stronghold stays '#')."""
    return [i if i == STRONGHOLD else state.cards[i] for i in ids]


def ctx(state: ClashState) -> Ctx:
    """A resolution context over ``state`` (changed in place)."""
    return Ctx(state, Rng(7))


def run(fn, *args: object) -> bool:  # type: ignore[no-untyped-def]
    """Call a rule function; True if it ended the game."""
    try:
        fn(*args)
    except GameOver:
        return True
    return False
