"""Climax states to draw: random games in both languages, and tables crafted to hold every card."""

from __future__ import annotations

from functools import cache

from engines.climax import RULESET
from engines.climax.bots import BOTS
from engines.climax.content import catalog
from engines.climax.state import REST, REVERSE, STAND, Attack, ClimaxState, ClimaxView
from engines.core import GameConfig
from engines.core.driver import Match
from tests.engines.climax.helpers import card, put, stage, table

LANGS = ("en", "ja")
POSES = (STAND, REST, REVERSE)


@cache
def played(lang: str, seed: int, bot: str = "greedy", limit: int = 600) -> tuple[ClimaxState, ...]:
    """Every state of one game (or its first ``limit`` moves) between two ``bot`` players."""
    match = Match(RULESET, GameConfig("duel", 2, {"lang": lang}), seed)
    states = [match.state]
    while match.asked() and len(states) <= limit:
        match.advance(BOTS[bot], steps=1)
        states.append(match.state)
    return tuple(states)


def _wanted(state: ClimaxState) -> set[str]:
    """What makes a state worth drawing: the features it shows."""
    view = RULESET.view(state, None)
    found = {f"phase:{view.phase}"}
    attack = view.attack or view.last
    if attack is not None:
        found.add("cancelled" if attack.cancelled else f"damage:{min(len(attack.damage), 3)}")
        found.add("battle" if attack.battle else "no battle" if attack.facing else "direct")
    for side in view.sides:
        found |= {f"pose:{slot.pose}" for slot in side.stage if slot.card is not None}
        found.add(f"clock:{min(len(side.clock), 7)}")
        if side.climax is not None:
            found.add("climax zone")
    return found


@cache
def sample(lang: str, seeds: tuple[int, ...] = (3, 8), every: int = 9) -> tuple[ClimaxState, ...]:
    """States from a few games: every ``every``-th, each first sighting of a feature, and the end."""
    chosen: list[ClimaxState] = []
    seen: set[str] = set()
    for seed in seeds:
        states = played(lang, seed)
        for index, state in enumerate(states):
            new = _wanted(state) - seen
            if new or index % every == 0 or index == len(states) - 1:
                seen |= new
                chosen.append(state)
    return tuple(chosen)


def views(state: ClimaxState) -> list[ClimaxView]:
    """The spectator's view and each seat's."""
    return [RULESET.view(state, viewer) for viewer in (None, 0, 1)]


def crafted(lang: str, on_stage: tuple[str, ...], elsewhere: tuple[str, ...], shift: int = 0) -> ClimaxState:
    """A mid-attack table holding designs everywhere a card can be drawn.

    The two stages take the ten characters ``on_stage`` (in turn standing, rested and reversed,
    moved on by ``shift``); ``elsewhere`` (any kind, repeated as needed) fills the hands (nine
    each), the clocks (six), the level zones (three), the waiting rooms, and the trigger and the
    damage cards of a cancelled attack; the climax zones hold a climax from it.
    """
    state = table(lang=lang)
    pool = [elsewhere[i % len(elsewhere)] for i in range(48)]
    # the three shifts also vary the crowding: 3, 5 or 8 damage cards, 3 or 4 level cards
    damage, levels = (3, 5, 8)[shift % 3], 3 + (shift % 3 == 2)
    for seat in (0, 1):
        for index in range(5):
            design = on_stage[(seat * 5 + index) % len(on_stage)]
            stage(state, seat, index, design, POSES[(index + seat + shift) % 3])
        put(state, seat, "hand", *pool[seat * 9 : 9 + seat * 9])
        put(state, seat, "clock", *pool[18:24])
        put(state, seat, "level", *pool[24 : 24 + levels])
        put(state, seat, "waiting", pool[27 + seat])
        put(state, seat, "deck", *pool[:10])
        put(state, seat, "stock", *pool[:3])
        climaxes = [d for d in (*elsewhere, "Y16") if catalog().cards[d].kind == "climax"]
        state.players[seat].climax = card(state, climaxes[seat % len(climaxes)])
    attacker = state.players[0].stage[0].card
    state.attack = Attack(
        seat=0,
        slot=0,
        card=attacker,
        facing=state.players[1].stage[0].card,
        battle=True,
        trigger=card(state, pool[30]),
        damage=[card(state, d) for d in pool[31 : 31 + damage]],
        cancelled=True,
    )
    state.phase = "attack"
    return state


def every_card_tables(lang: str) -> list[ClimaxState]:
    """Tables that between them draw every card design in every kind of box and state."""
    cards = catalog().cards
    characters = sorted(d for d in cards if cards[d].kind == "character")
    everything = sorted(cards)
    tables = []
    for start in range(0, max(len(characters), len(everything)), 10):
        on_stage = tuple(characters[(start + i) % len(characters)] for i in range(10))
        elsewhere = tuple(everything[(start * 3 + i) % len(everything)] for i in range(39))
        for shift in range(3):
            tables.append(crafted(lang, on_stage, elsewhere, shift))
    return tables
