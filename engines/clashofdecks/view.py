"""What a seat (or a spectator) may see of a Clash of Decks game.

The View is the only thing renderers, narration and bots read. It never holds the RNG, the order
of a hidden pile (AI deck pile, draft pile) or the contents of another player's hand: for those it
carries only counts. Kingdom indices (``kingdom``) are positions in ``ClashView.kingdoms``; player
kingdoms come first in seat order, rule-driven AI kingdoms after them.
"""

from __future__ import annotations

import msgspec

from engines.core.types import ViewBase


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
