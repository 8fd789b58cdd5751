"""Card instances: their ids, the designs behind them, and the facts about them play keeps asking.

Why a module of its own: the context, the mission checks, the views, the twins and setup all name
cards by instance id. Kept here, below all of them (it needs only the content and the state), no
module has to import the context, or anything above it, just to read a card.
"""

from __future__ import annotations

from functools import cache

from engines.hackclad.content import Card, CladCard, content
from engines.hackclad.state import CLAD_ATK, HackState


def card_id(seat: int, index: int) -> str:
    """The instance id of a witch's card (0-7 basic, 8-15 enhanced)."""
    return f"c{seat}{index:02d}"


def clad_id(index: int) -> str:
    """The instance id of a Clad card (its index in the content list)."""
    return f"K{index:02d}"


def card_of(state: HackState, iid: str) -> Card:
    """The design of a skill card instance."""
    return design(state.witches[int(iid[1])].witch, iid)


@cache
def design(witch: str, iid: str) -> Card:
    """The design behind instance ``iid`` of ``witch``'s cards (looked up once per pair)."""
    w = content().witches[witch]
    return content().cards[(w.basic + w.enhanced)[int(iid[2:])]]


def passive_cards(state: HackState, seat: int, passive: str) -> frozenset[str]:
    """Witch ``seat``'s card instances with this discard-pile passive (most witches have none)."""
    return _cards_where(state.witches[seat].witch, seat, "passive", passive)


def tagged_cards(state: HackState, seat: int, tag: str) -> frozenset[str]:
    """Witch ``seat``'s card instances carrying ``tag``."""
    return _cards_where(state.witches[seat].witch, seat, "tags", tag)


def discard_reactions(state: HackState, seat: int) -> frozenset[str]:
    """Witch ``seat``'s card instances that can react from her discard pile."""
    return _cards_where(state.witches[seat].witch, seat, "from_discard", True)


@cache
def _cards_where(witch: str, seat: int, field: str, value: object) -> frozenset[str]:
    # Piles are rescanned for these facts at every step, so each witch's answer is worked out once.
    out = set()
    for index in range(16):
        iid = card_id(seat, index)
        got = getattr(design(witch, iid), field)
        if got == value or (isinstance(got, list) and value in got):
            out.add(iid)
    return frozenset(out)


def is_enhanced(iid: str) -> bool:
    """Whether an instance is one of the witch's enhanced cards."""
    return int(iid[2:]) >= 8


@cache
def clad_of(iid: str) -> CladCard:
    """The design of a Clad card instance (looked up once per instance)."""
    c = content()
    return c.clad[c.clad_order[int(iid[1:])]]


def clad_atk(state: HackState) -> int:
    """The Clad's ATK from the voltage gauge."""
    return CLAD_ATK[state.voltage]
