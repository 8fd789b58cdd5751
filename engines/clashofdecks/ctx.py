"""Clash of Decks' resolution context (the kit's, with the catalogue) and the play area it reads.

The game never pauses half-way through a rule for a player (drafting and summoning are phases of
their own), so its context is the kit's :class:`~engines.core.context.BaseContext`, without an
agenda: ``apply`` carries out one rule through ``Ctx.act``, which stops on the kit's
``GameOver`` when a Stronghold falls. Every rule module changes the state through these helpers
and reports what happened with :meth:`Ctx.report`: a public event and a short record for the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet

import msgspec

from engines.clashofdecks.content import Card, Catalog, catalog
from engines.clashofdecks.state import STRONGHOLD, ClashState, Kingdom, Record, Unit
from engines.core.context import BaseContext
from engines.core.rng import Rng
from engines.core.types import Event, seat_ref

#: the abilities of a creature, read-only (a card's printed set is shared, never copied per check)
Abilities = AbstractSet[str]


class Loc(msgspec.Struct, frozen=True):
    """Where a creature stands: line index, side (0 left / 1 right) and position (0 = Bridge)."""

    line: int
    side: int
    pos: int


class Ctx(BaseContext[ClashState]):
    """One apply's state, generator and events, with the catalogue and the Assault's records."""

    __slots__ = ("ai_names", "attacks", "cat", "records")

    def __init__(self, state: ClashState, rng: Rng | None = None) -> None:
        super().__init__(state, rng)
        self.cat: Catalog = catalog()
        self.records: list[Record] | None = None  # the Assault being recorded, if any
        self.attacks = 0  # attacks this Assault: a safety bound on Instinct ping-pong
        self.ai_names: dict[int, str] | None = None  # how events name each AI kingdom

    # ------------------------------------------------------------------ naming
    def card(self, iid: str) -> Card:
        """The card design of instance ``iid``."""
        return self.cat.cards[self.state.cards[iid]]

    def name(self, k: int) -> str:
        """How event text names kingdom ``k``."""
        kingdom = self.state.kingdoms[k]
        if kingdom.is_ai:
            if self.ai_names is None:  # an AI turn names its kingdom in most events: work it out once
                ais = [i for i, other in enumerate(self.state.kingdoms) if other.is_ai]
                self.ai_names = {
                    i: "the AI kingdom" if len(ais) == 1 else f"AI kingdom {n + 1}" for n, i in enumerate(ais)
                }
            return self.ai_names[k]
        return seat_ref(kingdom.seat)

    def report(
        self,
        kind: str,
        text: str,
        *,
        source: str = "",
        target: str = "",
        kingdom: int = -1,
        amount: int = 0,
        line: int = -1,
    ) -> None:
        """A public event, and its short record in the Assault being recorded or else in this turn's."""
        # The event is made here rather than through ``say`` (its keyed-message path is unused): every
        # line of narration comes this way, and the two extra calls cost 2-3% of an action.
        self.events.append(Event(kind, text))
        record = Record(kind, text, source, target, kingdom, amount, line)
        if self.records is not None:
            self.records.append(record)
        else:
            self.state.this_turn.append(record)

    # ------------------------------------------------------------------ geometry
    def kingdom(self, k: int) -> Kingdom:
        """Kingdom ``k``."""
        return self.state.kingdoms[k]

    def side_of(self, line: int, k: int) -> int:
        """Which side of ``line`` kingdom ``k`` sits on."""
        return self.state.lines[line].kingdoms.index(k)

    def units(self, line: int, k: int) -> list[Unit]:
        """Kingdom ``k``'s creatures on ``line``, from the Bridge outwards (the live list)."""
        ln = self.state.lines[line]
        return ln.sides[ln.kingdoms.index(k)]

    def enemy_on(self, line: int, k: int) -> int:
        """The kingdom facing ``k`` across ``line``."""
        a, b = self.state.lines[line].kingdoms
        return b if a == k else a

    def other_line(self, k: int, line: int) -> int:
        """Kingdom ``k``'s other line (its neighbouring line)."""
        upper, lower = self.kingdom(k).lines
        return lower if line == upper else upper

    def is_upper(self, k: int, line: int) -> bool:
        """True when ``line`` is kingdom ``k``'s upper line."""
        return self.kingdom(k).lines[0] == line

    def at(self, loc: Loc) -> Unit:
        """The creature at ``loc``."""
        return self.state.lines[loc.line].sides[loc.side][loc.pos]

    def owner_of(self, loc: Loc) -> int:
        """The kingdom controlling the creature at ``loc``."""
        return self.state.lines[loc.line].kingdoms[loc.side]

    def find(self, uid: str) -> Loc | None:
        """Where the creature whose host card is ``uid`` stands, or None if it left play."""
        # Counters rather than enumerate(): find runs several times per attack, and building the
        # nested enumerate() iterators costs more than the search itself on a small table.
        li = 0
        for ln in self.state.lines:
            si = 0
            for side in ln.sides:
                pi = 0
                for unit in side:
                    if unit.cards[0] == uid:
                        return Loc(li, si, pi)
                    pi += 1  # noqa: SIM113
                si += 1  # noqa: SIM113
            li += 1  # noqa: SIM113
        return None

    def all_units(self) -> Iterator[tuple[Loc, Unit]]:
        """Every creature in play with its place."""
        for li, ln in enumerate(self.state.lines):
            for si, side in enumerate(ln.sides):
                for pi, unit in enumerate(side):
                    yield Loc(li, si, pi), unit

    def activation_order(self, k: int) -> list[str]:
        """Kingdom ``k``'s creatures in the book's order: upper line then lower, far to near."""
        return [uid for uid, _ in self.activation_places(k)]

    def activation_places(self, k: int) -> list[tuple[str, Loc]]:
        """``activation_order`` with where each creature stands now."""
        order: list[tuple[str, Loc]] = []
        for line in self.kingdom(k).lines:
            side = self.side_of(line, k)
            units = self.state.lines[line].sides[side]
            for pos in range(len(units) - 1, -1, -1):
                order.append((units[pos].cards[0], Loc(line, side, pos)))
        return order

    def order_key(self, loc: Loc) -> tuple[int, int]:
        """Sort key for simultaneous effects: upper line first, then furthest from the Bridge first."""
        owner = self.owner_of(loc)
        return (0 if self.is_upper(owner, loc.line) else 1, -loc.pos)

    # ------------------------------------------------------------------ creature values
    def own_abilities(self, unit: Unit) -> Abilities:
        """Abilities printed on the unit's cards, plus the AI's custom bonus for AI creatures."""
        printed = self.cat.ability_sets
        designs = self.state.cards
        cards = unit.cards
        found = printed[designs[cards[0]]]
        if len(cards) > 1:  # a Symbiote stack
            for iid in cards[1:]:
                found = found | printed[designs[iid]]
        bonus = self.state.ai.abilities
        if bonus and self.state.kingdoms[unit.owner].is_ai:
            found = found.union(bonus)
        return found

    def granted(self, loc: Loc) -> set[str]:
        """Abilities lent by Aura cards on the adjacent creatures of the same line."""
        side = self.state.lines[loc.line].sides[loc.side]
        designs = self.state.cards
        cards = self.cat.cards
        lent: set[str] = set()
        for pos in (loc.pos - 1, loc.pos + 1):
            if 0 <= pos < len(side):
                for iid in side[pos].cards:
                    aura = cards[designs[iid]].aura
                    if aura:
                        lent.add(aura)
        return lent

    def abilities(self, loc: Loc) -> Abilities:
        """Every ability that applies to the creature at ``loc`` right now (Auras included)."""
        # granted() inlined: most neighbours lend nothing, so no set is built for them
        side = self.state.lines[loc.line].sides[loc.side]
        found = self.own_abilities(side[loc.pos])
        designs = self.state.cards
        cards = self.cat.cards
        size = len(side)
        for pos in (loc.pos - 1, loc.pos + 1):
            if 0 <= pos < size:
                for iid in side[pos].cards:
                    aura = cards[designs[iid]].aura
                    if aura and aura not in found:
                        found = found | {aura}
        return found

    def may_have(self, line: int, side: int, ability: str) -> bool:
        """False when no creature on ``side`` of ``line`` can have ``ability``: no card there prints
        it or lends it through an Aura, and no AI bonus grants it (a cheap test before abilities())."""
        ln = self.state.lines[line]
        if ability in self.state.ai.abilities and self.state.kingdoms[ln.kingdoms[side]].is_ai:
            return True
        designs, printed, cards = self.state.cards, self.cat.ability_sets, self.cat.cards
        for unit in ln.sides[side]:
            for iid in unit.cards:
                design = designs[iid]
                if ability in printed[design] or cards[design].aura == ability:
                    return True
        return False

    # hp, av and unit_name are plain loops over the catalogue, building no list of the stack's
    # designs: they run for every creature an attack or an incantation touches, and a list plus
    # sum() cost more than the loop (480 machine instructions an action in free-for-all).
    def hp(self, unit: Unit) -> int:
        """Printed HP of a creature (a Symbiote stack adds both cards)."""
        designs, cards = self.state.cards, self.cat.cards
        total = 0
        for iid in unit.cards:
            total += cards[designs[iid]].hp
        return total

    def av(self, unit: Unit) -> int:
        """Printed AV of a creature (a Symbiote stack adds both cards)."""
        designs, cards = self.state.cards, self.cat.cards
        total = 0
        for iid in unit.cards:
            total += cards[designs[iid]].av
        return total

    def unit_name(self, unit: Unit) -> str:
        """A creature's display name ("Host + Symbiote" for a stack)."""
        designs, cards = self.state.cards, self.cat.cards
        if len(unit.cards) == 1:  # most creatures: one look-up, no join
            return cards[designs[unit.cards[0]]].name
        return " + ".join(cards[designs[iid]].name for iid in unit.cards)

    # ------------------------------------------------------------------ movement
    def move_to_front(self, loc: Loc) -> tuple[Loc, int]:
        """Move a creature next to the Bridge; return its new place and how many it passed."""
        side = self.state.lines[loc.line].sides[loc.side]
        unit = side.pop(loc.pos)
        side.insert(0, unit)
        return Loc(loc.line, loc.side, 0), loc.pos

    def move_to_back(self, loc: Loc) -> Loc:
        """Move a creature to the far end of its line (others close the gap)."""
        side = self.state.lines[loc.line].sides[loc.side]
        unit = side.pop(loc.pos)
        side.append(unit)
        return Loc(loc.line, loc.side, len(side) - 1)

    def creatures_in_play(self, k: int) -> int:
        """How many creatures kingdom ``k`` has in play."""
        return sum(len(self.units(line, k)) for line in self.kingdom(k).lines)

    def stronghold_hp(self, k: int) -> int:
        """Damage still needed to destroy kingdom ``k``'s current Stronghold side (AI: deck size)."""
        kingdom = self.kingdom(k)
        if kingdom.is_ai:
            return len(kingdom.deck)
        return len(kingdom.hand) - 1 - kingdom.hand.index(STRONGHOLD)
