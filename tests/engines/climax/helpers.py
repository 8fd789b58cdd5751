"""Building exact positions for rule tests, and a chooser that keeps random games moving."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.climax import RULESET
from engines.climax.content import catalog
from engines.climax.ctx import Ctx
from engines.climax.state import SLOTS, ClimaxState, Job, Player, Slot
from engines.core import Action, GameConfig, Rng


def table(active: int = 0, turn: int = 5, **options: Any) -> ClimaxState:
    """An empty mid-game table: no cards anywhere, no pending choice, ``active`` to move."""
    state = RULESET.setup(GameConfig("duel", 2, dict(options)), 1)
    state.cards = {}
    state.players = [Player(stage=[Slot() for _ in range(SLOTS)], deck_name="test") for _ in range(2)]
    state.agenda.clear()
    state.active, state.turn, state.first, state.phase = active, turn, 0, "main"
    return state


def card(state: ClimaxState, design: str) -> str:
    """Register one instance of ``design`` and return its id."""
    iid = f"t{len(state.cards) + 1:03d}"
    assert design in catalog().cards, design
    state.cards[iid] = design
    return iid


def put(state: ClimaxState, seat: int, zone: str, *designs: str) -> list[str]:
    """Append instances of ``designs`` to a zone (deck/stock: the LAST listed ends on top)."""
    ids = [card(state, d) for d in designs]
    getattr(state.players[seat], zone).extend(ids)
    return ids


def stage(state: ClimaxState, seat: int, index: int, design: str, pose: str = "stand") -> str:
    """Put a character in a stage slot."""
    iid = card(state, design)
    state.players[seat].stage[index] = Slot(card=iid, pose=pose)
    return iid


def start(state: ClimaxState, *jobs: Job) -> ClimaxState:
    """Queue ``jobs`` and run the agenda until a choice (events are dropped)."""
    state.agenda.then(*jobs)
    Ctx(state).run()
    return state


def keys(state: ClimaxState, seat: int) -> list[str]:
    """The legal action keys of ``seat``."""
    return [a.key for a in RULESET.legal_actions(state, seat)]


def do(state: ClimaxState, seat: int, key: str) -> ClimaxState:
    """Apply one action by key."""
    return RULESET.apply(state, seat, key).state


def battle(state: ClimaxState, key: str = "f.0") -> ClimaxState:
    """Seat 0 declares ``key``; seat 1 then lets the counter window pass (it opens at every battle)."""
    state = do(state, 0, key)
    if "pass" in keys(state, 1):
        state = do(state, 1, "pass")
    return state


def names(state: ClimaxState, ids: Sequence[str]) -> list[str]:
    """Design ids of instance ids."""
    return [state.cards[i] for i in ids]


def brisk(state: Any, seat: int, actions: Sequence[Action], rng: Rng) -> Action:
    """Random play that seldom rearranges the stage or toggles mulligan marks, so games finish."""
    choice = rng.choice(actions)
    if choice.group in ("move", "mark") and rng.below(8):
        others = [a for a in actions if a.group not in ("move", "mark")]
        if others:
            return rng.choice(others)
    return choice
